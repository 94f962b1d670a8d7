import CheckoutCore
import CheckoutEngine
import Testing
@testable import CheckoutApp

/// Editing inside a field: the caret, the deletes on either side of it, and the cursor on screen.
@MainActor @Suite struct EditingTests {
    func form(_ model: AppModel) -> CardFormScreen { model.top as! CardFormScreen }

    /// The cursor's column on the 80x24 screen, and the text of its row.
    func cursor(_ model: AppModel) -> (column: Int, line: String)? {
        let canvas = model.render(width: 80, height: 24)
        return canvas.cursor.map { ($0.column, canvas.lines[$0.row]) }
    }

    @Test func editingInTheMiddleOfTheNumberKeepsItsGrouping() throws {
        var model = Fixtures.model()
        model.type("40000025")
        for _ in 0..<4 { _ = model.press(.left) }
        #expect(form(model).number.caret == 4)
        let commands = model.type("9")
        #expect(commands == [.setRawData(CardData(cardNumber: "400090025"))])
        #expect(model.screen.contains("4000 9002 5"))
        // The cursor stands before the digit after the 9, past the space the form drew.
        let (column, line) = try #require(cursor(model))
        let start = try #require(line.range(of: "4000 9002 5")).lowerBound
        #expect(column - line.distance(from: line.startIndex, to: start) == 6)
        _ = model.press(.backspace)
        #expect(form(model).digits == "40000025")
        _ = model.press(.delete)
        #expect(form(model).digits == "4000025")
        #expect(form(model).number.caret == 4)
        _ = model.press(.home)
        _ = model.press(.delete)
        #expect(form(model).digits == "000025")
        _ = model.press(.end)
        _ = model.press(.backspace)
        #expect(form(model).digits == "00002")
    }

    @Test func everyTextFieldHasACaret() {
        var model = Fixtures.model()
        _ = model.press(.tab)
        model.type("1230")
        #expect(form(model).focus == .cvv, "a complete expiry moves on")
        _ = model.press(.backTab)
        _ = model.press(.home)
        _ = model.press(.delete)
        _ = model.press(.delete)
        #expect(form(model).expiryText == "30")
        model.type("11")
        #expect(form(model).expiryText == "11/30")
        #expect(form(model).focus == .expiry, "typing in the middle does not move on")
        _ = model.press(.tab)
        model.type("13")
        _ = model.press(.left)
        model.type("2")
        #expect(form(model).cvv == "123")
        _ = model.press(.tab)
        model.type("Jne Doe")
        for _ in 0..<6 { _ = model.press(.left) }
        model.type("a")
        #expect(form(model).cardholderName == "Jane Doe")
        // Coming back to a field puts the caret at its end.
        _ = model.press(.backTab)
        #expect(form(model).securityCode.caret == 3)
    }

    @Test func theCursorFollowsTheCaretInEachField() throws {
        var model = Fixtures.model()
        model.type("4242")
        let atEnd = try #require(cursor(model)).column
        _ = model.press(.left)
        #expect(try #require(cursor(model)).column == atEnd - 1)
        _ = model.press(.tab)
        model.type("12")
        let expiryEnd = try #require(cursor(model)).column
        model.type("3")
        // "12/3": the slash is drawn between the month and the year.
        #expect(try #require(cursor(model)).column == expiryEnd + 2)
        _ = model.press(.tab)
        _ = model.press(.tab)
        _ = model.press(.tab)
        #expect(model.render(width: 80, height: 24).cursor == nil, "the Pay button has no cursor")
    }

    @Test func leftAndRightStillChooseInTheChooser() {
        var model = Fixtures.model()
        model.type("4000002500001001")
        _ = model.receive(Fixtures.coBadgedMetadata())
        _ = model.press(.tab)
        _ = model.press(.right)
        #expect(form(model).choice == .cartesBancaires)
        #expect(form(model).number.caret == 16)
    }

    @Test func theSecurityCodeFollowsTheNetwork() {
        var model = Fixtures.model()
        #expect(model.screen.contains("CVV"))
        #expect(model.screen.contains("••• (3–4 digits)"))
        model.type("3782")
        #expect(model.screen.contains("CID"))
        #expect(model.screen.contains("•••• (4 digits)"))
        var mastercard = Fixtures.model()
        mastercard.type("5555")
        #expect(mastercard.screen.contains("CVC"))
        #expect(mastercard.screen.contains("••• (3 digits)"))
    }

    @Test func switchingTheChooserRenamesTheSecurityCode() {
        var model = Fixtures.model()
        model.type("4000002500001001")
        let visa = Fixtures.network(.visa), mastercard = Fixtures.network(.mastercard)
        let pair = CardNetworksMetadata(items: [visa, mastercard], preferred: visa)
        _ = model.receive(.didReceiveMetadata(CardNumberEntryMetadata(source: .remote, detectedCardNetworks: pair, selectableCardNetworks: pair),
                                              CardNumberEntryState(cardNumber: "4000002500001001")))
        #expect(model.screen.contains("CVV"))
        _ = model.press(.tab)
        _ = model.press(.right)
        #expect(model.screen.contains("CVC"))
        #expect(!model.screen.contains("CVV"))
    }
}
