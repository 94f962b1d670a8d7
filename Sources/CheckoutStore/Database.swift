import CSQLite
import Foundation

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
}

/// One SQLite connection: the only place in the project that calls libsqlite3.
///
/// The file is opened in WAL mode with `synchronous=FULL`, so a committed transaction survives a
/// killed process and an interrupted one leaves no trace. Calls are serialised by a lock, so one
/// `Database` can be shared across tasks.
public final class Database: @unchecked Sendable {
    private let handle: OpaquePointer
    private let lock = NSLock()
    public let path: String

    /// Opens (creating if needed) the database at `path`; `":memory:"` gives a private in-memory one.
    public init(path: String) throws {
        if path != ":memory:" {
            let dir = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        }
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let db { sqlite3_close(db) }
            throw DatabaseError(code: rc, message: "\(message) (\(path))")
        }
        handle = db
        self.path = path
        sqlite3_busy_timeout(db, 5000)
        try execute("PRAGMA journal_mode=WAL")
        try execute("PRAGMA synchronous=FULL")
        try execute("PRAGMA foreign_keys=ON")
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String, _ bindings: [SQLValue] = []) throws {
        _ = try query(sql, bindings)
    }

    /// Runs one statement and returns its rows, each as an array of values in column order.
    @discardableResult
    public func query(_ sql: String, _ bindings: [SQLValue] = []) throws -> [[SQLValue]] {
        lock.lock()
        defer { lock.unlock() }
        return try unlockedQuery(sql, bindings)
    }

    /// Runs `body` inside one `BEGIN IMMEDIATE … COMMIT`; any thrown error rolls it back.
    public func transaction<T>(_ body: (Transaction) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        _ = try unlockedQuery("BEGIN IMMEDIATE", [])
        do {
            let result = try body(Transaction(database: self))
            _ = try unlockedQuery("COMMIT", [])
            return result
        } catch {
            _ = try? unlockedQuery("ROLLBACK", [])
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

    /// The schema version kept in `PRAGMA user_version`.
    public func userVersion() throws -> Int {
        try query("PRAGMA user_version").first?.first?.int ?? 0
    }

    private func error(_ rc: Int32) -> DatabaseError {
        DatabaseError(code: rc, message: String(cString: sqlite3_errmsg(handle)))
    }

    private func unlockedQuery(_ sql: String, _ bindings: [SQLValue]) throws -> [[SQLValue]] {
        var rows: [[SQLValue]] = []
        var remaining = sql
        var bindingsLeft = bindings[...]
        while true {
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let consumed: Int = try remaining.withCString { start in
                let rc = sqlite3_prepare_v2(handle, start, -1, &statement, &tail)
                guard rc == SQLITE_OK else { throw error(rc) }
                return tail.map { $0 - start } ?? strlen(start)
            }
            let utf8 = Array(remaining.utf8)
            remaining = String(decoding: utf8[min(consumed, utf8.count)...], as: UTF8.self)
            guard let statement else {
                if remaining.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { break } else { continue }
            }
            defer { sqlite3_finalize(statement) }
            let parameterCount = Int(sqlite3_bind_parameter_count(statement))
            for index in 0..<parameterCount {
                let value = bindingsLeft.popFirst() ?? .null
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
            if remaining.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { break }
        }
        return rows
    }
}
