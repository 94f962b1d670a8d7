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
    /// In English, as the SDK's wire and the JSON output carry it.
    public var description: String
    /// The description as a sentence of the catalogues, for a screen to show in its language; not
    /// part of what the error is (equality, hashing, JSON).
    public var sentence: LocalizedText?

    public static func == (a: ValidationError, b: ValidationError) -> Bool {
        a.errorId == b.errorId && a.inputElementType == b.inputElementType && a.description == b.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(errorId)
        hasher.combine(inputElementType)
        hasher.combine(description)
    }

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
        // Most descriptions have no "can not": they are returned after a search of their bytes, not
        // of their Characters (the card form asks for every error's at each frame).
        guard description.utf8.firstRange(of: "can not ".utf8) != nil else { return description }
        return description.replacing("can not ", with: "cannot ")
    }

    /// ``shownDescription`` in `localizer`'s language.
    public func shownDescription(_ localizer: Localizer) -> String {
        guard localizer.language != .english, let sentence else { return shownDescription }
        return sentence.text(localizer)
    }

    /// The error with the sentence a screen shows for it.
    func saying(_ key: TextKey, _ arguments: String...) -> ValidationError {
        var error = self
        error.sentence = LocalizedText(key, arguments: arguments.map(LocalizedText.Argument.text))
        return error
    }
}
