import CheckoutCore
import Testing

/// Sentences asked of a language: arguments, counted forms by the language's own plural rules,
/// English behind a missing sentence, the key's name behind a missing English one.
@Suite struct LocalizerTests {
    static let english = try! StringCatalogue(tsv: """
        key\tcount\ttext
        triesLeft\tone\t{0} try left on {1}
        triesLeft\tother\t{0} tries left on {1}
        onlyInEnglish\t\tEnglish {0}
        """)
    static let arabic = try! StringCatalogue(tsv: """
        key\tcount\ttext
        triesLeft\tzero\tلا محاولات متبقية على {1}
        triesLeft\tone\tمحاولة واحدة متبقية على {1}
        triesLeft\ttwo\tمحاولتان متبقيتان على {1}
        triesLeft\tfew\t{0} محاولات متبقية على {1}
        triesLeft\tmany\t{0} محاولة متبقية على {1}
        triesLeft\tother\t{0} محاولة متبقية على {1}
        """)
    static let french = try! StringCatalogue(tsv: """
        key\tcount\ttext
        triesLeft\tone\t{0} essai restant sur {1}
        triesLeft\tmany\t{0} d’essais restants sur {1}
        triesLeft\tother\t{0} essais restants sur {1}
        """)

    func localizer(_ language: Language, _ catalogue: StringCatalogue, format: LocaleFormat? = nil) -> Localizer {
        Localizer(language: language, catalogue: catalogue, fallback: language == .english ? nil : Self.english,
                  format: format ?? LocalizationTestData.format(language))
    }

    @Test func arabicTakesTheFormOfEachOfItsSixCategories() {
        let arabic = localizer(.arabic, Self.arabic)
        let card = "\u{2068}•••• 0233\u{2069}"
        #expect(arabic.counted("triesLeft", 0, ["•••• 0233"]) == "لا محاولات متبقية على " + card)
        #expect(arabic.counted("triesLeft", 1, ["•••• 0233"]) == "محاولة واحدة متبقية على " + card)
        #expect(arabic.counted("triesLeft", 2, ["•••• 0233"]) == "محاولتان متبقيتان على " + card)
        #expect(arabic.counted("triesLeft", 3, ["•••• 0233"]) == "\u{2068}3\u{2069} محاولات متبقية على " + card)
        #expect(arabic.counted("triesLeft", 11, ["•••• 0233"]) == "\u{2068}11\u{2069} محاولة متبقية على " + card)
        #expect(arabic.counted("triesLeft", 100, ["•••• 0233"]) == "\u{2068}100\u{2069} محاولة متبقية على " + card)
    }

    @Test func theCountIsWrittenInTheLocalesDigits() throws {
        let native = try #require(LocalizationTestData.formats["ar-SA"], "Saudi Arabic: CLDR's default digits are arab")
        #expect(localizer(.arabic, Self.arabic, format: native).counted("triesLeft", 1234, ["x"]).hasPrefix("\u{2068}١٬٢٣٤\u{2069} محاولة"))
        #expect(localizer(.french, Self.french).counted("triesLeft", 1_000_000, ["x"]) == "1\u{202F}000\u{202F}000 d’essais restants sur x")
        #expect(localizer(.french, Self.french).counted("triesLeft", 0, ["x"]) == "0 essai restant sur x", "French: 0 is singular")
    }

    @Test func aMissingSentenceFallsBackToEnglishThenToItsKey() {
        let french = localizer(.french, Self.french)
        #expect(french.text("onlyInEnglish", ["a"]) == "English a")
        #expect(french.text("nowhere", ["a"]) == "nowhere", "never an empty line")
        let arabicWithoutIt = localizer(.arabic, StringCatalogue(entries: [:]))
        #expect(arabicWithoutIt.counted("triesLeft", 1, ["y"]) == "\u{2068}1\u{2069} try left on \u{2068}y\u{2069}", "English's forms by English's rule")
        #expect(arabicWithoutIt.counted("triesLeft", 2, ["y"]) == "\u{2068}2\u{2069} tries left on \u{2068}y\u{2069}")
        #expect(localizer(.english, Self.english).text("triesLeft", ["2", "z"]) == "2 tries left on z", "a counted sentence asked plainly: its other form")
    }

    @Test func theShippedHomeMenuSpeaksEachLanguage() {
        #expect(LocalizationTestData.localizer(.english).text(.routePay) == "Pay by card")
        #expect(LocalizationTestData.localizer(.french).text(.routePay) == "Payer par carte")
        #expect(LocalizationTestData.localizer(.arabic).text(.routePay) == "الدفع بالبطاقة")
        #expect(LocalizationTestData.localizer(.arabic).text(.routeNolLink) == "Nol Pay: ربط بطاقة نول")
    }
}
