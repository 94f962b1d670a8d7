/// POSIX locale names (`language[_territory][.codeset][@modifier]`, such as `fr_FR.UTF-8`) and
/// which environment variable names the locale of a category.
///
/// The precedence is POSIX's (XBD §8.2, "Internationalization Variables"): `LC_ALL` when set and
/// not empty, else the category's own variable (`LC_MESSAGES`, `LC_CTYPE`) when set and not empty,
/// else `LANG` when set and not empty. So `LC_ALL=C LANG=fr_FR.UTF-8` is the C locale, and an empty
/// `LC_ALL=` counts as unset.
///
///     LocaleName.messages(in: ["LANG": "fr_FR.UTF-8"])   // "fr_FR.UTF-8"
///     LocaleName.language(of: "ar_AE.UTF-8")             // .arabic
///     LocaleName.asksForUTF8("fr_FR.utf8")               // true
///     LocaleName.territory(of: "fr_CA.UTF-8")            // "CA"
public enum LocaleName {
    /// The locale name of the messages category (`LC_MESSAGES`): the language sentences are in.
    public static func messages(in environment: [String: String]) -> String? {
        category("LC_MESSAGES", in: environment)
    }

    /// The locale name of the character-type category (`LC_CTYPE`): the character set the
    /// terminal is drawn in.
    public static func characterType(in environment: [String: String]) -> String? {
        category("LC_CTYPE", in: environment)
    }

    /// The name that sets `variable`'s category, by POSIX precedence; nil when none is set.
    static func category(_ variable: String, in environment: [String: String]) -> String? {
        for name in ["LC_ALL", variable, "LANG"] {
            if let value = environment[name], !value.isEmpty { return value }
        }
        return nil
    }

    /// The environment variables the language and the formats are read from, for callers that read
    /// them one at a time (``ProcessEnvironment/values(_:)``).
    public static let variables = ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_CTYPE", "LC_MONETARY", "LC_NUMERIC", "LC_TIME", "LANG"]

    /// GNU gettext's priority list of languages: `LANGUAGE`'s entries (`fr_CA:fr:en`), in order,
    /// when it is set, not empty, and the messages category is not the C locale; nil otherwise.
    ///
    /// GNU gettext manual §2.3.3, "Specifying a Priority List of Languages": LANGUAGE is preferred
    /// over LC_ALL and LANG for messages; it "is ignored if the locale is set to 'C'"; an entry `ll`
    /// stands for the language's main dialect; and where no entry has a translation, the English
    /// message is shown.
    ///
    ///     LocaleName.languagePriority(in: ["LANGUAGE": "de:fr", "LANG": "en_US.UTF-8"])  // ["de", "fr"]
    ///     LocaleName.languagePriority(in: ["LANGUAGE": "fr", "LANG": "C.UTF-8"])         // nil
    public static func languagePriority(in environment: [String: String]) -> [String]? {
        guard let list = environment["LANGUAGE"], !list.isEmpty,
              let messages = messages(in: environment), languageCode(of: messages) != nil else { return nil }
        let entries = list.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        return entries.isEmpty ? nil : entries
    }

    /// The territory part of a name (`CA` of `fr_CA.UTF-8`, of `fr-CA`), uppercased; nil when it names none.
    public static func territory(of name: String) -> String? {
        guard languageCode(of: name) != nil, let separator = name.firstIndex(where: { $0 == "_" || $0 == "-" }) else { return nil }
        let territory = name[name.index(after: separator)...].prefix { $0 != "." && $0 != "@" }
        guard territory.count == 2 || (territory.count == 3 && territory.allSatisfy(\.isNumber)) else { return nil }
        return territory.uppercased()
    }

    /// The CLDR locale (`fr-CA`, `ar-SA`) whose formats a language is written with, by the names
    /// the environment gives: the first of the monetary, numeric and time categories, then the
    /// messages category and `LANGUAGE`'s entries, that names `language` with a territory; nil
    /// when none does (the caller uses ``Language/formattingLocale``). A category that names
    /// another language is passed over: sentences in French write French numbers.
    ///
    ///     LocaleName.formattingLocale(for: .french, in: ["LANG": "fr_CA.UTF-8"])                       // "fr-CA"
    ///     LocaleName.formattingLocale(for: .arabic, in: ["LANG": "ar_EG.UTF-8", "LC_MONETARY": "ar_SA.UTF-8"])  // "ar-SA"
    ///     LocaleName.formattingLocale(for: .french, in: ["LANGUAGE": "fr", "LANG": "en_US.UTF-8"])     // nil
    public static func formattingLocale(for language: Language, in environment: [String: String]) -> String? {
        // The variables set for the format categories first (LC_ALL over them all), then the one the
        // messages category falls back to, then LANGUAGE's entries.
        var names = ["LC_ALL", "LC_MONETARY", "LC_NUMERIC", "LC_TIME"].compactMap { environment[$0] }.filter { !$0.isEmpty }
        names += [category("LC_MESSAGES", in: environment)].compactMap { $0 }
        names += languagePriority(in: environment) ?? []
        for name in names where LocaleName.language(of: name) == language {
            if let territory = territory(of: name) { return language.code + "-" + territory }
        }
        return nil
    }

    /// The language part of a name (`fr` of `fr_FR.UTF-8@euro`), lowercased; nil for the C and
    /// POSIX locales and for a path (`/usr/lib/locale/…`), which name no language.
    public static func languageCode(of name: String) -> String? {
        guard !name.hasPrefix("/") else { return nil }
        let code = name.prefix { $0 != "_" && $0 != "." && $0 != "@" && $0 != "-" }.lowercased()
        guard !code.isEmpty, code != "c", code != "posix" else { return nil }
        return code
    }

    /// The language a locale name asks for, when the checkout speaks it; nil otherwise (`de_DE`,
    /// `C`), which the caller turns into English.
    public static func language(of name: String) -> Language? {
        languageCode(of: name).flatMap(Language.init(code:))
    }

    /// The codeset part of a name (`UTF-8` of `fr_FR.UTF-8@euro`), nil when it names none.
    public static func codeset(of name: String) -> String? {
        guard let dot = name.firstIndex(of: ".") else { return nil }
        let rest = name[name.index(after: dot)...]
        let codeset = rest.prefix { $0 != "@" }
        return codeset.isEmpty ? nil : String(codeset)
    }

    /// Whether a name asks for the UTF-8 character set (`UTF-8`, `utf8`, in any case), the way
    /// glibc normalises codeset names.
    public static func asksForUTF8(_ name: String) -> Bool {
        guard let codeset = codeset(of: name) else { return false }
        return codeset.lowercased().filter { $0 != "-" && $0 != "_" } == "utf8"
    }

    /// The locales to try for the character type when the environment's own cannot be set (it was
    /// never generated on this machine, as `fr_FR.UTF-8` on a fresh Debian or in most containers):
    /// when its name asks for UTF-8, a UTF-8 locale every glibc has, since the character set is
    /// all that drawing needs; nothing otherwise, so a locale that asks for another character set
    /// or none stays ASCII.
    ///
    ///     LocaleName.characterTypeFallbacks(in: ["LANG": "fr_FR.UTF-8"])  // ["C.UTF-8", "C.utf8"]
    ///     LocaleName.characterTypeFallbacks(in: ["LANG": "fr_FR"])        // []
    public static func characterTypeFallbacks(in environment: [String: String]) -> [String] {
        guard let name = characterType(in: environment), asksForUTF8(name) else { return [] }
        // glibc 2.35 and later build C.UTF-8 in; older Debian ships it as a locale spelled either way.
        return ["C.UTF-8", "C.utf8"]
    }
}
