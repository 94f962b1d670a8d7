import FoundationEssentials

/// A database this checkout must not use: written by a newer checkout, or with tables it does not
/// know. Nothing has been written to it.
public struct SchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The database's `PRAGMA user_version`.
    public var version: Int
    /// What does not match, for a database of a version this checkout knows; nil when the version is newer.
    public var mismatch: String?

    public var description: String {
        if let mismatch {
            return "its tables are not those of schema version \(max(version, 1)) (\(mismatch))"
        }
        return "it has schema version \(version), newer than the versions up to \(CheckoutSchema.current) this checkout reads"
    }
}

/// The tables of the checkout database, their version (`PRAGMA user_version`) and the steps that
/// migrate one version to the next.
///
/// | version | what |
/// | --- | --- |
/// | 0 | a new, empty file |
/// | 1 | the first release: `payments` (the ledger) and the `nol_*` tables; its files say 0, so an unversioned file with tables is read as 1 |
/// | 2 | `payments.surcharge` (amount and surcharge are kept apart) and the indexes `payments` listings are served by |
/// | 3 | `payments.network_chosen_by`: who chose a card's network (`CARDHOLDER`, `MERCHANT`), null when nobody did |
/// | 4 | `payments.request_id`, the key of a row (unique: one row per attempt, its intent written before the processor is asked, its answer completing it); `id`, the processor's payment id, is no longer unique (two answers may carry the same one) and has an index |
///
/// Opening checks the version before anything is written; an older database is migrated in the
/// same exclusive transaction that checks it, so a migration is done whole or not at all.
public enum CheckoutSchema {
    /// The version this checkout writes.
    public static let current = 4

    /// Step `n` turns version `n` into `n + 1`.
    static let migrations: [String] = [
        // 0 → 1: the first release's tables (IF NOT EXISTS: its files may have only some of them).
        """
        CREATE TABLE IF NOT EXISTS payments (
            id TEXT PRIMARY KEY,
            created_at REAL NOT NULL,
            method TEXT NOT NULL,
            amount INTEGER NOT NULL,
            currency TEXT NOT NULL,
            network TEXT NOT NULL,
            first_digits TEXT NOT NULL,
            last4 TEXT NOT NULL,
            status TEXT NOT NULL,
            decline_reason TEXT
        );
        CREATE TABLE IF NOT EXISTS nol_cards (
            card_number TEXT PRIMARY KEY,
            expiry TEXT NOT NULL,
            balance INTEGER NOT NULL CHECK (balance >= 0),
            status TEXT NOT NULL,
            label TEXT NOT NULL
        );
        CREATE TABLE IF NOT EXISTS nol_links (
            card_number TEXT PRIMARY KEY REFERENCES nol_cards(card_number),
            mobile_number TEXT NOT NULL,
            linked_at REAL NOT NULL
        );
        CREATE INDEX IF NOT EXISTS nol_links_by_mobile ON nol_links(mobile_number);
        CREATE TABLE IF NOT EXISTS nol_codes (
            token TEXT PRIMARY KEY,
            purpose TEXT NOT NULL,
            card_number TEXT NOT NULL,
            mobile_number TEXT,
            code TEXT,
            expires_at REAL,
            tries_left INTEGER NOT NULL,
            resend_at REAL,
            state TEXT NOT NULL
        );
        CREATE TABLE IF NOT EXISTS nol_sms (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            mobile_number TEXT NOT NULL,
            code TEXT NOT NULL,
            body TEXT NOT NULL,
            sent_at REAL NOT NULL
        )
        """,
        // 1 → 2: the surcharge beside the amount; listings newest first, since a date, by status.
        """
        ALTER TABLE payments ADD COLUMN surcharge INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX payments_by_time ON payments(created_at);
        CREATE INDEX payments_by_status ON payments(status, created_at)
        """,
        // 2 → 3: who chose the network; older rows say nothing of it.
        "ALTER TABLE payments ADD COLUMN network_chosen_by TEXT",
        // 3 → 4: rows keyed by the request id (an older row's is its payment id); SQLite changes a
        // primary key only by building the table again, in the same order (rowid breaks ties).
        """
        CREATE TABLE payments_v4 (
            id TEXT NOT NULL,
            created_at REAL NOT NULL,
            method TEXT NOT NULL,
            amount INTEGER NOT NULL,
            currency TEXT NOT NULL,
            network TEXT NOT NULL,
            first_digits TEXT NOT NULL,
            last4 TEXT NOT NULL,
            status TEXT NOT NULL,
            decline_reason TEXT,
            surcharge INTEGER NOT NULL DEFAULT 0,
            network_chosen_by TEXT,
            request_id TEXT NOT NULL UNIQUE
        );
        INSERT INTO payments_v4 SELECT id, created_at, method, amount, currency, network, first_digits, last4, status,
            decline_reason, surcharge, network_chosen_by, id FROM payments ORDER BY rowid;
        DROP TABLE payments;
        ALTER TABLE payments_v4 RENAME TO payments;
        CREATE INDEX payments_by_time ON payments(created_at);
        CREATE INDEX payments_by_status ON payments(status, created_at);
        CREATE INDEX payments_by_id ON payments(id)
        """,
    ]

    /// The columns of each table at each version, in order: what a file must have to be read as that version.
    static func columns(at version: Int) -> [String: [String]] {
        var payments = ["id", "created_at", "method", "amount", "currency", "network", "first_digits", "last4",
                        "status", "decline_reason"]
        if version >= 2 { payments.append("surcharge") }
        if version >= 3 { payments.append("network_chosen_by") }
        if version >= 4 { payments.append("request_id") }
        return [
            "payments": payments,
            "nol_cards": ["card_number", "expiry", "balance", "status", "label"],
            "nol_links": ["card_number", "mobile_number", "linked_at"],
            "nol_codes": ["token", "purpose", "card_number", "mobile_number", "code", "expires_at", "tries_left",
                          "resend_at", "state"],
            "nol_sms": ["id", "mobile_number", "code", "body", "sent_at"],
        ]
    }

    /// What a database holds, read without writing.
    struct Found {
        /// `user_version`, with an unversioned file that has tables read as 1.
        var version: Int
        /// The stored `user_version`.
        var stored: Int
        /// Each table of ours that exists, with its columns.
        var tables: [String: [String]]
    }

    static func read(_ tx: Database.Transaction) throws -> Found {
        let stored = try tx.query("PRAGMA user_version").first?.first?.int ?? 0
        var tables: [String: [String]] = [:]
        let names = try tx.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            .compactMap { $0.first?.string }
        for name in names {
            tables[name] = try tx.query("SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(name)]).compactMap { $0.first?.string }
        }
        return Found(version: stored == 0 && !tables.isEmpty ? 1 : stored, stored: stored, tables: tables)
    }

    /// Throws ``SchemaError`` unless this checkout can use (and, if older, migrate) what was found.
    static func check(_ found: Found) throws(SchemaError) {
        guard found.version <= current else { throw SchemaError(version: found.stored, mismatch: nil) }
        guard found.version > 0 else { return }
        let expected = columns(at: found.version)
        for (table, columns) in found.tables.sorted(by: { $0.key < $1.key }) {
            guard let wanted = expected[table] else {
                throw SchemaError(version: found.stored, mismatch: "table \(table) is not one of its tables")
            }
            // Version 1 files may lack a table (the ledger alone was created by payments).
            guard columns == wanted else {
                throw SchemaError(version: found.stored, mismatch: "table \(table) has columns \(columns.joined(separator: ", "))")
            }
        }
        if found.version == current, let missing = expected.keys.sorted().first(where: { found.tables[$0] == nil }) {
            throw SchemaError(version: found.stored, mismatch: "table \(missing) is missing")
        }
    }

    /// Inside an exclusive transaction: checks the database again (another process may have set it
    /// up meanwhile) and brings it to ``current``.
    static func prepare(_ tx: Database.Transaction) throws {
        let found = try read(tx)
        try check(found)
        guard found.version < current else { return }
        // An unversioned file runs every step: the first creates whichever first-release tables it lacks.
        for step in migrations[(found.stored == 0 ? 0 : found.version)...] { try tx.execute(step) }
        try tx.execute("PRAGMA user_version = \(current)")
    }
}
