import CheckoutCore
import CheckoutEngine
import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutApp

/// Card entry that is right and forgiving (issue 21): typed and pasted give the same card, every
/// expiry spelling goes in, fields move on when complete and back on Backspace, and Pay never
/// takes a network or a price the person did not see.
@MainActor @Suite struct CardEntryFlowTests {
    func form(_ model: AppModel) -> CardFormScreen { model.top as! CardFormScreen }

    /// The card vectors (`vectors/cards.tsv`, as the core tests keep them): the input of every row.
    nonisolated static let vectorNumbers: [String] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CheckoutCoreTests/Fixtures/cards.tsv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[0]) }
            .filter { !$0.isEmpty }
    }()

    nonisolated static let binTable = try! Bundled.binTable()

    /// What the engine says once the embedded table has answered for the first 8 digits on the form.
    func answer(_ model: inout AppModel) {
        guard let digits = (model.top as? CardFormScreen)?.digits, digits.count >= 8 else { return }
        let metadata = model.context.resolver.metadata(forDigits: digits, answer: Self.binTable.lookup(digits))
        _ = model.receive(.didReceiveMetadata(metadata, CardNumberEntryState(cardNumber: digits)))
    }

    /// The digits, the network and the number's error the form ends with.
    func outcome(_ model: AppModel) -> (String, CardNetwork?, ValidationError?) {
        let form = form(model)
        return (form.digits, form.network(context: model.context),
                model.context.validator.validateCardNumber(form.digits, metadata: form.metadata(context: model.context)))
    }

    @Test("typed = pasted for every vector of cards.tsv: the digits, the network and the error", arguments: vectorNumbers)
    func typedIsPasted(_ number: String) {
        // Without a BIN answer: local rules only.
        var typed = Fixtures.model(), pasted = Fixtures.model()
        typed.type(number)
        _ = pasted.paste(number)
        #expect(outcome(typed) == outcome(pasted), "\(number) without a BIN answer")
        #expect(form(typed).notice == form(pasted).notice)
        // With the embedded table's answer for the first 8 digits known before the rest comes,
        // typed or pasted (the number's length, when the table gives one, caps it then).
        var typedAnswered = Fixtures.model(), pastedAnswered = Fixtures.model()
        typedAnswered.type(String(number.prefix(8)))
        answer(&typedAnswered)
        typedAnswered.type(String(number.dropFirst(8)))
        _ = pastedAnswered.paste(String(number.prefix(8)))
        answer(&pastedAnswered)
        _ = pastedAnswered.paste(String(number.dropFirst(8)))
        #expect(outcome(typedAnswered) == outcome(pastedAnswered), "\(number) with the BIN answer")
    }

    @Test func aDigitPastTheLongestLengthIsRefusedWithAWordNeverDropped() {
        // UATP (the only network of `1…`) issues 15 digits: the 16th is refused, typed or pasted, and said.
        for paste in [false, true] {
            var model = Fixtures.model()
            if paste { _ = model.paste("1234567812345678") } else { model.type("1234567812345678") }
            #expect(form(model).digits == "123456781234567")
            #expect(form(model).notice == "UATP numbers have 15 digits at most: 16th digit not taken")
            #expect(model.screen.contains("UATP numbers have 15 digits at most"))
        }
        // A Visa the BIN data does not make longer is complete at its usual 16 (issue 29): typed on,
        // the digits are the expiry's; a 16-digit Visa that fails the check takes no 17th.
        var visa = Fixtures.model()
        visa.type("42424242424242421")
        #expect(form(visa).digits.count == 16)
        #expect(form(visa).expiryText == "1")
        var mistyped = Fixtures.model()
        mistyped.type("42424242424242411")
        #expect(form(mistyped).digits == "4242424242424241")
        #expect(form(mistyped).notice == "Visa numbers have 16 digits: check them (17th digit not taken)")
        // A number no network claims keeps every digit typed up to 19.
        var unknown = Fixtures.model()
        unknown.type("0000000000000000")
        #expect(form(unknown).digits == "0000000000000000")
    }

    @Test("every expiry spelling goes in typed and pasted alike, as the engine receives it", arguments: ExpirySpellings.accepted)
    func expirySpelling(_ spelling: ExpirySpellings.Accepted) {
        for paste in [false, true] {
            var model = Fixtures.model()
            _ = model.press(.tab)
            let commands = paste ? model.paste(spelling.text) : model.type(spelling.text)
            #expect(form(model).expiryText == spelling.canonical, "\(spelling) \(paste ? "pasted" : "typed")")
            #expect(commands.last == .setRawData(CardData(expiryDate: spelling.canonical)))
            #expect(form(model).focus == .cvv, "a complete, valid expiry moves on: \(spelling)")
        }
    }

    @Test func theTerminalUIKeeps12Slash2030WholeAndValid() {
        var model = Fixtures.model()
        _ = model.press(.tab)
        model.type("12/2030")
        #expect(form(model).expiryText == "12/2030", "not cut to 12/20")
        #expect(form(model).cardData(context: model.context).expiryDate == "12/2030")
        #expect(form(model).focus == .cvv, "complete and valid")
        var pasted = Fixtures.model()
        _ = pasted.press(.tab)
        _ = pasted.paste("12/2030")
        #expect(form(pasted).expiryText == "12/2030")
    }

    // MARK: Moving on by itself

    @Test func theNumberMovesOnOnceCompleteValidAndAnswered() {
        // Mastercard issues 16 digits only: complete at 16, once the BIN answer is in.
        var model = Fixtures.model()
        model.type("5555555555554444")
        #expect(form(model).focus == .number, "the BIN answer may still offer a choice")
        answer(&model)
        #expect(form(model).focus == .expiry)
        // A Visa is complete at 16, its usual length, unless the BIN data says it is longer.
        var visa = Fixtures.model()
        visa.type("4242424242424242")
        answer(&visa)
        #expect(form(visa).focus == .expiry)
        var unknownVisa = Fixtures.model()
        unknownVisa.type("4111111111111111")
        answer(&unknownVisa)
        #expect(form(unknownVisa).focus == .expiry, "no BIN data: complete at Visa's usual 16 (issue 29)")
        // A co-badged card waits for the cardholder's choice.
        var coBadged = Fixtures.model()
        coBadged.type("4000002500001001")
        answer(&coBadged)
        #expect(form(coBadged).focus == .number)
        #expect(form(coBadged).selectableNetworks(context: coBadged.context) != nil)
        // An invalid number stays.
        var mistyped = Fixtures.model()
        mistyped.type("5555555555554445")
        answer(&mistyped)
        #expect(form(mistyped).focus == .number)
    }

    @Test func theSecurityCodeMovesOnAtItsNetworksLengthAndBackspaceGoesBack() {
        var model = Fixtures.model(settings: CheckoutSettings(amount: 4999, currency: "EUR"))
        model.type("378282246310005")
        answer(&model)
        #expect(form(model).focus == .expiry)
        model.type("1230")
        #expect(form(model).focus == .cvv)
        model.type("123")
        #expect(form(model).focus == .cvv, "American Express codes have 4 digits")
        model.type("4")
        #expect(form(model).focus == .name)
        // Backspace in an empty field goes back to the one before, its text untouched.
        _ = model.press(.backspace)
        #expect(form(model).focus == .cvv)
        #expect(form(model).cvv == "1234")
        _ = model.press(.backspace)
        #expect(form(model).cvv == "123", "in a field with text it erases")
        _ = model.press(.ctrl(.character("u")))
        _ = model.press(.backspace)
        #expect(form(model).focus == .expiry)
        // An expired date does not move on.
        var expired = Fixtures.model()
        _ = expired.press(.tab)
        expired.type("1025")
        #expect(form(expired).focus == .expiry)
    }

    @Test func theNameKeepsEveryCharacterUpToTheLimitAndSaysSoAtTheLimit() {
        var model = Fixtures.model()
        model.focus(.name)
        let name = String(repeating: "Ab", count: 22) + "C"
        model.type(name)
        #expect(form(model).cardholderName == name, "45 characters, all kept")
        #expect(form(model).notice == nil)
        model.type("D")
        #expect(form(model).cardholderName == name)
        #expect(model.screen.contains("Names have 45 characters at most"))
    }

    // MARK: Pay held while the networks are not known

    /// A form with 4242 4242 4242 4242 and the rest filled, on Pay, its BIN lookup still out.
    func heldPay(settings: CheckoutSettings = Fixtures.settings, clock: TestTime) -> AppModel {
        var model = AppModel(route: .pay, catalogue: Fixtures.catalogue, settings: settings, clock: clock.clock,
                             wallClock: { Fixtures.today })
        _ = model.takeCommands()
        model.type("4242424242424242")
        for (field, text) in [(CardFormScreen.Field.expiry, "1230"), (.cvv, "123"), (.name, "Jane Doe")] {
            model.focus(field)
            model.type(text)
        }
        model.focus(.pay)
        return model
    }

    @Test func payHeldDuringALookupIsReleasedByTheAnswer() {
        let time = TestTime()
        var model = heldPay(clock: time)
        let commands = model.press(.enter)
        #expect(!commands.contains { $0.isSubmit }, "the engine is not asked to pay yet")
        #expect(form(model).hold?.reasons == [.networksUnknown(bin: "42424242")])
        #expect(model.top?.isAnimating == true, "the spinner turns")
        #expect(model.screen.contains("Pay waits for the BIN service's answer about this card"))
        #expect(model.screen.contains("esc stop waiting"))
        time.advance(500)
        #expect(model.tick().isEmpty)
        answer(&model)
        #expect(form(model).paying, "the answer released it: Visa, the price shown")
        #expect(form(model).hold == nil)
    }

    @Test func payHeldIsAskedAboutAtTheLookupTimeoutAndPaysOnlyOnYes() {
        let time = TestTime()
        var model = heldPay(clock: time)
        _ = model.press(.enter)
        time.advance(3199)
        _ = model.tick()
        #expect(model.yesNoQuestion == nil, "up to the debounce and the lookup timeout, Pay waits")
        time.advance(1)
        _ = model.tick()
        #expect(model.yesNoQuestion?.text == "Networks not known yet: pay €49.99 with Visa?")
        #expect(model.screen.contains("Networks not known yet: pay €49.99 with Visa?"))
        #expect(model.press(.character("x")).isEmpty, "other keys wait for an answer")
        #expect(model.press(.character("n")).isEmpty)
        #expect(!form(model).paying && form(model).hold == nil)
        #expect(model.screen.contains("Not paid"))
        // Again, and yes this time.
        _ = model.press(.enter)
        time.advance(3200)
        _ = model.tick()
        #expect(model.press(.character("y")).last == .submit(expectedTotal: 4999))
        #expect(form(model).paying)
    }

    @Test func escStopsAHeldPayAndAnEditToo() {
        let time = TestTime()
        var model = heldPay(clock: time)
        _ = model.press(.enter)
        #expect(model.press(.escape).isEmpty)
        #expect(form(model).hold == nil && !form(model).paying)
        #expect(model.confirmation == nil, "Esc stops the wait, it does not leave the form")
        _ = model.press(.enter)
        _ = model.press(.backTab)
        #expect(form(model).hold == nil, "moving away from Pay stops it")
        answer(&model)
        #expect(!form(model).paying, "an answer after the hold stopped pays nothing")
    }

    @Test func aCoBadgedAnswerStopsTheHoldForTheCardholdersChoice() {
        let time = TestTime()
        var session = ClientSession(orderedAllowedCardNetworks: [.visa, .cartesBancaires, .mastercard], amount: 4999)
        session.surcharges = [.visa: 30]
        var model = AppModel(route: .pay, catalogue: Fixtures.catalogue, settings: CheckoutSettings(session: session), clock: time.clock,
                             wallClock: { Fixtures.today })
        _ = model.takeCommands()
        model.type("4000002500001001")
        model.focus(.pay)
        // Local rules guess Visa; its surcharge is only said to apply once the network is known (issue 22).
        #expect(model.screen.contains("[ Pay €49.99 ]") && model.screen.contains("A surcharge may apply: Visa +€0.30"), "local rules: Visa")
        _ = model.press(.enter)
        answer(&model)
        #expect(!form(model).paying, "the choice is the cardholder's: nothing paid")
        #expect(form(model).focus == .network)
        #expect(model.screen.contains("Co-badged card: choose the network to pay with, then"))
    }

    @Test func anAnswerThatChangesThePriceStopsTheHold() {
        let time = TestTime()
        var session = ClientSession(orderedAllowedCardNetworks: [.visa, .cartesBancaires], amount: 4999)
        session.surcharges = [.cartesBancaires: 25]
        var model = AppModel(route: .pay, catalogue: Fixtures.catalogue, settings: CheckoutSettings(session: session), clock: time.clock,
                             wallClock: { Fixtures.today })
        _ = model.takeCommands()
        model.type("4242424242424242")
        model.focus(.pay)
        #expect(model.screen.contains("[ Pay €49.99 ]"), "local rules: Visa, no surcharge")
        _ = model.press(.enter)
        // A BIN service that says Cartes Bancaires only, which costs more here.
        let cb = model.context.resolver.detected(.cartesBancaires)
        let answer = CardNumberEntryMetadata(source: .remote, detectedCardNetworks: CardNetworksMetadata(items: [cb], preferred: cb),
                                             selectableCardNetworks: nil)
        _ = model.receive(.didReceiveMetadata(answer, CardNumberEntryState(cardNumber: "4242424242424242")))
        #expect(!form(model).paying, "€50.24 was never shown: nothing paid")
        #expect(model.screen.contains("The total is now €50.24: press Pay to pay it."))
        #expect(model.screen.contains("[ Pay €50.24 ]"))
    }

    @Test func theHoldIsOneListOfReasons() {
        var model = Fixtures.model()
        #expect(form(model).holdReasons(context: model.context).isEmpty, "nothing typed: nothing to wait for")
        model.type("4242")
        #expect(form(model).holdReasons(context: model.context).isEmpty, "under 8 digits no BIN is asked")
        model.type("4242")
        #expect(form(model).holdReasons(context: model.context) == [.networksUnknown(bin: "42424242")])
        answer(&model)
        #expect(form(model).holdReasons(context: model.context).isEmpty)
    }

    // MARK: Keys that survive real terminals

    @Test func everyFunctionKeyHasAPlainAlternativeInTheFooterAndTheHelp() {
        var model = Fixtures.model(.home)
        #expect(model.screen.contains("F1/? help") && model.screen.contains("F2/alt+e events"))
        _ = model.press(.character("?"))
        #expect(model.top is HelpScreen)
        #expect(model.screen.contains("F1/?") && model.screen.contains("alt+e"))
        _ = model.press(.character("?"))
        #expect(model.top is HomeMenuScreen, "? closes it again")
        _ = model.press(.alt(.character("e")))
        #expect(model.top is EventLogScreen)
        _ = model.press(.alt(.character("e")))
        #expect(model.top is HomeMenuScreen)
        // In a text field `?` is typed, not taken for help.
        var settings = Fixtures.model(.settings)
        while (settings.top as! SettingsScreen).current != .latency { _ = settings.press(.down) }
        _ = settings.press(.character("?"))
        #expect(settings.top is SettingsScreen)
        #expect(settings.screen.contains("F1 help"))
    }
}
