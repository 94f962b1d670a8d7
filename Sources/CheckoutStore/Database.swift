import CSQLite
import FoundationEssentials
import Glibc

/// A SQLite value bound to a statement or read from a row.
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    public var int: Int? { if case let .integer(v) = self { return Int(v) }; return nil }
    public var string: String? { if case let .text(v) = self { return v }; return nil }
    public var double: Double? {
        switch self {
        case let .real(v): return v
        case let .integer(v): return Double(v)
        default: return nil
        }
    }
}

/// A failure reported by SQLite, with its result code and message.
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
    public var code: Int32
    public var message: String
    public var description: String { "database error \(code): \(message)" }

    /// Another connection holds a lock this one needs (`SQLITE_BUSY` or `SQLITE_LOCKED`).
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
}

/// The checkout database: one SQLite connection, and the only place in the project that calls libsqlite3.
///
/// Opening it makes it ready to use, however many processes open the same new file at once:
/// the file is created private (0600; SQLite gives its `-wal`, `-shm` and journal files the same
/// mode), its schema version is checked before anything is written (a newer or unknown one is
/// refused with ``SchemaError``), WAL mode is set once, and the schema is created or migrated in
/// one exclusive transaction (``CheckoutSchema``). Each of those steps is retried while another
/// process holds the lock, since the busy timeout does not cover all of them (a lock upgrade that
/// would deadlock, WAL recovery).
///
/// The file is in WAL mode with `synchronous=FULL`, so a committed transaction survives a killed
/// process and an interrupted one leaves no trace. Calls are serialised by a lock, so one
/// `Database` can be shared across tasks. Statements are prepared once and kept (a statement
/// cache), so the inserts of a payment cost a bind and a step, not a parse.
public final class Database: @unchecked Sendable {
    private let handle: OpaquePointer
    private let lock = Lock()
    /// Prepared statements by their SQL text; guarded by `lock`.
    private var statements: [String: OpaquePointer] = [:]
    /// Whether ``close()`` has run; guarded by `lock`.
    private var isClosed = false
    public let path: String

    /// How long opening keeps retrying while other processes hold the database's locks.
    static let setUpDeadline: Duration = .seconds(30)
    /// The most statements kept prepared; past it, a statement is finalised after use.
    static let statementCacheLimit = 64
    /// SQLite's process-wide settings, made once before the first connection (`sqlite3_config` must
    /// come before SQLite initializes): page caches grow a page at a time (csqlite_no_bulk_page_cache).
    private static let configured: Void = { _ = csqlite_no_bulk_page_cache() }()

    /// Opens (creating if needed) the database at `path`; `":memory:"` gives a private in-memory one.
    /// A statement waits up to `busyTimeout` for another connection's lock before it fails as busy.
    ///
    /// Throws ``SchemaError`` for a database of a newer or unknown schema (left exactly as it was),
    /// ``DatabaseError`` for anything SQLite refuses, ``DataDirectoryError`` when the directory or
    /// file cannot be made private.
    public convenience init(path: String, busyTimeout: Duration = .seconds(5)) throws {
        try self.init(path: path, busyTimeout: busyTimeout, readOnly: false)
    }

    /// Opens the existing database at `path` for reading only: nothing is created, migrated or
    /// written, so a ledger on a read-only medium can still be listed. On a read-only file system
    /// without a `-wal` file it is opened immutable (no `-shm` file is needed, none could be made).
    /// Throws ``SchemaError``
    /// for a database this checkout cannot read as it is (newer, or older and not yet migrated).
    public static func readOnly(path: String) throws -> Database {
        try Database(path: path, busyTimeout: .seconds(5), readOnly: true)
    }

    private init(path: String, busyTimeout: Duration, readOnly: Bool) throws {
        let inMemory = path == ":memory:"
        if !inMemory, !readOnly {
            // `DataDirectory.open` has refused a directory others can write; a library caller
            // naming a path chose its place, and gets missing directories made private.
            try PrivateFiles.prepareDirectory(URL(fileURLWithPath: path).deletingLastPathComponent().path, allowingShared: true)
            try PrivateFiles.createFile(path)
        }
        var db: OpaquePointer?
        // NOMUTEX: every call already holds `lock`, so SQLite's own per-call mutex would only cost
        // time (13% of a listing's CPU).
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        var name = path
        if readOnly {
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            // Immutable only when nothing waits in a write-ahead log: an immutable open reads the
            // main file alone (a log left by a process that ended without closing holds rows), and
            // with a log and its index SQLite reads read-only as it is.
            var info = statvfs()
            var log = stat()
            let immutable = statvfs(path, &info) == 0 && info.f_flag & UInt(ST_RDONLY) != 0 && stat(path + "-wal", &log) != 0
            name = "file:" + Self.uriPath(path) + (immutable ? "?immutable=1" : "")
        } else {
            flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        _ = Self.configured
        let rc = sqlite3_open_v2(name, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let db { sqlite3_close(db) }
            throw DatabaseError(code: rc, message: "\(message) (\(path))")
        }
        // SQLite opens a file it cannot write read-only without a word; a store that records
        // payments must say so now, not at the first payment.
        if !readOnly, !inMemory, sqlite3_db_readonly(db, "main") == 1 {
            sqlite3_close(db)
            throw DatabaseError(code: SQLITE_READONLY, message: "the database can be read but not written (\(path))")
        }
        handle = db
        self.path = path
        let (seconds, attoseconds) = busyTimeout.components
        sqlite3_busy_timeout(db, Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        // Until the schema version is known to be ours, closing must not checkpoint (write) either.
        csqlite_set_checkpoint_on_close(db, 0)
        if readOnly {
            let found = try transaction(mode: "DEFERRED") { try CheckoutSchema.read($0) }
            try CheckoutSchema.check(found)
            guard found.version == CheckoutSchema.current else {
                throw DatabaseError(code: SQLITE_READONLY, message: "schema version \(found.version) is older than \(CheckoutSchema.current): "
                                    + "a checkout with write access upgrades it the first time it opens it")
            }
            return
        }
        try setUp(inMemory: inMemory)
        csqlite_set_checkpoint_on_close(db, 1)
        if !inMemory { PrivateFiles.tighten(databasePath: path) }
    }

    /// `path` for a `file:` URI: every byte but unreserved ones and `/` percent-encoded.
    static func uriPath(_ path: String) -> String {
        var text = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                text += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return text
    }

    /// Closes the connection now: the last connection to close checkpoints the write-ahead log and
    /// removes it with the shared-memory file, so the next opener needs no free space to start.
    /// A process closes before it exits, since a task still holding the database would keep the
    /// deinitializer from ever running (seen under load: `checkout events` left its `-wal` and
    /// `-shm` behind). Later calls throw `SQLITE_MISUSE`; closing twice does nothing.
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else { return }
        isClosed = true
        for statement in statements.values { sqlite3_finalize(statement) }
        statements = [:]
        sqlite3_close_v2(handle)
    }

    deinit { close() }

    /// Throws when ``close()`` has run; the caller holds `lock`.
    private func checkOpen() throws {
        if isClosed { throw DatabaseError(code: SQLITE_MISUSE, message: "the database \(path) is closed") }
    }

    /// Checks the version, sets WAL once, and creates or migrates the schema.
    private func setUp(inMemory: Bool) throws {
        let deadline = ContinuousClock.now + Self.setUpDeadline
        // Read only: a database this checkout does not know is refused before anything is written.
        var version = 0
        try retryingWhileBusy(until: deadline) {
            // One read transaction, so the version and the tables are read from the same moment,
            // never half before and half after another process creates the schema.
            let found = try self.transaction(mode: "DEFERRED") { try CheckoutSchema.read($0) }
            try CheckoutSchema.check(found)
            version = found.version
        }
        if !inMemory {
            try retryingWhileBusy(until: deadline) {
                let mode = try self.unchecked.query("PRAGMA journal_mode").first?.first?.string
                if mode?.lowercased() != "wal" { try self.unchecked.execute("PRAGMA journal_mode=WAL") }
            }
        }
        try unchecked.execute("PRAGMA synchronous=FULL")
        try unchecked.execute("PRAGMA foreign_keys=ON")
        // A current database needs no write lock to open; a new or older one is set up under one.
        guard version < CheckoutSchema.current else { return }
        try retryingWhileBusy(until: deadline) {
            try self.transaction(mode: "EXCLUSIVE") { try CheckoutSchema.prepare($0) }
        }
    }

    /// Runs `body` again after a short random pause while it fails because another connection
    /// holds a lock, until `deadline`.
    private func retryingWhileBusy(until deadline: ContinuousClock.Instant, _ body: () throws -> Void) throws {
        var pause = 1
        while true {
            do {
                return try body()
            } catch let error as DatabaseError where error.isBusy && ContinuousClock.now < deadline {
                usleep(useconds_t(1000 * Int.random(in: 1...pause)))
                pause = min(pause * 2, 50)
            }
        }
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String, _ bindings: [SQLValue] = []) throws {
        _ = try query(sql, bindings)
    }

    /// Runs one statement and returns its rows, each as an array of values in column order.
    @discardableResult
    public func query(_ sql: String, _ bindings: [SQLValue] = []) throws -> [[SQLValue]] {
        lock.lock()
        defer { lock.unlock() }
        try checkOpen()
        return try unchecked.query(sql, bindings)
    }

    /// Steps through the rows of one statement, handing each to `body` as it is read; nothing is
    /// collected. `body` returns `false` to stop early. The ``Row`` is valid only during its call.
    public func forEachRow(_ sql: String, _ bindings: [SQLValue] = [], _ body: (Row) throws -> Bool) throws {
        lock.lock()
        defer { lock.unlock() }
        try checkOpen()
        try withStatement(sql, bindings) { statement in
            while true {
                let rc = sqlite3_step(statement)
                if rc == SQLITE_DONE { return }
                guard rc == SQLITE_ROW else { throw error(rc) }
                guard try body(Row(statement: statement)) else { return }
            }
        }
    }

    /// Runs `body` inside one `BEGIN IMMEDIATE … COMMIT`; any thrown error rolls it back.
    public func transaction<T>(_ body: (Transaction) throws -> T) throws -> T {
        try transaction(mode: "IMMEDIATE", body)
    }

    private func transaction<T>(mode: String, _ body: (Transaction) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        try checkOpen()
        try unchecked.execute("BEGIN \(mode)")
        do {
            let result = try body(unchecked)
            try unchecked.execute("COMMIT")
            return result
        } catch {
            try? unchecked.execute("ROLLBACK")
            throw error
        }
    }

    /// The statements available inside ``Database/transaction(_:)``.
    public struct Transaction {
        fileprivate let database: Database
        @discardableResult
        public func query(_ sql: String, _ bindings: [SQLValue] = []) throws -> [[SQLValue]] {
            try database.unlockedQuery(sql, bindings)
        }
        public func execute(_ sql: String, _ bindings: [SQLValue] = []) throws {
            _ = try database.unlockedQuery(sql, bindings)
        }
        public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(database.handle) }
        public var changes: Int { Int(sqlite3_changes(database.handle)) }
    }

    /// Statements run by a caller that already holds the lock (or during `init`, before sharing).
    private var unchecked: Transaction { Transaction(database: self) }

    /// The schema version kept in `PRAGMA user_version`.
    public func userVersion() throws -> Int {
        try query("PRAGMA user_version").first?.first?.int ?? 0
    }

    /// One row of ``Database/forEachRow(_:_:_:)``, read column by column without copying the row.
    public struct Row {
        fileprivate let statement: OpaquePointer

        public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
        public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
        public func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
        /// The column as text, or nil when it is NULL.
        public func string(_ column: Int32) -> String? {
            isNull(column) ? nil : withUTF8(column) { String(decoding: $0, as: UTF8.self) }
        }
        /// Calls `body` with the column's UTF-8 bytes as SQLite holds them (empty for NULL).
        public func withUTF8<R>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
            let text = sqlite3_column_text(statement, column)
            let count = Int(sqlite3_column_bytes(statement, column))
            return try body(UnsafeBufferPointer(start: text, count: text == nil ? 0 : count))
        }
    }

    private func error(_ rc: Int32) -> DatabaseError {
        DatabaseError(code: rc, message: String(cString: sqlite3_errmsg(handle)))
    }

    /// Runs the statements of `sql` in turn, binding `bindings` in order, and returns the rows of the last.
    private func unlockedQuery(_ sql: String, _ bindings: [SQLValue]) throws -> [[SQLValue]] {
        var rows: [[SQLValue]] = []
        try withStatement(sql, bindings) { statement in
            rows = []
            while true {
                let rc = sqlite3_step(statement)
                if rc == SQLITE_DONE { break }
                guard rc == SQLITE_ROW else { throw error(rc) }
                let columns = sqlite3_column_count(statement)
                var row: [SQLValue] = []
                row.reserveCapacity(Int(columns))
                for column in 0..<columns {
                    switch sqlite3_column_type(statement, column) {
                    case SQLITE_INTEGER: row.append(.integer(sqlite3_column_int64(statement, column)))
                    case SQLITE_FLOAT: row.append(.real(sqlite3_column_double(statement, column)))
                    case SQLITE_NULL: row.append(.null)
                    default: row.append(.text(String(cString: sqlite3_column_text(statement, column))))
                    }
                }
                rows.append(row)
            }
        }
        return rows
    }

    /// Prepares each statement of `sql` (from the cache when it is one statement seen before),
    /// binds its share of `bindings`, hands it to `body`, then resets it for the next use.
    private func withStatement(_ sql: String, _ bindings: [SQLValue], _ body: (OpaquePointer) throws -> Void) throws {
        if let cached = statements[sql] {
            defer { sqlite3_reset(cached); sqlite3_clear_bindings(cached) }
            var bindingsLeft = bindings[...]
            try bind(cached, &bindingsLeft)
            return try body(cached)
        }
        var bindingsLeft = bindings[...]
        let utf8 = Array(sql.utf8CString)
        try utf8.withUnsafeBufferPointer { buffer in
            let start = buffer.baseAddress!
            var next = start
            while next.pointee != 0 {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let rc = sqlite3_prepare_v2(handle, next, -1, &statement, &tail)
                guard rc == SQLITE_OK else { throw error(rc) }
                let isWhole = next == start && (tail.map { String(cString: $0) } ?? "").allSatisfy(\.isWhitespace)
                next = tail ?? start + buffer.count - 1
                guard let statement else { continue }   // only whitespace or a comment was left
                // A whole one-statement text is kept for its next use; parts of a script are not.
                let keep = isWhole && statements.count < Self.statementCacheLimit
                defer {
                    if keep { sqlite3_reset(statement); sqlite3_clear_bindings(statement) } else { sqlite3_finalize(statement) }
                }
                if keep { statements[sql] = statement }
                try bind(statement, &bindingsLeft)
                try body(statement)
            }
        }
    }

    private func bind(_ statement: OpaquePointer, _ bindings: inout ArraySlice<SQLValue>) throws {
        let parameterCount = Int(sqlite3_bind_parameter_count(statement))
        for index in 0..<parameterCount {
            let value = bindings.popFirst() ?? .null
            let position = Int32(index + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(statement, position)
            case let .integer(v): rc = sqlite3_bind_int64(statement, position, v)
            case let .real(v): rc = sqlite3_bind_double(statement, position, v)
            case let .text(v): rc = sqlite3_bind_text(statement, position, v, -1, csqlite_transient())
            }
            guard rc == SQLITE_OK else { throw error(rc) }
        }
    }
}

/// A mutual-exclusion lock taken and released around a call (what `NSLock` gave, without Foundation).
final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
}
