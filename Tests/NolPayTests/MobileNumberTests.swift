import Testing
@testable import NolPay

@Suite struct MobileNumberTests {
    @Test(arguments: ["050 123 4567", "0501234567", "+971 50 123 4567", "00971501234567", "+971-50-123-4567",
                      "(050) 123.4567", "501234567", "٠٥٠١٢٣٤٥٦٧"])
    func nationalAndInternationalFormsNormaliseToE164(_ typed: String) throws {
        let number = try MobileNumber.parse(typed).get()
        #expect(number.e164 == "+971501234567")
        #expect(number.display == "+971 501234567")
        #expect(number.grouped == "+971 50 123 4567")
    }

    /// Each country as libphonenumber writes its mobile numbers internationally; a country it is
    /// not told about keeps its national number whole rather than be grouped the UAE way.
    @Test(arguments: [("+14155550100", "+1 415-555-0100"), ("+447700900123", "+44 7700 900123"), ("+33612345678", "+33 6 12 34 56 78"),
                      ("+919876543210", "+91 98765 43210"), ("+966501234567", "+966 50 123 4567"),
                      ("+4917012345678", "+49 17012345678"), ("+3531234567", "+353 1234567"), ("+44201234567", "+44 201234567")])
    func numbersAreGroupedForReading(_ e164: String, _ grouped: String) throws {
        #expect(try MobileNumber.parse(e164).get().grouped == grouped)
    }

    @Test func otherCountriesKeepTheirCallingCode() throws {
        #expect(try MobileNumber.parse("+44 7700 900123").get() == MobileNumber(countryCode: "44", nationalNumber: "7700900123"))
        #expect(try MobileNumber.parse("+1 415 555 0100").get().e164 == "+14155550100")
        #expect(try MobileNumber.parse("0033 6 12 34 56 78").get().countryCode == "33")
    }

    @Test(arguments: ["", "   ", " - "])
    func blankIsBlank(_ typed: String) {
        #expect(MobileNumber.parse(typed) == .failure(.blank))
    }

    @Test(arguments: ["+", "05O1234567", "0401234567", "050123456", "05012345678", "+0971501234567", "12",
                      "+12345678901234567", "050 123 4567 ext", "+971+501234567", "0501234567\u{0000}"])
    func malformedNumbersAreNotValid(_ typed: String) {
        #expect(MobileNumber.parse(typed) == .failure(.notValid))
    }

    @Test func validatorUsesTheSDKTexts() {
        #expect(NolPayValidator.mobileNumber("").failureValue?.description == "Phone number cannot be blank.")
        #expect(NolPayValidator.mobileNumber(nil).failureValue?.errorId == "invalid-phone-number")
        #expect(NolPayValidator.mobileNumber("123").failureValue?.description == "Phone number is not valid.")
    }

    @Test(arguments: [("123456", true), (" 123456 ", true), ("12345", false), ("1234567", false), ("12a456", false),
                      ("", false), ("١٢٣٤٥٦", false), ("123 456", false)])
    func oneTimeCodesAreExactlySixDigits(_ typed: String, _ valid: Bool) {
        let result = NolPayValidator.otpCode(typed)
        #expect(result.failureValue == (valid ? nil : NolPayValidator.invalidOtp))
        if valid { #expect(try! result.get() == "123456") }
        #expect(NolPayValidator.invalidOtp.errorId == "invalid-otp-code")
        #expect(NolPayValidator.invalidOtp.description.hasPrefix("OTP is not valid"), "the SDK's words come first")
        #expect(NolPayValidator.invalidOtp.description.contains("6 digits"), "and it says what a code is")
    }

    @Test(arguments: [("3084100125", true), ("3084 1001 25", true), ("", false), ("30841-00125", false), ("3084x", false),
                      ("12345678901234567890", false)])
    func cardNumbersAreDigitsOnly(_ typed: String, _ valid: Bool) {
        #expect(NolPayValidator.cardNumber(typed).failureValue == (valid ? nil : NolPayValidator.invalidCardNumber))
        #expect(NolPayValidator.invalidCardNumber.errorId == "invalid-card-number")
    }

    @Test func everyValidationErrorSaysWhatToDoNext() {
        for error in [NolPayValidator.blankPhone, NolPayValidator.invalidPhone, NolPayValidator.invalidOtp, NolPayValidator.invalidCardNumber] {
            #expect(!error.recoverySuggestion.isEmpty)
        }
    }
}

extension Result {
    var failureValue: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}
