extension DetectedCardNetwork {
    /// `{"network","displayName","allowed", then the issuer fields that are known}`.
    public func toJSON() -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("network", .string(network.rawValue)),
            ("displayName", .string(displayName)),
            ("allowed", .bool(allowed)),
        ]
        for (key, value) in issuer.fields { members.append((key, .string(value))) }
        return .object(members)
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
    /// `{"source","detectedCardNetworks","selectableCardNetworks":{…}|null}`.
    public func toJSON() -> JSONValue {
        .object(jsonMembers)
    }

    /// The members of ``toJSON()``, for objects that embed them (the `detect` output does).
    public var jsonMembers: [(String, JSONValue)] {
        [
            ("source", .string(source.rawValue)),
            ("detectedCardNetworks", detectedCardNetworks.toJSON()),
            ("selectableCardNetworks", selectableCardNetworks?.toJSON() ?? .null),
        ]
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
