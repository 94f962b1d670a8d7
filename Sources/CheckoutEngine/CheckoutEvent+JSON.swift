import CheckoutCore

extension CheckoutEvent {
    /// The event as one `checkout events` output object (PRODUCT.md shapes), such as
    /// `{"event":"willFetchMetadata","state":{"cardNumber":"40000025"}}`.
    public func toJSON() -> JSONValue {
        switch self {
        case let .dataIsValid(isValid, errors):
            return .object([("event", .string("dataIsValid")), ("isValid", .bool(isValid)),
                            ("errors", .array(errors.map { $0.toJSON() }))])
        case let .willFetchMetadata(state):
            return .object([("event", .string("willFetchMetadata")), ("state", state.toJSON())])
        case let .didReceiveMetadata(metadata, state):
            return .object([("event", .string("didReceiveMetadata")), ("state", state.toJSON()), ("metadata", metadata.toJSON())])
        case let .didReceiveBinData(binData):
            return .object([("event", .string("didReceiveBinData")), ("binData", binData.toJSON())])
        case let .checkoutCompleted(payment):
            return .object([("event", .string("checkoutCompleted")), ("payment", payment.toJSON())])
        case let .checkoutFailed(error):
            return .object([("event", .string("checkoutFailed")), ("error", .object([
                ("errorId", .string(error.errorId)), ("description", .string(error.description)),
            ]))])
        }
    }
}

extension Payment {
    /// `{"id":…,"status":…,"amount":…,"surcharge":…,"total":…,"currency":…,"paymentMethodData":{"network":…,"last4Digits":…}}`,
    /// plus `declineReason` for a declined or failed payment. `amount` is the order amount,
    /// `surcharge` what the network added (0 when nothing), `total` what was charged.
    public func toJSON() -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(id)), ("status", .string(status.rawValue)), ("amount", .integer(amount)),
            ("surcharge", .integer(surcharge)), ("total", .integer(total)), ("currency", .string(currency)),
            ("paymentMethodData", .object([("network", .string(network.rawValue)), ("last4Digits", .string(last4Digits))])),
        ]
        if let declineReason { members.append(("declineReason", .string(declineReason))) }
        return .object(members)
    }
}
