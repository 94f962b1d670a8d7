import CheckoutCore
import Foundation
import Testing

/// What every shipped catalogue must be: complete for every ``TextKey``, with no key that no code
/// uses, the same arguments as English, and one form for each plural category of its language.
enum CatalogueAudit {
    /// What is wrong with `catalogues` for the keys `keys`, one line each; empty when nothing is.
    static func problems(_ catalogues: [Language: StringCatalogue], keys: [String], rules: (Language) -> PluralRules) -> [String] {
        var problems: [String] = []
        let english = catalogues[.english]
        for language in Language.allCases {
            guard let catalogue = catalogues[language] else {
                problems.append("\(language.code): no catalogue")
                continue
            }
            for key in keys where catalogue.entries[key] == nil { problems.append("\(language.code): no text for \(key)") }
            for key in catalogue.keys.subtracting(keys).sorted() { problems.append("\(language.code): \(key) is not a TextKey") }
            for key in keys {
                guard let entry = catalogue.entries[key], let source = english?.entries[key] else { continue }
                switch (entry, source) {
                case (.text(let text), .text(let englishText)):
                    if StringCatalogue.placeholders(in: text) != StringCatalogue.placeholders(in: englishText) {
                        problems.append("\(language.code): \(key) has arguments \(StringCatalogue.placeholders(in: text).sorted()) where English has \(StringCatalogue.placeholders(in: englishText).sorted())")
                    }
                case (.counted(let forms), .counted(let englishForms)):
                    let wanted = Set(rules(language).categories)
                    for missing in wanted.subtracting(forms.keys).sorted() { problems.append("\(language.code): \(key) has no '\(missing.rawValue)' form") }
                    for extra in Set(forms.keys).subtracting(wanted).sorted() {
                        problems.append("\(language.code): \(key) has a '\(extra.rawValue)' form the language's rules never choose")
                    }
                    // {0}, the count, may be left out of a form whose word says it ("محاولتان", two tries).
                    let others = (englishForms[.other].map(StringCatalogue.placeholders(in:)) ?? []).subtracting([0])
                    for (category, text) in forms where StringCatalogue.placeholders(in: text).subtracting([0]) != others {
                        problems.append("\(language.code): \(key) '\(category.rawValue)' has other arguments than English's")
                    }
                default:
                    problems.append("\(language.code): \(key) is counted in one catalogue and plain in the other")
                }
            }
        }
        return problems
    }

    /// French words that are English's too, and the Latin words an Arabic sentence may hold: names,
    /// commands, key names and the ids a person types.
    static let sharedWords: Set<String> = ["total", "code", "page", "pause", "source", "options", "table", "service", "message", "sms", "utc"]
    static let latinInArabic: Set<String> = ["eftpos", "checkout", "http", "https", "esc", "ctrl", "all", "enter", "nol", "sandbox",
                                             "libcurl", "back", "yes", "detect", "events", "payments", "embedded", "off"]

    /// French sentences that are English's word for word (unless every word is French too), and
    /// Arabic sentences with a lowercase Latin word of three letters or more that is not an id,
    /// outside `--help` (`help…` keys), whose examples are commands.
    static func englishLeft(_ catalogues: [Language: StringCatalogue]) -> [String] {
        func texts(_ entry: StringCatalogue.Entry?) -> [String] {
            switch entry {
            case .text(let text)?: [text]
            case .counted(let forms)?: forms.keys.sorted().compactMap { forms[$0] }
            case nil: []
            }
        }
        func words(_ text: String) -> [String] {
            text.split(whereSeparator: { !$0.isLetter || !$0.isASCII }).map { $0.lowercased() }.filter { $0.count >= 3 }
        }
        guard let english = catalogues[.english] else { return ["en: no catalogue"] }
        var problems: [String] = []
        for key in english.keys.sorted() {
            let source = texts(english.entries[key])
            if let french = catalogues[.french] {
                for text in texts(french.entries[key]) where source.contains(text) && !words(text).allSatisfy(sharedWords.contains) {
                    problems.append("fr: \(key) is English's \"\(text)\"")
                }
            }
            if let arabic = catalogues[.arabic], !key.hasPrefix("help") {
                for text in texts(arabic.entries[key]) {
                    let latin = text.split(whereSeparator: { !($0.isASCII && $0.isLetter) && $0 != "." && $0 != "/" && $0 != "-" })
                    for word in latin where word.count >= 3 && word.allSatisfy(\.isLowercase) && !latinInArabic.contains(String(word)) {
                        problems.append("ar: \(key) has the English word \"\(word)\"")
                    }
                }
            }
        }
        return problems
    }

    /// The keys among `keys` that no Swift file under `sources` names as `.key` outside comments
    /// and outside `TextKey.swift`, and no demo script under `demos` names as `{key` (a caption's
    /// or a check's sentence, `Sources/CheckoutApp/Demo/DemoText.swift`).
    static func unused(_ keys: [String], sources: URL, demos: URL? = nil) throws -> [String] {
        var code = "", scripts = ""
        for file in files(under: sources, extension: "swift") where file.lastPathComponent != "TextKey.swift" {
            // Comments do not use a key: a doc comment's example is not a use.
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                code += (line.range(of: "//").map { line[..<$0.lowerBound] } ?? line) + "\n"
            }
        }
        if let demos { scripts = try demoText(demos) }
        return keys.filter { key in names(key, after: ".", in: code) == 0 && names(key, after: "{", in: scripts) == 0 }
    }

    /// The names a demo script under `demos` writes as `{name}` or `{name ...` that are not keys
    /// among `keys`: what a caption or a check would look up in vain. `{money N}` is an amount and
    /// `{sms}` (in `type`) the newest SMS code, not sentences.
    static func unknownDemoNames(_ keys: [String], demos: URL) throws -> [String] {
        let text = try demoText(demos)
        var names: Set<String> = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            rest = rest[rest.index(after: open)...]
            let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
            if !name.isEmpty, rest.dropFirst(name.count).first.map({ $0 == "}" || $0 == " " }) ?? false { names.insert(String(name)) }
        }
        return names.subtracting(keys).subtracting(["money", "sms"]).sorted()
    }

    /// The demo scripts' lines, without the comment lines.
    private static func demoText(_ demos: URL) throws -> String {
        try files(under: demos, extension: "demo").map { file in
            try String(contentsOf: file, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    private static func files(under folder: URL, extension wanted: String) -> [URL] {
        var found: [URL] = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            if file.pathExtension == wanted { found.append(file) }
        }
        return found
    }

    /// How many times `text` has `prefix` + `key` followed by a character that cannot continue an identifier.
    private static func names(_ key: String, after prefix: String, in text: String) -> Int {
        var count = 0
        var rest = text[...]
        while let range = rest.range(of: prefix + key) {
            let after = rest[range.upperBound...].first
            if after.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true { count += 1 }
            rest = rest[range.upperBound...]
        }
        return count
    }
}

@Suite struct ShippedCataloguesTests {
    static let keys = TextKey.allCases.map(\.rawValue)

    @Test func everyCatalogueIsCompleteWithTheSameArgumentsAsEnglish() {
        let problems = CatalogueAudit.problems(LocalizationTestData.catalogues, keys: Self.keys) { LocalizationTestData.format($0).plurals }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func everyKeyIsUsedByCodeOrADemo() throws {
        let unused = try CatalogueAudit.unused(Self.keys, sources: LocalizationTestData.repositoryFolder("Sources"),
                                               demos: LocalizationTestData.repositoryFolder("Resources/demo"))
        #expect(unused.isEmpty, "keys no code or demo uses (delete them from TextKey and the catalogues): \(unused)")
    }

    @Test func everySentenceADemoNamesIsAKey() throws {
        let unknown = try CatalogueAudit.unknownDemoNames(Self.keys, demos: LocalizationTestData.repositoryFolder("Resources/demo"))
        #expect(unknown.isEmpty, "Resources/demo/*.demo name sentences no catalogue has: \(unknown)")
    }

    @Test func englishNotesSayWhereEachSentenceShows() {
        let english = LocalizationTestData.catalogues[.english]!
        for key in Self.keys { #expect(!(english.notes[key] ?? "").isEmpty, "\(key) has no note for translators") }
    }

    /// Nothing English left in French or Arabic (issue 31): a French sentence that is English's word
    /// for word must be French too (`Total`, `Code`, `page`), and an Arabic sentence (outside
    /// `--help`, whose examples are commands) may hold a Latin word only if it is a name, a command
    /// word or an id a person types (`checkout`, `Ctrl`, `embedded` in plain mode's choice).
    @Test func noEnglishIsLeftInFrenchOrArabic() {
        let problems = CatalogueAudit.englishLeft(LocalizationTestData.catalogues)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func theEnglishAuditFindsAnEnglishSentence() throws {
        var catalogues = LocalizationTestData.catalogues
        let english = try StringCatalogue(tsv: "key\ttext\nstatus\tStatus {0}\nreason\tinsufficient funds\ntotal\tTotal\n")
        catalogues[.english] = english
        catalogues[.french] = try StringCatalogue(tsv: "key\ttext\nstatus\tStatut {0}\nreason\tinsufficient funds\ntotal\tTotal\n")
        catalogues[.arabic] = try StringCatalogue(tsv: "key\ttext\nstatus\tالحالة {0} declined\nreason\tالرصيد غير كافٍ\ntotal\tالإجمالي\n")
        #expect(CatalogueAudit.englishLeft(catalogues) == ["fr: reason is English's \"insufficient funds\"", "ar: status has the English word \"declined\""])
    }

    /// The audit itself: each kind of fault is found, so a green run means something.
    @Test func theAuditFindsEveryKindOfFault() throws {
        let english = try StringCatalogue(tsv: "key\tcount\ttext\npay\t\tPay {0}\ntries\tone\t{0} try {1}\ntries\tother\t{0} tries {1}\n")
        let rules: (Language) -> PluralRules = { LocalizationTestData.format($0).plurals }
        let good = [Language.english: english,
                    .french: try StringCatalogue(tsv: "key\tcount\ttext\npay\t\tPayer {0}\ntries\tone\t{0} essai {1}\ntries\tmany\t{0} d’essais {1}\ntries\tother\t{0} essais {1}\n"),
                    .arabic: try StringCatalogue(tsv: """
                        key\tcount\ttext
                        pay\t\tادفع {0}
                        tries\tzero\tلا محاولات {1}
                        tries\tone\tمحاولة واحدة {1}
                        tries\ttwo\tمحاولتان {1}
                        tries\tfew\t{0} محاولات {1}
                        tries\tmany\t{0} محاولة {1}
                        tries\tother\t{0} محاولة {1}
                        """)]
        #expect(CatalogueAudit.problems(good, keys: ["pay", "tries"], rules: rules) == [])

        var missing = good
        missing[.french] = try StringCatalogue(tsv: "key\tcount\ttext\ntries\tone\t{0} essai\ntries\tmany\tx {1}\ntries\tother\tx {1}\n")
        #expect(CatalogueAudit.problems(missing, keys: ["pay", "tries"], rules: rules) == ["fr: no text for pay", "fr: tries 'one' has other arguments than English's"])

        var extra = good
        extra[.arabic] = try StringCatalogue(tsv: "key\ttext\npay\tادفع {0}\nold\tقديم\n")
        let extraProblems = CatalogueAudit.problems(extra, keys: ["pay", "tries"], rules: rules)
        #expect(extraProblems.contains("ar: old is not a TextKey"))
        #expect(extraProblems.contains("ar: no text for tries"))

        var arguments = good
        arguments[.french] = try StringCatalogue(tsv: "key\tcount\ttext\npay\t\tPayer\ntries\tone\t{0}\ntries\tmany\t{1}\ntries\tother\t{1}\n")
        #expect(CatalogueAudit.problems(arguments, keys: ["pay", "tries"], rules: rules).first == "fr: pay has arguments [] where English has [0]")

        var forms = good
        forms[.arabic] = try StringCatalogue(tsv: "key\tcount\ttext\npay\t\tادفع {0}\ntries\tone\tx {1}\ntries\tother\tx {1}\n")
        #expect(CatalogueAudit.problems(forms, keys: ["pay", "tries"], rules: rules) == ["ar: tries has no 'zero' form", "ar: tries has no 'two' form",
                                                                                         "ar: tries has no 'few' form", "ar: tries has no 'many' form"])
        var englishExtraForm = good
        englishExtraForm[.english] = try StringCatalogue(tsv: "key\tcount\ttext\npay\t\tPay {0}\ntries\tone\t{0}\ntries\ttwo\t{0} {1}\ntries\tother\t{0} {1}\n")
        #expect(CatalogueAudit.problems(englishExtraForm, keys: ["pay", "tries"], rules: rules).contains(
            "en: tries has a 'two' form the language's rules never choose"))

        var mixed = good
        mixed[.french] = try StringCatalogue(tsv: "key\ttext\npay\tPayer {0}\ntries\t{0} essais {1}\n")
        #expect(CatalogueAudit.problems(mixed, keys: ["pay", "tries"], rules: rules) == ["fr: tries is counted in one catalogue and plain in the other"])
    }

    @Test func theUseScanFindsOnlyWholeNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalogue-audit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "let a = localizer.text(.homeQuestion)\nlet b = TextKey.routePayLater\n/// localizer.text(.routeHome)\n".write(to: folder.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        try "case homeQuit\n".write(to: folder.appendingPathComponent("TextKey.swift"), atomically: true, encoding: .utf8)
        #expect(try CatalogueAudit.unused(["homeQuestion", "routePay", "homeQuit", "routeHome"], sources: folder) == ["routePay", "homeQuit", "routeHome"])

        // A demo's `{key}` and `{key arguments}` use a key; a comment line, a longer name or `.key` in a demo do not.
        let demos = folder.appendingPathComponent("demo")
        try FileManager.default.createDirectory(at: demos, withIntermediateDirectories: true)
        try "# caption {routeNol}\ncaption {routePay}\nexpect {homeQuit {money 30}} and {routeHomeAway}\ntype {sms}\nexpect .routeHome\n{demoMissing}\n"
            .write(to: demos.appendingPathComponent("mine.demo"), atomically: true, encoding: .utf8)
        #expect(try CatalogueAudit.unused(["homeQuestion", "routePay", "homeQuit", "routeHome", "routeNol"], sources: folder, demos: demos)
            == ["routeHome", "routeNol"])
        #expect(try CatalogueAudit.unknownDemoNames(["routePay", "homeQuit"], demos: demos) == ["demoMissing", "routeHomeAway"])
    }
}
