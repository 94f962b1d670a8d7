import FoundationEssentials
import Glibc

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
    /// - `number_length` (binlist's column): how many digits the card number has, 12 to 19, or empty;
    ///   the answer carries it (``BinAnswer/numberLength``) and validation then takes that length only
    ///
    /// Fields may be quoted (`"BANK, N.A."`, with `""` for a quote). Throws ``BinTableError`` naming
    /// the line of the first bad row. A file too large to hold twice goes through ``BinTableLoader``
    /// in chunks instead.
    public init(csv: String) throws {
        var loader = BinTableLoader(expectedSize: csv.utf8.count)
        var text = csv
        try text.withUTF8 { try loader.load(UnsafeRawBufferPointer($0)) }
        self = try loader.finish()
    }
}

/// Loads a CSV BIN table (see ``BinTable/init(csv:)`` for the format) from chunks of its bytes, so a
/// file of any size is read once, a chunk at a time, and never held whole.
///
/// Chunks may split lines, fields and UTF-8 sequences anywhere. Repeated strings are kept once and
/// answers are stored compactly (see ``BinTable/byteCount``).
///
///     var loader = BinTableLoader()
///     while let chunk = readNextChunk() { try loader.load(chunk) }
///     let table = try loader.finish()
public struct BinTableLoader {
    private var reader: BinTableCSVReader
    /// The bytes of a record that the last chunk began but did not end.
    private var rest: [UInt8] = []
    /// Whether the first bytes have been seen (a UTF-8 byte-order mark before them is dropped).
    private var started = false
    /// The longest record read: a BIN table row is a few hundred bytes, so a longer one is not a row
    /// (a file of NUL bytes or one without line breaks would otherwise be held whole).
    public static let maximumRecordLength = 64 * 1024

    /// A loader for a table of about `expectedSize` bytes of CSV, when that is known: it sizes
    /// what loading needs by it, so a table of a few rows costs little to load.
    public init(expectedSize: Int? = nil) {
        reader = BinTableCSVReader(recentPayloads: RecentPayloads(expectedSize: expectedSize))
    }

    /// Reads the records that `chunk` completes; the bytes of a record it leaves open wait for the
    /// next chunk. Throws ``BinTableError`` for the first bad row.
    public mutating func load(_ chunk: UnsafeRawBufferPointer) throws {
        var chunk = chunk.assumingMemoryBound(to: UInt8.self)[...]
        // A NUL byte is never in a CSV text; found at once (memchr), it ends the load before a
        // binary file or /dev/zero-like input is parsed at all.
        if let base = chunk.base.baseAddress, !chunk.isEmpty, memchr(base + chunk.startIndex, 0, chunk.count) != nil {
            throw BinTableError(line: 0, message: "it holds NUL bytes, so it is not a CSV text file")
        }
        if !started, !chunk.isEmpty {
            started = true
            if chunk.starts(with: [0xEF, 0xBB, 0xBF]) { chunk = chunk.dropFirst(3) }
        }
        // An open record is completed a line at a time, so only its own bytes are copied; the
        // records after it are read where they lie.
        while !rest.isEmpty, !chunk.isEmpty {
            let lineEnd = chunk.firstIndex(of: 0x0A).map { $0 + 1 } ?? chunk.endIndex
            rest.append(contentsOf: chunk[..<lineEnd])
            chunk = chunk[lineEnd...]
            let used = try rest.withUnsafeBufferPointer { try reader.read($0, isLast: false) }
            rest.removeFirst(used)
            try checkOpenRecord()
        }
        guard !chunk.isEmpty else { return }
        let used = try reader.read(UnsafeBufferPointer(rebasing: chunk), isLast: false)
        rest.append(contentsOf: chunk.dropFirst(used))
        try checkOpenRecord()
    }

    /// Refuses a record still open past ``maximumRecordLength``.
    private func checkOpenRecord() throws {
        guard rest.count > Self.maximumRecordLength else { return }
        throw BinTableError(line: reader.nextLine, message: "a record longer than 64 KiB, so not a BIN table row (a quote not closed, or no line breaks)")
    }

    /// Reads what is left and returns the table.
    public consuming func finish() throws -> BinTable {
        if !rest.isEmpty {
            _ = try rest.withUnsafeBufferPointer { try reader.read($0, isLast: true) }
            rest = []
        }
        return try reader.finish()
    }
}

/// Reads BIN-table CSV straight from UTF-8 bytes, record by record; strings are made only for
/// distinct issuer data, and only when the table is asked for them.
struct BinTableCSVReader {
    enum Column: Int, CaseIterable {
        case start, end, networks, scheme, country, bank, funding, prepaid, product, currency
        case usage, productCode, restriction, numberType, reloadable, numberLength

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
            case .numberLength: return ["number_length", "pan_length"]
            }
        }

        /// The issuer fields in ``IssuerDetails`` order, then the card's number length, and whether
        /// each is upper-cased.
        static let issuerFields: [(Column, uppercased: Bool)] = [
            (.country, true), (.bank, false), (.funding, true), (.reloadable, false), (.usage, false),
            (.productCode, false), (.product, false), (.currency, true), (.restriction, false), (.numberType, false),
            (.numberLength, false),
        ]
    }

    /// A field's bytes within the input; quoted fields are marked so `""` can be unescaped.
    struct Field {
        var start: Int
        var end: Int
        var quoted: Bool
    }

    /// What a `networks` or `scheme` text names: networks (as ``CardNetwork/byIndex`` positions),
    /// a row to skip (a scheme checkout does not know), or a network name that is an error.
    enum NetworkList {
        case networks([UInt8])
        case skip
        case unknown(String)
    }

    private var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var position = 0
    private var line = 0
    private var fields: [Field] = []
    private var columns = [Int?](repeating: nil, count: Column.allCases.count)
    private var headerSeen = false
    /// The ranges read, in blocks, so that growing never copies them all (and never holds them
    /// twice); ``finish()`` joins them into one array, block by block.
    private var blocks: [[BinTableRange]] = []
    private var ranges: [BinTableRange] = []
    private var rangeCount = 0
    private var answers = BinTableAnswersBuilder()
    /// The `networks` texts seen, and what each names; then the same for `scheme` texts.
    private var networkTexts = [InternedStrings(), InternedStrings()]
    private var networkLists: [[NetworkList]] = [[], []]
    private let scratch = ByteScratch()
    private var issuer = [UInt32](repeating: 0, count: BinTableAnswers.fieldCount)
    private var entries: [BinTableAnswerEntry] = []
    private var prepaidID: UInt32 = 0
    /// The columns from the first to the last whose text decides a row's answer.
    private var payloadColumns: ClosedRange<Int> = 0...0
    private var recentPayloads: RecentPayloads

    init(recentPayloads: RecentPayloads) {
        self.recentPayloads = recentPayloads
    }

    static let blockSize = 1 << 16

    /// Reads every whole record of `input` (all of them when `isLast`) and returns how many bytes
    /// they took.
    mutating func read(_ input: UnsafeBufferPointer<UInt8>, isLast: Bool) throws -> Int {
        bytes = input
        position = 0
        defer { bytes = UnsafeBufferPointer(start: nil, count: 0) }
        while position < bytes.count {
            let recordStart = position
            let recordLine = line
            line += 1
            guard let first = firstNonSpace(isLast: isLast) else { return undo(recordStart, recordLine) }
            if bytes[first] == UInt8(ascii: "#") || bytes[first] == 0x0A || bytes[first] == 0x0D {
                guard skipLine(isLast: isLast) else { return undo(recordStart, recordLine) }
                continue
            }
            guard try readRecord(isLast: isLast) else { return undo(recordStart, recordLine) }
            guard position - recordStart <= BinTableLoader.maximumRecordLength else {
                throw BinTableError(line: recordLine + 1, message: "a record longer than 64 KiB, so not a BIN table row")
            }
            if headerSeen {
                try readRow()
            } else {
                try readHeader()
            }
        }
        return position
    }

    /// The line the next record starts on.
    var nextLine: Int { line + 1 }

    private mutating func undo(_ start: Int, _ recordLine: Int) -> Int {
        line = recordLine
        return start
    }

    mutating func finish() throws -> BinTable {
        guard headerSeen else { throw BinTableError(line: 0, message: "the BIN table is empty: it needs a header line naming its columns") }
        var all: [BinTableRange] = []
        all.reserveCapacity(rangeCount)
        for index in blocks.indices {
            all.append(contentsOf: blocks[index])
            blocks[index] = []
        }
        all.append(contentsOf: ranges)
        blocks = []
        ranges = []
        return BinTable(ranges: all, answers: answers)
    }

    // MARK: Rows

    private mutating func readHeader() throws {
        headerSeen = true
        for (index, field) in fields.enumerated() {
            let name = text(field).trimmingSpaces.lowercased().replacingSpaces
            if let column = Column.allCases.first(where: { $0.names.contains(name) }), columns[column.rawValue] == nil {
                columns[column.rawValue] = index
            }
        }
        guard columns[Column.start.rawValue] != nil else {
            throw BinTableError(line: line, message: "the header names no iin_start (or bin) column")
        }
        guard columns[Column.networks.rawValue] != nil || columns[Column.scheme.rawValue] != nil else {
            throw BinTableError(line: line, message: "the header names no networks or scheme column")
        }
        prepaidID = Array("PREPAID".utf8).withUnsafeBufferPointer { answers.intern(string: $0) }
        let payloadIndices = Column.allCases.filter { $0 != .start && $0 != .end }.compactMap { columns[$0.rawValue] }
        payloadColumns = (payloadIndices.min() ?? 0)...(payloadIndices.max() ?? 0)
    }

    private mutating func readRow() throws {
        let startColumn = columns[Column.start.rawValue]
        guard let low = key(field: startColumn, pad: 0) else {
            throw BinTableError(line: line, message: "iin_start \"\(DiagnosticText.quoted(text(at: startColumn)))\" is not 1 to 8 digits")
        }
        var high = key(field: startColumn, pad: 9) ?? low
        if let endIndex = columns[Column.end.rawValue], endIndex < fields.count, fields[endIndex].start < fields[endIndex].end {
            guard let end = key(field: endIndex, pad: 9) else {
                throw BinTableError(line: line, message: "iin_end \"\(DiagnosticText.quoted(text(at: endIndex)))\" is not 1 to 8 digits")
            }
            guard end >= low else {
                throw BinTableError(line: line, message: "iin_end \"\(DiagnosticText.quoted(text(at: endIndex)))\" comes before iin_start "
                                    + "\"\(DiagnosticText.quoted(text(at: startColumn)))\"")
            }
            high = end
        }

        // Most rows repeat the payload of a recent row byte for byte: they take its answer. The
        // payload is the raw text from the first payload field to the last, quotes included, so
        // equal text means equal values (the fields between only make it more particular).
        let payload = payloadText()
        let payloadHash = InternTable.hash(UnsafeRawBufferPointer(payload))
        if let answer = recentPayloads.answer(for: payload, hash: payloadHash) {
            appendRange(low, high, answer)
            return
        }

        let networks: [UInt8]
        if let list = networkList(.networks) {
            switch list {
            case .networks(let found): networks = found
            case .unknown(let name):
                throw BinTableError(line: line, message: "unknown network \"\(DiagnosticText.quoted(name))\" in networks (use ids such as VISA, CARTES_BANCAIRES)")
            case .skip: return
            }
        } else if let list = networkList(.scheme) {
            guard case .networks(let found) = list else { return }
            networks = found
        } else if columns[Column.scheme.rawValue] != nil {
            return
        } else {
            throw BinTableError(line: line, message: "the row names no network")
        }

        let length = value(.numberLength, uppercased: false)
        if !length.isEmpty, Self.numberLength(length) == nil {
            throw BinTableError(line: line, message: "number_length \"\(String(decoding: length, as: UTF8.self))\" is not a card-number length (12 to 19)")
        }
        for (index, (column, uppercased)) in Column.issuerFields.enumerated() {
            issuer[index] = internField(column, uppercased: uppercased)
        }
        if issuer[2] == 0, isTrue(.prepaid) { issuer[2] = prepaidID }
        let issuerIndex = issuer.withUnsafeBufferPointer { answers.intern(issuer: $0) }
        entries.removeAll(keepingCapacity: true)
        for network in networks { entries.append(BinTableAnswerEntry(network: network, issuer: issuerIndex)) }
        let answer = answers.intern(answer: entries)
        recentPayloads.store(payload, hash: payloadHash, answer: answer)
        appendRange(low, high, answer)
    }

    /// The number length `digits` (ASCII) names: 12 to 19; nil for anything else.
    static func numberLength(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
        guard (1...2).contains(digits.count), digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        let value = digits.reduce(0) { $0 * 10 + Int($1 - 48) }
        return (12...19).contains(value) ? value : nil
    }

    /// The raw text of the row from its first payload field to its last (or its last field).
    private func payloadText() -> UnsafeBufferPointer<UInt8> {
        guard payloadColumns.lowerBound < fields.count else { return UnsafeBufferPointer(start: nil, count: 0) }
        let first = fields[payloadColumns.lowerBound]
        let last = fields[min(payloadColumns.upperBound, fields.count - 1)]
        return UnsafeBufferPointer(rebasing: bytes[(first.quoted ? first.start - 1 : first.start)..<(last.quoted ? last.end + 1 : last.end)])
    }

    private mutating func appendRange(_ low: UInt32, _ high: UInt32, _ answer: UInt32) {
        if ranges.count == Self.blockSize {
            blocks.append(ranges)
            ranges = []
        }
        if ranges.isEmpty { ranges.reserveCapacity(Self.blockSize) }
        ranges.append(BinTableRange(low: low, high: high, answer: answer))
        rangeCount += 1
    }

    /// What the `networks` (or `scheme`) field of the row names; nil when the field is empty.
    private mutating func networkList(_ column: Column) -> NetworkList? {
        let value = value(column, uppercased: false)
        guard !value.isEmpty else { return nil }
        let which = column == .networks ? 0 : 1
        let id = networkTexts[which].intern(value)
        if Int(id) <= networkLists[which].count { return networkLists[which][Int(id) - 1] }
        let text = String(decoding: value, as: UTF8.self)
        var list = NetworkList.skip
        if column == .networks {
            var found: [UInt8] = []
            list = .networks([])
            for name in text.split(whereSeparator: { " ;|+".contains($0) }) {
                guard let network = CardNetwork(identifier: String(name)), network != .other else {
                    list = .unknown(String(name))
                    break
                }
                let index = CardNetwork.indexOf[network]!
                if !found.contains(index) { found.append(index) }
                list = .networks(found)
            }
        } else if let network = CardNetwork(identifier: text), network != .other {
            list = .networks([CardNetwork.indexOf[network]!])
        }
        networkLists[which].append(list)
        return list
    }

    /// The string id of a field's value (trimmed, upper-cased if asked), 0 when it is empty.
    private mutating func internField(_ column: Column, uppercased: Bool) -> UInt32 {
        answers.intern(string: value(column, uppercased: uppercased))
    }

    /// Whether the field is `true`, `yes`, `y` or `1`, in any case.
    private func isTrue(_ column: Column) -> Bool {
        ["true", "yes", "y", "1"].contains(String(decoding: value(column, uppercased: false), as: UTF8.self).lowercased())
    }

    /// The field's value: doubled quotes unescaped in quoted fields, spaces, tabs and carriage
    /// returns trimmed at both ends, upper-cased if asked; empty when the field is. The bytes lie in
    /// the input when they need no change, else in `scratch`, until the next call.
    ///
    /// ASCII without line feeds is handled byte by byte; anything else as `String`, as the rules for
    /// characters say.
    private func value(_ column: Column, uppercased: Bool) -> UnsafeBufferPointer<UInt8> {
        guard let index = columns[column.rawValue], index < fields.count else { return UnsafeBufferPointer(start: nil, count: 0) }
        let field = fields[index]
        var start = field.start
        var end = field.end
        var needsCopy = false
        for position in start..<end {
            let byte = bytes[position]
            if byte >= 0x80 || byte == 0x0A {
                var text = text(field).trimmingSpaces
                if uppercased { text = text.uppercased() }
                return scratch.holding(text.utf8)
            }
            if (uppercased && byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (field.quoted && byte == UInt8(ascii: "\"")) {
                needsCopy = true
            }
        }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
        guard needsCopy else {
            while start < end, isSpace(bytes[start]) { start += 1 }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            return UnsafeBufferPointer(rebasing: bytes[start..<end])
        }
        // Unescaped first, then trimmed, as the text rules do.
        var previousQuote = false
        let copied = scratch.holding(bytes[start..<end].lazy.filter { byte in
            guard field.quoted, byte == UInt8(ascii: "\"") else { previousQuote = false; return true }
            defer { previousQuote.toggle() }
            return !previousQuote
        }.map { uppercased && $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") ? $0 - 32 : $0 })
        start = 0
        end = copied.count
        while start < end, isSpace(copied[start]) { start += 1 }
        while end > start, isSpace(copied[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: copied[start..<end])
    }

    // MARK: Records

    /// Reads one CSV record (quoted fields may span lines) into `fields`; false when the input ends
    /// before the record does and more is to come.
    private mutating func readRecord(isLast: Bool) throws -> Bool {
        fields.removeAll(keepingCapacity: true)
        let recordLine = line
        while true {
            if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
                position += 1
                let start = position
                while true {
                    guard position < bytes.count else {
                        guard isLast else { return false }
                        throw BinTableError(line: recordLine, message: "a quoted field is not closed")
                    }
                    let byte = bytes[position]
                    if byte == UInt8(ascii: "\"") {
                        if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "\"") { position += 2; continue }
                        if position + 1 == bytes.count, !isLast { return false }
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
                if let base = bytes.baseAddress {
                    while position < bytes.count, base[position] != UInt8(ascii: ","), base[position] != 0x0A { position &+= 1 }
                }
                var end = position
                if end > start, bytes[end - 1] == 0x0D { end -= 1 }
                fields.append(Field(start: start, end: end, quoted: false))
            }
            if position >= bytes.count { return isLast }
            if bytes[position] == 0x0A { position += 1; return true }
            position += 1
        }
    }

    /// Skips to the start of the next line; false when the input ends first and more is to come.
    private mutating func skipLine(isLast: Bool) -> Bool {
        while position < bytes.count, bytes[position] != 0x0A { position += 1 }
        if position >= bytes.count, !isLast { return false }
        position += 1
        return true
    }

    /// The first byte of the line that is not a space or tab (or the line's last byte); nil when
    /// the input ends first and more is to come.
    private func firstNonSpace(isLast: Bool) -> Int? {
        var index = position
        while index < bytes.count - 1, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        if !isLast, index == bytes.count - 1, bytes[index] == 0x20 || bytes[index] == 0x09 { return nil }
        return index
    }

    /// A field's text, unescaping doubled quotes in quoted fields.
    private func text(_ field: Field) -> String {
        let raw = String(decoding: UnsafeBufferPointer(rebasing: bytes[field.start..<field.end]), as: UTF8.self)
        return field.quoted ? raw.replacingDoubledQuotes : raw
    }

    private func text(at index: Int?) -> String {
        guard let index, index < fields.count else { return "" }
        return text(fields[index])
    }

    /// The 8-digit key of a field of 1 to 8 ASCII digits (spaces around allowed), padded on the
    /// right with `pad`; nil for anything else.
    private func key(field index: Int?, pad: UInt32) -> UInt32? {
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

/// The answers of recent rows by the raw bytes of their payload fields: slots of 128 bytes in pairs
/// chosen by hash; a pair keeps the two payloads that hashed there last, and a new one replaces the
/// one used less recently. A slot is its payload's hash, answer and length (and, in a pair's first
/// slot, which of the two was used last), then up to 112 bytes of the payload itself, so a lookup
/// touches one place.
///
/// There are 65,536 slots (8 MB while loading), or, for a table known to be small, about one for
/// every 64 bytes of its CSV and at least 1,024 (128 KB): the embedded table of a few rows costs
/// little to load.
struct RecentPayloads {
    static let minimumSlotCount = 1 << 10
    static let maximumSlotCount = 1 << 16
    static let slotSize = 128
    static let headerSize = 16
    static let maximumPayload = slotSize - headerSize

    private let slotCount: Int
    private var slots: [UInt8]

    init(expectedSize: Int?) {
        var count = Self.maximumSlotCount
        if let expectedSize {
            count = Self.minimumSlotCount
            while count < Self.maximumSlotCount, count * 64 < expectedSize { count *= 2 }
        }
        slotCount = count
        slots = [UInt8](repeating: 0, count: count * Self.slotSize)
    }

    /// The answer of a recent row whose payload was `payload`, or nil; `hash` is its hash.
    mutating func answer(for payload: UnsafeBufferPointer<UInt8>, hash: UInt64) -> UInt32? {
        guard payload.count <= Self.maximumPayload else { return nil }
        let first = Int(truncatingIfNeeded: hash) & (slotCount - 2)
        return slots.withUnsafeMutableBytes { slots in
            for slot in first...(first + 1) {
                let base = slot * Self.slotSize
                // The length is kept plus one, so an empty slot (all zeros) never matches.
                guard slots.load(fromByteOffset: base, as: UInt64.self) == hash,
                      slots.load(fromByteOffset: base + 12, as: UInt16.self) == UInt16(payload.count) + 1 else { continue }
                guard payload.isEmpty || memcmp(slots.baseAddress! + base + Self.headerSize, payload.baseAddress!, payload.count) == 0 else {
                    continue
                }
                Self.markUsed(slot, in: slots, pair: first)
                return slots.load(fromByteOffset: base + 8, as: UInt32.self)
            }
            return nil
        }
    }

    /// Keeps `payload`'s answer in the slot of its pair used less recently.
    mutating func store(_ payload: UnsafeBufferPointer<UInt8>, hash: UInt64, answer: UInt32) {
        guard payload.count <= Self.maximumPayload else { return }
        let first = Int(truncatingIfNeeded: hash) & (slotCount - 2)
        slots.withUnsafeMutableBytes { slots in
            // The slot not used last gives way.
            let slot = slots.load(fromByteOffset: first * Self.slotSize + 14, as: UInt8.self) == 0 ? first + 1 : first
            let base = slot * Self.slotSize
            slots.storeBytes(of: hash, toByteOffset: base, as: UInt64.self)
            slots.storeBytes(of: answer, toByteOffset: base + 8, as: UInt32.self)
            slots.storeBytes(of: UInt16(payload.count) + 1, toByteOffset: base + 12, as: UInt16.self)
            if !payload.isEmpty { memcpy(slots.baseAddress! + base + Self.headerSize, payload.baseAddress!, payload.count) }
            Self.markUsed(slot, in: slots, pair: first)
        }
    }

    /// Notes in the pair's first slot which of the two was used last (written only when it changes,
    /// so a hit dirties nothing).
    private static func markUsed(_ slot: Int, in slots: UnsafeMutableRawBufferPointer, pair first: Int) {
        let mark: UInt8 = slot == first ? 0 : 1
        if slots.load(fromByteOffset: first * slotSize + 14, as: UInt8.self) != mark {
            slots.storeBytes(of: mark, toByteOffset: first * slotSize + 14, as: UInt8.self)
        }
    }
}

/// A reusable buffer for field values that must be changed before they are interned; its bytes stay
/// put until it is filled again.
final class ByteScratch {
    private var storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 256)

    deinit { storage.deallocate() }

    /// Fills the buffer with `bytes` and returns them.
    func holding(_ bytes: some Sequence<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var count = 0
        for byte in bytes {
            if count == storage.count {
                let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: storage.count * 2)
                _ = larger.initialize(from: storage)
                storage.deallocate()
                storage = larger
            }
            storage[count] = byte
            count += 1
        }
        return UnsafeBufferPointer(rebasing: storage[..<count])
    }
}
