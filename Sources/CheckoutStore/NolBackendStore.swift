import FoundationEssentials

/// One Nol card as the simulated Nol backend knows it: number, expiry, stored value and status.
public struct NolCardRecord: Sendable, Equatable {
    public var cardNumber: String
    /// The last valid day, `YYYY-MM-DD`.
    public var expiry: String
    /// The stored value in minor units of AED (fils).
    public var balance: Int
    /// `active`, `blocked` or `expired`.
    public var status: String
    public var label: String

    public init(cardNumber: String, expiry: String, balance: Int, status: String, label: String) {
        self.cardNumber = cardNumber
        self.expiry = expiry
        self.balance = balance
        self.status = status
        self.label = label
    }
}

/// A card linked to a mobile number; a card is linked to one number at a time.
public struct NolLinkRecord: Sendable, Equatable {
    public var cardNumber: String
    /// E.164, such as `+971501234567`.
    public var mobileNumber: String
    public var linkedAt: Date

    public init(cardNumber: String, mobileNumber: String, linkedAt: Date) {
        self.cardNumber = cardNumber
        self.mobileNumber = mobileNumber
        self.linkedAt = linkedAt
    }
}

/// A one-time code issued for linking or unlinking a card, and how much of it is left.
public struct NolCodeRecord: Sendable, Equatable {
    /// `pending` (usable), `used` (its operation is done) or `voided` (too many wrong tries).
    public enum State: String, Sendable { case pending, used, voided }

    /// The linking or unlinking token the code belongs to.
    public var token: String
    /// `link` or `unlink`.
    public var purpose: String
    public var cardNumber: String
    public var mobileNumber: String?
    /// The six digits, `nil` until the first SMS goes out.
    public var code: String?
    public var expiresAt: Date?
    public var triesLeft: Int
    /// The earliest moment another SMS may be sent.
    public var resendAt: Date?
    public var state: State

    public init(token: String, purpose: String, cardNumber: String, mobileNumber: String? = nil, code: String? = nil,
                expiresAt: Date? = nil, triesLeft: Int = 0, resendAt: Date? = nil, state: State = .pending) {
        self.token = token
        self.purpose = purpose
        self.cardNumber = cardNumber
        self.mobileNumber = mobileNumber
        self.code = code
        self.expiresAt = expiresAt
        self.triesLeft = triesLeft
        self.resendAt = resendAt
        self.state = state
    }
}

/// One text message in the simulated SMS outbox.
public struct NolSMSRecord: Sendable, Equatable {
    public var id: Int
    public var mobileNumber: String
    public var code: String
    public var body: String
    public var sentAt: Date

    public init(id: Int, mobileNumber: String, code: String, body: String, sentAt: Date) {
        self.id = id
        self.mobileNumber = mobileNumber
        self.code = code
        self.body = body
        self.sentAt = sentAt
    }
}

/// The tables of the simulated Nol backend: card balances, links, one-time codes and the SMS outbox.
///
/// The store holds no rules. The simulator composes the `…(in:)` operations inside one
/// ``Database/transaction(_:)`` per state change, so a killed process leaves each change done or not
/// done: a payment's balance and its ledger row, a link and its used code, always move together.
public final class NolBackendStore: Sendable {
    public let database: Database

    /// The Nol tables in `database` (``Database/init(path:)`` has created them).
    public init(database: Database) throws {
        self.database = database
    }

    /// Runs `body` as one transaction on the store's database.
    public func transaction<T>(_ body: (Database.Transaction) throws -> T) throws -> T {
        try database.transaction(body)
    }

    /// Adds the cards the backend does not know yet; known cards keep their balance and status.
    public func seed(_ cards: [NolCardRecord]) throws {
        try database.transaction { tx in
            for card in cards {
                try tx.execute("INSERT OR IGNORE INTO nol_cards (card_number, expiry, balance, status, label) VALUES (?,?,?,?,?)",
                               [.text(card.cardNumber), .text(card.expiry), .integer(Int64(card.balance)),
                                .text(card.status), .text(card.label)])
            }
        }
    }

    // MARK: Reads outside a transaction

    /// Every card, in card-number order.
    public func cards() throws -> [NolCardRecord] {
        try database.query("SELECT card_number, expiry, balance, status, label FROM nol_cards ORDER BY card_number")
            .map(Self.cardRecord)
    }

    /// One card, or `nil` when the backend does not know it.
    public func card(_ cardNumber: String) throws -> NolCardRecord? {
        try database.transaction { try Self.card(cardNumber, in: $0) }
    }

    /// Every link, oldest first.
    public func links() throws -> [NolLinkRecord] {
        try database.query("SELECT card_number, mobile_number, linked_at FROM nol_links ORDER BY linked_at, card_number")
            .map(Self.linkRecord)
    }

    /// The code issued under `token`, or `nil`.
    public func code(token: String) throws -> NolCodeRecord? {
        try database.transaction { try Self.code(token: token, in: $0) }
    }

    /// Every code, in the order they were issued.
    public func codes() throws -> [NolCodeRecord] {
        try database.query("SELECT token, purpose, card_number, mobile_number, code, expires_at, tries_left, resend_at, state FROM nol_codes ORDER BY rowid")
            .map(Self.codeRecord)
    }

    /// The SMS outbox, oldest first; only the messages after `afterID` when it is given.
    public func messages(after afterID: Int = 0) throws -> [NolSMSRecord] {
        try database.query("SELECT id, mobile_number, code, body, sent_at FROM nol_sms WHERE id > ? ORDER BY id", [.integer(Int64(afterID))])
            .map { row in
                NolSMSRecord(id: row[0].int ?? 0, mobileNumber: row[1].string ?? "", code: row[2].string ?? "",
                             body: row[3].string ?? "", sentAt: Date(timeIntervalSince1970: row[4].double ?? 0))
            }
    }

    // MARK: Operations inside a caller's transaction

    public static func card(_ cardNumber: String, in tx: Database.Transaction) throws -> NolCardRecord? {
        try tx.query("SELECT card_number, expiry, balance, status, label FROM nol_cards WHERE card_number = ?", [.text(cardNumber)])
            .first.map(cardRecord)
    }

    public static func setBalance(_ balance: Int, of cardNumber: String, in tx: Database.Transaction) throws {
        try tx.execute("UPDATE nol_cards SET balance = ? WHERE card_number = ?", [.integer(Int64(balance)), .text(cardNumber)])
    }

    public static func link(of cardNumber: String, in tx: Database.Transaction) throws -> NolLinkRecord? {
        try tx.query("SELECT card_number, mobile_number, linked_at FROM nol_links WHERE card_number = ?", [.text(cardNumber)])
            .first.map(linkRecord)
    }

    public static func links(mobileNumber: String, in tx: Database.Transaction) throws -> [NolLinkRecord] {
        try tx.query("SELECT card_number, mobile_number, linked_at FROM nol_links WHERE mobile_number = ? ORDER BY linked_at, card_number",
                     [.text(mobileNumber)]).map(linkRecord)
    }

    public static func insertLink(_ link: NolLinkRecord, in tx: Database.Transaction) throws {
        try tx.execute("INSERT INTO nol_links (card_number, mobile_number, linked_at) VALUES (?,?,?)",
                       [.text(link.cardNumber), .text(link.mobileNumber), .real(link.linkedAt.timeIntervalSince1970)])
    }

    public static func deleteLink(of cardNumber: String, in tx: Database.Transaction) throws {
        try tx.execute("DELETE FROM nol_links WHERE card_number = ?", [.text(cardNumber)])
    }

    public static func code(token: String, in tx: Database.Transaction) throws -> NolCodeRecord? {
        try tx.query("SELECT token, purpose, card_number, mobile_number, code, expires_at, tries_left, resend_at, state FROM nol_codes WHERE token = ?",
                     [.text(token)]).first.map(codeRecord)
    }

    /// Inserts or replaces the code kept under `code.token`.
    public static func saveCode(_ code: NolCodeRecord, in tx: Database.Transaction) throws {
        try tx.execute("""
            INSERT OR REPLACE INTO nol_codes (token, purpose, card_number, mobile_number, code, expires_at, tries_left, resend_at, state)
            VALUES (?,?,?,?,?,?,?,?,?)
            """,
            [.text(code.token), .text(code.purpose), .text(code.cardNumber), code.mobileNumber.map { .text($0) } ?? .null,
             code.code.map { .text($0) } ?? .null, code.expiresAt.map { .real($0.timeIntervalSince1970) } ?? .null,
             .integer(Int64(code.triesLeft)), code.resendAt.map { .real($0.timeIntervalSince1970) } ?? .null,
             .text(code.state.rawValue)])
    }

    /// Puts a message in the outbox and returns it with its id.
    @discardableResult
    public static func appendMessage(to mobileNumber: String, code: String, body: String, at date: Date,
                                     in tx: Database.Transaction) throws -> NolSMSRecord {
        try tx.execute("INSERT INTO nol_sms (mobile_number, code, body, sent_at) VALUES (?,?,?,?)",
                       [.text(mobileNumber), .text(code), .text(body), .real(date.timeIntervalSince1970)])
        return NolSMSRecord(id: Int(tx.lastInsertRowID), mobileNumber: mobileNumber, code: code, body: body, sentAt: date)
    }

    // MARK: Row decoding

    private static func cardRecord(_ row: [SQLValue]) -> NolCardRecord {
        NolCardRecord(cardNumber: row[0].string ?? "", expiry: row[1].string ?? "", balance: row[2].int ?? 0,
                      status: row[3].string ?? "", label: row[4].string ?? "")
    }

    private static func linkRecord(_ row: [SQLValue]) -> NolLinkRecord {
        NolLinkRecord(cardNumber: row[0].string ?? "", mobileNumber: row[1].string ?? "",
                      linkedAt: Date(timeIntervalSince1970: row[2].double ?? 0))
    }

    private static func codeRecord(_ row: [SQLValue]) -> NolCodeRecord {
        NolCodeRecord(token: row[0].string ?? "", purpose: row[1].string ?? "", cardNumber: row[2].string ?? "",
                      mobileNumber: row[3].string, code: row[4].string,
                      expiresAt: row[5].double.map(Date.init(timeIntervalSince1970:)), triesLeft: row[6].int ?? 0,
                      resendAt: row[7].double.map(Date.init(timeIntervalSince1970:)),
                      state: NolCodeRecord.State(rawValue: row[8].string ?? "") ?? .voided)
    }
}
