import CheckoutCore
import CheckoutEngine
import Testing
@testable import CheckoutApp

@MainActor @Suite struct CardFormTests {
    func form(_ model: AppModel) -> CardFormScreen { model.top as! CardFormScreen }

    /// The form's fields read without a key path (`editable`) are the ones written through one (`text(of:)`).
    @Test func everyFieldReadsAsItIsWritten() {
        var model = Fixtures.model()
        model.type("4000002500001001")
        var form = form(model)
        for (offset, field) in CardFormScreen.Field.allCases.enumerated() {
            guard let path = CardFormScreen.text(of: field) else {
                #expect(form.editable(field) == nil, "\(field) has no text")
                continue
            }
            form[keyPath: path] = EditableText(String(repeating: "7", count: offset + 1))
        }
        for field in CardFormScreen.Field.allCases {
            #expect(form.editable(field) == CardFormScreen.text(of: field).map { form[keyPath: $0] }, "\(field)")
        }
        #expect(form.editable(.number)?.text == "7")
        #expect(form.editable(.name) != nil)
    }

    @Test func typingGroupsTheNumberAndTellsTheEngine() {
        var model = Fixtures.model()
        let commands = model.type("4000002500001001")
        #expect(commands.count == 16)
        #expect(commands.last == .setRawData(CardData(cardNumber: "4000002500001001")))
        #expect(model.screen.contains("4000 0025 0000 1001"))
    }

    @Test func visaBadgeLightsUpFromLocalRulesAtOnce() throws {
        var model = Fixtures.model()
        model.type("4242")
        let canvas = model.render(width: 80, height: 24)
        let row = try #require(canvas.lines.firstIndex { $0.contains("4242") }, "\(canvas.text)")
        let line = canvas.lines[row]
        let match = try #require(line.range(of: "Visa"), "\(canvas.text)")
        let column = line.distance(from: line.startIndex, to: match.lowerBound)
        #expect(canvas.style(row: row, column: column) == .badge(foreground: .white, background: .blue))
        #expect(canvas.text.contains("Networks from local rules"))
    }

    @Test func tabOrderSkipsTheChooserUntilItIsShown() {
        var model = Fixtures.model()
        var order: [CardFormScreen.Field] = [form(model).focus]
        for _ in 0..<4 { _ = model.press(.tab); order.append(form(model).focus) }
        #expect(order == [.number, .expiry, .cvv, .name, .pay])
        _ = model.press(.backTab)
        _ = model.press(.up)
        #expect(form(model).focus == .cvv)
    }

    @Test func chooserAppearsOnACoBadgedAnswerWithThePreferredNetworkPreselected() {
        var model = Fixtures.model()
        model.type("4000002500001001")
        #expect(!model.screen.contains("Pay with"))
        let commands = model.receive(Fixtures.coBadgedMetadata())
        #expect(form(model).choice == .visa)
        #expect(commands == [], "a pre-selection is not a choice: cardNetwork stays nil until the cardholder picks")
        #expect(model.screen.contains("Pay with ◉ Visa  ○ Cartes Bancaires"))
        _ = model.press(.tab)
        #expect(form(model).focus == .network)
        #expect(model.screen.contains("←/→ choose"))
        let choice = model.press(.right)
        #expect(choice == [.setRawData(CardData(cardNumber: "4000002500001001", cardNetwork: .cartesBancaires))])
        #expect(model.screen.contains("○ Visa  ◉ Cartes Bancaires"))
        #expect(model.press(.left) == [.setRawData(CardData(cardNumber: "4000002500001001", cardNetwork: .visa))],
                "picking the preferred network back is a choice")
        #expect(form(model).choice == .visa)
        _ = model.press(.tab)
        #expect(form(model).focus == .expiry)
    }

    @Test func leftAndRightDoNothingOutsideTheChooser() {
        var model = Fixtures.model()
        model.type("4242")
        #expect(!model.screen.contains("←/→"))
        #expect(model.press(.left).isEmpty)
    }

    @Test func errorsShowAfterLeavingAFieldAndClearOnTheNextKeypress() {
        var model = Fixtures.model()
        model.type("4242")
        let error = ValidationError(errorId: "invalid-card-number", inputElementType: .cardNumber, description: "Card number is incomplete")
        _ = model.receive(.dataIsValid(isValid: false, errors: [error]))
        #expect(!model.screen.contains("Card number is incomplete"))
        _ = model.press(.tab)
        #expect(model.screen.contains("✗ Card number is incomplete"))
        _ = model.press(.backTab)
        #expect(model.screen.contains("✗ Card number is incomplete"))
        model.type("4")
        #expect(!model.screen.contains("Card number is incomplete"))
    }

    @Test func pasteArrivesAsOneSanitisedInput() {
        var model = Fixtures.model()
        let commands = model.paste("4000 0025-0000.1001\n")
        #expect(commands == [.setRawData(CardData(cardNumber: "4000002500001001"))])
        #expect(model.screen.contains("4000 0025 0000 1001"))
        var arabic = Fixtures.model()
        _ = arabic.paste("٤٢٤٢ ٤٢٤٢")
        #expect(form(arabic).digits == "42424242")
    }

    @Test func expiryTakesBothFormsAndTheCVVIsMasked() {
        var model = Fixtures.model()
        model.type("4242424242424242")
        _ = model.press(.tab)
        model.type("1230")
        #expect(form(model).expiryText == "12/30")
        var other = Fixtures.model()
        _ = other.press(.tab)
        other.type("12/30")
        #expect(form(other).expiryText == "12/30")
        #expect(form(model).focus == .cvv, "a complete expiry moves the focus on")
        let commands = model.paste("1234")
        #expect(form(model).cvv == "123")
        #expect(commands.count == 1)
        #expect(model.screen.contains("•••"))
        #expect(!model.screen.contains("123"))
        #expect(form(model).focus == .name, "Visa's 3 digits complete the CVV")
    }

    @Test func payShowsTheAmountAndAResultWithTheLastFourOnly() {
        var model = Fixtures.model()
        model.type("4000002500001001")
        _ = model.receive(Fixtures.coBadgedMetadata())
        #expect(model.screen.contains("[ Pay €49.99 ]"))
        for _ in 0..<5 { _ = model.press(.tab) }
        #expect(form(model).focus == .pay)
        let commands = model.press(.enter)
        #expect(commands.last == .submit(expectedTotal: 4999))
        #expect(model.screen.contains("Paying €49.99"))
        _ = model.receive(.checkoutCompleted(Fixtures.payment()))
        let screen = model.screen
        #expect(model.top is ResultScreen)
        #expect(screen.contains("Payment authorized"))
        #expect(screen.contains("Cartes Bancaires"))
        #expect(screen.contains("•••• 1001"))
        #expect(screen.contains("€49.99"))
        #expect(!screen.contains("4000002500001001") && !screen.contains("4000 0025 0000 1001"))
    }

    @Test func aRefusedCardStaysOnTheFormWithTheReason() {
        var model = Fixtures.model()
        model.type("378282246310005")
        let refusal = ValidationError(errorId: "unsupported-card-type", inputElementType: .cardNumber,
                                      description: "American Express is not accepted here")
        _ = model.receive(.dataIsValid(isValid: false, errors: [refusal]))
        #expect(model.screen.contains("American Express (not accepted)"))
        model.answerLookup()
        #expect(form(model).focus == .number, "a refused card does not move on")
        for _ in 0..<4 { _ = model.press(.tab) }
        _ = model.press(.enter)
        _ = model.receive(.checkoutFailed(CheckoutError(errorId: "unsupported-card-type", description: "American Express is not accepted here")))
        #expect(form(model).focus == .number)
        #expect(model.screen.contains("✗ American Express is not accepted here"))
    }

    @Test func aFailureWithoutFieldErrorsOpensTheResult() {
        var model = Fixtures.model()
        _ = model.press(.backTab)
        for _ in 0..<4 { _ = model.press(.tab) }
        _ = model.press(.enter)
        _ = model.receive(.checkoutFailed(CheckoutError(errorId: "payment-failed", description: "The processor is unavailable")))
        #expect(model.top is ResultScreen)
        #expect(model.screen.contains("✗ Payment failed"), "a processor failure says failed")
        #expect(model.screen.contains("Reason        The processor is unavailable"))
    }

    @Test func spinnerTurnsOnlyWhileALookupIsInFlight() {
        var model = Fixtures.model()
        model.type("40000025")
        #expect(!model.isAnimating)
        _ = model.receive(.willFetchMetadata(CardNumberEntryState(cardNumber: "40000025")))
        #expect(model.isAnimating)
        #expect(model.screen.contains("Asking the BIN service"))
        let before = model.screen
        _ = model.tick()
        #expect(model.screen != before)
        _ = model.receive(Fixtures.coBadgedMetadata(number: "40000025"))
        #expect(!model.isAnimating)
        #expect(model.screen.contains("Networks from the BIN service"))
    }

    @Test func footerHintsComeFromTheBindingTable() {
        var model = Fixtures.model()
        let footer = model.render(width: 120, height: 40).lines.last!
        let form = model.top as! CardFormScreen
        for hint in form.hints(context: model.context) where hint.showsInFooter {
            #expect(footer.contains("\(hint.keys) \(hint.help)"))
        }
        _ = model.press(.function(1))
        #expect(model.top is HelpScreen)
        #expect(model.screen.contains("shift+tab/↑"))
        #expect(model.screen.contains("previous field"))
        _ = model.press(.escape)
        #expect(model.top is CardFormScreen)
    }
}
