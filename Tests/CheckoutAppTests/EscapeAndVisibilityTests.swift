import CheckoutCore
import CheckoutEngine
import Testing
@testable import CheckoutApp

/// The rules the app model applies on every screen: keys act only on what is visible, and Esc is
/// one step back, asking before it throws away what was typed.
@MainActor @Suite struct EscapeAndVisibilityTests {
    func form(_ model: AppModel) -> CardFormScreen { model.top as! CardFormScreen }

    /// A filled card form with the focus on Pay.
    func readyToPay() -> AppModel {
        var model = Fixtures.model()
        model.type("4242424242424242")
        model.fillTheRestOfTheCard()
        return model
    }

    @Test func enterOnPayWhileTooSmallPaysNothing() {
        var model = readyToPay()
        #expect(form(model).focus == .pay)
        model.resize(width: 49, height: 24)
        #expect(model.render().text.contains("Terminal too small"))
        #expect(model.press(.enter).isEmpty, "no submit while the form is hidden")
        #expect(!form(model).paying)
        model.resize(width: 80, height: 16)
        #expect(model.press(.enter).isEmpty)
        model.resize(width: 50, height: 17)
        #expect(model.press(.enter).last == .submit(expectedTotal: 4999), "at the minimum size Pay is visible and pays")
    }

    @Test func theHomeMenuTakesNoKeysWhileTooSmall() {
        var model = Fixtures.model(.home)
        model.resize(width: 20, height: 5)
        for key: Key in [.enter, .character("4"), .down, .escape, .character("q"), .function(1), .function(2), .tab] {
            #expect(model.press(key).isEmpty)
        }
        #expect(model.paste("4242").isEmpty)
        #expect(model.stack.count == 1)
        #expect(model.top is HomeMenuScreen)
        #expect((model.top as! HomeMenuScreen).selection == 0)
        model.resize(width: 80, height: 24)
        #expect(model.press(.enter) == [.setRawData(CardData())], "keys act again once the screen shows")
        #expect(model.top is CardFormScreen)
    }

    @Test func typingAndPastingWhileTooSmallChangeNothing() {
        var model = Fixtures.model()
        model.type("42")
        model.resize(width: 1, height: 1)
        #expect(model.type("4242").isEmpty)
        #expect(model.paste("4242 4242").isEmpty)
        #expect(form(model).digits == "42")
        #expect(model.render().text == "…", "a 1x1 terminal shows what it can")
    }

    @Test func escOnAFilledFormAsksBeforeDiscarding() {
        var model = Fixtures.model(.home)
        _ = model.press(.enter)
        model.type("4242")
        #expect(model.press(.escape).isEmpty)
        #expect(model.confirmation?.question == "Discard this card?")
        #expect(model.screen.contains("Discard this card?"))
        #expect(model.screen.contains("y yes · n no"))
        // Keys other than the answers wait; the form underneath does not take them.
        _ = model.press(.character("4"))
        _ = model.paste("1234")
        #expect(form(model).digits == "4242")
        _ = model.press(.character("n"))
        #expect(model.confirmation == nil)
        #expect(form(model).digits == "4242", "no keeps the card")
        _ = model.press(.escape)
        _ = model.press(.escape)
        #expect(model.top is CardFormScreen, "esc answers no")
        _ = model.press(.escape)
        _ = model.press(.character("y"))
        #expect(model.top is HomeMenuScreen, "yes goes back where the form came from")
    }

    @Test func escOnAnEmptyFormLeavesWithoutAsking() {
        var fromHome = Fixtures.model(.home)
        _ = fromHome.press(.enter)
        _ = fromHome.press(.escape)
        #expect(fromHome.top is HomeMenuScreen)
        var direct = Fixtures.model(.pay)
        #expect(direct.press(.escape) == [.quit(0)], "at the top level esc quits")
        var filled = Fixtures.model(.pay)
        filled.type("4")
        #expect(filled.press(.escape).isEmpty)
        #expect(filled.press(.character("y")) == [.quit(0)], "asking only if something was entered")
    }

    @Test func escWhilePayingWaitsForTheResult() {
        var model = readyToPay()
        _ = model.press(.enter)
        #expect(model.press(.escape).isEmpty)
        #expect(model.confirmation == nil)
        #expect(model.top is CardFormScreen)
        #expect(!model.screen.contains("esc "), "the footer offers no esc while paying")
        _ = model.receive(.checkoutCompleted(Fixtures.payment(network: .visa)))
        #expect(model.top is ResultScreen)
    }

    @Test func theFooterAndHelpSayWhatEscDoes() {
        var model = Fixtures.model(.home)
        #expect(model.render().lines.last?.contains("esc quit") == true)
        _ = model.press(.enter)
        #expect(model.render().lines.last?.contains("esc back") == true)
        _ = model.press(.function(1))
        let help = model.render(width: 120, height: 40).lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(help.contains(AppModel.escapeRule()))
    }
}
