import CheckoutCore
import FoundationEssentials
import Glibc
import Synchronization

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
///
/// A payment a processor has answered is recorded with ``recordOrKeep(_:)``, which never turns a
/// database that cannot be written now (locked by another process past the busy timeout, a full
/// disk, a read-only medium) into a lost row: the row is kept, in memory and in a spool file beside
/// the database (``spoolPath``, 0600, one JSON object a line), and written before the next row, by
/// ``writePending()`` (the front ends call it before they exit), and by the next ``Ledger`` opened on
/// the same database. Kept rows are inserted with `INSERT OR IGNORE` on their id, so a row written
/// twice (by two processes draining the same spool) is kept once.
public final class Ledger: Sendable {
    public let database: Database
    /// Where rows wait that the database could not take; nil for an in-memory database.
    public let spoolPath: String?
    /// Rows not written yet, in the order they were made, and whether each is in the spool too.
    private let pending = Mutex<[(entry: LedgerEntry, spooled: Bool)]>([])

    /// The ledger in `database` (``Database/init(path:busyTimeout:)`` has created its table). Rows an
    /// earlier checkout kept in the spool are written now when the database takes them.
    public init(database: Database) throws {
        self.database = database
        spoolPath = database.path == ":memory:" ? nil : database.path + Self.spoolSuffix
        if let spoolPath, access(spoolPath, F_OK) == 0 { writePending() }
    }

    /// The spool file's name beside the database's.
    public static let spoolSuffix = "-pending"

    /// Why a row is not in the ledger yet, though it is kept to be written later.
    public struct NotRecorded: Error, Sendable, Equatable, CustomStringConvertible {
        /// What the database said (`database is locked`, `database or disk is full`).
        public var reason: String
        /// Whether the row is in the spool file, so a later checkout writes it even if this one cannot.
        public var spooled: Bool

        public var description: String {
            "\(reason); kept" + (spooled ? " and recorded as soon as the ledger can be written" : " in memory only, retried until checkout exits")
        }
    }

    /// The rows kept and not yet written, oldest first.
    public var pendingEntries: [LedgerEntry] { pending.withLock { $0.map(\.entry) } }

    /// Records one attempt in its own transaction; a duplicate id or a database that cannot be
    /// written throws, and nothing is kept (``recordOrKeep(_:)`` keeps it).
    public func record(_ entry: LedgerEntry) throws {
        try database.transaction { try Ledger.insert(entry, in: $0) }
    }

    /// Records a payment a processor has answered, now or later: kept rows first, then `entry`, in
    /// one transaction. Returns nil when all are in the ledger; else why they are not, and keeps
    /// `entry` (in memory, and in the spool file when it can be written) for the next write.
    @discardableResult
    public func recordOrKeep(_ entry: LedgerEntry) -> NotRecorded? {
        pending.withLock { pending in
            pending.append((entry, false))
            guard let failure = writeKept(&pending) else { return nil }
            return NotRecorded(reason: failure, spooled: spoolUnspooled(&pending))
        }
    }

    /// Writes the kept rows (this process's and the spool's) now. Returns nil when none is left
    /// unwritten, else why they are still waiting.
    @discardableResult
    public func writePending() -> NotRecorded? {
        pending.withLock { pending in
            guard let failure = writeKept(&pending) else { return nil }
            return NotRecorded(reason: failure, spooled: spoolUnspooled(&pending))
        }
    }

    /// Inserts `pending` and the spool's rows in one transaction; on success empties both and
    /// returns nil, else returns the database's reason and leaves both as they were.
    private func writeKept(_ pending: inout [(entry: LedgerEntry, spooled: Bool)]) -> String? {
        let spool = spoolPath.flatMap { LedgerSpool.open($0) }
        defer { spool?.close() }
        let rows = (spool?.entries ?? []) + pending.map(\.entry)
        guard !rows.isEmpty else { return nil }
        do {
            try database.transaction { transaction in
                for row in rows { try Ledger.insert(row, in: transaction, ignoringDuplicates: true) }
            }
        } catch let error as DatabaseError {
            return error.message
        } catch {
            return "\(error)"
        }
        pending = []
        spool?.remove()
        return nil
    }

    /// Appends the kept rows not in the spool yet to it; true when every kept row is there.
    private func spoolUnspooled(_ pending: inout [(entry: LedgerEntry, spooled: Bool)]) -> Bool {
        guard let spoolPath else { return false }
        for index in pending.indices where !pending[index].spooled {
            pending[index].spooled = LedgerSpool.append(pending[index].entry, to: spoolPath)
        }
        return pending.allSatisfy(\.spooled)
    }

    /// Records one attempt inside a caller's transaction (so a Nol payment's balance change and its
    /// ledger row commit together or not at all).
    public static func insert(_ entry: LedgerEntry, in transaction: Database.Transaction, ignoringDuplicates: Bool = false) throws {
        precondition(entry.firstDigits.count <= 8 && entry.last4.count <= 4, "the ledger never keeps a full card number")
        try transaction.execute(
            (ignoringDuplicates ? "INSERT OR IGNORE" : "INSERT") + " INTO payments (id, created_at, method, amount, surcharge, currency, network, "
                + "first_digits, last4, status, decline_reason, network_chosen_by) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
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
