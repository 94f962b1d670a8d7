import FoundationEssentials

/// Reading a client session in the headless SDK's shape (the `clientSession` of Primer's
/// configuration), the Client Session API's shape, or a whole configuration that holds one.
///
/// Fields read (every one optional; anything else is ignored):
///
/// | field | meaning |
/// | --- | --- |
/// | `order.merchantAmount`, else `order.totalOrderAmount` less its `order.fees` of type `SURCHARGE`, else `amount` | the order amount in minor units (the SDK's rule; `amount` is the Client Session API's) |
/// | `order.currencyCode`, else `currencyCode` | ISO 4217 code |
/// | `paymentMethod.orderedAllowedCardNetworks` | accepted networks in order of preference; absent or null accepts every network |
/// | `paymentMethod.options` | a list of `{"type":…}` objects (the SDK's) or an object keyed by type (the API's) |
/// | `…options[type=PAYMENT_CARD].networks` | a list of `{"type":"VISA","surcharge":30}` or an object `{"VISA":{"surcharge":{"amount":30}}}`; a surcharge is minor units or `{"amount":…}` |
/// | `merchantName`, else `…options[type=APPLE_PAY].merchantName` | the merchant's name |
/// | `order.orderId`, else `orderId` | the merchant's reference for the order |
/// | `order.lineItems[]` | ``OrderLineItem``s: `itemId`, `description`, `name`, `quantity` (1 when absent), `amount`, `discountAmount`, `taxAmount` |
/// | `checkoutModules[type=CARD_INFORMATION].options.cardHolderName` (beside `clientSession` in a configuration) | `false`: the name is not collected |
///
/// A value of the wrong type is an error naming its JSON path; a network id that names no network
/// is a ``SessionWarning`` and is left out. Absent amount and currency take `defaults`'.
///
///     let (session, warnings) = try ClientSession.read(json: text, defaults: shipped)
extension ClientSession {
    /// Reads a session from JSON text; an unparsable text is an error with its line and column.
    public static func read(json text: String, defaults: ClientSession = ClientSession()) throws(SessionFileError)
        -> (session: ClientSession, warnings: [SessionWarning]) {
        let value: JSONValue
        do { value = try JSONValue(parsing: text) } catch let error as JSONParseError {
            throw SessionFileError(location: Self.lineAndColumn(ofByte: error.offset, in: text), message: error.message)
        } catch {
            throw SessionFileError(location: "line 1, column 1", message: "\(error)")
        }
        return try read(value, defaults: defaults)
    }

    /// Reads a session from a parsed JSON value; `path` is where `value` sits in its document.
    public static func read(_ value: JSONValue, at path: String = "$", defaults: ClientSession = ClientSession()) throws(SessionFileError)
        -> (session: ClientSession, warnings: [SessionWarning]) {
        var reader = SessionReader()
        let session = try reader.session(value, at: path, defaults: defaults)
        return (session, reader.warnings)
    }

    /// Reads session defaults such as `Resources/data/session.json`, strictly: an unknown network
    /// is an error here, since shipped data must be exact.
    public init(json: Data) throws {
        let (session, warnings) = try Self.read(json: String(decoding: json, as: UTF8.self))
        if let first = warnings.first { throw CatalogueError("\(first)") }
        self = session
    }

    /// Reads session defaults from their parsed tree (the shipped `session.json` is read at build
    /// time), as strictly as the file's text.
    public init(json tree: JSONValue) throws {
        let (session, warnings) = try Self.read(tree)
        if let first = warnings.first { throw CatalogueError("\(first)") }
        self = session
    }

    /// Parses a comma-separated list of network ids (`VISA,CARTES_BANCAIRES`); throws naming the
    /// first id that is not a network.
    public static func parseNetworkList(_ text: String) throws -> [CardNetwork] {
        var result: [CardNetwork] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let id = String(part).trimmingWhitespace()
            guard let network = CardNetwork(identifier: id), network != .other else {
                throw CatalogueError("unknown network id \"\(id)\"; known ids: \(CardNetwork.allCases.filter { $0 != .other }.map(\.rawValue).joined(separator: " "))")
            }
            if !result.contains(network) { result.append(network) }
        }
        return result
    }

    /// `line L, column C` (both from 1; columns count characters) of a UTF-8 byte offset.
    static func lineAndColumn(ofByte offset: Int, in text: String) -> String {
        let bytes = Array(text.utf8.prefix(max(0, offset)))
        let lineStart = (bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
        let line = bytes.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let column = String(decoding: bytes[lineStart...], as: UTF8.self).count + 1
        return "line \(line), column \(column)"
    }
}

/// The walk over one session document: each read names the JSON path it is at, and unknown
/// network ids are collected as warnings.
private struct SessionReader {
    var warnings: [SessionWarning] = []

    mutating func session(_ document: JSONValue, at root: String, defaults: ClientSession) throws(SessionFileError) -> ClientSession {
        var path = root
        var value = document
        guard value.objectValue != nil else { throw error(path, "a client session is a JSON object, found \(Self.kind(value))") }
        // A key given twice means what the reader decides (the first wins here, the last in
        // Python's json): a session that could be read two ways is refused, naming where.
        if let twice = Self.duplicateKey(in: document, at: path) {
            throw error(twice, "is given twice in the same object; each key may appear once, so the session cannot be read two ways")
        }
        let collectsName = Self.collectsCardholderName(document["checkoutModules"])
        // A configuration response holds the session under `clientSession`.
        if let inner = value["clientSession"], inner.objectValue != nil {
            path = Self.child(path, "clientSession")
            value = inner
        }
        // The keys of this program's first session format, which would otherwise be silently ignored.
        if value["orderedAllowedCardNetworks"] != nil {
            throw error(Self.child(path, "orderedAllowedCardNetworks"), "belongs under paymentMethod: {\"paymentMethod\":{\"orderedAllowedCardNetworks\":[…]}}")
        }
        if value["currency"] != nil {
            throw error(Self.child(path, "currency"), "a client session names its currency in order.currencyCode (or currencyCode)")
        }

        var session = ClientSession(orderedAllowedCardNetworks: nil, amount: defaults.amount, currency: defaults.currency)
        let order = try object(value["order"], Self.child(path, "order"))
        // An amount of 0 is refused as `--amount 0` is: nothing to pay is not a checkout.
        let merchantAmount = try minorUnits(order?["merchantAmount"], Self.child(path, "order", "merchantAmount"), least: 1)
        let totalOrderAmount = try minorUnits(order?["totalOrderAmount"], Self.child(path, "order", "totalOrderAmount"), least: 1)
        let apiAmount = try minorUnits(value["amount"], Self.child(path, "amount"), least: 1)
        if let amount = merchantAmount ?? totalOrderAmount ?? apiAmount { session.amount = amount }
        // A session a surcharge was already applied to counts it in totalOrderAmount, as an
        // `order.fees` entry of type SURCHARGE (Primer iOS SDK 2.51.1, ClientSession.swift `Order.Fee`):
        // the order amount is the rest.
        if merchantAmount == nil, let total = totalOrderAmount {
            let fees = (order?["fees"]?.arrayValue ?? []).reduce(0) { sum, fee in
                fee["type"]?.stringValue == "SURCHARGE" ? sum + max(0, fee["amount"]?.intValue ?? 0) : sum
            }
            if fees <= total { session.amount = total - fees }
        }
        let orderCurrency = try currency(order?["currencyCode"], Self.child(path, "order", "currencyCode"))
        let apiCurrency = try currency(value["currencyCode"], Self.child(path, "currencyCode"))
        if let code = orderCurrency ?? apiCurrency { session.currency = code }

        let orderId = try text(order?["orderId"], Self.child(path, "order", "orderId"))
        let apiOrderId = try text(value["orderId"], Self.child(path, "orderId"))
        session.orderId = orderId ?? apiOrderId
        session.lineItems = try lineItems(order?["lineItems"], Self.child(path, "order", "lineItems"))

        var merchantName = try text(value["merchantName"], Self.child(path, "merchantName"))
        if let paymentMethod = try object(value["paymentMethod"], Self.child(path, "paymentMethod")) {
            let methodPath = Self.child(path, "paymentMethod")
            session.orderedAllowedCardNetworks = try allowedNetworks(paymentMethod["orderedAllowedCardNetworks"],
                                                                     Self.child(methodPath, "orderedAllowedCardNetworks"))
            for option in try options(paymentMethod["options"], Self.child(methodPath, "options")) {
                switch option.type.uppercased() {
                case "PAYMENT_CARD":
                    // Several card options: a network keeps the first one that gives it a surcharge.
                    let found = try surcharges(option.body["networks"], Self.child(option.path, "networks"))
                    session.surcharges.merge(found) { first, _ in first }
                case "APPLE_PAY":
                    if merchantName == nil { merchantName = try text(option.body["merchantName"], Self.child(option.path, "merchantName")) }
                default:
                    break
                }
            }
        }
        session.merchantName = merchantName
        session.collectsCardholderName = collectsName
        return session
    }

    /// `checkoutModules` as the SDK reads it: options of the wrong shape count as absent, and an
    /// absent `cardHolderName` means the name is collected (Primer iOS SDK 2.51.1,
    /// `PrimerConfiguration.swift` `CardInformationOptions`, decoded with `try?`).
    static func collectsCardholderName(_ modules: JSONValue?) -> Bool {
        let card = modules?.arrayValue?.first { $0["type"]?.stringValue == "CARD_INFORMATION" }
        guard case let .bool(flag)? = card?["options"]?["cardHolderName"] else { return true }
        return flag
    }

    // MARK: - Fields

    mutating func allowedNetworks(_ value: JSONValue?, _ path: String) throws(SessionFileError) -> [CardNetwork]? {
        guard let value, !value.isNull else { return nil }
        guard let items = value.arrayValue else { throw error(path, "expected a list of network ids, found \(Self.kind(value))") }
        var networks: [CardNetwork] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            guard let id = item.stringValue else { throw error(itemPath, "expected a network id (a string), found \(Self.kind(item))") }
            if let network = network(id, itemPath), !networks.contains(network) { networks.append(network) }
        }
        return networks
    }

    /// The entries of `paymentMethod.options`: a list of objects with a `type`, or an object keyed by type.
    func options(_ value: JSONValue?, _ path: String) throws(SessionFileError) -> [(type: String, body: JSONValue, path: String)] {
        guard let value, !value.isNull else { return [] }
        if let members = value.objectValue {
            var entries: [(type: String, body: JSONValue, path: String)] = []
            for (type, body) in members {
                let entryPath = Self.child(path, type)
                guard body.objectValue != nil else { throw error(entryPath, "expected an object, found \(Self.kind(body))") }
                entries.append((type, body, entryPath))
            }
            return entries
        }
        guard let items = value.arrayValue else { throw error(path, "expected a list of options (or an object keyed by payment method type), found \(Self.kind(value))") }
        var entries: [(type: String, body: JSONValue, path: String)] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            guard item.objectValue != nil else { throw error(itemPath, "expected an object, found \(Self.kind(item))") }
            guard let type = item["type"]?.stringValue else {
                throw error(Self.child(itemPath, "type"), "expected the payment method type (a string such as \"PAYMENT_CARD\")")
            }
            entries.append((type, item, itemPath))
        }
        return entries
    }

    /// `networks` of the card option: `[{"type":"VISA","surcharge":30}]` or `{"VISA":{"surcharge":{"amount":30}}}`.
    mutating func surcharges(_ value: JSONValue?, _ path: String) throws(SessionFileError) -> [CardNetwork: Int] {
        guard let value, !value.isNull else { return [:] }
        var entries: [(id: String, idPath: String, body: JSONValue, path: String)] = []
        if let members = value.objectValue {
            for (id, body) in members {
                let entryPath = Self.child(path, id)
                guard body.objectValue != nil else { throw error(entryPath, "expected an object such as {\"surcharge\":{\"amount\":30}}, found \(Self.kind(body))") }
                entries.append((id, entryPath, body, entryPath))
            }
        } else if let items = value.arrayValue {
            for (index, item) in items.enumerated() {
                let itemPath = "\(path)[\(index)]"
                guard item.objectValue != nil else { throw error(itemPath, "expected an object such as {\"type\":\"VISA\",\"surcharge\":30}, found \(Self.kind(item))") }
                guard let id = item["type"]?.stringValue else { throw error(Self.child(itemPath, "type"), "expected a network id (a string)") }
                entries.append((id, Self.child(itemPath, "type"), item, itemPath))
            }
        } else {
            throw error(path, "expected a list of networks (or an object keyed by network id), found \(Self.kind(value))")
        }
        // A network listed twice takes its first entry, whatever it says (0 included), as the SDK
        // does (Primer iOS SDK 2.51.1, Sources/PrimerSDK/Classes/Data Models/CardNetwork.swift,
        // `surcharge`: the first `networks` entry of the type decides; one not above 0 is none).
        var result: [CardNetwork: Int] = [:]
        var seen: Set<CardNetwork> = []
        for entry in entries {
            let amount = try surcharge(entry.body["surcharge"], Self.child(entry.path, "surcharge"))
            guard let network = network(entry.id, entry.idPath), seen.insert(network).inserted else { continue }
            if amount > 0 { result[network] = amount }
        }
        return result
    }

    /// `order.lineItems`: a list of objects, each read as an ``OrderLineItem``.
    func lineItems(_ value: JSONValue?, _ path: String) throws(SessionFileError) -> [OrderLineItem] {
        guard let value, !value.isNull else { return [] }
        guard let items = value.arrayValue else { throw error(path, "expected a list of line items, found \(Self.kind(value))") }
        var result: [OrderLineItem] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            guard item.objectValue != nil else { throw error(itemPath, "expected an object such as {\"description\":\"…\",\"amount\":450,\"quantity\":2}, found \(Self.kind(item))") }
            var quantity = 1
            if let raw = item["quantity"], !raw.isNull {
                guard let number = raw.intValue, number >= 1 else {
                    throw error(Self.child(itemPath, "quantity"), "expected a whole number, 1 or more, found \(Self.kind(raw))")
                }
                quantity = number
            }
            let line = OrderLineItem(
                itemId: try text(item["itemId"], Self.child(itemPath, "itemId")),
                description: try text(item["description"], Self.child(itemPath, "description")),
                name: try text(item["name"], Self.child(itemPath, "name")),
                quantity: quantity,
                amount: try minorUnits(item["amount"], Self.child(itemPath, "amount")),
                discountAmount: try minorUnits(item["discountAmount"], Self.child(itemPath, "discountAmount")),
                taxAmount: try minorUnits(item["taxAmount"], Self.child(itemPath, "taxAmount")))
            // A line that costs less than nothing (a discount larger than the line) or more than any
            // amount is not an order line: shown, it would tell the cardholder something untrue.
            if line.amount != nil {
                guard let total = line.total, (0...ClientSession.maximumAmount).contains(total) else {
                    if let total = line.total, total < 0 {
                        throw error(itemPath, "comes to \(total) minor units (amount × quantity − discountAmount + taxAmount); a line of an order cannot be negative")
                    }
                    throw error(itemPath, "comes to more than any amount (amount × quantity − discountAmount + taxAmount, at most \(ClientSession.maximumAmount))")
                }
            }
            result.append(line)
        }
        return result
    }

    /// A surcharge: minor units, or `{"amount": minor units}`; absent or null is none.
    func surcharge(_ value: JSONValue?, _ path: String) throws(SessionFileError) -> Int {
        guard let value, !value.isNull else { return 0 }
        if value.objectValue != nil {
            return try minorUnits(value["amount"], Self.child(path, "amount")) ?? 0
        }
        return try minorUnits(value, path) ?? 0
    }

    /// A whole number of minor units from `least` to ``ClientSession/maximumAmount``.
    func minorUnits(_ value: JSONValue?, _ path: String, least: Int = 0) throws(SessionFileError) -> Int? {
        guard let value, !value.isNull else { return nil }
        guard let number = value.intValue, (least...ClientSession.maximumAmount).contains(number) else {
            throw error(path, "expected a whole number of minor units from \(least) to \(ClientSession.maximumAmount) (4999 for 49.99), "
                        + "found \(Self.kind(value))")
        }
        return number
    }

    func currency(_ value: JSONValue?, _ path: String) throws(SessionFileError) -> String? {
        guard let value, !value.isNull else { return nil }
        guard let code = value.stringValue, code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw error(path, "expected a 3-letter ISO 4217 code such as \"EUR\", found \(Self.kind(value))")
        }
        guard ISO4217.isCurrency(code) else {
            throw error(path, "\"\(DiagnosticText.quoted(code))\" is not an ISO 4217 currency code (EUR, USD, JPY…)")
        }
        return code.uppercased()
    }

    /// A display text: control characters dropped, surrounding blanks trimmed; empty is none.
    func text(_ value: JSONValue?, _ path: String) throws(SessionFileError) -> String? {
        guard let value, !value.isNull else { return nil }
        guard let raw = value.stringValue else { throw error(path, "expected a string, found \(Self.kind(value))") }
        let printable = String(String.UnicodeScalarView(raw.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint && !($0.properties.generalCategory == .control) }))
        let trimmed = printable.trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }

    func object(_ value: JSONValue?, _ path: String) throws(SessionFileError) -> JSONValue? {
        guard let value, !value.isNull else { return nil }
        guard value.objectValue != nil else { throw error(path, "expected an object, found \(Self.kind(value))") }
        return value
    }

    /// The network `id` names, or nil (and a warning) when it names none.
    mutating func network(_ id: String, _ path: String) -> CardNetwork? {
        if let network = CardNetwork(identifier: id), network != .other { return network }
        warnings.append(.unknownNetwork(id: id, path: path))
        return nil
    }

    // MARK: - Paths and messages

    /// The path of the first key given twice in one object of `value`, depth first; nil when none is.
    /// The path is spelt only for the key found (spelt for every member on the way, it was most of
    /// reading a session, callgrind).
    static func duplicateKey(in value: JSONValue, at path: String) -> String? {
        enum Step { case key(String), index(Int) }
        // The steps from the key found up to `value`, innermost first.
        func found(in value: JSONValue) -> [Step]? {
            switch value {
            case .object(let members):
                var seen: Set<String> = []
                for (offset, (key, _)) in members.enumerated() {
                    // A small object is searched as it stands; a large one through a set.
                    let twice = members.count <= 16 ? members[..<offset].contains { $0.0 == key } : !seen.insert(key).inserted
                    if twice { return [.key(key)] }
                }
                for (key, member) in members {
                    if let steps = found(in: member) { return steps + [.key(key)] }
                }
            case .array(let items):
                for (index, item) in items.enumerated() {
                    if let steps = found(in: item) { return steps + [.index(index)] }
                }
            default:
                break
            }
            return nil
        }
        return found(in: value)?.reversed().reduce(path) { path, step in
            switch step {
            case .key(let key): child(path, key)
            case .index(let index): "\(path)[\(index)]"
            }
        }
    }

    func error(_ path: String, _ message: String) -> SessionFileError {
        SessionFileError(location: path, message: message)
    }

    /// `path.key`, or `path["key"]` for a key that is not a plain name.
    static func child(_ path: String, _ keys: String...) -> String {
        keys.reduce(path) { path, key in
            // ASCII letters, digits and `_`, compared as bytes (through scalar properties this was 5 k instructions a key).
            let plain = !key.isEmpty && key.utf8.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
            return plain ? "\(path).\(key)" : "\(path)[\"\(DiagnosticText.quoted(key))\"]"
        }
    }

    /// What a value is, for messages; never the text of a string, which may be anything.
    static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        // A number past Double's range (10,000 digits) reads as infinity, which JSON writes as null.
        case .number(let number) where !number.isFinite: return "a number too large to be an amount"
        case .number: return value.serialized()
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
