import Foundation

/// One payment attempt as the ledger keeps it: never a full card number or a CVV.
public struct LedgerEntry: Sendable, Equatable {
    public var id: String
    public var createdAt: Date
    /// `CARD` or `NOL_PAY`.
    public var method: String
    public var amount: Int
    public var currency: String
    /// The network id (`VISA`, `CARTES_BANCAIRES`…) or `NOL` for transit cards.
    public var network: String
    /// The first 6–8 digits of a card number (empty for Nol cards).
    public var firstDigits: String
    public var last4: String
    /// `AUTHORIZED`, `DECLINED` or `FAILED`.
    public var status: String
    public var declineReason: String?

    public init(id: String, createdAt: Date, method: String, amount: Int, currency: String, network: String,
                firstDigits: String, last4: String, status: String, declineReason: String? = nil) {
        self.id = id
        self.createdAt = createdAt
        self.method = method
        self.amount = amount
        self.currency = currency
        self.network = network
        self.firstDigits = firstDigits
        self.last4 = last4
        self.status = status
        self.declineReason = declineReason
    }
}

/// The payment ledger: every attempt, card or Nol, in the `payments` table.
public final class Ledger: Sendable {
    public let database: Database

    public init(database: Database) throws {
        self.database = database
        try database.execute("""
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
            )
            """)
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
            "INSERT INTO payments (id, created_at, method, amount, currency, network, first_digits, last4, status, decline_reason) VALUES (?,?,?,?,?,?,?,?,?,?)",
            [.text(entry.id), .real(entry.createdAt.timeIntervalSince1970), .text(entry.method), .integer(Int64(entry.amount)),
             .text(entry.currency), .text(entry.network), .text(entry.firstDigits), .text(entry.last4), .text(entry.status),
             entry.declineReason.map { .text($0) } ?? .null])
    }

    /// Every attempt, oldest first.
    public func entries() throws -> [LedgerEntry] {
        try database.query("SELECT id, created_at, method, amount, currency, network, first_digits, last4, status, decline_reason FROM payments ORDER BY created_at, rowid")
            .map { row in
                LedgerEntry(id: row[0].string ?? "", createdAt: Date(timeIntervalSince1970: row[1].double ?? 0),
                            method: row[2].string ?? "", amount: row[3].int ?? 0, currency: row[4].string ?? "",
                            network: row[5].string ?? "", firstDigits: row[6].string ?? "", last4: row[7].string ?? "",
                            status: row[8].string ?? "", declineReason: row[9].string)
            }
    }
}
