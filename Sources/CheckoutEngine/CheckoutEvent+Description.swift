import CheckoutCore
import FoundationEssentials

extension CheckoutEvent: CustomStringConvertible {
    /// The event's name, as `checkout events` writes it (`didReceiveMetadata`).
    public var name: String {
        switch self {
        case .dataIsValid: "dataIsValid"
        case .willFetchMetadata: "willFetchMetadata"
        case .didReceiveMetadata: "didReceiveMetadata"
        case .didReceiveBinData: "didReceiveBinData"
        case .checkoutCompleted: "checkoutCompleted"
        case .checkoutFailed: "checkoutFailed"
        }
    }

    /// What the event says, on one line, the card number masked:
    ///
    ///     invalid: invalid-expiry-date, invalid-cvv
    ///     4000 00•• •••• 1001 REMOTE [VISA,CARTES_BANCAIRES] selectable:VISA,CARTES_BANCAIRES
    ///     complete 40000025 preferred:VISA
    ///     pay_0f3c… AUTHORIZED CARTES_BANCAIRES •••• 1001
    public var summary: String {
        switch self {
        case let .dataIsValid(isValid, errors):
            return isValid ? "valid" : "invalid: " + errors.map(\.errorId).joined(separator: ", ")
        case let .willFetchMetadata(state):
            return CardNumberMask.mask(state.cardNumber)
        case let .didReceiveMetadata(metadata, state):
            let networks = metadata.detectedCardNetworks.items.map(\.network.rawValue).joined(separator: ",")
            let choice = metadata.selectableCardNetworks.map { " selectable:" + $0.items.map(\.network.rawValue).joined(separator: ",") } ?? ""
            return "\(CardNumberMask.mask(state.cardNumber)) \(metadata.source.rawValue) [\(networks)]\(choice)"
        case let .didReceiveBinData(binData):
            return "\(binData.status.rawValue) \(binData.firstDigits ?? "-") preferred:\(binData.preferred?.network.rawValue ?? "none")"
        case let .checkoutCompleted(payment):
            return "\(payment.id) \(payment.status.rawValue) \(payment.network.rawValue) \(CardNumberMask.lastFour(payment.last4Digits))"
        case let .checkoutFailed(error):
            return "\(error.errorId): \(error.description)"
        }
    }

    /// `didReceiveMetadata 4000 00•• •••• 1001 REMOTE [VISA,CARTES_BANCAIRES] selectable:VISA,CARTES_BANCAIRES`.
    public var description: String { name + " " + summary }
}

extension Payment: CustomStringConvertible {
    /// `pay_0f3c… AUTHORIZED CARTES_BANCAIRES •••• 1001, 4999 EUR`; a surcharge and a decline
    /// reason follow when there are some: `…, 5029 EUR (4999 + surcharge 30)`, `…: insufficient funds`.
    /// Amounts are in minor units, as everywhere in the engine.
    public var description: String {
        var text = "\(id) \(status.rawValue) \(network.rawValue) \(CardNumberMask.lastFour(last4Digits)), \(total) \(currency)"
        if surcharge != 0 { text += " (\(amount) + surcharge \(surcharge))" }
        if let declineReason { text += ": \(declineReason)" }
        return text
    }
}

/// `print(error)` and, where Foundation is imported, `error.localizedDescription` give the message.
extension CheckoutError: CustomStringConvertible, LocalizedError {
    public var errorDescription: String? { description }
}

extension PaymentRequest: CustomStringConvertible {
    /// `req_… VISA 4000 00•• •••• 1001, 4999 EUR`: the number masked and no CVV, so a processor
    /// that prints its requests logs neither.
    public var description: String {
        var text = "\(id) \(network.rawValue) \(CardNumberMask.mask(cardNumber)), \(total) \(currency)"
        if surcharge != 0 { text += " (\(amount) + surcharge \(surcharge))" }
        if let selectedNetwork { text += ", chosen by the cardholder: \(selectedNetwork.rawValue)" }
        return text
    }
}
