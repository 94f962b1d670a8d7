/// A problem in a BIN table file, with the line it is on.
public struct BinTableError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line number, or 0 for the file as a whole.
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { line > 0 ? "line \(line): \(message)" : message }
}

extension BinTable {
    /// Loads a CSV BIN table whose header line names its columns.
    ///
    /// Lines starting with `#` and blank lines are skipped. Recognised columns (any order, others are
    /// ignored, so the public binlist layout `iin_start,iin_end,number_length,number_luhn,scheme,brand,
    /// type,prepaid,country,bank_name,…` loads as it is):
    /// - `iin_start` (or `bin`): 1 to 8 digits, required; `iin_end`: same, empty for a single prefix
    /// - `networks`: the card's networks in issuer order, separated by spaces, `;`, `|` or `+`
    /// - `scheme`: one network, used when there is no `networks` value; rows with a scheme checkout
    ///   does not know are skipped (public data has private-label schemes)
    /// - issuer fields: `country`, `bank_name`, `type` (funding: debit, credit…), `prepaid`, `brand`
    ///   (product name), `currency`, `product_usage_type`, `product_code`, `regional_restriction`,
    ///   `account_number_type`, `prepaid_reloadable_indicator`
    ///
    /// Fields may be quoted (`"BANK, N.A."`, with `""` for a quote). Throws ``BinTableError`` naming
    /// the line of the first bad row.
    public init(csv: String) throws {
        var text = csv
        let (ranges, answers) = try text.withUTF8 { bytes in
            var reader = BinTableCSVReader(bytes: bytes)
            return try reader.read()
        }
        self.init(ranges: ranges, answers: answers)
    }
}

/// Reads BIN-table CSV straight from UTF-8 bytes; strings are made only for distinct issuer data.
struct BinTableCSVReader {
    enum Column: CaseIterable {
        case start, end, networks, scheme, country, bank, funding, prepaid, product, currency
        case usage, productCode, restriction, numberType, reloadable

        var names: [String] {
            switch self {
            case .start: return ["iin_start", "bin", "bin_start", "iin", "start"]
            case .end: return ["iin_end", "bin_end", "end"]
            case .networks: return ["networks"]
            case .scheme: return ["scheme", "network"]
            case .country: return ["country", "issuer_country", "issuer_country_code", "country_code", "alpha_2"]
            case .bank: return ["bank_name", "issuer_name", "issuer", "bank"]
            case .funding: return ["type", "funding_type", "account_funding_type"]
            case .prepaid: return ["prepaid"]
            case .product: return ["brand", "product_name"]
            case .currency: return ["currency", "issuer_currency_code"]
            case .usage: return ["product_usage_type"]
            case .productCode: return ["product_code"]
            case .restriction: return ["regional_restriction"]
            case .numberType: return ["account_number_type"]
            case .reloadable: return ["prepaid_reloadable_indicator"]
            }
        }
    }

    /// A field's bytes within the input; quoted fields are marked so `""` can be unescaped.
    struct Field {
        var start: Int
        var end: Int
        var quoted: Bool
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var line = 0
    var fields: [Field] = []

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func read() throws -> ([BinTableRange], [[BinNetwork]]) {
        var columns: [Column: Int] = [:]
        var headerSeen = false
        var ranges: [BinTableRange] = []
        var answers: [[BinNetwork]] = []
        var answerIDs = PayloadTable()
        var payload: [UInt8] = []
        var payloadIndices: [Int] = []

        while position < bytes.count {
            line += 1
            let first = firstNonSpace(from: position)
            if bytes[first] == UInt8(ascii: "#") || bytes[first] == 0x0A || bytes[first] == 0x0D {
                skipLine()
                continue
            }
            try readRecord()
            if !headerSeen {
                headerSeen = true
                for (index, field) in fields.enumerated() {
                    let name = text(field).trimmingSpaces.lowercased()
                        .replacingSpaces
                    if let column = Column.allCases.first(where: { $0.names.contains(name) }), columns[column] == nil {
                        columns[column] = index
                    }
                }
                guard columns[.start] != nil else {
                    throw BinTableError(line: line, message: "the header names no iin_start (or bin) column")
                }
                guard columns[.networks] != nil || columns[.scheme] != nil else {
                    throw BinTableError(line: line, message: "the header names no networks or scheme column")
                }
                payloadIndices = Column.allCases.filter { $0 != .start && $0 != .end }.compactMap { columns[$0] }
                continue
            }

            guard let low = key(field: columns[.start], pad: 0) else {
                throw BinTableError(line: line, message: "iin_start \"\(text(at: columns[.start]))\" is not 1 to 8 digits")
            }
            var high = key(field: columns[.start], pad: 9) ?? low
            if let endIndex = columns[.end], endIndex < fields.count, fields[endIndex].start < fields[endIndex].end {
                guard let end = key(field: endIndex, pad: 9) else {
                    throw BinTableError(line: line, message: "iin_end \"\(text(at: endIndex))\" is not 1 to 8 digits")
                }
                guard end >= low else {
                    throw BinTableError(line: line, message: "iin_end \"\(text(at: endIndex))\" comes before iin_start \"\(text(at: columns[.start]))\"")
                }
                high = end
            }

            // Rows sharing the raw bytes of their payload fields share an answer: most rows repeat
            // one of a few, so strings are made only for the first row of each.
            payload.removeAll(keepingCapacity: true)
            for index in payloadIndices {
                if index < fields.count {
                    let field = fields[index]
                    payload.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[field.start..<field.end]))
                }
                payload.append(0x1F)
            }
            let answer: UInt32
            if let existing = answerIDs[payload] {
                answer = existing
            } else {
                guard let networks = try networks(columns) else { continue }
                answer = UInt32(answers.count)
                answers.append(networks)
                answerIDs[payload] = answer
            }
            ranges.append(BinTableRange(low: low, high: high, answer: answer))
        }
        guard headerSeen else { throw BinTableError(line: 0, message: "the BIN table is empty: it needs a header line naming its columns") }
        return (ranges, answers)
    }

    /// The networks and issuer fields of the current row; nil to skip a row whose only network is
    /// a scheme checkout does not know.
    func networks(_ columns: [Column: Int]) throws -> [BinNetwork]? {
        func value(_ column: Column) -> String? {
            let text = text(at: columns[column]).trimmingSpaces
            return text.isEmpty ? nil : text
        }
        var funding = value(.funding)?.uppercased()
        if let prepaid = value(.prepaid)?.lowercased(), ["true", "yes", "y", "1"].contains(prepaid), funding == nil {
            funding = "PREPAID"
        }
        let issuer = IssuerDetails(
            issuerCountryCode: value(.country)?.uppercased(), issuerName: value(.bank), accountFundingType: funding,
            prepaidReloadableIndicator: value(.reloadable), productUsageType: value(.usage),
            productCode: value(.productCode), productName: value(.product), issuerCurrencyCode: value(.currency)?.uppercased(),
            regionalRestriction: value(.restriction), accountNumberType: value(.numberType))

        if let list = value(.networks) {
            let names = list.split(whereSeparator: { " ;|+".contains($0) })
            var result: [BinNetwork] = []
            for name in names {
                guard let network = CardNetwork(identifier: String(name)), network != .other else {
                    throw BinTableError(line: line, message: "unknown network \"\(name)\" in networks (use ids such as VISA, CARTES_BANCAIRES)")
                }
                if !result.contains(where: { $0.network == network }) { result.append(BinNetwork(network: network, issuer: issuer)) }
            }
            return result
        }
        if let scheme = value(.scheme) {
            guard let network = CardNetwork(identifier: scheme), network != .other else { return nil }
            return [BinNetwork(network: network, issuer: issuer)]
        }
        if columns[.scheme] != nil { return nil }
        throw BinTableError(line: line, message: "the row names no network")
    }

    // MARK: Records

    /// Reads one CSV record (quoted fields may span lines) into `fields`.
    mutating func readRecord() throws {
        fields.removeAll(keepingCapacity: true)
        let recordLine = line
        while true {
            if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
                position += 1
                let start = position
                while true {
                    guard position < bytes.count else {
                        throw BinTableError(line: recordLine, message: "a quoted field is not closed")
                    }
                    let byte = bytes[position]
                    if byte == UInt8(ascii: "\"") {
                        if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "\"") { position += 2; continue }
                        break
                    }
                    if byte == 0x0A { line += 1 }
                    position += 1
                }
                fields.append(Field(start: start, end: position, quoted: true))
                position += 1
                while position < bytes.count, bytes[position] != UInt8(ascii: ","), bytes[position] != 0x0A { position += 1 }
            } else {
                let start = position
                while position < bytes.count, bytes[position] != UInt8(ascii: ","), bytes[position] != 0x0A { position += 1 }
                var end = position
                if end > start, bytes[end - 1] == 0x0D { end -= 1 }
                fields.append(Field(start: start, end: end, quoted: false))
            }
            if position >= bytes.count { return }
            if bytes[position] == 0x0A { position += 1; return }
            position += 1
        }
    }

    mutating func skipLine() {
        while position < bytes.count, bytes[position] != 0x0A { position += 1 }
        position += 1
    }

    func firstNonSpace(from start: Int) -> Int {
        var index = start
        while index < bytes.count - 1, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        return index
    }

    /// A field's text, unescaping doubled quotes in quoted fields.
    func text(_ field: Field) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[field.start..<field.end])
        let raw = String(decoding: slice, as: UTF8.self)
        return field.quoted ? raw.replacingDoubledQuotes : raw
    }

    func text(at index: Int?) -> String {
        guard let index, index < fields.count else { return "" }
        return text(fields[index])
    }

    /// The 8-digit key of a field of 1 to 8 ASCII digits (spaces around allowed), padded on the
    /// right with `pad`; nil for anything else.
    func key(field index: Int?, pad: UInt32) -> UInt32? {
        guard let index, index < fields.count else { return nil }
        var start = fields[index].start
        var end = fields[index].end
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        let count = end - start
        guard count >= 1, count <= 8 else { return nil }
        var value: UInt32 = 0
        for position in start..<end {
            let digit = bytes[position] &- 48
            guard digit < 10 else { return nil }
            value = value * 10 + UInt32(digit)
        }
        for _ in count..<8 { value = value * 10 + pad }
        return value
    }
}

/// Answer indices keyed by the raw payload bytes of a row, found by a 64-bit hash so that a lookup
/// allocates nothing; the bytes are kept to tell hash collisions apart.
struct PayloadTable {
    private var byHash: [UInt64: [(bytes: [UInt8], answer: UInt32)]] = [:]

    subscript(bytes: [UInt8]) -> UInt32? {
        get { byHash[Self.hash(bytes)]?.first { $0.bytes == bytes }?.answer }
        set {
            guard let newValue else { return }
            byHash[Self.hash(bytes), default: []].append((bytes, newValue))
        }
    }

    /// FNV-1a over the bytes.
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        return hash
    }
}

extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" || first == "\r" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars.removeLast() }
        return String(scalars)
    }

    var replacingSpaces: String {
        String(map { $0 == " " || $0 == "-" ? "_" : $0 })
    }

    var replacingDoubledQuotes: String {
        guard contains("\"\"") else { return self }
        var result = ""
        var previousQuote = false
        for character in self {
            if character == "\"" {
                if previousQuote { previousQuote = false; continue }
                previousQuote = true
            } else {
                previousQuote = false
            }
            result.append(character)
        }
        return result
    }
}
