extension DetectedCardNetwork {
    /// `{"network","displayName","allowed","allowsUserSelection"}`, then `"surcharge"` (minor units)
    /// when the session sets one above 0 for the network (the SDK, too, treats none and 0 alike),
    /// then the issuer fields that are known.
    public func toJSON() -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("network", .string(network.rawValue)),
            ("displayName", .string(displayName)),
            ("allowed", .bool(allowed)),
            ("allowsUserSelection", .bool(allowsUserSelection)),
        ]
        if surcharge > 0 { members.append(("surcharge", .integer(surcharge))) }
        for (key, value) in issuer.fields { members.append((key, .string(value))) }
        return .object(members)
    }
}

extension AmountDue {
    /// `{"network":"VISA"|null,"amount":4999,"surcharge":30,"total":5029,"currency":"EUR"}`.
    public func toJSON() -> JSONValue {
        .object([
            ("network", .string(orNull: network?.rawValue)),
            ("amount", .integer(amount)),
            ("surcharge", .integer(surcharge)),
            ("total", .integer(total)),
            ("currency", .string(currency)),
        ])
    }
}

extension CardNetworksMetadata {
    /// `{"items":[…],"preferred":{…}|null}`.
    public func toJSON() -> JSONValue {
        .object([
            ("items", .array(items.map { $0.toJSON() })),
            ("preferred", preferred?.toJSON() ?? .null),
        ])
    }
}

extension CardNumberEntryMetadata {
    /// `{"source","detectedCardNetworks","selectableCardNetworks":{…}|null,
    /// "autoSelectedCardNetwork":{…}|null,"amountDue":{…}}` (`amountDue` left out when unknown).
    public func toJSON() -> JSONValue {
        .object(jsonMembers)
    }

    /// The members of ``toJSON()``, for objects that embed them (the `detect` output does).
    public var jsonMembers: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [
            ("source", .string(source.rawValue)),
            ("detectedCardNetworks", detectedCardNetworks.toJSON()),
            ("selectableCardNetworks", selectableCardNetworks?.toJSON() ?? .null),
            ("autoSelectedCardNetwork", autoSelectedCardNetwork?.toJSON() ?? .null),
        ]
        if let amountDue { members.append(("amountDue", amountDue.toJSON())) }
        return members
    }
}

extension BinData {
    /// `{"status","firstDigits":"…"|null,"preferred":{…}|null,"alternatives":[…]}`.
    public func toJSON() -> JSONValue {
        .object([
            ("status", .string(status.rawValue)),
            ("firstDigits", .string(orNull: firstDigits)),
            ("preferred", preferred?.toJSON() ?? .null),
            ("alternatives", .array(alternatives.map { $0.toJSON() })),
        ])
    }
}

extension ValidationError {
    /// `{"errorId","inputElementType","description"}`.
    public func toJSON() -> JSONValue {
        .object([
            ("errorId", .string(errorId)),
            ("inputElementType", .string(inputElementType.rawValue)),
            ("description", .string(description)),
        ])
    }
}

extension CardNumberEntryState {
    /// `{"cardNumber":"…"}`.
    public func toJSON() -> JSONValue {
        .object([("cardNumber", .string(cardNumber))])
    }
}
