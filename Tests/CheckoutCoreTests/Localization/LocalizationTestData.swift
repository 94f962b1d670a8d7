import CheckoutCore
import CheckoutResources
import Foundation

/// The shipped language files, loaded once for the localization tests.
enum LocalizationTestData {
    static let formats: [String: LocaleFormat] = {
        do { return try ResourceFiles.load("locales.json") { try LocaleFormat.all(json: $0) } } catch { fatalError("\(error)") }
    }()

    static func format(_ language: Language) -> LocaleFormat { formats[language.formattingLocale]! }

    static let catalogues: [Language: StringCatalogue] = Dictionary(uniqueKeysWithValues: Language.allCases.map { language in
        do {
            return (language, try ResourceFiles.load("strings/\(language.code).tsv") { try StringCatalogue(tsv: String(decoding: $0, as: UTF8.self)) })
        } catch { fatalError("\(error)") }
    })

    static func localizer(_ language: Language) -> Localizer {
        Localizer(language: language, catalogue: catalogues[language]!, fallback: language == .english ? nil : catalogues[.english],
                  format: format(language))
    }

    /// The folder of the source tree (`Sources/`, `Resources/`).
    static func repositoryFolder(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(name)
    }
}
