import CheckoutCore
import CheckoutEngine
import CheckoutTestSupport
import Testing
@testable import CheckoutTUI

/// Every screen's text at 80x24, 60x20 and 120x40 (`RECORD_SNAPSHOTS=1` re-records).
@MainActor @Suite struct SnapshotTests {
    static let sizes = [(80, 24), (60, 20), (120, 40)]

    func check(_ model: AppModel, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for (width, height) in Self.sizes {
            assertSnapshot(model.render(width: width, height: height).text, named: "\(name)-\(width)x\(height)",
                           sourceLocation: sourceLocation)
        }
    }

    /// A co-badged card typed in full, Cartes Bancaires chosen, focus on the chooser.
    func filledForm() -> AppModel {
        var model = Fixtures.model()
        model.type("4000002500001001")
        _ = model.receive(.willFetchMetadata(CardNumberEntryState(cardNumber: "4000002500001001")))
        _ = model.receive(Fixtures.coBadgedMetadata())
        _ = model.press(.tab)
        _ = model.press(.right)
        return model
    }

    @Test func home() { check(Fixtures.model(.home), "home") }

    @Test func emptyCardForm() { check(Fixtures.model(), "card-form-empty") }

    @Test func coBadgedCardForm() { check(filledForm(), "card-form-cobadged") }

    @Test func cardFormWithErrors() {
        var model = Fixtures.model()
        model.type("4242")
        _ = model.press(.tab)
        model.type("13")
        let errors = [
            ValidationError(errorId: "invalid-card-number", inputElementType: .cardNumber, description: "Card number is incomplete"),
            ValidationError(errorId: "invalid-expiry-date", inputElementType: .expiryDate, description: "Month must be 01 to 12"),
        ]
        _ = model.receive(.dataIsValid(isValid: false, errors: errors))
        _ = model.press(.tab)
        check(model, "card-form-errors")
    }

    @Test func result() {
        var model = filledForm()
        for _ in 0..<4 { _ = model.press(.tab) }
        #expect(model.press(.enter).last == .submit)
        _ = model.receive(.checkoutCompleted(Fixtures.payment()))
        #expect(model.top is ResultScreen)
        check(model, "result-authorized")
    }

    @Test func refusedResult() {
        var model = Fixtures.model()
        for _ in 0..<4 { _ = model.press(.tab) }
        _ = model.press(.enter)
        _ = model.receive(.checkoutFailed(CheckoutError(errorId: "unsupported-card-type", description: "American Express is not accepted here")))
        check(model, "result-refused")
    }

    @Test func help() {
        var model = filledForm()
        _ = model.press(.function(1))
        check(model, "help")
    }

    @Test func eventLog() {
        var model = filledForm()
        _ = model.press(.function(2))
        check(model, "event-log")
    }

    @Test func settings() { check(Fixtures.model(.settings), "settings") }

    @Test func tooSmall() {
        assertSnapshot(Fixtures.model().render(width: 40, height: 12).text, named: "too-small-40x12")
    }
}
