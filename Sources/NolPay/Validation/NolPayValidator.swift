import CheckoutCore

/// The checks the Nol Pay components run on collected data, with the headless SDK's error ids and texts.
///
/// A text says what is wanted where the SDK's alone would not ("OTP is not valid: the code has 6
/// digits."), keeping the SDK's words at its start for anyone matching on them.
public enum NolPayValidator {
    public static let blankPhone = NolPayValidationError(
        errorId: "invalid-phone-number", description: "Phone number cannot be blank.",
        recoverySuggestion: "Enter the mobile number that receives the code, such as 050 123 4567.")
        .saying(LocalizedText(.nolInvalidBlankPhone), LocalizedText(.nolInvalidBlankPhoneAdvice))
    public static let invalidPhone = NolPayValidationError(
        errorId: "invalid-phone-number", description: "Phone number is not valid.",
        recoverySuggestion: "Enter a UAE mobile number such as 050 123 4567, or an international one starting with +.")
        .saying(LocalizedText(.nolInvalidPhone), LocalizedText(.nolInvalidPhoneAdvice))
    public static let invalidOtp = NolPayValidationError(
        errorId: "invalid-otp-code", description: "OTP is not valid: the code has \(OneTimeCode.length) digits.",
        recoverySuggestion: "Enter the \(OneTimeCode.length) digits from the SMS.")
        .saying(LocalizedText(.nolInvalidOtp), LocalizedText(.nolInvalidOtpAdvice))
    public static let invalidCardNumber = NolPayValidationError(
        errorId: "invalid-card-number", description: "Card number is not valid.",
        recoverySuggestion: "Enter the Nol card number printed on the back of the card, digits only.")
        .saying(LocalizedText(.nolInvalidCard), LocalizedText(.nolInvalidCardAdvice))

    /// The normalised number, or the error to show.
    public static func mobileNumber(_ text: String?) -> Result<MobileNumber, NolPayValidationError> {
        switch MobileNumber.parse(text ?? "") {
        case let .success(number): .success(number)
        case .failure(.blank): .failure(blankPhone)
        case .failure(.notValid): .failure(invalidPhone)
        }
    }

    /// The digits of a one-time code (``OneTimeCode``), or the error to show.
    public static func otpCode(_ text: String?) -> Result<String, NolPayValidationError> {
        guard let code = OneTimeCode(text ?? "") else { return .failure(invalidOtp) }
        return .success(code.digits)
    }

    /// A Nol card number: digits only, spaces between groups allowed.
    public static func cardNumber(_ text: String?) -> Result<String, NolPayValidationError> {
        let digits = (text ?? "").filter { $0 != " " }
        guard !digits.isEmpty, digits.count <= 19, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return .failure(invalidCardNumber)
        }
        return .success(digits)
    }
}

extension String {
    var trimmingSpaces: String {
        guard let first = firstIndex(where: { $0 != " " }), let last = lastIndex(where: { $0 != " " }) else { return "" }
        return String(self[first...last])
    }
}
