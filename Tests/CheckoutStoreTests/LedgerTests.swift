import Foundation
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
}
