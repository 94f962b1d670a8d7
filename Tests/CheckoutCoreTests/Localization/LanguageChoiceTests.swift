import CheckoutCore
import Testing

/// Which language is spoken (`--lang`, then Settings, then the locale's messages category by POSIX
/// precedence, else English) and which locale the character type falls back to.
@Suite struct LanguageChoiceTests {
    @Test func theOptionWinsOverTheSettingAndTheSettingOverTheEnvironment() {
        let french = ["LANG": "fr_FR.UTF-8"]
        #expect(Language.choose(option: .arabic, setting: .english, environment: french) == .arabic)
        #expect(Language.choose(option: nil, setting: .english, environment: french) == .english)
        #expect(Language.choose(option: nil, setting: nil, environment: french) == .french)
        #expect(Language.choose(option: nil, setting: nil, environment: [:]) == .english)
    }

    @Test func theEnvironmentIsReadWithPOSIXPrecedence() {
        func chosen(_ environment: [String: String]) -> Language { Language.choose(option: nil, setting: nil, environment: environment) }
        #expect(chosen(["LC_ALL": "ar_AE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LANG": "en_GB.UTF-8"]) == .arabic)
        #expect(chosen(["LC_MESSAGES": "fr_FR.UTF-8", "LANG": "ar_AE.UTF-8"]) == .french)
        #expect(chosen(["LANG": "ar_AE.UTF-8"]) == .arabic)
        #expect(chosen(["LC_ALL": "", "LC_MESSAGES": "", "LANG": "fr_FR.UTF-8"]) == .french, "an empty variable counts as unset")
        #expect(chosen(["LC_ALL": "C", "LANG": "fr_FR.UTF-8"]) == .english, "LC_ALL=C is the C locale, whatever LANG says")
        #expect(chosen(["LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"]) == .english, "the locale in force is German: English, not LANG's French")
        #expect(chosen(["LC_CTYPE": "fr_FR.UTF-8", "LANG": "C.UTF-8"]) == .english, "the character type does not choose the language")
    }

    /// GNU gettext's LANGUAGE (manual §2.3.3): a priority list before LC_ALL and LANG, ignored for
    /// the C locale; its first language the checkout speaks wins; none gives English.
    @Test func theLanguageListIsReadAsGettextReadsIt() {
        func chosen(_ environment: [String: String]) -> Language { Language.choose(option: nil, setting: nil, environment: environment) }
        #expect(chosen(["LANGUAGE": "fr", "LANG": "en_US.UTF-8"]) == .french, "what desktop language panels set")
        #expect(chosen(["LANGUAGE": "de:ar:fr", "LANG": "en_US.UTF-8"]) == .arabic, "falls through to the first shipped language")
        #expect(chosen(["LANGUAGE": "fr_CA:en", "LANG": "ar_AE.UTF-8"]) == .french)
        #expect(chosen(["LANGUAGE": "de:nl", "LANG": "fr_FR.UTF-8"]) == .english, "none shipped: the English message, as gettext shows it")
        #expect(chosen(["LANGUAGE": "fr", "LANG": "C.UTF-8"]) == .english, "ignored for the C locale")
        #expect(chosen(["LANGUAGE": "fr"]) == .english, "no locale set is the C locale")
        #expect(chosen(["LANGUAGE": "fr", "LC_ALL": "POSIX", "LANG": "en_US.UTF-8"]) == .english)
        #expect(chosen(["LANGUAGE": "", "LANG": "fr_FR.UTF-8"]) == .french, "empty counts as unset")
        #expect(chosen(["LANGUAGE": "::", "LANG": "ar_EG.UTF-8"]) == .arabic)
        #expect(Language.choose(option: .english, setting: nil, environment: ["LANGUAGE": "fr", "LANG": "en_US.UTF-8"]) == .english)
    }

    /// The regional formats: the monetary, numeric and time categories, then the messages one and
    /// LANGUAGE's entries, name the territory, as long as they name the language being spoken.
    @Test func theFormattingLocaleComesFromTheCategoriesThatNameTheLanguage() {
        #expect(LocaleName.formattingLocale(for: .french, in: ["LANG": "fr_CA.UTF-8"]) == "fr-CA")
        #expect(LocaleName.formattingLocale(for: .arabic, in: ["LANG": "ar_SA.UTF-8"]) == "ar-SA")
        #expect(LocaleName.formattingLocale(for: .arabic, in: ["LANG": "ar_EG.UTF-8", "LC_MONETARY": "ar_SA.UTF-8"]) == "ar-SA")
        #expect(LocaleName.formattingLocale(for: .french, in: ["LANG": "fr_FR.UTF-8", "LC_TIME": "fr_CH.UTF-8"]) == "fr-CH")
        #expect(LocaleName.formattingLocale(for: .french, in: ["LC_ALL": "fr_BE.UTF-8", "LC_MONETARY": "fr_CH.UTF-8"]) == "fr-BE", "LC_ALL wins")
        #expect(LocaleName.formattingLocale(for: .french, in: ["LANG": "fr_CA.UTF-8", "LC_MONETARY": "en_US.UTF-8"]) == "fr-CA",
                "a category in another language is passed over")
        #expect(LocaleName.formattingLocale(for: .french, in: ["LANGUAGE": "fr", "LANG": "en_US.UTF-8"]) == nil)
        #expect(LocaleName.formattingLocale(for: .french, in: ["LANGUAGE": "fr_CH:fr", "LANG": "en_US.UTF-8"]) == "fr-CH")
        #expect(LocaleName.formattingLocale(for: .french, in: ["LANG": "fr.UTF-8"]) == nil)
        #expect(LocaleName.territory(of: "ar_EG.UTF-8@latn") == "EG")
        #expect(LocaleName.territory(of: "C.UTF-8") == nil)
        #expect(LocaleName.territory(of: "ar_001") == "001")
    }

    @Test func localeNamesInEveryShapeNameTheirLanguage() {
        #expect(LocaleName.language(of: "fr_FR.UTF-8") == .french)
        #expect(LocaleName.language(of: "fr_CA.utf8") == .french)
        #expect(LocaleName.language(of: "fr_FR@euro") == .french)
        #expect(LocaleName.language(of: "fr") == .french)
        #expect(LocaleName.language(of: "ar_AE.UTF-8") == .arabic)
        #expect(LocaleName.language(of: "ar_EG") == .arabic)
        #expect(LocaleName.language(of: "en_US.ISO-8859-1") == .english)
        for other in ["C", "POSIX", "C.UTF-8", "de_DE.UTF-8", "/usr/lib/locale/fr_FR", "", "_FR", "french"] {
            #expect(LocaleName.language(of: other) == nil, "\(other)")
        }
    }

    @Test func theOptionTakesTheThreeCodesOnly() {
        #expect(Language(code: "en") == .english)
        #expect(Language(code: "fr") == .french)
        #expect(Language(code: "AR") == .arabic)
        for refused in ["de", "", "french", "fr_FR", "ara"] { #expect(Language(code: refused) == nil, "\(refused)") }
        #expect(Language.allCases.map(\.code) == ["en", "fr", "ar"])
        #expect(Language.arabic.direction == .rightToLeft && Language.french.direction == .leftToRight)
    }

    @Test func aUTF8NameThatCannotBeSetFallsBackToCUTF8ForTheCharacterType() {
        #expect(LocaleName.characterTypeFallbacks(in: ["LANG": "fr_FR.UTF-8"]).first == "C.UTF-8")
        #expect(LocaleName.characterTypeFallbacks(in: ["LC_ALL": "ar_AE.utf8"]).first == "C.UTF-8")
        #expect(LocaleName.characterTypeFallbacks(in: ["LC_CTYPE": "fr_FR.UTF-8", "LANG": "C"]).first == "C.UTF-8")
        #expect(LocaleName.characterTypeFallbacks(in: ["LANG": "fr_FR"]).isEmpty, "no character set asked: ASCII stays")
        #expect(LocaleName.characterTypeFallbacks(in: ["LANG": "fr_FR.ISO-8859-15"]).isEmpty)
        #expect(LocaleName.characterTypeFallbacks(in: ["LC_ALL": "C", "LANG": "fr_FR.UTF-8"]).isEmpty, "LC_ALL=C asks for ASCII")
        #expect(LocaleName.characterTypeFallbacks(in: [:]).isEmpty)
        #expect(LocaleName.characterType(in: ["LC_MESSAGES": "fr_FR.UTF-8", "LANG": "C"]) == "C", "messages do not set the character type")
    }

    @Test func codesetsAreReadAsGlibcNormalisesThem() {
        #expect(LocaleName.codeset(of: "fr_FR.UTF-8@euro") == "UTF-8")
        #expect(LocaleName.codeset(of: "fr_FR") == nil)
        #expect(LocaleName.codeset(of: "fr_FR.") == nil)
        for utf8 in ["C.UTF-8", "C.utf8", "fr_FR.Utf-8", "x.UTF_8"] { #expect(LocaleName.asksForUTF8(utf8), "\(utf8)") }
        for other in ["C", "fr_FR.ISO-8859-1", "fr_FR@utf8", "UTF-8"] { #expect(!LocaleName.asksForUTF8(other), "\(other)") }
    }
}
