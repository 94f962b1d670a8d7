@testable import CheckoutStore
import CheckoutTestSupport
import Foundation
import Testing

/// The schema version: a new file is made current, the first release's file (a fixture it wrote)
/// is migrated whole, and a newer or unknown file is refused untouched.
@Suite("Schema")
struct SchemaTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-schema-\(UUID().uuidString)")

    /// The sqlite3 shell, to make and inspect files without this checkout's set-up.
    static func sqlite(_ path: String, _ sql: String) throws -> String {
        let result = try ChildProcess.run("/usr/bin/sqlite3", [path, sql])
        try #require(result.status == 0, "sqlite3: \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A data directory holding a copy of the first release's database.
    func firstReleaseDirectory(_ name: String) throws -> URL {
        let directory = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let fixture = try #require(Bundle.module.url(forResource: "checkout-v1", withExtension: "db", subdirectory: "Fixtures"))
        try FileManager.default.copyItem(at: fixture, to: DataDirectory.databaseURL(in: directory))
        return directory
    }

    func openMessage(_ directory: URL) -> String? {
        do {
            _ = try DataDirectory.open(directory.path) { try Ledger(database: $0) }
            return nil
        } catch {
            return error.message
        }
    }

    @Test("a new database is made at the current version, in WAL mode, with every table and index")
    func fresh() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let ledger = try DataDirectory.open(root.path) { try Ledger(database: $0) }
        #expect(try ledger.database.userVersion() == CheckoutSchema.current)
        #expect(try ledger.database.query("PRAGMA journal_mode").first?.first?.string == "wal")
        let names = try ledger.database.query("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
            .compactMap { $0.first?.string }
        #expect(names == ["nol_cards", "nol_codes", "nol_links", "nol_links_by_mobile", "nol_sms", "payments",
                          "payments_by_id", "payments_by_status", "payments_by_time"])
        let requestId = try ledger.database.query("SELECT name, type, \"notnull\" FROM pragma_table_info('payments') WHERE name = 'request_id'")
        #expect(requestId == [[.text("request_id"), .text("TEXT"), .integer(1)]])
        let columns = try ledger.database.query("SELECT name, type, \"notnull\", dflt_value FROM pragma_table_info('payments') WHERE name = 'surcharge'")
        #expect(columns == [[.text("surcharge"), .text("INTEGER"), .integer(1), .text("0")]])
        let chosenBy = try ledger.database.query("SELECT name, type, \"notnull\" FROM pragma_table_info('payments') WHERE name = 'network_chosen_by'")
        #expect(chosenBy == [[.text("network_chosen_by"), .text("TEXT"), .integer(0)]])
    }

    @Test("the first release's database is migrated: every row kept, surcharge 0, the indexes made")
    func migratesTheFirstRelease() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = try firstReleaseDirectory("v1")
        let path = DataDirectory.databaseURL(in: directory).path
        #expect(try Self.sqlite(path, "PRAGMA user_version") == "0")
        let store = try DataDirectory.open(directory.path) { try NolBackendStore(database: $0) }
        #expect(try store.database.userVersion() == 4)
        let entries = try Ledger(database: store.database).entries()
        #expect(entries.map(\.requestId) == entries.map(\.id), "an older row is keyed by its payment id")
        #expect(entries.map(\.id) == ["pay_8bcc50404b004497b9e5", "pay_42868c5b48b14582a959", "nol_abdb471c50854ce1"])
        #expect(entries.map(\.surcharge) == [0, 0, 0])
        #expect(entries.allSatisfy { $0.networkChosenBy == nil }, "the first release's rows say nothing of who chose")
        #expect(entries.map(\.amount) == [4999, 10051, 750])
        #expect(entries[1].declineReason == "insufficient funds")
        #expect(try store.links().map(\.mobileNumber) == ["+971501234567"])
        #expect(try store.cards().count == 7)
        #expect(try store.messages().count == 1)
        #expect(try store.database.query("SELECT count(*) FROM sqlite_master WHERE name LIKE 'payments_by_%'").first?.first?.int == 3)
        // Reopening finds it current and changes nothing more.
        _ = try DataDirectory.open(directory.path) { try Ledger(database: $0) }
        #expect(try Self.sqlite(path, "PRAGMA user_version") == "4")
    }

    @Test("a migration that fails part-way leaves the database exactly at its old version")
    func migrationIsOneTransaction() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = try firstReleaseDirectory("broken")
        let path = DataDirectory.databaseURL(in: directory).path
        // The second statement of the migration (CREATE INDEX payments_by_time) will fail.
        _ = try Self.sqlite(path, "CREATE INDEX payments_by_time ON payments(id)")
        let message = try #require(openMessage(directory))
        #expect(message.contains("payments_by_time already exists"), "\(message)")
        #expect(try Self.sqlite(path, "PRAGMA user_version") == "0")
        #expect(try Self.sqlite(path, "SELECT count(*) FROM pragma_table_info('payments') WHERE name = 'surcharge'") == "0")
        #expect(try Self.sqlite(path, "SELECT count(*) FROM payments") == "3")
    }

    @Test("a newer database is refused with its version named, and nothing is written to it", arguments: ["wal", "delete"])
    func newerIsRefused(journalMode: String) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appendingPathComponent("newer-\(journalMode)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = DataDirectory.databaseURL(in: directory).path
        _ = try Self.sqlite(path, """
            PRAGMA journal_mode=\(journalMode); CREATE TABLE payments (id TEXT PRIMARY KEY, amount_minor INTEGER, fee INTEGER);
            INSERT INTO payments VALUES ('pay_1', 4999, 30); PRAGMA user_version = 5;
            """)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        #expect(openMessage(directory) == "\(path) cannot be used: it has schema version 5, newer than the versions up to 4 this checkout reads; it is left as it is: use the checkout that wrote it, or pass another --data-dir")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == modified)
        let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        #expect(wal == 0, "no transaction was written to the WAL either")
        #expect(try Self.sqlite(path, "PRAGMA journal_mode") == journalMode)
    }

    @Test("an unversioned file whose tables differ is refused, naming the table", arguments: [
        ("CREATE TABLE payments (id TEXT PRIMARY KEY, created_at REAL NOT NULL, method TEXT NOT NULL)", "table payments has columns id, created_at, method"),
        ("CREATE TABLE orders (id TEXT)", "table orders is not one of its tables"),
    ])
    func unknownIsRefused(sql: String, mismatch: String) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appendingPathComponent("unknown")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = DataDirectory.databaseURL(in: directory).path
        _ = try Self.sqlite(path, sql)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(openMessage(directory) == "\(path) cannot be used: its tables are not those of schema version 1 (\(mismatch)); it is left as it is: use the checkout that wrote it, or pass another --data-dir")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("every listing the payments command offers is served by an index, never a sort of the whole table")
    func listingsUseTheIndexes() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let ledger = try DataDirectory.open(root.path) { try Ledger(database: $0) }
        let queries = [LedgerQuery(), LedgerQuery(newestFirst: false), LedgerQuery(limit: 10), LedgerQuery(since: 1_700_000_000),
                       LedgerQuery(status: "DECLINED"), LedgerQuery(since: 1_700_000_000, status: "FAILED", newestFirst: false)]
        for query in queries {
            let (sql, bindings) = query.statement
            let plan = try ledger.database.query("EXPLAIN QUERY PLAN " + sql, bindings).compactMap { $0.last?.string }.joined(separator: "; ")
            #expect(plan.contains("USING INDEX payments_by_"), "\(query): \(plan)")
            #expect(!plan.contains("TEMP B-TREE"), "\(query): \(plan)")
        }
    }
}
