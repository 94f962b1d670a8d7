import CheckoutCore

/// The JSON serialiser and detect-object builder as they were before ``JSONWriter`` (commit 74b8638),
/// with the fields added since (allowsUserSelection, surcharge, autoSelectedCardNetwork, amountDue),
/// kept as the oracle the writer's output must match byte for byte.
enum LegacyJSON {
    static func serialize(_ value: JSONValue) -> String {
        var output = ""
        write(value, to: &output)
        return output
    }

    static func write(_ value: JSONValue, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): writeNumber(number, to: &output)
        case .string(let text): writeString(text, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                write(element, to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                writeString(member.0, to: &output)
                output += ":"
                write(member.1, to: &output)
            }
            output += "}"
        }
    }

    static func writeNumber(_ number: Double, to output: inout String) {
        guard number.isFinite else { output += "null"; return }
        if number == number.rounded(), abs(number) < 1e15 {
            output += String(Int64(number))
        } else {
            output += "\(number)"
        }
    }

    static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }

    // MARK: The shapes, as trees

    static func tree(_ network: DetectedCardNetwork) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("network", .string(network.network.rawValue)),
            ("displayName", .string(network.displayName)),
            ("allowed", .bool(network.allowed)),
            ("allowsUserSelection", .bool(network.allowsUserSelection)),
        ]
        if network.surcharge > 0 { members.append(("surcharge", .integer(network.surcharge))) }
        for (key, value) in network.issuer.fields { members.append((key, .string(value))) }
        return .object(members)
    }

    static func tree(_ metadata: CardNetworksMetadata) -> JSONValue {
        .object([
            ("items", .array(metadata.items.map { tree($0) })),
            ("preferred", metadata.preferred.map { tree($0) } ?? .null),
        ])
    }

    static func members(_ metadata: CardNumberEntryMetadata) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [
            ("source", .string(metadata.source.rawValue)),
            ("detectedCardNetworks", tree(metadata.detectedCardNetworks)),
            ("selectableCardNetworks", metadata.selectableCardNetworks.map { tree($0) } ?? .null),
            ("autoSelectedCardNetwork", metadata.autoSelectedCardNetwork.map { tree($0) } ?? .null),
        ]
        if let due = metadata.amountDue {
            members.append(("amountDue", .object([
                ("network", due.network.map { .string($0.rawValue) } ?? .null), ("amount", .integer(due.amount)),
                ("surcharge", .integer(due.surcharge)), ("total", .integer(due.total)), ("currency", .string(due.currency)),
            ])))
        }
        return members
    }

    static func tree(_ metadata: CardNumberEntryMetadata) -> JSONValue { .object(members(metadata)) }

    static func tree(_ binData: BinData) -> JSONValue {
        .object([
            ("status", .string(binData.status.rawValue)),
            ("firstDigits", .string(orNull: binData.firstDigits)),
            ("preferred", binData.preferred.map { tree($0) } ?? .null),
            ("alternatives", .array(binData.alternatives.map { tree($0) })),
        ])
    }

    static func tree(_ error: ValidationError) -> JSONValue {
        .object([
            ("errorId", .string(error.errorId)),
            ("inputElementType", .string(error.inputElementType.rawValue)),
            ("description", .string(error.description)),
        ])
    }

    static func tree(_ state: CardNumberEntryState) -> JSONValue {
        .object([("cardNumber", .string(state.cardNumber))])
    }

    /// The `checkout detect` object, assembled as `Detector.detect` did.
    static func detectObject(cardNumber: String, metadata: CardNumberEntryMetadata, binData: BinData,
                             errors: [ValidationError]) -> JSONValue {
        var members: [(String, JSONValue)] = [("cardNumber", .string(cardNumber))]
        members.append(contentsOf: Self.members(metadata))
        members.append(("binData", tree(binData)))
        members.append(("validation", .object([
            ("isValid", .bool(errors.isEmpty)),
            ("errors", .array(errors.map { tree($0) })),
        ])))
        return .object(members)
    }
}
