import CheckoutCore
import FoundationEssentials
import NolPay

/// Why card data is not valid: the SDK's validation errors for card data, with its error ids and
/// descriptions.
///
/// Primer iOS SDK 2.51.1, `Modules/PrimerFoundation/Sources/PrimerFoundation/Error/PrimerValidationError.swift`:
/// cases `invalidCardholderName`, `invalidCardnumber`, `invalidCvv`, `invalidExpiryDate`, `invalidCardType`
/// (`message:diagnosticsId:`) and `invalidRawData(diagnosticsId:)`; ids `invalid-cardholder-name`,
/// `invalid-card-number`, `invalid-cvv`, `invalid-expiry-date`, `unsupported-card-type`, `invalid-raw-data`;
/// `errorDescription` is `[id] message`; for Nol Pay, `invalidPhoneNumber` (`invalid-phone-number`) and
/// `invalidOTPCode` (`invalid-otp-code`). The SDK's cases for other payment methods (banks,
/// addresses, retailers…) have no counterpart here.
public enum PrimerValidationError: LocalizedError, Sendable, CustomStringConvertible {
    case invalidCardholderName(message: String, diagnosticsId: String = UUID().uuidString)
    case invalidCardnumber(message: String, diagnosticsId: String = UUID().uuidString)
    case invalidCvv(message: String, diagnosticsId: String = UUID().uuidString)
    case invalidExpiryDate(message: String, diagnosticsId: String = UUID().uuidString)
    case invalidCardType(message: String, diagnosticsId: String = UUID().uuidString)
    case invalidRawData(diagnosticsId: String = UUID().uuidString)
    case invalidPhoneNumber(message: String, diagnosticsId: String = UUID().uuidString)
    case invalidOTPCode(message: String, diagnosticsId: String = UUID().uuidString)

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

    /// A Nol Pay component's validation error, as the SDK reports it.
    init(nol error: NolPayValidationError) {
        switch error.errorId {
        case "invalid-phone-number": self = .invalidPhoneNumber(message: error.description)
        case "invalid-otp-code": self = .invalidOTPCode(message: error.description)
        default: self = .invalidCardnumber(message: error.description)
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
        case .invalidPhoneNumber: "invalid-phone-number"
        case .invalidOTPCode: "invalid-otp-code"
        }
    }

    public var diagnosticsId: String {
        switch self {
        case let .invalidCardholderName(_, id), let .invalidCardnumber(_, id), let .invalidCvv(_, id),
             let .invalidExpiryDate(_, id), let .invalidCardType(_, id), let .invalidRawData(id),
             let .invalidPhoneNumber(_, id), let .invalidOTPCode(_, id): id
        }
    }

    /// `[invalid-expiry-date] The expiry date is in the past.`
    public var errorDescription: String? {
        switch self {
        case let .invalidCardholderName(message, _), let .invalidCardnumber(message, _), let .invalidCvv(message, _),
             let .invalidExpiryDate(message, _), let .invalidCardType(message, _),
             let .invalidPhoneNumber(message, _), let .invalidOTPCode(message, _): "[\(errorId)] \(message)"
        case .invalidRawData: "[\(errorId)] Raw data is not valid."
        }
    }

    public var description: String { errorDescription ?? errorId }
}
