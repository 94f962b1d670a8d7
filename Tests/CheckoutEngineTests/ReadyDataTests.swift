import CheckoutCore
import CheckoutResources
import Foundation
import Testing
@testable import CheckoutEngine

/// The shipped files read at build time (`ReadyData`, written by the EmbedResources plugin) are what
/// parsing the files gives: the files in Resources/data stay the one source, and a start that builds
/// from the ready rows and trees says and detects exactly what one that parses them would.
@Suite struct ReadyDataTests {
    func text(_ name: String) throws -> String {
        String(decoding: try ResourceFiles.data(name), as: UTF8.self)
    }

    @Test(arguments: Language.allCases)
    func catalogueRowsBuildTheParsedCatalogue(_ language: Language) throws {
        let file = Bundled.catalogueFile(language)
        let rows = try #require(ReadyData.catalogue(file), "no ready rows for \(file)")
        let ready = try StringCatalogue(rows: rows)
        let parsed = try StringCatalogue(tsv: try text(file))
        #expect(ready.entries == parsed.entries)
        #expect(ready.notes.isEmpty, "the translators' notes stay in the file")
        #expect(ready.entries.count > 100)
        // A start builds the catalogue from its sentences placed by their key at build time: the
        // same catalogue, for every shipped language.
        #expect(ReadyData.slots(file) != nil, "\(file)'s sentences are placed at build time")
        let built = try #require(try ReadyData.builtCatalogue(file))
        #expect(built == StringCatalogue(entries: parsed.entries))
        #expect(built.entries == parsed.entries)
    }

    @Test(arguments: ["networks.json", "session.json", "locales.json"])
    func jsonTreeIsTheParsedFile(_ name: String) throws {
        let tree = try #require(ReadyData.json(name), "no ready tree for \(name)")
        #expect(tree == (try JSONValue(parsing: try text(name))))
    }

    /// Each member a start can build alone (a member of the top object, or of one of those) is
    /// that member of the whole tree; a path the file lacks is nil.
    @Test(arguments: ["networks.json", "session.json", "locales.json"])
    func membersBuiltAloneAreTheTreesMembers(_ name: String) throws {
        let tree = try #require(ReadyData.json(name))
        let top = try #require(tree.objectValue, "\(name) is an object")
        var checked = 0
        for (key, member) in top {
            #expect(ReadyData.json(name, at: [key]) == member, "\(name) at \(key)")
            checked += 1
            for (inner, value) in member.objectValue ?? [] {
                #expect(ReadyData.json(name, at: [key, inner]) == value, "\(name) at \(key).\(inner)")
                checked += 1
            }
        }
        #expect(checked >= top.count && checked > 0)
        #expect(ReadyData.json(name, at: ["no such member"]) == nil)
        #expect(ReadyData.json(name, at: []) == nil)
        #expect(ReadyData.json("test-cards.json", at: ["helpExample"]) == nil)
    }

    /// A language's locale, read from the members its start builds (the locale and its parents), is
    /// the one read from the whole file.
    @Test(arguments: Language.allCases)
    func localeFromItsMembersIsTheFilesLocale(_ language: Language) throws {
        let id = language.formattingLocale
        let whole = try LocaleFormat.all(json: try ResourceFiles.data("locales.json"), only: [id])
        #expect(try Bundled.localizer(language).format == whole[id])
        #expect(whole[id] != nil)
    }

    @Test func readyJSONReadsAsTheFileDoes() throws {
        let networks = try NetworkCatalogue(json: try #require(ReadyData.json("networks.json")))
        #expect(networks.networks == (try NetworkCatalogue(json: try ResourceFiles.data("networks.json"))).networks)
        let session = try ClientSession(json: try #require(ReadyData.json("session.json")))
        #expect(session == (try ClientSession(json: try ResourceFiles.data("session.json"))))
        #expect(try Bundled.sessionDefaults() == session)
    }

    @Test func filesNotReadAtBuildTimeHaveNoReadyData() {
        #expect(ReadyData.catalogue("strings/xx.tsv") == nil)
        #expect(ReadyData.json("test-cards.json") == nil)
    }

    /// Ready rows are checked as a file's lines are: the same errors, with the row's line.
    @Test func rowsAreCheckedAsLines() {
        func row(_ line: Int, _ key: String, _ count: String = "", _ text: String = "t") -> StringCatalogue.Row {
            .init(line: line, key: key, count: count, text: text, note: "")
        }
        #expect(throws: StringCatalogueError(line: 3, "key 'a' is given twice")) {
            try StringCatalogue(rows: [row(2, "a"), row(3, "a")])
        }
        #expect(throws: StringCatalogueError(line: 4, "'some' is not a plural category (zero, one, two, few, many, other)")) {
            try StringCatalogue(rows: [row(4, "b", "some")])
        }
        #expect(throws: StringCatalogueError(line: 5, "'a-b' is not a key (letters and digits, as the TextKey case is spelt)")) {
            try StringCatalogue(rows: [row(5, "a-b")])
        }
        let counted = try? StringCatalogue(rows: [row(2, "c", "one", "{0} try"), row(3, "c", "other", "{0} tries")])
        #expect(counted?.entries["c"] == .counted([.one: "{0} try", .other: "{0} tries"]))
    }
}
