import Testing
@testable import CheckoutApp

/// The Nol fields edit like the card form's, and take no more than they hold.
extension NolScreenTests {
    @Test func nolFieldsEditAtTheCaret() {
        var model = model(.nolCards)
        model.type("0501234567")
        _ = model.press(.home)
        _ = model.press(.delete)
        model.type("9")
        let screen = model.top as! NolFlowScreen
        #expect(screen.values[.phone]?.text == "9501234567")
        #expect(screen.values[.phone]?.caret == 1)
        let canvas = model.render(width: 80, height: 24)
        let cursor = canvas.cursor!
        #expect(canvas.lines[cursor.row].contains("9501234567"))
    }

    @Test func aPastedLineBreakNeverSubmitsAndALongPasteIsClipped() {
        var model = model(.nolPay)
        _ = model.paste("05012\n34567\r\u{1b}[31m" + String(repeating: "8", count: 100_000))
        let screen = model.top as! NolFlowScreen
        #expect(screen.values[.phone]?.text == "0501234567" + String(repeating: "8", count: 10))
        #expect(!screen.busy)
        #expect(screen.stage == .cardAndPhone)
        #expect(!model.screen.contains("[31m"))
    }
}
