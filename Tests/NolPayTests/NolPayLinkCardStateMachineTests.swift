import Testing
@testable import NolPay

@Suite struct NolPayLinkCardStateMachineTests {
    typealias Machine = NolPayLinkCardStateMachine
    let phone = MobileNumber(countryCode: "971", nationalNumber: "501234567")
    let card = NolPaymentCard(cardNumber: "3084100125", expiredTime: "2031-03-31", label: "Silver", balance: 15000)

    /// A machine at collectOtpData for `card` and `phone`.
    func machineAtCode() -> Machine {
        var machine = Machine()
        _ = machine.start()
        _ = machine.submit()
        _ = machine.complete(.scanned(.success((card.cardNumber, "lnk_1"))))
        _ = machine.update(.phoneData(mobileNumber: "050 123 4567"))
        _ = machine.submit()
        _ = machine.complete(.codeSent(.success(())))
        return machine
    }

    @Test func walksEveryStepToCardLinked() {
        var machine = Machine()
        #expect(machine.start() == [.emit(.step(.collectTagData))])
        #expect(machine.submit() == [.perform(.scanCard)])
        #expect(machine.isAwaitingTransit)
        #expect(machine.complete(.scanned(.success((card.cardNumber, "lnk_1")))) == [.emit(.step(.collectPhoneData(cardNumber: card.cardNumber)))])
        #expect(machine.update(.phoneData(mobileNumber: "050 123 4567")) ==
                [.emit(.validation(.validating, .phoneData(mobileNumber: "050 123 4567"))),
                 .emit(.validation(.valid, .phoneData(mobileNumber: "050 123 4567")))])
        #expect(machine.submit() == [.perform(.sendCode(mobileNumber: phone, linkToken: "lnk_1"))])
        #expect(machine.complete(.codeSent(.success(()))) == [.emit(.step(.collectOtpData(phoneNumber: "+971 501234567")))])
        #expect(machine.update(.otpData(otpCode: "123456")).last == .emit(.validation(.valid, .otpData(otpCode: "123456"))))
        #expect(machine.submit() == [.perform(.linkCard(otpCode: "123456", linkToken: "lnk_1"))])
        #expect(machine.complete(.linked(.success(card))) == [.emit(.step(.cardLinked)), .emit(.outcome(.cardLinked(card)))])
        #expect(machine.linkedCard == card)
        #expect(!machine.isAwaitingTransit)
    }

    @Test func aDoubleSubmitMakesOneRequestAtEveryStep() {
        var machine = Machine()
        _ = machine.start()
        #expect(machine.submit() == [.perform(.scanCard)])
        #expect(machine.submit() == [])
        _ = machine.complete(.scanned(.success((card.cardNumber, "lnk_1"))))
        _ = machine.update(.phoneData(mobileNumber: "0501234567"))
        #expect(machine.submit().count == 1)
        #expect(machine.submit() == [])
        _ = machine.complete(.codeSent(.success(())))
        _ = machine.update(.otpData(otpCode: "111111"))
        #expect(machine.submit().count == 1)
        #expect(machine.submit() == [])
        #expect(machine.resendCode() == [])
    }

    @Test func invalidPhoneNumbersAreReportedAndNotSent() {
        var machine = Machine()
        _ = machine.start()
        _ = machine.submit()
        _ = machine.complete(.scanned(.success((card.cardNumber, "lnk_1"))))
        #expect(machine.submit() == [.emit(.validation(.invalid([NolPayValidator.blankPhone]), nil))])
        #expect(machine.update(.phoneData(mobileNumber: "12")).last ==
                .emit(.validation(.invalid([NolPayValidator.invalidPhone]), .phoneData(mobileNumber: "12"))))
        #expect(machine.submit() == [.emit(.validation(.invalid([NolPayValidator.invalidPhone]), .phoneData(mobileNumber: "12")))])
        #expect(!machine.isAwaitingTransit)
    }

    @Test func invalidCodesAreReportedAndNotSent() {
        var machine = machineAtCode()
        #expect(machine.submit() == [.emit(.validation(.invalid([NolPayValidator.invalidOtp]), nil))])
        #expect(machine.update(.otpData(otpCode: "12345")).last ==
                .emit(.validation(.invalid([NolPayValidator.invalidOtp]), .otpData(otpCode: "12345"))))
        #expect(machine.submit().first == .emit(.validation(.invalid([NolPayValidator.invalidOtp]), .otpData(otpCode: "12345"))))
    }

    @Test func dataForAnotherStepIsAnInvalidValueError() {
        var machine = Machine()
        guard case let .emit(.error(notStarted)) = machine.update(.otpData(otpCode: "123456")).first else {
            Issue.record("expected an error"); return
        }
        #expect(notStarted.errorId == "invalid-value")
        _ = machine.start()
        guard case let .emit(.error(error)) = machine.update(.otpData(otpCode: "123456")).first else {
            Issue.record("expected an error"); return
        }
        #expect(error.errorId == "invalid-value")
        #expect(error.code == "otpCode")
        #expect(!error.recoverySuggestion.isEmpty)
        guard case .emit(.error) = machine.resendCode().first else { Issue.record("resend is out of place"); return }
    }

    @Test func transitFailuresKeepTheStepAndAllowAnotherTry() {
        let failure = NolPayError.sdk(.cardBlocked)
        var machine = Machine()
        _ = machine.start()
        _ = machine.submit()
        #expect(machine.complete(.scanned(.failure(failure))) == [.emit(.error(failure))])
        #expect(machine.submit() == [.perform(.scanCard)])
        _ = machine.complete(.scanned(.success((card.cardNumber, "lnk_1"))))
        _ = machine.update(.phoneData(mobileNumber: "0501234567"))
        _ = machine.submit()
        let elsewhere = NolPayError.sdk(.linkedElsewhere)
        #expect(machine.complete(.codeSent(.failure(elsewhere))) == [.emit(.error(elsewhere))])
        #expect(machine.submit().count == 1)
        _ = machine.complete(.codeSent(.success(())))
        _ = machine.update(.otpData(otpCode: "999999"))
        _ = machine.submit()
        let wrong = NolPayError.sdk(.wrongCode(triesLeft: 2))
        #expect(machine.complete(.linked(.failure(wrong))) == [.emit(.error(wrong))])
        #expect(machine.submit() == [.perform(.linkCard(otpCode: "999999", linkToken: "lnk_1"))])
    }

    @Test func resendAsksForANewCodeAndForgetsTheTypedOne() {
        var machine = machineAtCode()
        _ = machine.update(.otpData(otpCode: "123456"))
        #expect(machine.resendCode() == [.perform(.sendCode(mobileNumber: phone, linkToken: "lnk_1"))])
        #expect(machine.complete(.codeSent(.success(()))) == [.emit(.step(.collectOtpData(phoneNumber: "+971 501234567")))])
        #expect(machine.submit() == [.emit(.validation(.invalid([NolPayValidator.invalidOtp]), nil))])
        _ = machine.resendCode()
        let tooSoon = NolPayError.sdk(.resendTooSoon(seconds: 12))
        #expect(machine.complete(.codeSent(.failure(tooSoon))) == [.emit(.error(tooSoon))])
    }

    @Test func restartingForgetsEverything() {
        var machine = machineAtCode()
        #expect(machine.start() == [.emit(.step(.collectTagData))])
        #expect(machine.submit() == [.perform(.scanCard)])
    }

    @Test func submittingAfterLinkingIsAnError() {
        var machine = machineAtCode()
        _ = machine.update(.otpData(otpCode: "123456"))
        _ = machine.submit()
        _ = machine.complete(.linked(.success(card)))
        guard case let .emit(.error(error)) = machine.submit().first else { Issue.record("expected an error"); return }
        #expect(error.errorId == "invalid-value")
    }

    @Test func sdkErrorsUseTheSDKDescription() {
        let error = NolPayError.sdk(.cardBlocked)
        #expect(error.errorId == "nol-pay-sdk-error")
        #expect(error.description == "Nol SDK encountered an error: card-blocked, This Nol card is blocked.")
        #expect(error.recoverySuggestion.contains("another card"))
    }
}
