import CheckoutCore
import CheckoutEngine
import CheckoutStore
import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutApp

/// Payments (empty, with rows, asking where to save a receipt) and Settings' hint, refused-key and
/// error states at 80x24 in French, Arabic and French under an ASCII locale, as
/// ``LanguageSnapshotTests`` snapshots the other screens; and the receipt a person keeps, in the
/// language.
@MainActor @Suite struct PaymentsAndSettingsLanguageTests {
    static func payments(_ ledger: Ledger, _ language: Language, glyphs: GlyphSet) -> AppModel {
        var model = AppModel(route: .payments, catalogue: Fixtures.catalogue, settings: LanguageSnapshotTests.settings(language),
                             registry: ScreenRegistry.standard.withPaymentsScreen(ledger: ledger), glyphs: glyphs,
                             size: TerminalSize(width: 80, height: 24), wallClock: Fixtures.wallClock)
        _ = model.takeCommands()
        return model
    }

    static func settings(_ language: Language, glyphs: GlyphSet, _ reach: (inout AppModel) -> Void) -> AppModel {
        var model = Fixtures.model(.settings, settings: LanguageSnapshotTests.settings(language), glyphs: glyphs)
        reach(&model)
        _ = model.takeCommands()
        return model
    }

    /// Settings with the focus on the BIN latency row: the row's note says what it takes.
    static func onLatency(_ model: inout AppModel) {
        while (model.top as? SettingsScreen)?.current != .latency { _ = model.press(.down) }
    }

    static let settingsStates: [(String, (inout AppModel) -> Void)] = [
        ("hint", { model in onLatency(&model) }),
        ("refused-key", { model in
            onLatency(&model)
            _ = model.press(.character("x"))
        }),
        ("error", { model in
            onLatency(&model)
            model.type("9999")
            _ = model.press(.enter)
        }),
    ]

    @Test func paymentsAt80x24() throws {
        for (language, glyphs, suffix) in LanguageSnapshotTests.variants {
            let empty = Self.payments(try PaymentsScreenTests.ledger(0), language, glyphs: glyphs)
            assertSnapshot(empty.render(width: 80, height: 24).text, named: "lang-payments-empty-\(suffix)-80x24")
            var rows = Self.payments(try PaymentsScreenTests.ledger(30), language, glyphs: glyphs)
            // pay_0028: a Visa payment whose network the cardholder chose.
            _ = rows.press(.down)
            assertSnapshot(rows.render(width: 80, height: 24).text, named: "lang-payments-rows-\(suffix)-80x24")
            _ = rows.press(.character("s"))
            assertSnapshot(rows.render(width: 80, height: 24).text, named: "lang-payments-save-\(suffix)-80x24")
        }
    }

    @Test func settingsHintsAndErrorsAt80x24() {
        for (language, glyphs, suffix) in LanguageSnapshotTests.variants {
            for (name, reach) in Self.settingsStates {
                let model = Self.settings(language, glyphs: glyphs, reach)
                assertSnapshot(model.render(width: 80, height: 24).text, named: "lang-settings-\(name)-\(suffix)-80x24")
            }
        }
    }

    @Test func englishPaymentsAndSettingsSayWhatTheySaidBefore() throws {
        let rows = Self.payments(try PaymentsScreenTests.ledger(30), .english, glyphs: .unicode)
        let screen = rows.render(width: 80, height: 24).text
        #expect(screen.contains("Status ◀ All ▶ · 30 payments · page 1 of "))
        #expect(screen.contains("TIME                  NETWORK           CARD"))
        #expect(screen.contains("2026-06-15T12:29:00Z"))
        let error = Self.settings(.english, glyphs: .unicode, Self.settingsStates[2].1)
        #expect(error.render(width: 80, height: 24).text.contains("BIN latency takes a whole number of milliseconds from 0 to 5000"))
    }

    @Test func aKeptReceiptIsInTheLanguage() throws {
        var model = Self.payments(try PaymentsScreenTests.ledger(30), .french, glyphs: .unicode)
        _ = model.press(.down)
        let receipt = try #require((model.top as? PaymentsScreen)?.receipt(context: model.context))
        let text = receipt.text(context: model.context)
        #expect(text.hasPrefix("Reçu\n"))
        #expect(text.contains("Heure        15/06/2026 12:28 UTC\n"))
        #expect(text.contains("Réseau       Visa · choisi par vous\n"))
        #expect(text.contains("Total        10,28\u{A0}€\n"))
        #expect(model.press(.character("c")) == [.export(text, .clipboard)])
        // English keeps the receipt it kept before: ISO time, English labels.
        let english = receipt.text(context: Self.payments(try PaymentsScreenTests.ledger(30), .english, glyphs: .unicode).context)
        #expect(english.hasPrefix("Receipt\n") && english.contains("Time        2026-06-15T12:28:00Z\n"))
    }

    @Test func arabicTimesUseTheLocalesPattern() {
        let arabic = ScreenContext.localizer(for: .arabic, ascii: false).localizer
        // CLDR 47 ar-AE (cldr-dates-full/main/ar-AE/ca-gregorian.json): d/M/y with an RLM after d and M, h:mm a, "{1}، {0}",
        // Latin digits by default; the sentence isolates its argument.
        #expect(Receipt.time(1_781_524_800, arabic) == "\u{2068}15\u{200F}/6\u{200F}/2026، 12:00 م\u{2069} UTC")
        #expect(Receipt.time(1_781_524_800, Bundled.english) == "2026-06-15T12:00:00Z")
    }
}
