/// The input a validation error is about (the headless SDK's `inputElementType`).
public enum InputElementType: String, Sendable, Equatable, Codable {
    case cardNumber = "CARD_NUMBER"
    case expiryDate = "EXPIRY_DATE"
    case cvv = "CVV"
    case cardholderName = "CARDHOLDER_NAME"
}

/// A field that failed validation, with the headless SDK's error id and a message a person can act on.
///
/// Error ids: `invalid-card-number`, `unsupported-card-type`, `invalid-expiry-date`, `invalid-cvv`,
/// `invalid-cardholder-name`.
public struct ValidationError: Sendable, Equatable, Hashable, Error {
    public var errorId: String
    public var inputElementType: InputElementType
    public var description: String

    public init(errorId: String, inputElementType: InputElementType, description: String) {
        self.errorId = errorId
        self.inputElementType = inputElementType
        self.description = description
    }

    /// The description as a screen shows it, in one spelling: Primer's SDK writes "Card number can
    /// not be blank." (Primer iOS SDK 2.51.1, Sources/PrimerSDK/Classes/PCI/Checkout Components/
    /// PrimerRawCardDataTokenizationBuilder.swift) beside "cannot be blank" for every other field.
    /// The wire keeps Primer's words; a person reads "cannot" everywhere.
    public var shownDescription: String {
        description.replacing("can not ", with: "cannot ")
    }
}
