import CheckoutCore

/// A failure a Nol Pay component reports on its error stream, with the headless SDK's error id.
///
/// Ids follow the headless SDK: `nol-pay-sdk-error` carries the Transit system's `code` and
/// `message` ("Nol SDK encountered an error: card-blocked, This Nol card is blocked."), and
/// `invalid-value` names the value that was missing or out of place. Every error says what to do
/// next in ``recoverySuggestion``.
public struct NolPayError: Error, Sendable, Equatable {
    public var errorId: String
    /// The Transit error code for `nol-pay-sdk-error`, or the key of an `invalid-value`.
    public var code: String
    public var message: String
    public var description: String
    /// What the person can do about it, in one sentence.
    public var recoverySuggestion: String

    /// The texts may quote what a caller or a failure supplied, so they are kept sanitised
    /// (``DiagnosticText``): one line each, no control or bidi characters.
    public init(errorId: String, code: String, message: String, description: String, recoverySuggestion: String) {
        self.errorId = errorId
        self.code = DiagnosticText.sanitized(code)
        self.message = DiagnosticText.sanitized(message)
        self.description = DiagnosticText.sanitized(description)
        self.recoverySuggestion = DiagnosticText.sanitized(recoverySuggestion)
    }

    /// A failure reported by the Transit system (the card reader or the Nol backend).
    public static func sdk(_ error: TransitError) -> NolPayError {
        NolPayError(errorId: "nol-pay-sdk-error", code: error.code, message: error.message,
                    description: "Nol SDK encountered an error: \(error.code), \(error.message)",
                    recoverySuggestion: error.recoverySuggestion)
    }

    /// A value the current step cannot use, such as a one-time code sent while a phone number is expected.
    public static func invalidValue(_ key: String, _ message: String, next: String) -> NolPayError {
        NolPayError(errorId: "invalid-value", code: key, message: message,
                    description: "Invalid value for '\(key)': \(message)", recoverySuggestion: next)
    }

    /// Any failure from a Transit call, kept as a `nol-pay-sdk-error`.
    static func from(_ error: any Error) -> NolPayError {
        if let transit = error as? TransitError { return .sdk(transit) }
        if error is CancellationError { return .sdk(.cancelled) }
        return .sdk(TransitError(code: "unknown", message: "The Nol system failed for an unknown reason (\(error)).",
                                 recoverySuggestion: "Try again in a moment."))
    }
}

/// A piece of collected data that failed validation: `invalid-phone-number`, `invalid-otp-code` or
/// `invalid-card-number`.
public struct NolPayValidationError: Error, Sendable, Equatable {
    public var errorId: String
    public var description: String
    /// What to type instead.
    public var recoverySuggestion: String

    public init(errorId: String, description: String, recoverySuggestion: String) {
        self.errorId = errorId
        self.description = description
        self.recoverySuggestion = recoverySuggestion
    }
}

/// Where validation of the collected data stands, as the headless SDK's validation delegate reports it.
public enum NolPayValidationStatus: Sendable, Equatable {
    case validating
    case valid
    case invalid([NolPayValidationError])
    /// Validation itself could not run.
    case error(NolPayError)

    /// The wire name: `validating`, `valid`, `invalid` or `error`.
    public var name: String {
        switch self {
        case .validating: "validating"
        case .valid: "valid"
        case .invalid: "invalid"
        case .error: "error"
        }
    }
}
