extension DetectedCardNetwork: JSONWritable {
    /// `{"network","displayName","allowed","allowsUserSelection"}`, then `"surcharge"` (minor units)
    /// when the session sets one above 0 for the network (the SDK, too, treats none and 0 alike),
    /// then the issuer fields that are known.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("network"); json.string(network.rawValue)
        json.key("displayName"); json.string(displayName)
        json.key("allowed"); json.bool(allowed)
        json.key("allowsUserSelection"); json.bool(allowsUserSelection)
        if surcharge > 0 { json.key("surcharge"); json.integer(surcharge) }
        issuer.writeMembers(to: &json)
        json.endObject()
    }
}

extension IssuerDetails {
    /// The known fields as members of the enclosing object, in wire order (see ``fields``).
    public func writeMembers(to json: inout JSONWriter) {
        func member(_ key: StaticString, _ value: String?) {
            if let value { json.key(key); json.string(value) }
        }
        member("issuerCountryCode", issuerCountryCode)
        member("issuerName", issuerName)
        member("accountFundingType", accountFundingType)
        member("prepaidReloadableIndicator", prepaidReloadableIndicator)
        member("productUsageType", productUsageType)
        member("productCode", productCode)
        member("productName", productName)
        member("issuerCurrencyCode", issuerCurrencyCode)
        member("regionalRestriction", regionalRestriction)
        member("accountNumberType", accountNumberType)
    }
}

extension AmountDue: JSONWritable {
    /// `{"network":"VISA"|null,"amount":4999,"surcharge":30,"total":5029,"currency":"EUR"}`.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("network"); json.string(orNull: network?.rawValue)
        json.key("amount"); json.integer(amount)
        json.key("surcharge"); json.integer(surcharge)
        json.key("total"); json.integer(total)
        json.key("currency"); json.string(currency)
        json.endObject()
    }
}

extension CardNetworksMetadata: JSONWritable {
    /// `{"items":[…],"preferred":{…}|null}`.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("items"); json.array(items)
        json.key("preferred"); json.value(orNull: preferred)
        json.endObject()
    }
}

extension CardNumberEntryMetadata: JSONWritable {
    /// `{"source","detectedCardNetworks","selectableCardNetworks":{…}|null,
    /// "autoSelectedCardNetwork":{…}|null,"amountDue":{…}}` (`amountDue` left out when unknown).
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        writeMembers(to: &json)
        json.endObject()
    }

    /// The members of ``write(to:)``, for objects that embed them (the `detect` output does).
    public func writeMembers(to json: inout JSONWriter) {
        json.key("source"); json.string(source.rawValue)
        json.key("detectedCardNetworks"); json.value(detectedCardNetworks)
        json.key("selectableCardNetworks"); json.value(orNull: selectableCardNetworks)
        json.key("autoSelectedCardNetwork"); json.value(orNull: autoSelectedCardNetwork)
        if let amountDue { json.key("amountDue"); json.value(amountDue) }
    }
}

extension BinData: JSONWritable {
    /// `{"status","firstDigits":"…"|null,"preferred":{…}|null,"alternatives":[…]}`.
    public func write(to json: inout JSONWriter) {
        writeHead(to: &json)
        json.string(orNull: firstDigits)
        writeTail(to: &json)
    }

    /// The object up to the value of `firstDigits`, so a copy written once can serve many BINs.
    func writeHead(to json: inout JSONWriter) {
        json.beginObject()
        json.key("status"); json.string(status.rawValue)
        json.key("firstDigits")
    }

    /// The object after the value of `firstDigits`.
    func writeTail(to json: inout JSONWriter) {
        json.key("preferred"); json.value(orNull: preferred)
        json.key("alternatives"); json.array(alternatives)
        json.endObject()
    }
}

extension ValidationError: JSONWritable {
    /// `{"errorId","inputElementType","description"}`.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("errorId"); json.string(errorId)
        json.key("inputElementType"); json.string(inputElementType.rawValue)
        json.key("description"); json.string(description)
        json.endObject()
    }
}

extension CardNumberEntryState: JSONWritable {
    /// `{"cardNumber":"…"}`, masked when the writer ``JSONWriter/masksCardNumbers``.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("cardNumber"); json.string(json.masksCardNumbers ? CardNumberMask.mask(cardNumber) : cardNumber)
        json.endObject()
    }
}
