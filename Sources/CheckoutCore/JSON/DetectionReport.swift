/// One `checkout detect` output object: the number as the caller gave it, the networks detection
/// found, the BIN data, and every validation error.
///
///     {"cardNumber":"40117","source":"LOCAL","detectedCardNetworks":{…},"selectableCardNetworks":null,
///      "binData":{…},"validation":{"isValid":false,"errors":[…]}}
public struct DetectionReport: Sendable, Equatable {
    public var cardNumber: String
    public var metadata: CardNumberEntryMetadata
    public var binData: BinData
    public var errors: [ValidationError]

    public init(cardNumber: String, metadata: CardNumberEntryMetadata, binData: BinData, errors: [ValidationError]) {
        self.cardNumber = cardNumber
        self.metadata = metadata
        self.binData = binData
        self.errors = errors
    }
}

extension DetectionReport: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("cardNumber"); json.string(cardNumber)
        metadata.writeMembers(to: &json)
        json.key("binData"); json.value(binData)
        json.key("validation")
        json.beginObject()
        json.key("isValid"); json.bool(errors.isEmpty)
        json.key("errors"); json.array(errors)
        json.endObject()
        json.endObject()
    }
}
