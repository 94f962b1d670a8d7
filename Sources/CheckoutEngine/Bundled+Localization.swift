import CheckoutCore
import CheckoutResources
import FoundationEssentials
import Synchronization

extension Bundled {
    /// What the program says in `language`: its catalogue (`strings/<code>.tsv`), English's behind
    /// it, and its locale's facts from `locales.json`. Read once per language and kept.
    ///
    /// The one way the program loads its languages; a missing or broken file throws a
    /// ``BundledDataError`` naming it.
    ///
    ///     let french = try Bundled.localizer(.french)
    ///     french.text(.routePay)   // "Payer par carte"
    public static func localizer(_ language: Language) throws(BundledDataError) -> Localizer {
        let format = try Self.format(language)
        let catalogue = try Self.catalogue(language)
        let english = language == .english ? nil : try Self.catalogue(.english)
        return Localizer(language: language, catalogue: catalogue, fallback: english, format: format)
    }

    /// English as the program ships it, for the code that has no language chosen yet (the screens'
    /// default context); with the key names for text if the files cannot be read, which
    /// ``localizer(_:)`` reports at start.
    public static let english: Localizer = (try? localizer(.english)) ?? Localizer(
        language: .english, catalogue: StringCatalogue(entries: [:]), fallback: nil,
        format: .root)

    /// The locales read so far, by CLDR id, like the catalogues: an English start parses neither
    /// French's nor Arabic's rules (Arabic's plural rules cost an English start more than its own did).
    private static let formats = Mutex<[String: Result<LocaleFormat, BundledDataError>]>([:])

    /// The regional locale each language is written with in this process (`fr-CA`, `ar-SA`), as the
    /// environment named it at start (``adoptFormattingLocales(environment:)``); a language without
    /// one uses ``Language/formattingLocale``.
    private static let regions = Mutex<[Language: String]>([:])

    /// Takes the regional formats the environment names (`LANG=fr_CA.UTF-8`: Canada's money, dates
    /// and digits for French; see ``LocaleName/formattingLocale(for:in:)``). Called once at start,
    /// before the first sentence; tests that do not call it get each language's default locale.
    public static func adoptFormattingLocales(environment: [String: String]) {
        var chosen: [Language: String] = [:]
        for language in Language.allCases {
            if let id = LocaleName.formattingLocale(for: language, in: environment) { chosen[language] = id }
        }
        regions.withLock { $0 = chosen }
    }

    /// The locale a language is written with: the region the environment named when `locales.json`
    /// has it, else the language's default.
    private static func format(_ language: Language) throws(BundledDataError) -> LocaleFormat {
        if let regional = regions.withLock({ $0[language] }), let format = try? format(id: regional, language: language) {
            return format
        }
        return try format(id: language.formattingLocale, language: language)
    }

    private static func format(id: String, language: Language) throws(BundledDataError) -> LocaleFormat {
        try formats.withLock { read in
            if let known = read[id] { return known }
            let loaded = Result { () throws(BundledDataError) -> LocaleFormat in
                let found = try ready("locales.json", tree: { _ in localeTree(id) }, { tree throws in try LocaleFormat.all(json: tree, only: [id]) }) {
                    try LocaleFormat.all(json: $0, only: [id])
                }
                guard let format = found[id] else {
                    throw BundledDataError(file: "locales.json", reason: "has no locale '\(id)' for \(language.nativeName)")
                }
                return format
            }
            read[id] = loaded
            return loaded
        }.get()
    }

    /// The part of `locales.json`'s ready tree that locale `id` is read from: the numbering systems,
    /// and the locale with the parents it names (`fr-CA`, then `fr`), each member built alone
    /// (``ReadyData/json(_:at:)``) where the whole tree held 41 locales (1.1 M instructions of an
    /// English start's first frame, callgrind). A locale or parent the file lacks is left out, and
    /// ``LocaleFormat/all(json:only:)`` says so as it does for the whole file.
    private static func localeTree(_ id: String) -> JSONValue? {
        guard let systems = ReadyData.json("locales.json", at: ["numberingSystems"]) else { return nil }
        var chain: [(String, JSONValue)] = []
        var next: String? = id
        while let current = next, chain.count < 8, !chain.contains(where: { $0.0 == current }),
              let locale = ReadyData.json("locales.json", at: ["locales", current]) {
            chain.append((current, locale))
            next = locale["parent"]?.stringValue
        }
        return .object([("numberingSystems", systems), ("locales", .object(chain))])
    }

    /// The catalogues read so far: each language's file is read the first time it is asked for,
    /// so an English start does not parse the French and Arabic ones before its first frame.
    private static let catalogues = Mutex<[Language: Result<StringCatalogue, BundledDataError>]>([:])

    private static func catalogue(_ language: Language) throws(BundledDataError) -> StringCatalogue {
        try catalogues.withLock { read in
            if let known = read[language] { return known }
            let loaded = Result { () throws(BundledDataError) -> StringCatalogue in
                let file = catalogueFile(language)
                // The rows read at build time, unless CHECKOUT_RESOURCES names other files.
                if ResourceFiles.overrideDirectory == nil {
                    do {
                        if let ready = try ReadyData.builtCatalogue(file) { return ready }
                    } catch { throw BundledDataError(file: file, reason: "\(error)") }
                }
                return try ResourceFiles.load(file) { try StringCatalogue(tsv: String(decoding: $0, as: UTF8.self)) }
            }
            read[language] = loaded
            return loaded
        }.get()
    }

    /// The catalogue file of a language, relative to the data folder.
    public static func catalogueFile(_ language: Language) -> String { "strings/\(language.code).tsv" }
}
