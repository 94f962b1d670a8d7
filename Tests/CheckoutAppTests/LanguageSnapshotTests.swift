import CheckoutCore
import CheckoutEngine
import CheckoutStore
import CheckoutTestSupport
import Foundation
import NolPay
import Testing
@testable import CheckoutApp

/// Every screen at 80x24 in French and Arabic (Unicode) and in French under an ASCII locale
/// (`LANG=C`: the program's French without accents), spoken by the app model from the settings'
/// language; and no row wider than the screen in any language, at every size.
@MainActor @Suite struct LanguageSnapshotTests {
    /// The languages and glyphs snapshotted, and the name each snapshot carries.
    static let variants: [(Language, GlyphSet, String)] = [(.french, .unicode, "fr"), (.arabic, .unicode, "ar"), (.french, .ascii, "fr-ascii")]

    static func settings(_ language: Language) -> CheckoutSettings {
        var settings = Fixtures.settings
        settings.language = language
        return settings
    }

    /// Each screen's name and how to reach it from a fresh model.
    static let screens: [(String, @MainActor (inout AppModel) -> Void)] = [
        ("home", { _ in }),
        ("card-form-empty", { model in _ = model.press(.enter) }),
        ("card-form-cobadged", { model in
            _ = model.press(.enter)
            model.type("4000002500001001")
            _ = model.receive(.willFetchMetadata(CardNumberEntryState(cardNumber: "4000002500001001")))
            _ = model.receive(Fixtures.coBadgedMetadata())
            _ = model.press(.tab)
            _ = model.press(.right)
        }),
        ("result-authorized", { model in
            _ = model.press(.enter)
            model.type("4000002500001001")
            _ = model.receive(Fixtures.coBadgedMetadata())
            for _ in 0..<5 { _ = model.press(.tab) }
            _ = model.press(.enter)
            _ = model.receive(.checkoutCompleted(Fixtures.payment()))
        }),
        ("help", { model in
            _ = model.press(.enter)
            _ = model.press(.function(1))
        }),
        ("discard", { model in
            _ = model.press(.enter)
            model.type("4242")
            _ = model.press(.escape)
        }),
        ("settings", { model in
            for _ in 0..<6 { _ = model.press(.down) }
            _ = model.press(.enter)
        }),
        ("event-log", { model in _ = model.press(.function(2)) }),
    ]

    func model(_ language: Language, glyphs: GlyphSet, _ reach: @MainActor (inout AppModel) -> Void) -> AppModel {
        var model = Fixtures.model(.home, settings: Self.settings(language), glyphs: glyphs)
        reach(&model)
        _ = model.takeCommands()
        return model
    }

    @Test func everyScreenAt80x24() {
        for (language, glyphs, suffix) in Self.variants {
            for (name, reach) in Self.screens {
                let model = model(language, glyphs: glyphs, reach)
                assertSnapshot(model.render(width: 80, height: 24).text, named: "lang-\(name)-\(suffix)-80x24")
            }
        }
    }

    @Test func theNolLinkStepsAt80x24() async throws {
        let nol = try NolSystem.simulated(database: Database(path: ":memory:"), makeCode: { "123456" })
        let registry = ScreenRegistry.standard.withNolScreens(nol)
        for (language, glyphs, suffix) in Self.variants {
            var model = AppModel(route: .nolLink, catalogue: Fixtures.catalogue, settings: Self.settings(language), registry: registry,
                                 glyphs: glyphs, wallClock: Fixtures.wallClock)
            model.eventPanelHidden = true
            assertSnapshot(model.render(width: 80, height: 24).text, named: "lang-nol-link-\(suffix)-80x24")
        }
    }

    @Test func noRowIsWiderThanTheScreenInAnyLanguage() {
        for language in Language.allCases {
            for glyphs in [GlyphSet.unicode, .ascii] {
                for (name, reach) in Self.screens {
                    let model = model(language, glyphs: glyphs, reach)
                    for (width, height) in [(80, 24), (60, 20), (120, 40)] {
                        for (row, line) in model.render(width: width, height: height).lines.enumerated() {
                            #expect(DisplayWidth.of(line) <= width, "\(language) \(name) \(width)x\(height) row \(row): \(line)")
                        }
                    }
                }
            }
        }
    }

    /// Right to left the screen is a mirror: the title at the right, the brand at the left, the
    /// card number's digits still left to right, clicks landing on what is drawn, and ← choosing
    /// the network drawn to the left.
    @Test func arabicMirrorsTheLayoutAndKeepsNumbersLeftToRight() {
        var model = model(.arabic, glyphs: .unicode, Self.screens[2].1)
        let lines = model.render(width: 80, height: 24).lines
        #expect(lines[0].hasPrefix(" TerminalCheckout "), "the brand on the left: \(lines[0])")
        #expect(lines[0].hasSuffix(BidiText.visual("الدفع بالبطاقة", paragraph: .rightToLeft)), "the title on the right: \(lines[0])")
        #expect(lines.contains { $0.contains("4000 0025 0000 1001") }, "the number reads left to right")
        #expect(model.top.map { ($0 as? CardFormScreen)?.choice } == .cartesBancaires)
        _ = model.press(.left)
        #expect(model.top.map { ($0 as? CardFormScreen)?.choice } == .visa, "← is the visual move back to Visa, drawn on the right")
        let canvas = model.render(width: 80, height: 24)
        let payRow = canvas.lines.firstIndex { $0.contains("[") && $0.contains("49.99") }
        #expect(payRow != nil)
        if let payRow, let column = canvas.lines[payRow].firstIndex(of: "]").map({ canvas.lines[payRow].distance(from: canvas.lines[payRow].startIndex, to: $0) }) {
            #expect(canvas.target(row: payRow, column: column)?.id as? CardFormScreen.Click == .field(.pay), "a click on the drawn button is the button")
        }
    }
}

/// The validator's errors carry their sentence: English's is the description the wire carries, as
/// a screen shows it; French's is the catalogue's.
@Suite struct ValidationSentenceTests {
    @Test func everyErrorSaysInEnglishWhatItsDescriptionSays() throws {
        let validator = CardValidator(catalogue: Fixtures.catalogue, session: Fixtures.settings.session)
        let now = Fixtures.today
        let calendar = Calendar(identifier: .gregorian)
        let errors: [ValidationError?] = [
            validator.validateCardNumber("", metadata: nil), validator.validateCardNumber("4242x", metadata: nil),
            validator.validateCardNumber("42424242424242424242", metadata: nil), validator.validateCardNumber("4242", metadata: nil),
            validator.validateCardNumber("424242424242", metadata: nil), validator.validateCardNumber("4242424242424241", metadata: nil),
            validator.validateCardNumber("378282246310005", metadata: nil), validator.validateCardNumber("9999999999999999", metadata: nil),
            validator.validateExpiryDate("", now: now, calendar: calendar), validator.validateExpiryDate("xx", now: now, calendar: calendar),
            validator.validateExpiryDate("13/30", now: now, calendar: calendar), validator.validateExpiryDate("01/20", now: now, calendar: calendar),
            validator.validateExpiryDate("01/70", now: now, calendar: calendar),
            validator.validateCVV("", network: .visa), validator.validateCVV("1a", network: .visa), validator.validateCVV("12", network: .visa),
            validator.validateCVV("12", network: nil),
            validator.validateCardholderName(""), validator.validateCardholderName("J4ne"), validator.validateCardholderName("J@ne"),
            validator.validateCardholderName("J"),
        ]
        let french = try Bundled.localizer(.french)
        for error in errors {
            guard let error else { Issue.record("an input the validator took"); continue }
            let sentence = try #require(error.sentence, "\(error.description)")
            #expect(sentence.text(Bundled.english) == error.shownDescription)
            #expect(error.shownDescription(french) != error.shownDescription, "\(error.description)")
        }
    }
}
