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
    /// The message and the suggestion as catalogue sentences, for a screen to say in its language;
    /// the texts above stay English (the wire's). Not part of what the error is (equality).
    public var shown: (message: LocalizedText, advice: LocalizedText)?

    public static func == (a: NolPayError, b: NolPayError) -> Bool {
        a.errorId == b.errorId && a.code == b.code && a.message == b.message && a.description == b.description
            && a.recoverySuggestion == b.recoverySuggestion
    }

    /// The message as a screen shows it in `localizer`'s language: in English, ``message`` itself.
    public func shownMessage(_ localizer: Localizer) -> String {
        guard localizer.language != .english, let shown else { return message }
        return shown.message.text(localizer)
    }

    /// What to do next as a screen shows it in `localizer`'s language: in English, ``recoverySuggestion``.
    public func shownAdvice(_ localizer: Localizer) -> String {
        guard localizer.language != .english, let shown else { return recoverySuggestion }
        return shown.advice.text(localizer)
    }

    /// The error with the sentences a screen shows for it.
    public func saying(_ message: LocalizedText, _ advice: LocalizedText) -> NolPayError {
        var error = self
        error.shown = (message, advice)
        return error
    }

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
        var sdk = NolPayError(errorId: "nol-pay-sdk-error", code: error.code, message: error.message,
                              description: "Nol SDK encountered an error: \(error.code), \(error.message)",
                              recoverySuggestion: error.recoverySuggestion)
        sdk.shown = error.shown
        return sdk
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
                                 recoverySuggestion: "Try again in a moment.")
            .saying(LocalizedText(.nolErrUnknown, "\(error)"), LocalizedText(.nolErrUnknownAdvice)))
    }
}

/// A piece of collected data that failed validation: `invalid-phone-number`, `invalid-otp-code` or
/// `invalid-card-number`.
public struct NolPayValidationError: Error, Sendable, Equatable {
    public var errorId: String
    public var description: String
    /// What to type instead.
    public var recoverySuggestion: String
    /// The description and the suggestion as catalogue sentences (see ``NolPayError/shown``).
    public var shown: (description: LocalizedText, advice: LocalizedText)?

    public init(errorId: String, description: String, recoverySuggestion: String) {
        self.errorId = errorId
        self.description = description
        self.recoverySuggestion = recoverySuggestion
    }

    public static func == (a: NolPayValidationError, b: NolPayValidationError) -> Bool {
        a.errorId == b.errorId && a.description == b.description && a.recoverySuggestion == b.recoverySuggestion
    }

    /// The description in `localizer`'s language: in English, ``description`` itself.
    public func shownDescription(_ localizer: Localizer) -> String {
        guard localizer.language != .english, let shown else { return description }
        return shown.description.text(localizer)
    }

    /// What to type instead in `localizer`'s language: in English, ``recoverySuggestion``.
    public func shownAdvice(_ localizer: Localizer) -> String {
        guard localizer.language != .english, let shown else { return recoverySuggestion }
        return shown.advice.text(localizer)
    }

    /// The error with the sentences a screen shows for it.
    public func saying(_ description: LocalizedText, _ advice: LocalizedText) -> NolPayValidationError {
        var error = self
        error.shown = (description, advice)
        return error
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
