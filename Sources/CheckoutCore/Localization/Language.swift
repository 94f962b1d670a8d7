/// A language the checkout speaks: English, French or Arabic.
///
/// Each has a catalogue of sentences (`Resources/data/strings/<code>.tsv`), a writing direction,
/// and the CLDR locale whose money, digits and dates it uses (``formattingLocale``).
///
///     Language(code: "fr")              // .french
///     Language.arabic.direction          // .rightToLeft
///     Language.arabic.formattingLocale   // "ar-AE"
public enum Language: String, Sendable, CaseIterable, Equatable {
    case english = "en"
    case french = "fr"
    case arabic = "ar"

    /// Which way a line of the language runs.
    public enum Direction: Sendable, Equatable { case leftToRight, rightToLeft }

    /// The ISO 639-1 code: what `--lang` takes and the catalogue file is named after.
    public var code: String { rawValue }

    /// The language `--lang` or a saved setting names (`en`, `fr`, `ar`, in any case); nil for any
    /// other word, which the caller refuses with the codes it accepts.
    public init?(code: String) {
        self.init(rawValue: code.lowercased())
    }

    public var direction: Direction { self == .arabic ? .rightToLeft : .leftToRight }

    /// The CLDR locale whose number, currency and date facts the language uses (see
    /// `Resources/data/locales.json`). Arabic is the Emirates' (`ar-AE`): the Nol screens are Dubai's,
    /// and the people the checkout is shown to in Arabic are Emirati.
    public var formattingLocale: String {
        switch self {
        case .english: "en"
        case .french: "fr"
        case .arabic: "ar-AE"
        }
    }

    /// The name an ASCII terminal can show: the own name without its accent, Arabic's in English
    /// (Arabic itself needs UTF-8).
    public var asciiName: String {
        switch self {
        case .english: "English"
        case .french: "Francais"
        case .arabic: "Arabic"
        }
    }

    /// The language's own name, as a language menu lists it.
    public var nativeName: String {
        switch self {
        case .english: "English"
        case .french: "Français"
        case .arabic: "العربية"
        }
    }
}

extension Language {
    /// The language to speak: the `--lang` option, else the saved setting, else the one the
    /// environment's locale names for messages, else English.
    ///
    /// A pure function of its inputs, so the rule is tested without touching the process.
    ///
    ///     Language.choose(option: nil, setting: nil, environment: ["LANG": "fr_FR.UTF-8"])  // .french
    ///     Language.choose(option: .arabic, setting: .french, environment: [:])             // .arabic
    ///     Language.choose(option: nil, setting: nil, environment: ["LANGUAGE": "de:fr", "LANG": "en_US.UTF-8"])  // .french
    ///
    /// GNU's `LANGUAGE` list comes first, as gettext reads it (``LocaleName/languagePriority(in:)``):
    /// its first entry the checkout speaks, skipped for the C locale; a list that names none of the
    /// three gives English, as gettext shows the English message.
    public static func choose(option: Language?, setting: Language?, environment: [String: String]) -> Language {
        if let option { return option }
        if let setting { return setting }
        if let priority = LocaleName.languagePriority(in: environment) {
            return priority.lazy.compactMap(LocaleName.language(of:)).first ?? .english
        }
        return LocaleName.messages(in: environment).flatMap(LocaleName.language(of:)) ?? .english
    }
}
