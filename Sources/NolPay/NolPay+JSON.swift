import CheckoutCore
import CheckoutStore

/// The JSON shapes of `checkout nol events` (one object per event, keys in a fixed order).
extension NolPayError {
    public func toJSON() -> JSONValue {
        .object([("errorId", .string(errorId)), ("code", .string(code)), ("message", .string(message)),
                 ("description", .string(description)), ("recoverySuggestion", .string(recoverySuggestion))])
    }
}

extension NolPayValidationError {
    public func toJSON() -> JSONValue {
        .object([("errorId", .string(errorId)), ("description", .string(description)),
                 ("recoverySuggestion", .string(recoverySuggestion))])
    }
}

extension NolPayValidationStatus {
    /// The status's members: `"status"` and, when invalid, `"errors"`; when validation could not run, `"error"`.
    public var jsonMembers: [(String, JSONValue)] {
        switch self {
        case .validating, .valid: [("status", .string(name))]
        case let .invalid(errors): [("status", .string(name)), ("errors", .array(errors.map { $0.toJSON() }))]
        case let .error(error): [("status", .string(name)), ("error", error.toJSON())]
        }
    }
}

extension NolPaymentCard {
    public func toJSON() -> JSONValue {
        .object([("cardNumber", .string(cardNumber)), ("expiredTime", .string(expiredTime)), ("label", .string(label)),
                 ("balance", .integer(balance)), ("currency", .string("AED"))])
    }
}

extension NolPayment {
    public func toJSON() -> JSONValue {
        .object([("id", .string(id)), ("status", .string(status)), ("amount", .integer(amount)), ("currency", .string(currency)),
                 ("paymentMethodData", .object([("network", .string("NOL")), ("last4Digits", .string(last4))])),
                 ("balance", .integer(balance)), ("declineReason", .string(orNull: declineReason))])
    }
}

extension NolCardRecord {
    /// A card as the simulated reader lists it.
    public func toJSON() -> JSONValue {
        .object([("cardNumber", .string(cardNumber)), ("label", .string(label)), ("status", .string(status)),
                 ("expiry", .string(expiry)), ("balance", .integer(balance)), ("currency", .string("AED"))])
    }
}

extension NolPayLinkCardStep {
    public var jsonMembers: [(String, JSONValue)] {
        switch self {
        case .collectTagData: [("step", .string(name))]
        case let .collectPhoneData(cardNumber): [("step", .string(name)), ("cardNumber", .string(cardNumber))]
        case let .collectOtpData(phoneNumber): [("step", .string(name)), ("phoneNumber", .string(phoneNumber))]
        case .cardLinked: [("step", .string(name))]
        }
    }
}

extension NolPayUnlinkDataStep {
    public var jsonMembers: [(String, JSONValue)] { [("step", .string(name))] }
}

extension NolPayPaymentStep {
    public var jsonMembers: [(String, JSONValue)] { [("step", .string(name))] }
}

extension NolPayOutcome {
    /// `{"event":"cardLinked"|"cardUnlinked","card":{…}}` or `{"event":"checkoutCompleted"|"checkoutFailed","payment":{…}}`:
    /// what the flow produced, after the step that ends it.
    public var jsonMembers: [(String, JSONValue)] {
        switch self {
        case let .cardLinked(card): [("event", .string("cardLinked")), ("card", card.toJSON())]
        case let .cardUnlinked(card): [("event", .string("cardUnlinked")), ("card", .object([("cardNumber", .string(card.cardNumber))]))]
        case let .checkoutCompleted(payment): [("event", .string("checkoutCompleted")), ("payment", payment.toJSON())]
        case let .checkoutFailed(payment): [("event", .string("checkoutFailed")), ("payment", payment.toJSON())]
        }
    }
}

extension NolPayLinkCollectableData {
    public var name: String {
        switch self {
        case .phoneData: "phoneData"
        case .otpData: "otpData"
        }
    }
}

extension NolPayUnlinkCollectableData {
    public var name: String {
        switch self {
        case .cardAndPhoneData: "cardAndPhoneData"
        case .otpData: "otpData"
        }
    }
}

extension NolPayPaymentCollectableData {
    public var name: String { "paymentData" }
}
