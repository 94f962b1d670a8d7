import CheckoutCore
import CheckoutEngine
import CheckoutTestSupport
import Testing
@testable import CheckoutApp

/// The home menu, the first screen spoken from the catalogues: its body in each language at 80x24,
/// the footer's and F1's words, and the locale's money. Until phase B puts a language in the app
/// model, the screen is rendered with a context of the language.
@MainActor @Suite struct HomeMenuLanguageTests {
    func body(_ language: Language, glyphs: GlyphSet = .unicode, width: Int = 80, height: Int = 24) throws -> Canvas {
        let context = ScreenContext(catalogue: Fixtures.catalogue, settings: Fixtures.settings, glyphs: glyphs,
                                    size: TerminalSize(width: width, height: height), localizer: try Bundled.localizer(language))
        var canvas = Canvas(width: width, height: height)
        HomeMenuScreen().render(into: &canvas, area: context.area, context: context)
        return canvas
    }

    @Test func englishIsWhatTheHomeMenuSaidBefore() throws {
        let english = try body(.english).text
        let model = Fixtures.model(.home).render(width: 80, height: 24).text
        let bodyRows = model.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast()
        #expect(english.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast() == bodyRows,
                "the default context speaks the same English")
    }

    @Test func frenchAt80x24() throws {
        let canvas = try body(.french)
        assertSnapshot(canvas.text, named: "home-body-fr-80x24")
        #expect(canvas.text.contains("Que voulez-vous faire\u{202F}?"))
        #expect(canvas.text.contains("Montant à payer\u{A0}: 49,99\u{A0}€"), "the locale's money")
    }

    /// Money and spaces become ASCII; accented letters are still the terminal adapter's to replace (phase B).
    @Test func frenchInASCIIWritesTheCurrencyCodeAndPlainSpaces() throws {
        let canvas = try body(.french, glyphs: .ascii)
        #expect(canvas.text.contains("Que voulez-vous faire ?"))
        #expect(canvas.text.contains("Montant à payer : 49,99 EUR | Source des BIN : embedded"))
        #expect(canvas.text.contains(">  Payer par carte"))
    }

    @Test func arabicHasEverySentenceAndItsDigits() throws {
        let text = try body(.arabic).text
        for sentence in ["ماذا تريد أن تفعل؟", "الدفع بالبطاقة", "Nol Pay: ربط بطاقة نول", "Nol Pay: بطاقاتي", "الإعدادات", "خروج"] {
            #expect(text.contains(sentence), "\(sentence)")
        }
        // CLDR's ar-AE money (U+200F 49.99 U+00A0 €) as an isolated argument: the isolates and the
        // mark are format characters, which take no cell.
        #expect(text.contains("المبلغ المستحق: 49.99\u{A0}€"))
    }

    @Test func noRowIsWiderThanTheScreenInAnyLanguage() throws {
        for language in Language.allCases {
            for (width, height) in [(80, 24), (60, 20), (40, 12)] {
                for glyphs in [GlyphSet.unicode, .ascii] {
                    let canvas = try body(language, glyphs: glyphs, width: width, height: height)
                    for (row, line) in canvas.lines.enumerated() {
                        #expect(DisplayWidth.of(line) <= width, "\(language) \(width)x\(height) row \(row): \(line)")
                    }
                }
            }
        }
    }

    @Test func theFooterAndHelpSpeakTheLanguage() throws {
        let french = ScreenContext(catalogue: Fixtures.catalogue, settings: Fixtures.settings, localizer: try Bundled.localizer(.french))
        let hints = HomeMenuScreen().keyMap(context: french).hints.map(\.help)
        #expect(hints.contains("choisir") && hints.contains("ouvrir"))
        let help = HomeMenuScreen().keyMap(context: french).helpLines.map(\.help)
        #expect(help.contains("l’élément au-dessus") && help.contains("ouvrir l’élément choisi") && help.contains("quitter"))
    }
}
