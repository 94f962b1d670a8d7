import FoundationEssentials
import NolPay

// Primer iOS SDK 2.51.1, `Modules/PrimerFoundation/Sources/PrimerFoundation/Error/PrimerError.swift`:
// `enum PrimerError` with `errorId`, `diagnosticsId`, `recoverySuggestion` and `errorDescription`
// (`[errorId] description (diagnosticsId: …)`); the cases kept here are the ones this engine raises:
// `invalidValue(key:value:reason:diagnosticsId:)` ("Invalid value '…' for key '…'(reason)", id
// `invalid-value`), `nolError(code:message:diagnosticsId:)` ("Nol SDK encountered an error: …", id
// `nol-pay-sdk-error`), `nolSdkInitError` (`nol-pay-sdk-init-error`), `merchantError(message:)`
// (`merchant-error`) and `unknown(reason:)` (`unknown`). `value` is a `String?` here, not `Any?`, so
// the error is `Sendable`. The SDK's other cases (Apple Pay, Klarna, Stripe, 3DS, vaulting…) are
// for what this engine does not do.

/// An error a Nol Pay component or the checkout reports, with the SDK's ids and texts.
public enum PrimerError: LocalizedError, Sendable, CustomStringConvertible {
    case invalidValue(key: String, value: String? = nil, reason: String? = nil, diagnosticsId: String = UUID().uuidString)
    case nolError(code: String?, message: String?, diagnosticsId: String = UUID().uuidString)
    case nolSdkInitError(diagnosticsId: String = UUID().uuidString)
    case merchantError(message: String, diagnosticsId: String = UUID().uuidString)
    case unknown(reason: String? = nil, diagnosticsId: String = UUID().uuidString)

    /// A Nol Pay component's error: the Transit system's code and message, or the value at fault,
    /// with what to do next.
    init(_ error: NolPayError) {
        switch error.errorId {
        case "nol-pay-sdk-error": self = .nolError(code: error.code, message: error.message)
        case "invalid-value": self = .invalidValue(key: error.code, reason: error.message)
        default: self = .unknown(reason: error.description)
        }
    }

    public var errorId: String {
        switch self {
        case .invalidValue: "invalid-value"
        case .nolError: "nol-pay-sdk-error"
        case .nolSdkInitError: "nol-pay-sdk-init-error"
        case .merchantError: "merchant-error"
        case .unknown: "unknown"
        }
    }

    public var diagnosticsId: String {
        switch self {
        case let .invalidValue(_, _, _, id), let .nolError(_, _, id), let .nolSdkInitError(id),
             let .merchantError(_, id), let .unknown(_, id): id
        }
    }

    /// What happened, without the id.
    public var plainDescription: String {
        switch self {
        case let .invalidValue(key, value, reason, _): "Invalid value '\(value ?? "nil")' for key '\(key)'\(reason.map { "(\($0))" } ?? "")"
        case let .nolError(code, message, _): "Nol SDK encountered an error: \(code ?? "nil"), \(message ?? "nil")"
        case .nolSdkInitError: "Nol SDK initialization error"
        case let .merchantError(message, _): message
        case let .unknown(reason, _): "Something went wrong\(reason.map { ": \($0)" } ?? "")"
        }
    }

    /// `[nol-pay-sdk-error] Nol SDK encountered an error: card-blocked, This Nol card is blocked. (diagnosticsId: …)`
    public var errorDescription: String? { "[\(errorId)] \(plainDescription) (diagnosticsId: \(diagnosticsId))" }

    /// What to do about it (the Nol components always say).
    public var recoverySuggestion: String? {
        switch self {
        case let .invalidValue(key, value, _, _): "Check if value \(value ?? "nil") is valid for key \(key)"
        default: nil
        }
    }

    /// The error as SDK code prints it (`error.localizedDescription`): its `errorDescription`.
    public var localizedDescription: String { errorDescription ?? errorId }

    public var description: String { errorDescription ?? errorId }
}
