import Foundation
import CheckoutTestSupport
import Testing
@testable import CheckoutStore

@Suite struct LedgerTests {
    @Test func recordsAttemptsAndListsThemOldestFirstAcrossReopening() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = DataDirectory.databaseURL(in: directory).path
        let first = LedgerEntry(id: "pay_1", createdAt: Date(timeIntervalSince1970: 100), method: "CARD", amount: 4999, currency: "EUR",
                                network: "CARTES_BANCAIRES", firstDigits: "40000025", last4: "1001", status: "AUTHORIZED")
        let second = LedgerEntry(id: "pay_2", createdAt: Date(timeIntervalSince1970: 200), method: "CARD", amount: 10051, currency: "EUR",
                                 network: "VISA", firstDigits: "424242", last4: "4242", status: "DECLINED", declineReason: "insufficient funds")
        do {
            let ledger = try Ledger(database: Database(path: path))
            try ledger.record(second)
            try ledger.record(first)
        }
        let reopened = try Ledger(database: Database(path: path))
        #expect(try reopened.entries() == [first, second])
        #expect(throws: DatabaseError.self) { try reopened.record(first) }
        #expect(try reopened.entries().count == 2, "a failed insert leaves nothing behind")
    }

    /// A process closes its database before it exits, whoever still holds it: the log is
    /// checkpointed and removed, and a late call is refused instead of touching a closed handle.
    @Test func closingRemovesTheLogAndRefusesLaterCalls() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = DataDirectory.databaseURL(in: directory).path
        let entry = LedgerEntry(id: "pay_1", createdAt: Date(timeIntervalSince1970: 100), method: "CARD", amount: 4999, currency: "EUR",
                                network: "VISA", firstDigits: "424242", last4: "4242", status: "AUTHORIZED")
        let ledger = try Ledger(database: Database(path: path))
        try ledger.record(entry)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        ledger.database.close()
        ledger.database.close()
        #expect(!FileManager.default.fileExists(atPath: path + "-wal") && !FileManager.default.fileExists(atPath: path + "-shm"))
        #expect(throws: DatabaseError.self) { try ledger.entries() }
        #expect(try Ledger(database: Database(path: path)).entries() == [entry])
    }
}

/// Listings against a plain filter-and-sort of what was recorded.
@Suite("Ledger listings")
struct LedgerListingTests {
    static func ledger(_ count: Int, seed: UInt64) throws -> (Ledger, [LedgerEntry]) {
        let ledger = try Ledger(database: Database(path: ":memory:"))
        var random = SplitMix64(seed: seed)
        let statuses = ["AUTHORIZED", "DECLINED", "FAILED"]
        var entries: [LedgerEntry] = []
        try ledger.database.transaction { tx in
            for index in 0..<count {
                // Few distinct times, so ties (broken by the order of recording) are common.
                let entry = LedgerEntry(id: "pay_\(index)", createdAt: Date(timeIntervalSince1970: Double(random.next() % 50) * 60),
                                        method: "CARD", amount: 100 + index, surcharge: index % 3 == 0 ? 30 : 0, currency: "EUR",
                                        network: "VISA", firstDigits: "424242", last4: "4242", status: statuses[Int(random.next() % 3)],
                                        declineReason: index % 5 == 0 ? "card declined" : nil)
                try Ledger.insert(entry, in: tx)
                entries.append(entry)
            }
        }
        return (ledger, entries)
    }

    /// What a query must return, worked out from the recorded entries in recording order.
    static func expected(_ entries: [LedgerEntry], _ query: LedgerQuery) -> [LedgerEntry] {
        var rows = entries.enumerated().filter { _, entry in
            (query.status.map { entry.status == $0 } ?? true)
                && (query.since.map { entry.createdAt.timeIntervalSince1970 >= $0 } ?? true)
        }
        rows.sort { a, b in
            a.element.createdAt != b.element.createdAt ? a.element.createdAt < b.element.createdAt : a.offset < b.offset
        }
        if query.newestFirst { rows.reverse() }
        return Array(rows.map(\.element).dropFirst(query.limit == nil ? 0 : query.offset).prefix(query.limit ?? Int.max))
    }

    @Test("pages by offset, newest first and filtered, cover the matching payments once each; count counts them")
    func offsetPagesAndCount() throws {
        let (ledger, entries) = try Self.ledger(200, seed: 0x0FF5E7)
        for status in [nil, "AUTHORIZED", "DECLINED", "FAILED"] {
            let all = Self.expected(entries, LedgerQuery(status: status))
            #expect(try ledger.count(LedgerQuery(status: status)) == all.count)
            var paged: [LedgerEntry] = []
            for page in 0..<(all.count / 7 + 2) {
                let query = LedgerQuery(limit: 7, status: status, offset: page * 7)
                let rows = try ledger.entries(query)
                #expect(rows == Self.expected(entries, query))
                paged += rows
            }
            #expect(paged == all, "\(status ?? "all")")
        }
        #expect(try ledger.count() == 200)
    }

    @Test("every combination of limit, since, status and order returns what a plain filter and sort does")
    func combinations() throws {
        let (ledger, entries) = try Self.ledger(500, seed: 0x1ED)
        for limit in [nil, 1, 7, 1000] as [Int?] {
            for since in [nil, 0, 1500, 2940, 99_999] as [Double?] {
                for status in [nil, "AUTHORIZED", "DECLINED", "FAILED"] {
                    for newestFirst in [true, false] {
                        let query = LedgerQuery(limit: limit, since: since, status: status, newestFirst: newestFirst)
                        #expect(try ledger.entries(query) == Self.expected(entries, query), "\(query)")
                    }
                }
            }
        }
    }

    @Test("pages of --limit from --since cover the ledger once each, oldest first")
    func paginates() throws {
        let ledger = try Ledger(database: Database(path: ":memory:"))
        for index in 0..<100 {
            try ledger.record(LedgerEntry(id: "pay_\(index)", createdAt: Date(timeIntervalSince1970: Double(index) * 10), method: "CARD",
                                          amount: 100, currency: "EUR", network: "VISA", firstDigits: "424242", last4: "4242", status: "AUTHORIZED"))
        }
        var seen: [String] = []
        var since: Double?
        while true {
            let page = try ledger.entries(LedgerQuery(limit: 7, since: since, newestFirst: false))
            guard !page.isEmpty else { break }
            seen += page.map(\.id)
            since = page.last!.createdAt.timeIntervalSince1970 + 1
        }
        #expect(seen == (0..<100).map { "pay_\($0)" })
    }

    @Test("rows come one at a time: each is handed over as it is read, and read in place")
    func streams() throws {
        let (ledger, entries) = try Self.ledger(2_000, seed: 7)
        let expected = Self.expected(entries, LedgerQuery(newestFirst: false))
        var count = 0
        var bytes = 0
        try ledger.forEach(LedgerQuery(newestFirst: false)) { row in
            #expect(row.entry == expected[count])
            bytes += row.withUTF8(.id) { $0.count }
            count += 1
        }
        #expect(count == 2_000)
        #expect(bytes == entries.map(\.id.utf8.count).reduce(0, +))
    }
}
