import CheckoutCore
import CheckoutEngine
import CheckoutTestSupport
import Testing
@testable import CheckoutApp

/// Every card screen at 80x24 with the ASCII glyphs a non-UTF-8 locale gets: the same meaning
/// (radio marks, check boxes, the focus bar, currency codes, borders) in plain ASCII, and no other
/// character at all. The Nol Pay screens' are in `NolScreenTests`.
@MainActor @Suite struct ASCIISnapshotTests {
    /// Snapshots `model` at 80x24 as `ascii-<name>-80x24` and checks that every character is ASCII.
    static func check(_ model: AppModel, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = model.render(width: 80, height: 24).text
        assertSnapshot(text, named: "ascii-\(name)-80x24", sourceLocation: sourceLocation)
        let foreign = text.unicodeScalars.filter { !$0.isASCII }
        #expect(foreign.isEmpty, "\(name): not ASCII: \(String(String.UnicodeScalarView(foreign)))", sourceLocation: sourceLocation)
    }

    func model(_ route: Route = .pay) -> AppModel { Fixtures.model(route, glyphs: .ascii) }

    func coBadged() -> AppModel {
        var model = model()
        model.type("4000002500001001")
        _ = model.receive(.willFetchMetadata(CardNumberEntryState(cardNumber: "4000002500001001")))
        _ = model.receive(Fixtures.coBadgedMetadata())
        _ = model.press(.tab)
        return model
    }

    @Test func home() { Self.check(model(.home), "home") }

    @Test func emptyCardForm() { Self.check(model(), "card-form-empty") }

    @Test func coBadgedCardFormWithARadioChosen() {
        var model = coBadged()
        _ = model.press(.right)
        Self.check(model, "card-form-cobadged")
    }

    @Test func cardFormWithErrorsAndASpinner() {
        var model = model()
        model.type("4242")
        _ = model.press(.tab)
        model.type("13")
        _ = model.receive(.dataIsValid(isValid: false, errors: [
            ValidationError(errorId: "invalid-card-number", inputElementType: .cardNumber, description: "Card number is incomplete"),
            ValidationError(errorId: "invalid-expiry-date", inputElementType: .expiryDate, description: "Month must be 01 to 12"),
        ]))
        _ = model.press(.tab)
        model.type("x")
        _ = model.receive(.willFetchMetadata(CardNumberEntryState(cardNumber: "4242")))
        Self.check(model, "card-form-errors")
    }

    @Test func aCoBadgedAnswerBehindTheCursor() {
        var model = model()
        model.type("4000002500001001")
        for _ in 0..<3 { _ = model.press(.tab) }
        _ = model.receive(Fixtures.coBadgedMetadata())
        Self.check(model, "card-form-cobadge-notice")
    }

    @Test func paying() {
        var model = coBadged()
        for _ in 0..<4 { _ = model.press(.tab) }
        _ = model.press(.enter)
        Self.check(model, "card-form-paying")
    }

    @Test func results() {
        var authorized = coBadged()
        for _ in 0..<4 { _ = authorized.press(.tab) }
        _ = authorized.press(.enter)
        _ = authorized.receive(.checkoutCompleted(Fixtures.payment(network: .visa)))
        Self.check(authorized, "result-authorized")
        var declined = coBadged()
        for _ in 0..<4 { _ = declined.press(.tab) }
        _ = declined.press(.enter)
        _ = declined.receive(.checkoutCompleted(Fixtures.payment(status: .declined)))
        Self.check(declined, "result-declined")
        var failed = model()
        for _ in 0..<4 { _ = failed.press(.tab) }
        _ = failed.press(.enter)
        _ = failed.receive(.checkoutFailed(CheckoutError(errorId: "payment-failed", description: "The processor is unavailable.")))
        Self.check(failed, "result-failed")
    }

    @Test func helpAndEventLog() {
        var help = coBadged()
        _ = help.press(.function(1))
        Self.check(help, "help")
        var log = coBadged()
        _ = log.press(.function(2))
        Self.check(log, "event-log")
    }

    @Test func settings() {
        var model = model(.settings)
        Self.check(model, "settings")
        _ = model.press(.right)
        _ = model.press(.right)
        _ = model.press(.down)
        model.type("http://bins.example/v1")
        while (model.top as! SettingsScreen).current != .network(.visa) { _ = model.press(.down) }
        _ = model.press(.space)
        Self.check(model, "settings-changed")
    }

    @Test func theDiscardQuestion() {
        var model = model()
        model.type("4242")
        _ = model.press(.escape)
        Self.check(model, "discard-question")
    }

    @Test func aScreenThatIsNotThere() {
        // The Nol Pay routes when their backend could not be opened.
        Self.check(model(.nolLink), "coming-soon")
    }

    @Test func tooSmall() {
        let text = model().render(width: 40, height: 12).text
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(text.contains("Terminal too small"))
    }
}
