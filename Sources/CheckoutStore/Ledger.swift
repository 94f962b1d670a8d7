import CheckoutCore
import FoundationEssentials
import Glibc
import Synchronization

/// One payment attempt as the ledger keeps it: never a full card number or a CVV.
public struct LedgerEntry: Sendable, Equatable {
    /// The processor's payment id (`pay_…`), or the request's id when no payment was created. Two
    /// rows may carry the same one (a processor that numbered two attempts alike).
    public var id: String
    /// The row's key: the id of the attempt (``PaymentRequest``'s), given before the processor is
    /// asked, so the intent written first and the answer that completes it are one row.
    public var requestId: String
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
    /// `AUTHORIZED`, `DECLINED`, `FAILED`, `PENDING` (a processor that has not decided yet) or
    /// `UNKNOWN` (``Ledger/outcomeUnknown``: the processor was asked and no answer is recorded, so it
    /// may have charged).
    public var status: String
    public var declineReason: String?
    /// Who chose a card's network: `CARDHOLDER` (on a co-badged card), `MERCHANT` (eftpos routing);
    /// nil when nobody did (one network, or the preferred one kept, which a processor may route).
    public var networkChosenBy: String?

    public init(id: String, createdAt: Date, method: String, amount: Int, surcharge: Int = 0, currency: String,
                network: String, firstDigits: String, last4: String, status: String, declineReason: String? = nil,
                networkChosenBy: String? = nil, requestId: String? = nil) {
        self.networkChosenBy = networkChosenBy
        self.id = id
        self.requestId = requestId ?? id
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

    /// What the cardholder was charged, amount plus surcharge; nil when the stored values cannot be
    /// a charge (negative, or a sum past ``ClientSession/maximumAmount``): a damaged row, shown as
    /// unreadable rather than added (adding them trapped the Payments screen).
    public var checkedTotal: Int? { Self.checkedTotal(amount: amount, surcharge: surcharge) }

    /// ``checkedTotal`` of stored values.
    public static func checkedTotal(amount: Int, surcharge: Int) -> Int? {
        guard amount >= 0, surcharge >= 0 else { return nil }
        let (sum, overflow) = amount.addingReportingOverflow(surcharge)
        return overflow || sum > ClientSession.maximumAmount ? nil : sum
    }

    /// Whether the row is an intent whose answer was never recorded.
    public var isOutcomeUnknown: Bool { status == Ledger.outcomeUnknown }
}

/// Which payments a listing wants, and in which order; served by the `payments` indexes.
public struct LedgerQuery: Sendable, Equatable {
    /// At most this many rows.
    public var limit: Int?
    /// Only payments made at or after this time (seconds since 1970, UTC).
    public var since: Double?
    /// Only payments with this status (`AUTHORIZED`, `DECLINED`, `FAILED`, `PENDING`, `UNKNOWN`).
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
        sql = "SELECT id, created_at, method, amount, surcharge, currency, network, first_digits, last4, status, decline_reason, network_chosen_by, request_id FROM payments" + sql
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
        case id, createdAt, method, amount, surcharge, currency, network, firstDigits, last4, status, declineReason, networkChosenBy, requestId
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
                    status: string(.status) ?? "", declineReason: string(.declineReason), networkChosenBy: string(.networkChosenBy),
                    requestId: string(.requestId))
    }
}

/// The payment ledger: every attempt, card or Nol, in the `payments` table, one row per attempt
/// keyed by its request id.
///
/// A card payment is written ahead: ``recordIntent(_:)`` puts the attempt on disk (status
/// ``outcomeUnknown``) before the processor is asked, and the answer completes the same row
/// (``recordOrKeep(_:)``), so a crash, a signal or a lost answer leaves an `UNKNOWN` row, never no
/// row. A database that cannot be written now (locked by another process past the busy timeout, a
/// full disk, a read-only medium) never turns a row into a lost one: the row is kept, in memory and
/// in a spool file beside the database (``spoolPath``, 0600, one JSON object a line, synced), and
/// written before the next row, by ``writePending()`` (the front ends call it before they exit), and
/// by the next ``Ledger`` opened on the same database. A row written again (two processes draining
/// the same spool) changes nothing, and an answer never goes back to `UNKNOWN`.
public final class Ledger: Sendable {
    public let database: Database
    /// Where rows wait that the database could not take; nil for an in-memory database.
    public let spoolPath: String?
    /// Rows not written yet, in the order they were made, and whether each is in the spool too.
    private let pending = Mutex<[(entry: LedgerEntry, spooled: Bool)]>([])
    /// What went wrong with the spool and has not been said yet (a refused spool, lines moved aside).
    private let spoolWarnings = Mutex<[String]>([])

    /// The keys of the intents written by this process whose answers are not recorded yet: the
    /// payments a processor has now. A process about to end (a signal, a reader gone) waits for
    /// them with ``waitForAnswers(upTo:)``.
    private static let awaited = Mutex<Set<String>>([])

    /// How many payments of this process a processor has now (their answers not recorded).
    public static var awaitedAnswers: Int { awaited.withLock { $0.count } }

    /// Waits until every payment of this process has its answer recorded, or `seconds` pass;
    /// true when none is out. Called on the way out, so it polls (every 20 ms) rather than adding
    /// a condition to every record.
    @discardableResult
    public static func waitForAnswers(upTo seconds: Double) -> Bool {
        var waited = 0.0
        while awaitedAnswers > 0 {
            guard waited < seconds else { return false }
            usleep(20_000)
            waited += 0.02
        }
        return true
    }

    /// How long a process on its way out waits for a processor's answer: Primer's payment
    /// deadline (60 s) and a little more.
    public static let finishingWait = 65.0

    /// On the way out (the run's end, a signal, a reader gone): when a processor has a payment of
    /// this process, says so through `say` ("finishing the payment…") and waits for its answer to
    /// be recorded, up to ``finishingWait``; the row written ahead stays `UNKNOWN` if it never
    /// comes, and `say` says that too. Returns at once when no payment is out.
    public static func finishPayments(_ prefix: String, say: (String) -> Void) {
        guard awaitedAnswers > 0 else { return }
        say("\(prefix): finishing the payment… (the processor has it; its answer is recorded before checkout exits)")
        if !waitForAnswers(upTo: finishingWait) {
            say("\(prefix): no answer came; the payment is in the ledger as UNKNOWN: it may have been charged, look it up before paying again")
        }
    }

    /// The status of an attempt the processor was asked about and whose answer is not recorded:
    /// it may have charged. Written before the request goes out, replaced by the answer.
    public static let outcomeUnknown = "UNKNOWN"

    /// An intent's reason while no answer completes it: what a row left so by a crash says. An
    /// answer whose outcome is unknown too (a timeout, an answer without a payment id) replaces it
    /// with its own, more precise reason.
    public static let intentReason = "outcome unknown: the processor was asked and no answer was recorded; it may have charged"

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

    /// The rows kept and not yet written, oldest first, each request once as it now stands (an
    /// intent, or the answer that completes it).
    public var pendingEntries: [LedgerEntry] { Self.latest(pending.withLock { $0.map(\.entry) }) }

    /// Each request of `entries` once, in the order of its first row, as its last answer says it
    /// (an answer is never replaced by an intent, as in the ledger).
    static func latest(_ entries: [LedgerEntry]) -> [LedgerEntry] {
        var order: [String] = []
        var latest: [String: LedgerEntry] = [:]
        for entry in entries {
            if let kept = latest[entry.requestId] {
                if !entry.isOutcomeUnknown || kept.isOutcomeUnknown { latest[entry.requestId] = entry }
            } else {
                order.append(entry.requestId)
                latest[entry.requestId] = entry
            }
        }
        return order.compactMap { latest[$0] }
    }

    /// What went wrong with the spool since the last call (it was refused, or lines were moved
    /// aside), each a sentence naming the file; a front end prints them as warnings.
    public func takeSpoolWarnings() -> [String] {
        spoolWarnings.withLock { warnings in
            defer { warnings = [] }
            return warnings
        }
    }

    /// Records one attempt in its own transaction; a duplicate request id or a database that cannot be
    /// written throws, and nothing is kept (``recordOrKeep(_:)`` keeps it).
    public func record(_ entry: LedgerEntry) throws {
        try database.transaction { try Ledger.insert(entry, in: $0) }
    }

    /// Puts an attempt on disk before its processor is asked: `intent` (its request id, amount,
    /// surcharge, network, first digits, last four, time) with status ``outcomeUnknown``, in the
    /// ledger, or when the ledger cannot take it now, in the spool (synced). Returns nil when the
    /// intent is on disk; else why it is not, and then the request must not be sent.
    public func recordIntent(_ intent: LedgerEntry) -> NotRecorded? {
        var intent = intent
        intent.status = Self.outcomeUnknown
        return pending.withLock { pending in
            pending.append((intent, false))
            guard let failure = writeKept(&pending) else {
                Self.awaited.withLock { _ = $0.insert(intent.requestId) }
                return nil
            }
            let spooled = spoolUnspooled(&pending)
            if spooled {
                Self.awaited.withLock { _ = $0.insert(intent.requestId) }
                return nil
            }
            // Neither the ledger nor the spool holds it: it is not sent, so there is nothing to keep.
            pending.removeAll { $0.entry.requestId == intent.requestId && !$0.spooled }
            return NotRecorded(reason: failure, spooled: false)
        }
    }

    /// Records a payment a processor has answered (completing its intent, the row of the same
    /// request id), now or later: kept rows first, then `entry`, in one transaction. Returns nil when
    /// all are in the ledger; else why they are not, and keeps `entry` (in memory, and in the spool
    /// file when it can be written) for the next write.
    @discardableResult
    public func recordOrKeep(_ entry: LedgerEntry) -> NotRecorded? {
        // Kept or written, the answer is this process's to keep now: nothing more to wait for.
        defer { Self.awaited.withLock { _ = $0.remove(entry.requestId) } }
        return pending.withLock { pending in
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

    /// The rows waiting in the spool, not in the ledger yet, each request once as its last line
    /// says it (an intent's answer replaces it), in the order they were first appended. A refused
    /// spool has none (``takeSpoolWarnings()`` says why).
    public func waitingEntries() -> [LedgerEntry] {
        var entries: [LedgerEntry] = []
        if let spool = openSpool() {
            _ = spool.forEachEntry { entries.append($0) }
            spool.close()
        }
        return Self.latest(entries + pending.withLock { $0.map(\.entry) })
    }

    /// The spool, locked, when there is one to trust; a refused one is said once as a warning.
    private func openSpool() -> LedgerSpool? {
        guard let spoolPath else { return nil }
        switch LedgerSpool.open(spoolPath) {
        case .success(let spool): return spool
        case .failure(let refused):
            spoolWarnings.withLock { if !$0.contains(refused.description) { $0.append(refused.description) } }
            return nil
        }
    }

    /// Inserts the spool's rows (read as a stream) and `pending` in one transaction; on success
    /// empties both, moves the spool's unreadable lines aside, and returns nil, else returns the
    /// database's reason and leaves both as they were.
    private func writeKept(_ pending: inout [(entry: LedgerEntry, spooled: Bool)]) -> String? {
        let spool = openSpool()
        defer { spool?.close() }
        guard spool != nil || !pending.isEmpty else { return nil }
        var rejected: [LedgerSpool.Span] = []
        do {
            try database.transaction { transaction in
                if let spool { rejected = try spool.forEachEntry { try Ledger.insert($0, in: transaction, ignoringDuplicates: true) } }
                for row in pending { try Ledger.insert(row.entry, in: transaction, ignoringDuplicates: true) }
            }
        } catch let error as DatabaseError {
            return error.message
        } catch {
            return "\(error)"
        }
        pending = []
        if let spool {
            if !rejected.isEmpty {
                let lines = rejected.count == 1 ? "1 line that is not a ledger row" : "\(rejected.count) lines that are not ledger rows"
                if let moved = spool.moveAside(rejected) {
                    spoolWarnings.withLock { $0.append("\(lines) in the spool \(spool.path) \(rejected.count == 1 ? "was" : "were") moved to \(moved)") }
                } else {
                    spoolWarnings.withLock { $0.append("\(lines) in the spool \(spool.path) could not be moved aside; the spool is kept as it is") }
                    return nil
                }
            }
            spool.remove()
        }
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
    /// ledger row commit together or not at all). With `ignoringDuplicates`, a row of a request
    /// already in the ledger completes it when it is still ``outcomeUnknown`` and the new row is an
    /// answer (or an unknown outcome with a reason of its own in place of the intent's
    /// ``intentReason``), and otherwise changes nothing.
    public static func insert(_ entry: LedgerEntry, in transaction: Database.Transaction, ignoringDuplicates: Bool = false) throws {
        precondition(entry.firstDigits.count <= 8 && entry.last4.count <= 4, "the ledger never keeps a full card number")
        let upsert = " ON CONFLICT(request_id) DO UPDATE SET id = excluded.id, method = excluded.method, amount = excluded.amount, "
            + "surcharge = excluded.surcharge, currency = excluded.currency, network = excluded.network, first_digits = excluded.first_digits, "
            + "last4 = excluded.last4, status = excluded.status, decline_reason = excluded.decline_reason, "
            + "network_chosen_by = excluded.network_chosen_by WHERE payments.status = '\(outcomeUnknown)' AND (excluded.status != '\(outcomeUnknown)' "
            + "OR (payments.decline_reason IS '\(intentReason)' AND excluded.decline_reason IS NOT '\(intentReason)'))"
        try transaction.execute(
            "INSERT INTO payments (id, created_at, method, amount, surcharge, currency, network, "
                + "first_digits, last4, status, decline_reason, network_chosen_by, request_id) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)"
                + (ignoringDuplicates ? upsert : ""),
            [.text(entry.id), .real(entry.createdAt.timeIntervalSince1970), .text(entry.method), .integer(Int64(entry.amount)),
             .integer(Int64(entry.surcharge)), .text(entry.currency), .text(entry.network), .text(entry.firstDigits),
             .text(entry.last4), .text(entry.status), entry.declineReason.map { .text($0) } ?? .null,
             entry.networkChosenBy.map { .text($0) } ?? .null, .text(entry.requestId)])
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
