import Testing
@testable import NolPay

/// The one-time code's one rule: six ASCII digits, read by the validator and made by the simulator.
@Suite struct OneTimeCodeTests {
    @Test func aCodeIsSixDigitsSpacesAroundIgnored() {
        #expect(OneTimeCode(" 123456 ")?.digits == "123456")
        for refused in ["12345", "1234567", "12345a", "١٢٣٤٥٦", "123 456", ""] { #expect(OneTimeCode(refused) == nil, "\(refused)") }
        #expect(NolPayValidator.otpCode("000042") == .success("000042"))
        #expect(NolPayValidator.otpCode("42") == .failure(NolPayValidator.invalidOtp))
    }

    @Test func madeCodesAreCodesTheValidatorTakes() {
        #expect(OneTimeCode(drawn: 42).digits == "000042")
        #expect(OneTimeCode(drawn: 1_234_567).digits == "234567", "the last six digits of a draw")
        for _ in 0..<100 {
            let code = SimulatedTransit.randomCode()
            #expect(code.count == OneTimeCode.length && OneTimeCode(code) != nil, "\(code)")
        }
    }
}
