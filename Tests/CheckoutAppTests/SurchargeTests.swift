import CheckoutCore
import CheckoutEngine
import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutApp

/// Surcharges where the network is chosen, and eftpos co-badged cards, on the card form and the
/// result, with the client session of `examples/session-visa-surcharge.json` (Cartes Bancaires
/// first, Visa +€0.30).
@MainActor @Suite struct SurchargeTests {
    static let session = Fixtures.surchargedSession

    static let settings = CheckoutSettings(session: session)

    func form(_ model: AppModel) -> CardFormScreen { model.top as! CardFormScreen }

    /// The engine's answer for `number`, co-badged with `networks`, as the resolver builds it from a BIN answer.
    static func answer(_ number: String, _ networks: [CardNetwork], settings: CheckoutSettings = settings) -> CheckoutEvent {
        let resolver = CardNetworkResolver(catalogue: Fixtures.catalogue, session: settings.session)
        let metadata = resolver.remoteMetadata(for: BinAnswer(firstDigits: String(number.prefix(8)), networks: networks.map { BinNetwork(network: $0) }))
        return .didReceiveMetadata(metadata, CardNumberEntryState(cardNumber: number))
    }

    /// The co-badged Visa/Cartes Bancaires card typed, the BIN answer in, the focus on the chooser.
    func coBadged() -> AppModel {
        var model = Fixtures.model(settings: Self.settings)
        model.type("4000002500001001")
        _ = model.receive(Self.answer("4000002500001001", [.visa, .cartesBancaires]))
        _ = model.press(.tab)
        return model
    }

    @Test func theSettingsKeepTheLoadedSessionWithItsSurchargesAndMerchant() {
        #expect(Self.settings.session.surcharges == [.visa: 30])
        #expect(Self.settings.session.merchantName == "Boulangerie Demo")
        #expect(Self.settings.allowedNetworks == [.cartesBancaires, .visa, .mastercard])
        // What Settings changes is applied onto the session; the surcharges stay.
        var model = Fixtures.model(.settings, settings: Self.settings)
        while (model.top as! SettingsScreen).current != .network(.mastercard) { _ = model.press(.down) }
        _ = model.press(.space)
        _ = model.press(.enter)
        #expect(model.context.session.orderedAllowedCardNetworks == [.cartesBancaires, .visa])
        #expect(model.context.session.surcharges == [.visa: 30])
        #expect(model.context.session.merchantName == "Boulangerie Demo")
        #expect(model.context.session.amount == 4999)
    }

    @Test func theChooserShowsEachNetworksSurchargeAndPayShowsTheTotal() {
        var model = coBadged()
        #expect(form(model).focus == .network)
        #expect(model.screen.contains("Pay with ◉ Cartes Bancaires  ○ Visa +€0.30"))
        #expect(model.screen.contains("[ Pay €49.99 ]"))
        #expect(!model.screen.contains("surcharge"))
        let commands = model.press(.right)
        #expect(commands == [.setRawData(CardData(cardNumber: "4000002500001001", cardNetwork: .visa))])
        #expect(model.screen.contains("Pay with ○ Cartes Bancaires  ◉ Visa +€0.30"))
        #expect(model.screen.contains("[ Pay €50.29 ]"))
        #expect(model.screen.contains("Includes a €0.30 surcharge for Visa (order €49.99)"))
        _ = model.press(.left)
        #expect(model.screen.contains("[ Pay €49.99 ]"))
        // A click on Visa does the same as → .
        model.click("Visa +€0.30")
        #expect(form(model).choice == .visa)
        #expect(model.screen.contains("[ Pay €50.29 ]"))
    }

    @Test func aVisaOnlyCardPaysTheVisaSurchargeWithoutAChooser() {
        var model = Fixtures.model(settings: Self.settings)
        model.type("4242424242424242")
        _ = model.receive(Self.answer("4242424242424242", [.visa]))
        #expect(!model.screen.contains("Pay with"))
        #expect(model.screen.contains("[ Pay €50.29 ]"))
        #expect(model.screen.contains("Includes a €0.30 surcharge for Visa"))
    }

    @Test func inASCIITheMoneyIsSpelledOut() {
        var model = Fixtures.model(settings: Self.settings, glyphs: .ascii)
        model.type("4000002500001001")
        _ = model.receive(Self.answer("4000002500001001", [.visa, .cartesBancaires]))
        #expect(model.screen.contains("Pay with (*) Cartes Bancaires  ( ) Visa +EUR 0.30"))
    }

    @Test func anEftposCoBadgeShowsTheNetworkChosenAutomaticallyAndNoChooser() {
        var eftpos = Self.settings
        eftpos.allowedNetworks = [.visa, .eftpos, .mastercard]
        var model = Fixtures.model(settings: eftpos)
        model.type("4000050360000001")
        _ = model.receive(Self.answer("4000050360000001", [.eftpos, .visa], settings: eftpos))
        #expect(form(model).selectableNetworks(context: model.context) == nil)
        #expect(!model.screen.contains("Pay with"))
        // Wide enough for the whole line once the event panel that takes the right side is hidden.
        model.resize(width: 120, height: 40)
        model.eventPanelHidden = true
        let wide = model.render(width: 120, height: 40).text
        model.resize(width: 80, height: 24)
        #expect(wide.contains("To be paid with Visa · chosen automatically: eftpos cards are routed by the merchant"))
        #expect(model.screen.contains("To be paid with Visa · chosen automatically: eftpos cards are routed by"))
        #expect(model.screen.contains("\n    the merchant\n"), "at 80 columns the reason wraps onto the row under it")
        #expect(model.screen.contains("[ Pay €50.29 ]"), "the auto-selected network's surcharge is in the total")
        _ = model.press(.tab)
        #expect(form(model).focus == .expiry, "no chooser to stop at")
        // The merchant's first choice wins: eftpos first means eftpos.
        eftpos.allowedNetworks = [.eftpos, .visa]
        var first = Fixtures.model(settings: eftpos)
        first.type("4000050360000001")
        _ = first.receive(Self.answer("4000050360000001", [.eftpos, .visa], settings: eftpos))
        #expect(first.screen.contains("To be paid with eftpos · chosen automatically"))
        #expect(first.screen.contains("[ Pay €49.99 ]"))
    }

    @Test func theResultShowsAmountSurchargeAndTotal() {
        var model = coBadged()
        _ = model.press(.right)
        var payment = Fixtures.payment(network: .visa)
        payment.surcharge = 30
        _ = model.receive(.checkoutCompleted(payment))
        // Not paying yet: the answer is dropped. Pay first (held until the session's total for Visa is in).
        for _ in 0..<4 { _ = model.press(.tab) }
        _ = model.press(.enter)
        #expect(model.receive(.didUpdateClientSession(Self.session.amountDue(for: .visa))) == [.submit(expectedTotal: 5029)])
        _ = model.receive(.checkoutCompleted(payment))
        let screen = model.screen
        #expect(screen.contains("Amount        €49.99"))
        #expect(screen.contains("Surcharge     €0.30"))
        #expect(screen.contains("Total         €50.29"))
        #expect(screen.contains("Network       Visa · chosen by you"))
        var plain = Fixtures.model()
        for _ in 0..<4 { _ = plain.press(.tab) }
        _ = plain.press(.enter)
        _ = plain.receive(.checkoutCompleted(Fixtures.payment(network: .visa)))
        #expect(!plain.screen.contains("Surcharge"))
        #expect(plain.screen.contains("Total         €49.99"))
    }

    @Test func theResultSaysAnEftposNetworkWasChosenAutomatically() {
        var eftpos = Self.settings
        eftpos.allowedNetworks = [.visa, .eftpos]
        var model = Fixtures.model(settings: eftpos)
        model.type("4000050360000001")
        _ = model.receive(Self.answer("4000050360000001", [.eftpos, .visa], settings: eftpos))
        for _ in 0..<4 { _ = model.press(.tab) }
        _ = model.press(.enter)
        // Held until the session's total for Visa is in.
        _ = model.receive(.didUpdateClientSession(eftpos.session.amountDue(for: .visa)))
        _ = model.receive(.checkoutCompleted(Fixtures.payment(network: .visa)))
        #expect(model.top is ResultScreen)
        model.resize(width: 120, height: 40)
        model.eventPanelHidden = true   // the row has the whole width
        #expect(model.render(width: 120, height: 40).text.contains("Network       Visa · chosen automatically: eftpos cards are routed by the merchant"))
    }

    @Test func chooserSnapshotsWithSurcharges() {
        var model = coBadged()
        _ = model.press(.right)
        for (width, height) in SnapshotTests.sizes {
            assertSnapshot(model.render(width: width, height: height).text, named: "card-form-surcharge-\(width)x\(height)")
        }
    }

    // MARK: The total follows the client session

    func due(_ network: CardNetwork?, surcharge: Int? = nil) -> AmountDue {
        var due = Self.session.amountDue(for: network)
        if let surcharge { due.surcharge = surcharge }
        return due
    }

    /// `coBadged()` with Visa chosen, the session's answer for it in, and the focus on Pay.
    func visaChosen(answer: AmountDue? = nil) -> AppModel {
        var model = coBadged()
        _ = model.press(.right)
        _ = model.receive(.willUpdateClientSession(network: .visa))
        if let answer { _ = model.receive(.didUpdateClientSession(answer)) }
        while form(model).focus != .pay { _ = model.press(.tab) }
        return model
    }

    @Test func theTotalIsTheSessionsAnswerAndWhileItIsAskedTheStatusLineSaysSo() {
        var model = coBadged()
        _ = model.press(.right)
        _ = model.receive(.willUpdateClientSession(network: .visa))
        #expect(model.screen.contains("Asking the client session for the total"))
        #expect(form(model).isAwaitingSessionUpdate(context: model.context))
        _ = model.receive(.didUpdateClientSession(due(.visa)))
        #expect(!form(model).isAwaitingSessionUpdate(context: model.context))
        #expect(model.screen.contains("[ Pay €50.29 ]") && !model.screen.contains("Confirm"))
        // Back to Cartes Bancaires: the total drops once the session says so.
        _ = model.press(.left)
        #expect(form(model).isAwaitingSessionUpdate(context: model.context), "the answer for Visa is not one for Cartes Bancaires")
        _ = model.receive(.willUpdateClientSession(network: .cartesBancaires))
        _ = model.receive(.didUpdateClientSession(due(.cartesBancaires)))
        #expect(model.screen.contains("[ Pay €49.99 ]") && !model.screen.contains("Includes"))
    }

    @Test func payWaitsForTheSessionsAnswerThenPaysTheTotalShown() {
        var model = visaChosen()
        let pressed = model.press(.enter)
        #expect(!pressed.contains { $0.isSubmit }, "held: the session has not answered")
        #expect(model.screen.contains("Paying €50.29"))
        #expect(model.receive(.didUpdateClientSession(due(.visa))) == [.submit(expectedTotal: 5029)])
    }

    @Test func aTotalTheSessionChangedIsShownAndPaidOnlyOnceConfirmed() {
        var model = visaChosen()
        _ = model.press(.enter)
        #expect(model.receive(.didUpdateClientSession(due(.visa, surcharge: 35))).isEmpty, "a changed total is not paid")
        #expect(!form(model).paying)
        #expect(model.screen.contains("[ Confirm €50.34 ]"))
        #expect(model.screen.contains("The total with Visa is now €50.34 (it showed €50.29): Confirm pays it"))
        #expect(model.screen.contains("◉ Visa +€0.35"), "the chooser says the session's surcharge too")
        #expect(model.press(.enter) == [.submit(expectedTotal: 5034)], "confirmed: the new total")
        #expect(!model.screen.contains("Confirm €"))
        // Changed before Pay was pressed: Pay reads Confirm from the start.
        var early = visaChosen(answer: due(.visa, surcharge: 35))
        #expect(early.screen.contains("[ Confirm €50.34 ]"))
        #expect(early.press(.enter) == [.submit(expectedTotal: 5034)])
    }

    @Test func aTotalTheEngineRefusedAsChangedAsksForConfirmation() {
        var model = visaChosen(answer: due(.visa))
        #expect(model.press(.enter) == [.submit(expectedTotal: 5029)])
        _ = model.receive(.didUpdateClientSession(due(.visa, surcharge: 40)))
        _ = model.receive(.checkoutFailed(CheckoutError(errorId: "amount-changed", description: "Nothing was charged")))
        #expect(model.top is CardFormScreen, "the form stays: nothing was charged")
        #expect(model.screen.contains("[ Confirm €50.39 ]") && model.screen.contains("The total changed before the payment went"))
        #expect(form(model).focus == .pay)
        #expect(model.press(.enter) == [.submit(expectedTotal: 5039)])
    }

    @Test func aSessionThatFailedToAnswerDoesNotHoldPay() {
        var model = visaChosen()
        _ = model.press(.enter)
        #expect(model.receive(.clientSessionUpdateFailed(CheckoutError(errorId: "x", description: "y"))) == [.submit(expectedTotal: 5029)],
                "the engine asks the session again before it charges anything")
    }

    @Test func aSessionThatDoesNotCollectTheNameHidesTheField() {
        var session = Self.session
        session.collectsCardholderName = false
        var model = Fixtures.model(settings: CheckoutSettings(session: session))
        #expect(!model.screen.contains("Cardholder name"))
        model.type("4242424242424242")
        let order = form(model).focusOrder(context: model.context)
        #expect(!order.contains(.name) && order.last == .pay)
        // The expiry and the CVV move on by themselves once complete (issue 21).
        _ = model.press(.tab); model.type("1230")
        let typed = model.type("123")
        #expect(typed.last == .setRawData(CardData(cardNumber: "4242424242424242", expiryDate: "12/30", cvv: "123")))
        #expect(form(model).focus == .pay, "from the CVV straight to Pay")
    }

    // MARK: Pay held for the client session's total: a reason of the one Pay hold

    @Test func payHeldForTheSessionIsAHoldWithItsOwnReasonAndWords() {
        var model = visaChosen()
        _ = model.press(.enter)
        #expect(form(model).hold?.reasons == [.sessionUpdating(network: .visa)])
        #expect(!form(model).paying, "nothing is asked of the engine while it is held")
        #expect(model.top?.isAnimating == true, "the spinner turns")
        #expect(model.screen.contains("Pay waits for the client session's total with Visa"))
        #expect(model.screen.contains("esc stop waiting"))
    }

    @Test func escStopsAPayHeldForTheSession() {
        var model = visaChosen()
        _ = model.press(.enter)
        #expect(model.press(.escape).isEmpty)
        #expect(form(model).hold == nil && model.confirmation == nil)
        #expect(model.screen.contains("Not paid: Pay stopped waiting."))
        #expect(model.receive(.didUpdateClientSession(due(.visa))).isEmpty, "an answer after the hold stopped pays nothing")
        #expect(model.screen.contains("[ Pay €50.29 ]"))
    }

    /// Visa only (4242…) typed on a surcharged session, on a clock the test moves.
    func visaOnly(_ time: TestTime) -> AppModel { typed("4242424242424242", time) }

    /// `number` typed on a surcharged session, on a clock the test moves, the focus on Pay.
    func typed(_ number: String, _ time: TestTime) -> AppModel {
        var model = AppModel(route: .pay, catalogue: Fixtures.catalogue, settings: Self.settings, clock: time.clock,
                             wallClock: { Fixtures.today })
        _ = model.takeCommands()
        model.type(number)
        model.focus(.pay)
        return model
    }

    @Test func theBinWaitThenTheSessionWaitAreOneHoldEachWithItsTime() {
        let time = TestTime()
        // Mastercard has no surcharge here: the BIN answer keeps the total Pay showed, so the hold
        // goes on, for the session's answer (a Visa's +€0.30 only "may apply" before: next test).
        var model = typed("5555555555554444", time)
        _ = model.press(.enter)
        #expect(form(model).hold?.reasons == [.networksUnknown(bin: "55555555")])
        time.advance(3000)
        _ = model.receive(Self.answer("5555555555554444", [.mastercard]))
        _ = model.receive(.willUpdateClientSession(network: .mastercard))
        #expect(form(model).hold?.reasons == [.sessionUpdating(network: .mastercard)], "the BIN answer in, the session's total is waited for")
        time.advance(3199)
        _ = model.tick()
        #expect(model.yesNoQuestion == nil, "a new reason is a new wait")
        time.advance(1)
        _ = model.tick()
        #expect(model.yesNoQuestion?.text == "Total not confirmed yet: pay €49.99 with Mastercard?")
        _ = model.press(.character("n"))
        #expect(form(model).hold == nil && !form(model).paying)
        #expect(model.screen.contains("Not paid: press Pay again once the client session has"))
        // Again, and yes: the total shown goes to the engine, which charges only that.
        _ = model.press(.enter)
        time.advance(3200)
        _ = model.tick()
        #expect(model.press(.character("y")) == [.submit(expectedTotal: 4999)])
    }

    /// Before the BIN answer the form quotes no network's surcharge (issue 22): Pay showed €49.99,
    /// so an answer that makes it €50.29 stops the hold (issue 21: never a price not seen); Pay
    /// pressed again waits for the session's total and pays that.
    @Test func aSurchargeThatOnlyMayApplyIsNotPaidWhenTheBinAnswerBringsIt() {
        let time = TestTime()
        var model = visaOnly(time)
        #expect(model.screen.contains("[ Pay €49.99 ]"))
        _ = model.press(.enter)
        #expect(form(model).hold?.reasons == [.networksUnknown(bin: "42424242")])
        time.advance(3000)
        #expect(model.receive(Self.answer("4242424242424242", [.visa])).allSatisfy { !$0.isSubmit })
        #expect(form(model).hold == nil && !form(model).paying)
        #expect(model.screen.contains("The total is now €50.29: press Pay to pay it."))
        _ = model.receive(.willUpdateClientSession(network: .visa))
        _ = model.press(.enter)
        #expect(form(model).hold?.reasons == [.sessionUpdating(network: .visa)])
        #expect(model.receive(.didUpdateClientSession(due(.visa))) == [.submit(expectedTotal: 5029)])
    }

    @Test func aCoBadgedCardPaidAtOnceWaitsForTheBinThenForTheChoiceThenForTheSession() {
        let time = TestTime()
        var model = AppModel(route: .pay, catalogue: Fixtures.catalogue, settings: Self.settings, clock: time.clock,
                             wallClock: { Fixtures.today })
        _ = model.takeCommands()
        model.type("4000002500001001")
        model.focus(.pay)
        _ = model.press(.enter)
        #expect(form(model).hold?.reasons == [.networksUnknown(bin: "40000025")])
        #expect(model.receive(Self.answer("4000002500001001", [.visa, .cartesBancaires])).allSatisfy { !$0.isSubmit })
        #expect(form(model).hold == nil && form(model).focus == .network, "the choice is the cardholder's")
        _ = model.press(.right)
        _ = model.receive(.willUpdateClientSession(network: .visa))
        model.focus(.pay)
        _ = model.press(.enter)
        #expect(form(model).hold?.reasons == [.sessionUpdating(network: .visa)])
        #expect(model.screen.contains("Paying €50.29"))
        #expect(model.receive(.didUpdateClientSession(due(.visa))) == [.submit(expectedTotal: 5029)])
        #expect(form(model).paying && form(model).hold == nil)
    }

    @Test func aTotalTheSessionChangesWhileTheBinWaitIsOnIsConfirmedFirst() {
        let time = TestTime()
        var model = visaOnly(time)
        _ = model.press(.enter)
        _ = model.receive(Self.answer("4242424242424242", [.visa]))
        _ = model.receive(.willUpdateClientSession(network: .visa))
        #expect(model.receive(.didUpdateClientSession(due(.visa, surcharge: 45))).isEmpty, "€50.44 was never shown")
        #expect(form(model).hold == nil && !form(model).paying)
        #expect(model.screen.contains("[ Confirm €50.44 ]"))
        #expect(model.press(.enter) == [.submit(expectedTotal: 5044)])
    }
}

/// Issue 18 ⑧: money shows with its currency's ISO 4217 decimals.
@Suite struct MoneyTextDecimalsTests {
    @Test func eachCurrencyHasItsOwnDecimals() {
        #expect(MoneyText.format(minorUnits: 1234, currency: "JPY") == "¥1234")
        #expect(MoneyText.format(minorUnits: 1234, currency: "ISK") == "ISK 1234")
        #expect(MoneyText.format(minorUnits: 1234, currency: "BHD") == "BHD 1.234")
        #expect(MoneyText.format(minorUnits: 12345, currency: "CLF") == "CLF 1.2345")
        #expect(MoneyText.format(minorUnits: 4999, currency: "EUR") == "€49.99")
        #expect(MoneyText.format(minorUnits: -5, currency: "USD") == "-$0.05")
        #expect(MoneyText.format(minorUnits: Int.min, currency: "JPY").hasPrefix("-¥"), "no trap on the most negative")
    }
}
