import CheckoutCore
import FoundationEssentials

/// Why card data is not valid: the SDK's validation errors for card data, with its error ids and
/// descriptions.
///
/// Primer iOS SDK 2.51.1, `Modules/PrimerFoundation/Sources/PrimerFoundation/Error/PrimerValidationError.swift`:
/// cases `invalidCardholderName`, `invalidCardnumber`, `invalidCvv`, `invalidExpiryDate`, `invalidCardType`
/// (`message:diagnosticsId:`) and `invalidRawData(diagnosticsId:)`; ids `invalid-cardholder-name`,
/// `invalid-card-number`, `invalid-cvv`, `invalid-expiry-date`, `unsupported-card-type`, `invalid-raw-data`;
/// `errorDescription` is `[id] message`. The SDK's cases for other payment methods (banks, phone
/// numbers, addresses…) have no counterpart here.
public enum PrimerValidationError: LocalizedError, Sendable, CustomStringConvertible {
    case invalidCardholderName(message: String, diagnosticsId: String = UUID().uuidString)
    case invalidCardnumber(message: String, diagnosticsId: String = UUID().uuidString)
    case invalidCvv(message: String, diagnosticsId: String = UUID().uuidString)
    case invalidExpiryDate(message: String, diagnosticsId: String = UUID().uuidString)
    case invalidCardType(message: String, diagnosticsId: String = UUID().uuidString)
    case invalidRawData(diagnosticsId: String = UUID().uuidString)

    init(_ error: ValidationError) {
        let message = error.description
        switch error.errorId {
        case "invalid-cardholder-name": self = .invalidCardholderName(message: message)
        case "invalid-card-number": self = .invalidCardnumber(message: message)
        case "invalid-cvv": self = .invalidCvv(message: message)
        case "invalid-expiry-date": self = .invalidExpiryDate(message: message)
        case "unsupported-card-type": self = .invalidCardType(message: message)
        default: self = .invalidRawData()
        }
    }

    public var errorId: String {
        switch self {
        case .invalidCardholderName: "invalid-cardholder-name"
        case .invalidCardnumber: "invalid-card-number"
        case .invalidCvv: "invalid-cvv"
        case .invalidExpiryDate: "invalid-expiry-date"
        case .invalidCardType: "unsupported-card-type"
        case .invalidRawData: "invalid-raw-data"
        }
    }

    public var diagnosticsId: String {
        switch self {
        case let .invalidCardholderName(_, id), let .invalidCardnumber(_, id), let .invalidCvv(_, id),
             let .invalidExpiryDate(_, id), let .invalidCardType(_, id), let .invalidRawData(id): id
        }
    }

    /// `[invalid-expiry-date] The expiry date is in the past.`
    public var errorDescription: String? {
        switch self {
        case let .invalidCardholderName(message, _), let .invalidCardnumber(message, _), let .invalidCvv(message, _),
             let .invalidExpiryDate(message, _), let .invalidCardType(message, _): "[\(errorId)] \(message)"
        case .invalidRawData: "[\(errorId)] Raw data is not valid."
        }
    }

    public var description: String { errorDescription ?? errorId }
}
