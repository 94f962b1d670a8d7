import CheckoutCore
import CheckoutEngine
import Testing
@testable import CheckoutApp

/// Errors blame only what the person did; a decline keeps the card; the co-badge choice is
/// announced and reported.
@MainActor @Suite struct CardFormFairnessTests {
    func form(_ model: AppModel) -> CardFormScreen { model.top as! CardFormScreen }

    static let blankErrors = [
        ValidationError(errorId: "invalid-card-number", inputElementType: .cardNumber, description: "Card number can not be blank."),
        ValidationError(errorId: "invalid-expiry-date", inputElementType: .expiryDate, description: "Expiry date cannot be blank."),
        ValidationError(errorId: "invalid-cvv", inputElementType: .cvv, description: "CVV cannot be blank."),
        ValidationError(errorId: "invalid-cardholder-name", inputElementType: .cardholderName, description: "Cardholder name cannot be blank."),
    ]

    @Test func tabbingThroughAnEmptyFormBlamesNoField() {
        var model = Fixtures.model()
        _ = model.receive(.dataIsValid(isValid: false, errors: Self.blankErrors))
        for _ in 0..<4 { _ = model.press(.tab) }
        _ = model.press(.backTab)
        #expect(!model.screen.contains("blank"), "\(model.screen)")
        #expect(!model.screen.contains("*"))
        // Pay shows them all.
        for _ in 0..<2 { _ = model.press(.tab) }
        #expect(model.press(.enter).last == .submit(expectedTotal: 4999))
        _ = model.receive(.checkoutFailed(CheckoutError(errorId: "invalid-card-number", description: "The card data is not valid.")))
        let text = model.render(width: 120, height: 40).text
        for error in Self.blankErrors { #expect(text.contains(error.shownDescription), "\(error.shownDescription) after Pay") }
    }

    @Test func aFormatErrorShowsOnLeavingANonEmptyField() {
        var model = Fixtures.model()
        _ = model.press(.tab)
        model.type("13")
        let expiry = ValidationError(errorId: "invalid-expiry-date", inputElementType: .expiryDate, description: "Expiry month must be between 01 and 12.")
        _ = model.receive(.dataIsValid(isValid: false, errors: [Self.blankErrors[0], expiry, Self.blankErrors[2]]))
        #expect(!model.screen.contains("Expiry month"), "not while typing")
        _ = model.press(.tab)
        #expect(model.screen.contains("✗ Expiry month must be between 01 and 12."))
        #expect(!model.screen.contains("blank"), "the number left empty is not blamed")
        _ = model.press(.tab)
        #expect(!model.screen.contains("CVV cannot be blank"), "nor the CVV tabbed through")
    }

    /// Pays a filled form and returns it with the result `outcome` on screen.
    func result(_ outcome: CheckoutEvent, choose: Bool = false) -> AppModel {
        var model = Fixtures.model(.home)
        _ = model.press(.enter)
        model.type("4000002500001001")
        _ = model.receive(Fixtures.coBadgedMetadata())
        _ = model.press(.tab)
        if choose { _ = model.press(.right) }
        model.fillTheRestOfTheCard()
        _ = model.press(.enter)
        _ = model.receive(outcome)
        return model
    }

    @Test func tryAgainKeepsTheCardAndAsksForTheSecurityCode() {
        var model = result(.checkoutCompleted(Fixtures.payment(network: .visa, status: .declined)))
        let screen = model.screen
        #expect(screen.contains("✗ Payment declined"))
        #expect(screen.contains("Reason        Insufficient funds"))
        #expect(screen.contains("[ Try again ]") && screen.contains("[ Use another card ]"))
        let commands = model.press(.enter)
        let again = form(model)
        #expect(again.digits == "4000002500001001")
        #expect(again.expiryText == "12/30")
        #expect(again.cardholderName == "Jane Doe")
        #expect(again.cvv.isEmpty)
        #expect(again.focus == .cvv)
        #expect(again.choice == .visa)
        #expect(commands == [.setRawData(CardData(cardNumber: "4000002500001001", expiryDate: "12/30", cardholderName: "Jane Doe"))],
                "the preselected network was not the cardholder's choice, so none is sent")
        #expect(!model.screen.contains("blank"), "no error for the code not typed yet")
    }

    @Test func useAnotherCardKeepsTheExpiryAndName() {
        var model = result(.checkoutFailed(CheckoutError(errorId: "payment-failed", description: "The processor is unavailable.")))
        #expect(model.screen.contains("✗ Payment failed"))
        #expect(model.screen.contains("Reason        The processor is unavailable."))
        _ = model.press(.right)
        #expect(model.screen.contains("enter use another card"))
        _ = model.press(.enter)
        let other = form(model)
        #expect(other.digits.isEmpty && other.cvv.isEmpty)
        #expect(other.expiryText == "12/30" && other.cardholderName == "Jane Doe")
        #expect(other.focus == .number)
        #expect(!model.screen.contains("Pay with"), "the old card's chooser is gone")
    }

    @Test func escOnADeclineAsksBeforeTheCardIsLost() {
        var declined = result(.checkoutCompleted(Fixtures.payment(status: .declined)))
        #expect(declined.press(.escape).isEmpty)
        #expect(declined.confirmation?.question == "Discard this card?")
        _ = declined.press(.character("y"))
        #expect(declined.top is HomeMenuScreen)
        var authorized = result(.checkoutCompleted(Fixtures.payment()))
        _ = authorized.press(.escape)
        #expect(authorized.top is HomeMenuScreen, "a paid card has nothing to lose")
    }

    /// Issue 18 ①: an authorized payment the ledger could not take is shown authorized, with its
    /// id and the ledger's problem apart, and offers no "Try again" (that would charge twice).
    @Test func anAuthorizedPaymentNotRecordedIsShownAuthorizedWithoutTryAgain() {
        var payment = Fixtures.payment()
        payment.notRecorded = "database is locked; kept and recorded as soon as the ledger can be written"
        let model = result(.checkoutCompleted(payment))
        let screen = model.screen
        #expect(screen.contains("Payment authorized") && screen.contains("pay_0001"), "\(screen)")
        #expect(screen.contains("Ledger        authorized, but not recorded: database is locked"), "\(screen)")
        #expect(!screen.contains("Try again") && screen.contains("New payment"), "\(screen)")
    }

    @Test func theResultSaysWhetherTheCardholderChoseTheNetwork() {
        let chosen = result(.checkoutCompleted(Fixtures.payment(network: .cartesBancaires)), choose: true)
        #expect(chosen.screen.contains("Network       Cartes Bancaires · chosen by you"))
        let kept = result(.checkoutCompleted(Fixtures.payment(network: .visa)))
        #expect(kept.screen.contains("Network       Visa · preferred network, not changed by you"))
        var single = Fixtures.model()
        single.type("4242424242424242")
        single.answerLookup()
        for _ in 0..<4 { _ = single.press(.tab) }
        _ = single.press(.enter)
        _ = single.receive(.checkoutCompleted(Fixtures.payment(network: .visa)))
        #expect(single.screen.contains("Network       Visa · no choice offered"))
    }

    @Test func aChooserAppearingBehindTheCursorIsAnnounced() {
        var model = Fixtures.model()
        model.type("4000002500001001")
        _ = model.press(.tab)
        model.type("12")
        _ = model.receive(Fixtures.coBadgedMetadata())
        #expect(model.screen.contains("Co-badged card: choose the network above, ⇧Tab"))
        #expect(model.screen.contains("Pay with ◉ Visa  ○ Cartes Bancaires"))
        _ = model.press(.backTab)
        #expect(form(model).focus == .network)
        #expect(!model.screen.contains("Co-badged card:"), "seen: the notice goes")
        var stillOnNumber = Fixtures.model()
        stillOnNumber.type("4000002500001001")
        _ = stillOnNumber.receive(Fixtures.coBadgedMetadata())
        #expect(!stillOnNumber.screen.contains("Co-badged card:"), "appearing right under the cursor needs no notice")
    }

    @Test func payWaitsForTheLookupOfTheNumberAndGoesWithItsAnswer() {
        var model = Fixtures.model()
        model.type("4242424242424242")
        _ = model.receive(.willFetchMetadata(CardNumberEntryState(cardNumber: "4242424242424242")))
        for _ in 0..<4 { _ = model.press(.tab) }
        #expect(!model.press(.enter).contains { $0.isSubmit }, "Pay waits while the lookup is out")
        #expect(form(model).hold != nil)
        // The answer: Visa only, the network and the price Pay showed, so the payment goes.
        #expect(model.answerLookup().last == .submit(expectedTotal: 4999))
        #expect(form(model).paying && form(model).hold == nil)
    }
}
