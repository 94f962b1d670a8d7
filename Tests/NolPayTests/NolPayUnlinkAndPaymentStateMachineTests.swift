import CheckoutCore
import Testing
@testable import NolPay

@Suite struct NolPayUnlinkCardStateMachineTests {
    typealias Machine = NolPayUnlinkCardStateMachine
    let phone = MobileNumber(countryCode: "971", nationalNumber: "501234567")

    @Test func walksEveryStepToCardUnlinked() {
        var machine = Machine()
        #expect(machine.start() == [.emit(.step(.collectCardAndPhoneData))])
        let data = Machine.CollectableData.cardAndPhoneData(nolPaymentCard: NolPaymentCard(cardNumber: "3084100125"), mobileNumber: "+971 50 123 4567")
        #expect(machine.update(data) == [.emit(.validation(.validating, data)), .emit(.validation(.valid, data))])
        #expect(machine.submit() == [.perform(.sendCode(cardNumber: "3084100125", mobileNumber: phone))])
        #expect(machine.submit() == [])
        #expect(machine.complete(.codeSent(.success("unl_1"))) == [.emit(.step(.collectOtpData))], "the SDK's step carries nothing")
        #expect(machine.codeSentTo == "+971 501234567", "where the code went is the machine's")
        _ = machine.update(.otpData(otpCode: "654321"))
        #expect(machine.submit() == [.perform(.unlinkCard(cardNumber: "3084100125", otpCode: "654321", unlinkToken: "unl_1"))])
        #expect(machine.submit() == [])
        let card = NolPaymentCard(cardNumber: "3084100125")
        #expect(machine.complete(.unlinked(.success(()))) == [.emit(.step(.cardUnlinked)), .emit(.outcome(.cardUnlinked(card)))])
        #expect(machine.unlinkedCard == card)
    }

    @Test func reportsCardAndPhoneErrorsTogether() {
        var machine = Machine()
        _ = machine.start()
        #expect(machine.submit() == [.emit(.validation(.invalid([NolPayValidator.invalidCardNumber, NolPayValidator.blankPhone]), nil))])
        let data = Machine.CollectableData.cardAndPhoneData(nolPaymentCard: NolPaymentCard(cardNumber: "30841-00125"), mobileNumber: "0501234567")
        #expect(machine.update(data).last == .emit(.validation(.invalid([NolPayValidator.invalidCardNumber]), data)))
        let wrongPhone = Machine.CollectableData.cardAndPhoneData(nolPaymentCard: NolPaymentCard(cardNumber: "3084100125"), mobileNumber: "0401234567")
        #expect(machine.update(wrongPhone).last == .emit(.validation(.invalid([NolPayValidator.invalidPhone]), wrongPhone)))
        #expect(machine.submit() == [.emit(.validation(.invalid([NolPayValidator.invalidPhone]), wrongPhone))])
    }

    @Test func failuresKeepTheStepAndResendWorks() {
        var machine = Machine()
        _ = machine.start()
        _ = machine.update(.cardAndPhoneData(nolPaymentCard: NolPaymentCard(cardNumber: "3084100125"), mobileNumber: "0501234567"))
        _ = machine.submit()
        let notLinked = NolPayError.sdk(.notLinked(to: phone))
        #expect(machine.complete(.codeSent(.failure(notLinked))) == [.emit(.error(notLinked))])
        _ = machine.submit()
        _ = machine.complete(.codeSent(.success("unl_1")))
        #expect(machine.resendCode() == [.perform(.resendCode(unlinkToken: "unl_1"))])
        #expect(machine.complete(.codeResent(.success(()))) == [.emit(.step(.collectOtpData))])
        _ = machine.update(.otpData(otpCode: "000000"))
        _ = machine.submit()
        let voided = NolPayError.sdk(.codeVoided)
        #expect(machine.complete(.unlinked(.failure(voided))) == [.emit(.error(voided))])
        guard case .emit(.error) = machine.update(.cardAndPhoneData(nolPaymentCard: NolPaymentCard(cardNumber: "1"), mobileNumber: "2")).first else {
            Issue.record("card data is out of place on the code step"); return
        }
    }
}

@Suite struct NolPayPaymentStateMachineTests {
    typealias Machine = NolPayPaymentStateMachine
    let phone = MobileNumber(countryCode: "971", nationalNumber: "501234567")

    @Test func requestsThePaymentOnceAndReportsTheResult() {
        var machine = Machine(amount: 750)
        #expect(machine.start() == [.emit(.step(.collectCardAndPhoneData))])
        _ = machine.update(.paymentData(cardNumber: "3084100125", mobileNumber: "050 123 4567"))
        #expect(machine.submit() == [.emit(.step(.paymentRequested)),
                                     .perform(.requestPayment(cardNumber: "3084100125", mobileNumber: phone, amount: 750, currency: "AED"))])
        #expect(machine.submit() == [])
        let payment = NolPayment(id: "nol_1", status: "AUTHORIZED", amount: 750, currency: "AED", last4: "0125", balance: 14250)
        #expect(machine.complete(.paid(.success(payment))) == [.emit(.outcome(.checkoutCompleted(payment)))],
                "no step after paymentRequested: the result goes to the checkout delegate")
        #expect(machine.payment == payment)
        guard case .emit(.error) = machine.submit().first else { Issue.record("a finished payment cannot be submitted"); return }
    }

    @Test func aDeclineIsAnErrorAndAFailedCheckout() {
        var machine = Machine(amount: 750)
        _ = machine.start()
        _ = machine.update(.paymentData(cardNumber: "3084100341", mobileNumber: "0501234567"))
        _ = machine.submit()
        let payment = NolPayment(id: "nol_2", status: "DECLINED", amount: 750, currency: "AED", last4: "0341", balance: 250,
                                 declineReason: "INSUFFICIENT_BALANCE")
        let actions = machine.complete(.paid(.success(payment)))
        #expect(actions.last == .emit(.outcome(.checkoutFailed(payment))))
        guard case let .emit(.error(error)) = actions.first else { Issue.record("expected an error"); return }
        #expect(error.code == "insufficient-balance")
        #expect(error.message == "The card holds AED 2.50, less than AED 7.50.")
        #expect(error.recoverySuggestion.contains("Top up"))
    }

    @Test func aTransitFailureGoesBackToCollecting() {
        var machine = Machine(amount: 750)
        _ = machine.start()
        #expect(machine.submit() == [.emit(.validation(.invalid([NolPayValidator.invalidCardNumber, NolPayValidator.blankPhone]), nil))])
        _ = machine.update(.paymentData(cardNumber: "3084100125", mobileNumber: "0501234567"))
        _ = machine.submit()
        let notLinked = NolPayError.sdk(.notLinked(to: phone))
        #expect(machine.complete(.paid(.failure(notLinked))) == [.emit(.error(notLinked)), .emit(.step(.collectCardAndPhoneData))])
        #expect(machine.submit().count == 2)
    }

    @Test func amountsFormatLikeAReceipt() {
        #expect(MoneyText.format(minorUnits: 750, currency: "AED") == "AED 7.50")
        #expect(MoneyText.format(minorUnits: 15000, currency: "AED") == "AED 150.00")
        #expect(MoneyText.format(minorUnits: 5, currency: "AED") == "AED 0.05")
    }
}
