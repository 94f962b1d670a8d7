import CheckoutCore
import CheckoutEngine
import CheckoutTestSupport
import Testing
@testable import CheckoutApp

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

    @Test func longErrorsWrapAt60Columns() {
        var model = Fixtures.model()
        model.type("4242")
        _ = model.press(.tab)
        model.type("1")
        let errors = [
            ValidationError(errorId: "invalid-card-number", inputElementType: .cardNumber,
                            description: "Card number is incomplete: keep typing the digits on the card."),
            ValidationError(errorId: "invalid-expiry-date", inputElementType: .expiryDate,
                            description: "Card expiry date is not valid. Valid expiry date formats are MM/YY or MM/YYYY."),
        ]
        _ = model.receive(.dataIsValid(isValid: false, errors: errors))
        _ = model.press(.tab)
        let lines = model.render(width: 60, height: 20).lines
        func block(startingWith marker: String) -> String {
            guard let first = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(marker) }) else { return "" }
            return lines[first...].prefix { $0.hasPrefix("      ") || $0 == lines[first] }
                .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        }
        #expect(block(startingWith: "✗ Card number") == "✗ " + errors[0].description)
        #expect(block(startingWith: "✗ Card expiry") == "✗ " + errors[1].description)
        #expect(!lines.contains { $0.contains("…") && !$0.contains("enter next") }, "nothing is cut: \(lines)")
        let text = lines.joined(separator: "\n")
        for later in ["Cardholder name", "[ Pay €49.99 ]", "We accept:", "Networks from local rules"] {
            #expect(text.contains(later), "\(later) is still shown below the errors")
        }
        #expect(Fixtures.endsWithGlobalKeys(lines.last ?? ""))
    }

    @Test func result() {
        var model = filledForm()
        for _ in 0..<4 { _ = model.press(.tab) }
        #expect(model.press(.enter).last == .submit(expectedTotal: 4999))
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
