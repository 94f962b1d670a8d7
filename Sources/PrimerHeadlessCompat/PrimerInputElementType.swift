// Primer iOS SDK 2.51.1, `Sources/PrimerSDK/Classes/Core/PrimerHeadlessUniversalCheckout/Models/PrimerHeadlessUniversalCheckoutInputElement.swift`:
// `enum PrimerInputElementType: Int` with these cases, and `stringValue` (`CARD_NUMBER`…).

/// An input a payment method needs; a card needs ``cardNumber``, ``expiryDate``, ``cvv`` and ``cardholderName``.
public enum PrimerInputElementType: Int, Sendable {
    case cardNumber
    case expiryDate
    case cvv
    case cardholderName
    case otp
    case postalCode
    case phoneNumber
    case retailer
    case unknown

    public var stringValue: String {
        switch self {
        case .cardNumber: "CARD_NUMBER"
        case .expiryDate: "EXPIRY_DATE"
        case .cvv: "CVV"
        case .cardholderName: "CARDHOLDER_NAME"
        case .otp: "OTP"
        case .postalCode: "POSTAL_CODE"
        case .phoneNumber: "PHONE_NUMBER"
        case .retailer: "RETAILER"
        case .unknown: "UNKNOWN"
        }
    }
}
