import CheckoutCore
import CheckoutEngine
import CheckoutPlain
import CheckoutStore
import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutApp

/// Issue 35 ①: a payment the processor was asked for and never answered (the ledger's `UNKNOWN`)
/// is not "Payment failed": the result says the outcome is unknown and that the card may have been
/// charged, "Try again" says that paying again may charge twice, and drive's `result` says UNKNOWN;
/// the Payments list and its receipt say it in the screen's language.
@MainActor @Suite struct OutcomeUnknownTests {
    /// What the engine hands on when Primer's `POST /payments` timed out (PrimerPaymentService).
    static let unknown = CheckoutError(
        errorId: "payment-failed",
        description: "The payment could not be made: creating the payment timed out after 60 s. Its outcome is not known: the card may have been charged, so look the payment up in Primer's dashboard before paying again.",
        shown: LocalizedText(.errorPrimerNotMadeUnknown, "creating the payment timed out after 60 s"), isOutcomeUnknown: true)

    static func result(_ language: Language = .english, glyphs: GlyphSet = .unicode) -> AppModel {
        var settings = Fixtures.settings
        settings.language = language
        var model = Fixtures.model(settings: settings, glyphs: glyphs)
        model.type("4242424242424242")
        _ = model.receive(CardFormTruthTests.fallback("4242424242424242", .noBinData))
        model.fillTheRestOfTheCard()
        _ = model.press(.enter)
        _ = model.receive(.checkoutFailed(unknown))
        return model
    }

    @Test func theResultSaysOutcomeUnknownNotFailed() throws {
        let model = Self.result()
        let screen = model.screen
        #expect(screen.contains("Outcome unknown — the card may have been charged"), "\(screen)")
        #expect(!screen.contains("Payment failed"))
        #expect(screen.contains("[ Try again (may charge twice) ]") && screen.contains("[ Use another card ]"))
        let result = try #require(model.top as? ResultScreen)
        #expect(result.isOutcomeUnknown)
        let shown = result.model(context: model.context)
        #expect(shown.result?.status == "UNKNOWN", "the ledger's status, never FAILED")
        #expect(shown.choices.first?.options.first?.label == "Try again (may charge twice)")
        // Plain mode says it, and its "Try again" says the first attempt may have been charged.
        let said = result.narration(context: model.context).map(\.text).joined()
        #expect(said.hasPrefix("Outcome unknown: the card may have been charged. The payment could not be made: creating the payment timed out"), "\(said)")
        let question = try #require(shown.question(context: model.context))
        guard case .choice(let choice) = question.kind else { Issue.record("not a choice: \(question.kind)"); return }
        #expect(choice.options.first?.label == "Try again (the first attempt may have been charged)")
    }

    @Test func aFailureWhoseOutcomeIsKnownStillSaysFailed() throws {
        var model = Fixtures.model()
        model.type("4242424242424242")
        _ = model.receive(CardFormTruthTests.fallback("4242424242424242", .noBinData))
        model.fillTheRestOfTheCard()
        _ = model.press(.enter)
        _ = model.receive(.checkoutFailed(CheckoutError(errorId: "payment-failed", description: "The processor is unavailable.")))
        #expect(model.screen.contains("Payment failed") && model.screen.contains("[ Try again ]"))
        #expect((model.top as? ResultScreen)?.model(context: model.context).result?.status == "FAILED")
    }

    /// At every size from 50x17 up, in Unicode and ASCII: the long "Try again" goes on its own row when both do not fit.
    @Test func snapshotsAtEverySize() {
        SizeSnapshotTests().check("sizes-result-unknown") { glyphs in Self.result(glyphs: glyphs) }
        for (language, name) in [(Language.french, "fr"), (.arabic, "ar")] {
            let model = Self.result(language)
            for (width, height) in [(50, 17), (80, 24)] {
                assertSnapshot(model.render(width: width, height: height).text, named: "lang-result-unknown-\(name)-\(width)x\(height)")
            }
        }
    }

    @Test func frenchAndArabicSayIt() {
        #expect(Self.result(.french).screen.contains("Issue inconnue — la carte a peut-être été débitée"))
        #expect(Self.result(.french).screen.contains("Réessayer (double débit possible)"))
        var arabic = Self.result(.arabic)
        arabic.textOrder = .logical
        #expect(arabic.screen.contains("النتيجة غير معروفة"), "\(arabic.screen)")
    }

    /// The Payments list: an UNKNOWN row in the language, its receipt's reason said whole, and a filter for them.
    @Test func paymentsShowTheUnknownRow() throws {
        let ledger = try Ledger(database: Database(path: ":memory:"))
        try ledger.record(LedgerEntry(
            id: "req_0001", createdAt: Date(timeIntervalSince1970: 1_781_524_800), method: "CARD", amount: 4999, surcharge: 30, currency: "EUR",
            network: "VISA", firstDigits: "40000000", last4: "6009", status: "UNKNOWN",
            declineReason: "outcome unknown: the processor was asked and no answer was recorded; it may have charged", requestId: "req_0001.0a1b2c3d"))
        var english = PaymentsScreenTests.model(ledger)
        #expect(english.screen.contains("UNKNOWN"))
        for _ in 0..<4 { _ = english.press(.right) }
        #expect(english.screen.contains("Status ◀ Outcome unknown ▶") && english.screen.contains("UNKNOWN"), "\(english.screen)")
        var settings = Fixtures.settings
        settings.language = .french
        var french = AppModel(route: .home, catalogue: Fixtures.catalogue, settings: settings,
                              registry: ScreenRegistry.standard.withPaymentsScreen(ledger: ledger), glyphs: .unicode,
                              size: TerminalSize(width: 80, height: 24), wallClock: Fixtures.wallClock)
        _ = french.takeCommands()
        while (french.top as? HomeMenuScreen).map({ HomeMenuScreen.items[$0.selection] }) != .route(.payments) { _ = french.press(.down) }
        _ = french.press(.enter)
        let payments = try #require(french.top as? PaymentsScreen)
        let receipt = try #require(payments.receipt(context: french.context)).text(context: french.context)
        #expect(receipt.contains("Inconnu"), "\(receipt)")
        #expect(receipt.contains("issue inconnue\u{A0}: le processeur a été sollicité"), "\(receipt)")
        #expect(!receipt.contains("it may have charged"), "no English left: \(receipt)")
    }
}
