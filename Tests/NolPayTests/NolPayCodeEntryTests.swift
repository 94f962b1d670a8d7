import Testing
@testable import NolPay

/// The code step the link and unlink machines share, and the numbers a code lives by.
@Suite struct NolPayCodeEntryTests {
    let phone = MobileNumber(countryCode: "971", nationalNumber: "501234567")

    /// Both machines, brought to their code step, hold the same sub-machine and answer it alike.
    @Test func linkAndUnlinkHoldTheSameCodeStep() {
        var link = NolPayLinkCardStateMachine()
        _ = link.start()
        _ = link.submit()
        _ = link.complete(.scanned(.success((cardNumber: "3084100125", linkToken: "lnk_1"))))
        _ = link.update(.phoneData(mobileNumber: "0501234567"))
        _ = link.submit()
        _ = link.complete(.codeSent(.success(())))
        var unlink = NolPayUnlinkCardStateMachine()
        _ = unlink.start()
        _ = unlink.update(.cardAndPhoneData(nolPaymentCard: NolPaymentCard(cardNumber: "3084100125"), mobileNumber: "0501234567"))
        _ = unlink.submit()
        _ = unlink.complete(.codeSent(.success("unl_1")))
        #expect(link.codeEntry == NolPayCodeEntry(sentTo: phone))
        #expect(unlink.codeEntry == link.codeEntry, "one type, the same state after the same steps")

        // A short code is the validator's error in both; a whole one goes to be checked.
        #expect(link.update(.otpData(otpCode: "12345")).last == .emit(.validation(.invalid([NolPayValidator.invalidOtp]), .otpData(otpCode: "12345"))))
        #expect(unlink.update(.otpData(otpCode: "12345")).last == .emit(.validation(.invalid([NolPayValidator.invalidOtp]), .otpData(otpCode: "12345"))))
        _ = link.update(.otpData(otpCode: "111111"))
        _ = unlink.update(.otpData(otpCode: "111111"))
        #expect(link.submit() == [.perform(.linkCard(otpCode: "111111", linkToken: "lnk_1"))])
        #expect(unlink.submit() == [.perform(.unlinkCard(cardNumber: "3084100125", otpCode: "111111", unlinkToken: "unl_1"))])
        #expect(link.resendCode() == [] && unlink.resendCode() == [], "no new code while the check is out")

        // Refused as voided: what was typed stays, and the code is spent, in both.
        let voided = NolPayError.sdk(.codeVoided)
        _ = link.complete(.linked(.failure(voided)))
        _ = unlink.complete(.unlinked(.failure(voided)))
        #expect(link.codeEntry?.spent == .usedUp && link.codeEntry?.typed == "111111")
        #expect(unlink.codeEntry == link.codeEntry)

        // A new code: the typed one is useless, and the new one works.
        #expect(link.resendCode() == [.perform(.sendCode(mobileNumber: phone, linkToken: "lnk_1"))])
        #expect(unlink.resendCode() == [.perform(.resendCode(unlinkToken: "unl_1"))])
        _ = link.complete(.codeSent(.success(())))
        _ = unlink.complete(.codeResent(.success(())))
        #expect(link.codeEntry == NolPayCodeEntry(sentTo: phone))
        #expect(unlink.codeEntry == link.codeEntry)
    }

    @Test func spentCodesAreTheTransitErrorsThatSaySo() {
        #expect(NolPayCodeEntry.Spent(errorCode: TransitError.codeVoided.code) == .usedUp)
        #expect(NolPayCodeEntry.Spent(errorCode: TransitError.codeExpired.code) == .expired)
        #expect(NolPayCodeEntry.Spent(errorCode: TransitError.wrongCode(triesLeft: 2).code) == nil)
    }

    @Test func aTryIsJudgedByOneRule() {
        #expect(OneTimeCode.judge("123456", expected: "123456", triesLeft: 3, expired: false) == .opens)
        #expect(OneTimeCode.judge("123456", expected: "123456", triesLeft: 3, expired: true) == .expired)
        #expect(OneTimeCode.judge("000000", expected: "123456", triesLeft: 3, expired: false) == .wrong(triesLeft: 2))
        #expect(OneTimeCode.judge("000000", expected: "123456", triesLeft: 1, expired: false) == .voided)
    }

    @Test func theWaitIsWholeSecondsRoundedUp() {
        #expect(OneTimeCode.secondsToWait(.seconds(30)) == 30)
        #expect(OneTimeCode.secondsToWait(.milliseconds(29_001)) == 30)
        #expect(OneTimeCode.secondsToWait(.milliseconds(1)) == 1)
        #expect(OneTimeCode.secondsToWait(.zero) == nil)
        #expect(OneTimeCode.secondsToWait(.seconds(-3)) == nil)
    }
}
