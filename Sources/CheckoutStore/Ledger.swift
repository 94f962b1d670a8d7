import FoundationEssentials

/// One payment attempt as the ledger keeps it: never a full card number or a CVV.
public struct LedgerEntry: Sendable, Equatable {
    public var id: String
    public var createdAt: Date
    /// `CARD` or `NOL_PAY`.
    public var method: String
    /// What was charged for the goods, in minor units, without the surcharge.
    public var amount: Int
    /// What the chosen network added on top of ``amount``, in minor units (0 when none).
    public var surcharge: Int
    public var currency: String
    /// The network id (`VISA`, `CARTES_BANCAIRES`…) or `NOL` for transit cards.
    public var network: String
    /// The first 6–8 digits of a card number (empty for Nol cards).
    public var firstDigits: String
    public var last4: String
    /// `AUTHORIZED`, `DECLINED`, `FAILED` or `PENDING` (a processor that has not decided yet).
    public var status: String
    public var declineReason: String?
    /// Who chose a card's network: `CARDHOLDER` (on a co-badged card), `MERCHANT` (eftpos routing);
    /// nil when nobody did (one network, or the preferred one kept, which a processor may route).
    public var networkChosenBy: String?

    public init(id: String, createdAt: Date, method: String, amount: Int, surcharge: Int = 0, currency: String,
                network: String, firstDigits: String, last4: String, status: String, declineReason: String? = nil,
                networkChosenBy: String? = nil) {
        self.networkChosenBy = networkChosenBy
        self.id = id
        self.createdAt = createdAt
        self.method = method
        self.amount = amount
        self.surcharge = surcharge
        self.currency = currency
        self.network = network
        self.firstDigits = firstDigits
        self.last4 = last4
        self.status = status
        self.declineReason = declineReason
    }
}

/// Which payments a listing wants, and in which order; served by the `payments` indexes.
public struct LedgerQuery: Sendable, Equatable {
    /// At most this many rows.
    public var limit: Int?
    /// Only payments made at or after this time (seconds since 1970, UTC).
    public var since: Double?
    /// Only payments with this status (`AUTHORIZED`, `DECLINED`, `FAILED`, `PENDING`).
    public var status: String?
    /// Newest first (the default) or oldest first.
    public var newestFirst: Bool
    /// Rows to skip before the first one given (a page further on); with `limit`.
    public var offset: Int

    public init(limit: Int? = nil, since: Double? = nil, status: String? = nil, newestFirst: Bool = true, offset: Int = 0) {
        self.limit = limit
        self.since = since
        self.status = status
        self.newestFirst = newestFirst
        self.offset = offset
    }

    /// The WHERE clause of the filters and its bindings.
    var filter: (sql: String, bindings: [SQLValue]) {
        var conditions: [String] = []
        var bindings: [SQLValue] = []
        if let status {
            conditions.append("status = ?")
            bindings.append(.text(status))
        }
        if let since {
            conditions.append("created_at >= ?")
            bindings.append(.real(since))
        }
        return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), bindings)
    }

    /// The SELECT and its bindings; columns in ``LedgerRow/Column`` order.
    var statement: (sql: String, bindings: [SQLValue]) {
        var (sql, bindings) = filter
        sql = "SELECT id, created_at, method, amount, surcharge, currency, network, first_digits, last4, status, decline_reason, network_chosen_by FROM payments" + sql
        // rowid breaks ties between payments of the same instant, in the order they were made.
        sql += newestFirst ? " ORDER BY created_at DESC, rowid DESC" : " ORDER BY created_at, rowid"
        if let limit {
            sql += " LIMIT ? OFFSET ?"
            bindings.append(.integer(Int64(limit)))
            bindings.append(.integer(Int64(max(0, offset))))
        }
        return (sql, bindings)
    }
}

/// One row of a ledger listing, read in place: valid only during the call that hands it over.
///
/// The text columns can be copied out as bytes (``withUTF8(_:_:)``), so a listing of a million
/// rows makes no string per field; ``entry`` builds the whole value when one is wanted.
public struct LedgerRow {
    public enum Column: Int32, CaseIterable, Sendable {
        case id, createdAt, method, amount, surcharge, currency, network, firstDigits, last4, status, declineReason, networkChosenBy
    }

    let row: Database.Row

    /// Seconds since 1970, UTC, as stored.
    public var createdAt: Double { row.double(Column.createdAt.rawValue) }
    public var amount: Int64 { row.int64(Column.amount.rawValue) }
    public var surcharge: Int64 { row.int64(Column.surcharge.rawValue) }
    public func isNull(_ column: Column) -> Bool { row.isNull(column.rawValue) }
    public func string(_ column: Column) -> String? { row.string(column.rawValue) }
    public func withUTF8<R>(_ column: Column, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try row.withUTF8(column.rawValue, body)
    }

    public var entry: LedgerEntry {
        LedgerEntry(id: string(.id) ?? "", createdAt: Date(timeIntervalSince1970: createdAt), method: string(.method) ?? "",
                    amount: Int(amount), surcharge: Int(surcharge), currency: string(.currency) ?? "",
                    network: string(.network) ?? "", firstDigits: string(.firstDigits) ?? "", last4: string(.last4) ?? "",
                    status: string(.status) ?? "", declineReason: string(.declineReason), networkChosenBy: string(.networkChosenBy))
    }
}

/// The payment ledger: every attempt, card or Nol, in the `payments` table.
public final class Ledger: Sendable {
    public let database: Database

    /// The ledger in `database` (``Database/init(path:)`` has created its table).
    public init(database: Database) throws {
        self.database = database
    }

    /// Records one attempt in its own transaction.
    public func record(_ entry: LedgerEntry) throws {
        try database.transaction { try Ledger.insert(entry, in: $0) }
    }

    /// Records one attempt inside a caller's transaction (so a Nol payment's balance change and its
    /// ledger row commit together or not at all).
    public static func insert(_ entry: LedgerEntry, in transaction: Database.Transaction) throws {
        precondition(entry.firstDigits.count <= 8 && entry.last4.count <= 4, "the ledger never keeps a full card number")
        try transaction.execute(
            "INSERT INTO payments (id, created_at, method, amount, surcharge, currency, network, first_digits, last4, status, decline_reason, network_chosen_by) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            [.text(entry.id), .real(entry.createdAt.timeIntervalSince1970), .text(entry.method), .integer(Int64(entry.amount)),
             .integer(Int64(entry.surcharge)), .text(entry.currency), .text(entry.network), .text(entry.firstDigits),
             .text(entry.last4), .text(entry.status), entry.declineReason.map { .text($0) } ?? .null,
             entry.networkChosenBy.map { .text($0) } ?? .null])
    }

    /// Hands the attempts `query` asks for to `body` one at a time, straight from the database:
    /// nothing is collected, so a listing of any length takes the same memory. `body` must not use
    /// the database.
    public func forEach(_ query: LedgerQuery = LedgerQuery(), _ body: (LedgerRow) throws -> Void) throws {
        let (sql, bindings) = query.statement
        try database.forEachRow(sql, bindings) { row in
            try body(LedgerRow(row: row))
            return true
        }
    }

    /// How many attempts `query`'s filters select (its limit, offset and order aside): what a
    /// paged listing counts its pages by.
    public func count(_ query: LedgerQuery = LedgerQuery()) throws -> Int {
        let (sql, bindings) = query.filter
        var total = 0
        try database.forEachRow("SELECT COUNT(*) FROM payments" + sql, bindings) { row in
            total = Int(row.int64(0))
            return false
        }
        return total
    }

    /// The attempts `query` asks for as values (oldest first by default); for small ledgers and tests.
    public func entries(_ query: LedgerQuery = LedgerQuery(newestFirst: false)) throws -> [LedgerEntry] {
        var entries: [LedgerEntry] = []
        try forEach(query) { entries.append($0.entry) }
        return entries
    }
}
