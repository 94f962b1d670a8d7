import CheckoutCore
import CheckoutStore
import FoundationEssentials
import Glibc

/// `checkout payments`: the payment ledger, newest first, as a table or as JSON Lines.
///
/// Rows come one at a time from the database and go out through one buffer, so a ledger of a
/// million payments lists in the memory of one (`| head -1` answers at once). Neither form ever
/// holds more than the first 6–8 and last 4 digits of a card.
enum PaymentsCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        let options: CommandLineOptions
        do { options = try CommandLineOptions.parseOrExit(arguments, command: .payments).get() } catch {
            return error.status
        }
        guard options.positionals.isEmpty else { return options.usageError("takes no arguments") }
        let query = options.query
        let json = options.json

        // Listing only reads: a directory without a database has no payments, and gets none made.
        // A directory named with --data-dir that is not there is a mistake, not an empty ledger.
        if let named = options.dataDirectory, access(named, F_OK) != 0, errno == ENOENT {
            FileHandleOutput.error("checkout payments: the data directory \(named) does not exist; pass --data-dir with the directory the payments were made in")
            return 2
        }
        let ledger: Ledger?
        do {
            // Listing needs no write access (a ledger on a read-only medium is opened read-only),
            // and a directory without a database has no payments, and gets none made.
            ledger = try DataDirectory.openIfPresent(options.dataDirectory) { try Ledger(database: $0) }
        } catch {
            FileHandleOutput.error("checkout payments: \(error)")
            return 2
        }
        // Payments the ledger could not take yet are listed too, as waiting (the spool is read, not drained).
        let waiting = ledger.map { ledger in
            query.offset == 0 ? ledger.waitingEntries().filter { entry in
                (query.status.map { $0 == entry.status } ?? true) && (query.since.map { entry.createdAt.timeIntervalSince1970 >= $0 } ?? true)
            } : []
        } ?? []
        for warning in ledger?.takeSpoolWarnings() ?? [] { FileHandleOutput.error("checkout payments: warning: \(warning)") }
        var listing = LedgerListing(json: json)
        if query.newestFirst { for entry in waiting.reversed() { listing.append(WaitingRow(entry: entry), waiting: true) } }
        do {
            try ledger?.forEach(query) { listing.append($0) }
        } catch {
            listing.flush()
            FileHandleOutput.error("checkout payments: cannot read the ledger: \(error)")
            return 2
        }
        if !query.newestFirst { for entry in waiting { listing.append(WaitingRow(entry: entry), waiting: true) } }
        if listing.rows == 0, !json {
            let filtered = query.limit != nil || query.since != nil || query.status != nil
            FileHandleOutput.line(filtered ? "No payments match." : "No payments yet.")
        }
        listing.flush()
        return 0
    }
}

/// What a listing reads of a row: a ledger row in place, or a row waiting in the spool.
protocol LedgerListable {
    var createdAt: Double { get }
    var amount: Int64 { get }
    var surcharge: Int64 { get }
    func isNull(_ column: LedgerRow.Column) -> Bool
    func withUTF8<R>(_ column: LedgerRow.Column, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R
}

extension LedgerRow: LedgerListable {}

/// A row waiting in the spool (``Ledger/waitingEntries()``), read as a ledger row is.
struct WaitingRow: LedgerListable {
    let entry: LedgerEntry
    var createdAt: Double { entry.createdAt.timeIntervalSince1970 }
    var amount: Int64 { Int64(entry.amount) }
    var surcharge: Int64 { Int64(entry.surcharge) }

    private func text(_ column: LedgerRow.Column) -> String? {
        switch column {
        case .id: entry.id
        case .requestId: entry.requestId
        case .method: entry.method
        case .currency: entry.currency
        case .network: entry.network
        case .firstDigits: entry.firstDigits
        case .last4: entry.last4
        case .status: entry.status
        case .declineReason: entry.declineReason
        case .networkChosenBy: entry.networkChosenBy
        case .createdAt, .amount, .surcharge: nil
        }
    }

    func isNull(_ column: LedgerRow.Column) -> Bool { text(column) == nil }

    func withUTF8<R>(_ column: LedgerRow.Column, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        var value = text(column) ?? ""
        return try value.withUTF8(body)
    }
}

/// The ledger written row by row into one reusable byte buffer, as an aligned table or as JSON Lines.
///
/// Columns have fixed widths (the widest id, network and card the ledger can hold), so the table
/// needs no pass over the rows before the first is printed. Stored text is copied as bytes when it
/// is plain ASCII, the common case; anything else takes the slow path (sanitised for the table,
/// escaped for JSON), so a hand-edited file cannot put control characters on the terminal.
struct LedgerListing {
    let json: Bool
    private(set) var rows = 0
    private var buffer: [UInt8] = []

    /// Written out whenever the buffer passes this size, and at the end.
    static let flushSize = 64 * 1024

    /// Column widths of the table: time, id, method, network, card, amount (right-aligned), status.
    static let widths = (time: LedgerTime.length, id: 24, method: 7, network: 18, card: 13, amount: 14, status: 10)
    static let header: [UInt8] = {
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) + "  " }
        let w = widths
        return Array((pad("TIME", w.time) + pad("ID", w.id) + pad("METHOD", w.method) + pad("NETWORK", w.network)
            + pad("CARD", w.card) + String(repeating: " ", count: w.amount - 6) + "AMOUNT  " + pad("STATUS", w.status)
            + "REASON\n").utf8)
    }()

    init(json: Bool) {
        self.json = json
        buffer.reserveCapacity(Self.flushSize + 4096)
    }

    /// Appends one row; `waiting` says it is in the spool, not in the ledger yet.
    mutating func append(_ row: some LedgerListable, waiting: Bool = false) {
        if rows == 0, !json { buffer += Self.header }
        rows += 1
        if json { appendJSON(row, waiting: waiting) } else { appendTableRow(row, waiting: waiting) }
        if buffer.count >= Self.flushSize { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        // Through standard output's one path, which keeps order with every other line and waits
        // (blocking this thread) while a slow reader is far behind.
        StandardOutput.shared.waitForRoomBlocking()
        StandardOutput.shared.append { json in buffer.withUnsafeBufferPointer { json.raw($0) } }
        buffer.removeAll(keepingCapacity: true)
    }

    // MARK: Table

    private mutating func appendTableRow(_ row: some LedgerListable, waiting: Bool) {
        let w = Self.widths
        LedgerTime.append(row.createdAt, to: &buffer)
        spaces(2)
        pad(text(row, .id), to: w.id)
        pad(text(row, .method), to: w.method)
        pad(text(row, .network), to: w.network)
        // The kept first digits, an ellipsis, the last four; `•••• 1234` when none were kept.
        var card: Int
        if row.withUTF8(.firstDigits, { $0.isEmpty }) {
            let hidden = CardNumberMask.lastFour("")
            buffer.append(contentsOf: hidden.utf8)
            card = hidden.count
        } else {
            card = text(row, .firstDigits)
            key("…")
            card += 1
        }
        pad(card + text(row, .last4), to: w.card)
        // `49.99 EUR`, or `49.99+0.30 EUR` with a surcharge, right-aligned; `1234 JPY`: the
        // currency's own decimals (ISO 4217).
        // Through the checked total: a damaged row whose amount and surcharge are no charge says so.
        let decimals = decimals(of: row)
        var amount: [UInt8] = []
        if LedgerEntry.checkedTotal(amount: Int(row.amount), surcharge: Int(row.surcharge)) == nil {
            amount += Array("unreadable".utf8)
        } else {
            MoneyText.appendDecimal(row.amount, decimals: decimals, to: &amount)
            if row.surcharge != 0 {
                amount.append(0x2B)
                MoneyText.appendDecimal(row.surcharge, decimals: decimals, to: &amount)
            }
        }
        amount.append(0x20)
        spaces(w.amount - amount.count - row.withUTF8(.currency) { $0.count })
        buffer += amount
        _ = text(row, .currency)
        spaces(2)
        if row.isNull(.declineReason), !waiting {
            _ = text(row, .status)
        } else {
            pad(text(row, .status), to: w.status)
            if waiting { key("waiting in the spool, not in the ledger yet") }
            if waiting, !row.isNull(.declineReason) { key("; ") }
            if !row.isNull(.declineReason) { _ = text(row, .declineReason) }
        }
        buffer.append(0x0A)
    }

    /// Appends a stored text column as it is when it is printable ASCII, else sanitised; returns
    /// how many columns it takes on screen.
    private mutating func text(_ row: some LedgerListable, _ column: LedgerRow.Column) -> Int {
        row.withUTF8(column) { bytes in
            if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
                buffer.append(contentsOf: bytes)
                return bytes.count
            }
            let text = DiagnosticText.sanitized(bytes: bytes)
            buffer += text.utf8
            return text.count
        }
    }

    /// Pads what was just written (`used` columns) to `width`, then the two-space gutter.
    private mutating func pad(_ used: Int, to width: Int) {
        spaces(max(0, width - used) + 2)
    }

    private mutating func spaces(_ count: Int) {
        guard count > 0 else { return }
        let blank: StaticString = "                                        "
        var left = count
        while left > 0 {
            let chunk = min(left, blank.utf8CodeUnitCount)
            buffer.append(contentsOf: UnsafeBufferPointer(start: blank.utf8Start, count: chunk))
            left -= chunk
        }
    }

    /// The row's currency and its decimals, as last looked up: a ledger is mostly one currency.
    private var lastCurrency: (code: [UInt8], decimals: Int) = ([], 2)

    /// The minor units of the row's currency (ISO 4217); 2 for a code ISO 4217 does not list.
    private mutating func decimals(of row: some LedgerListable) -> Int {
        row.withUTF8(.currency) { code in
            if !code.elementsEqual(lastCurrency.code) {
                lastCurrency = (Array(code), ISO4217.minorUnits(of: String(decoding: code, as: UTF8.self)) ?? 2)
            }
            return lastCurrency.decimals
        }
    }

    static func appendDecimal(_ value: UInt64, to bytes: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, to: &bytes) }
        bytes.append(UInt8(48 + value % 10))
    }

    // MARK: JSON

    /// `{"id","createdAt","method","amount","surcharge","currency","network","firstDigits","last4Digits","status","declineReason","networkChosenBy"}`,
    /// and `"waiting":true` for a row in the spool, not in the ledger yet.
    private mutating func appendJSON(_ row: some LedgerListable, waiting: Bool) {
        key("{\"id\":"); string(row, .id)
        key(",\"createdAt\":\"")
        LedgerTime.append(row.createdAt, to: &buffer)
        key("\",\"method\":"); string(row, .method)
        key(",\"amount\":"); integer(row.amount)
        key(",\"surcharge\":"); integer(row.surcharge)
        key(",\"currency\":"); string(row, .currency)
        key(",\"network\":"); string(row, .network)
        key(",\"firstDigits\":"); string(row, .firstDigits)
        key(",\"last4Digits\":"); string(row, .last4)
        key(",\"status\":"); string(row, .status)
        key(",\"declineReason\":")
        if row.isNull(.declineReason) { key("null") } else { string(row, .declineReason) }
        key(",\"networkChosenBy\":")
        if row.isNull(.networkChosenBy) { key("null") } else { string(row, .networkChosenBy) }
        if waiting { key(",\"waiting\":true") }
        key("}\n")
    }

    private mutating func key(_ text: StaticString) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func integer(_ value: Int64) {
        if value < 0 { buffer.append(0x2D) }
        Self.appendDecimal(value.magnitude, to: &buffer)
    }

    /// A stored text column as a JSON string: copied when it is printable ASCII without quotes or
    /// backslashes, else escaped by the JSON serialiser (which also repairs bytes that are not UTF-8).
    private mutating func string(_ row: some LedgerListable, _ column: LedgerRow.Column) {
        row.withUTF8(column) { bytes in
            if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
                buffer.append(0x22)
                buffer.append(contentsOf: bytes)
                buffer.append(0x22)
            } else {
                buffer += JSONValue.string(String(decoding: bytes, as: UTF8.self)).serialized().utf8
            }
        }
    }
}
