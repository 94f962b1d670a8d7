import CheckoutCore

extension CheckoutEvent: JSONWritable {
    /// The event as one `checkout events` output object (PRODUCT.md shapes), such as
    /// `{"event":"willFetchMetadata","state":{"cardNumber":"40000025"}}`. The client-session events
    /// (Docs/primer.md) are `{"event":"willUpdateClientSession","network":"VISA"|null}`,
    /// `{"event":"didUpdateClientSession","amountDue":{…}}` and
    /// `{"event":"clientSessionUpdateFailed","error":{…}}`; a `checkoutFailed` about a payment that
    /// was created carries it as `"payment"`, in the shape of `checkoutCompleted`'s.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        switch self {
        case let .dataIsValid(isValid, errors):
            json.key("event"); json.string("dataIsValid")
            json.key("isValid"); json.bool(isValid)
            json.key("errors"); json.array(errors)
        case let .willFetchMetadata(state):
            json.key("event"); json.string("willFetchMetadata")
            json.key("state"); json.value(state)
        case let .didReceiveMetadata(metadata, state):
            json.key("event"); json.string("didReceiveMetadata")
            json.key("state"); json.value(state)
            json.key("metadata"); json.value(metadata)
        case let .didReceiveBinData(binData):
            json.key("event"); json.string("didReceiveBinData")
            json.key("binData"); json.value(binData)
        case let .checkoutCompleted(payment):
            json.key("event"); json.string("checkoutCompleted")
            json.key("payment"); json.value(payment)
        case let .checkoutFailed(error):
            json.key("event"); json.string("checkoutFailed")
            json.key("error")
            json.beginObject()
            json.key("errorId"); json.string(error.errorId)
            json.key("description"); json.string(error.description)
            json.endObject()
            if let payment = error.payment { json.key("payment"); json.value(payment) }
        case let .willUpdateClientSession(network):
            json.key("event"); json.string("willUpdateClientSession")
            json.key("network"); json.string(orNull: network?.rawValue)
        case let .didUpdateClientSession(due):
            json.key("event"); json.string("didUpdateClientSession")
            json.key("amountDue"); json.value(due)
        case let .clientSessionUpdateFailed(error):
            json.key("event"); json.string("clientSessionUpdateFailed")
            json.key("error")
            json.beginObject()
            json.key("errorId"); json.string(error.errorId)
            json.key("description"); json.string(error.description)
            json.endObject()
        }
        json.endObject()
    }
}

extension Payment: JSONWritable {
    /// `{"id":…,"status":…,"amount":…,"surcharge":…,"total":…,"currency":…,"paymentMethodData":{"network":…,"last4Digits":…}}`,
    /// plus `orderId` when the processor named one, `declineReason` for a declined or failed
    /// payment and `notRecorded` (why the ledger does not hold it yet) when the ledger could not be
    /// written. `amount` is the order amount,
    /// `surcharge` what the network added (0 when nothing), `total` what was charged.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("id"); json.string(id)
        if let orderId { json.key("orderId"); json.string(orderId) }
        json.key("status"); json.string(status.rawValue)
        json.key("amount"); json.integer(amount)
        json.key("surcharge"); json.integer(surcharge)
        json.key("total"); json.integer(total)
        json.key("currency"); json.string(currency)
        json.key("paymentMethodData")
        json.beginObject()
        json.key("network"); json.string(network.rawValue)
        json.key("last4Digits"); json.string(last4Digits)
        json.endObject()
        if let declineReason { json.key("declineReason"); json.string(declineReason) }
        if let notRecorded { json.key("notRecorded"); json.string(notRecorded) }
        json.endObject()
    }
}
