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

    /// The locales read so far, like the catalogues: an English start parses neither French's nor
    /// Arabic's rules (Arabic's plural rules cost an English start more than its own did).
    private static let formats = Mutex<[Language: Result<LocaleFormat, BundledDataError>]>([:])

    private static func format(_ language: Language) throws(BundledDataError) -> LocaleFormat {
        try formats.withLock { read in
            if let known = read[language] { return known }
            let id = language.formattingLocale
            let loaded = Result { () throws(BundledDataError) -> LocaleFormat in
                let found = try ResourceFiles.load("locales.json") { try LocaleFormat.all(json: $0, only: [id]) }
                guard let format = found[id] else {
                    throw BundledDataError(file: "locales.json", reason: "has no locale '\(id)' for \(language.nativeName)")
                }
                return format
            }
            read[language] = loaded
            return loaded
        }.get()
    }

    /// The catalogues read so far: each language's file is read the first time it is asked for,
    /// so an English start does not parse the French and Arabic ones before its first frame.
    private static let catalogues = Mutex<[Language: Result<StringCatalogue, BundledDataError>]>([:])

    private static func catalogue(_ language: Language) throws(BundledDataError) -> StringCatalogue {
        try catalogues.withLock { read in
            if let known = read[language] { return known }
            let loaded = Result { () throws(BundledDataError) -> StringCatalogue in
                try ResourceFiles.load(catalogueFile(language)) { try StringCatalogue(tsv: String(decoding: $0, as: UTF8.self)) }
            }
            read[language] = loaded
            return loaded
        }.get()
    }

    /// The catalogue file of a language, relative to the data folder.
    public static func catalogueFile(_ language: Language) -> String { "strings/\(language.code).tsv" }
}
