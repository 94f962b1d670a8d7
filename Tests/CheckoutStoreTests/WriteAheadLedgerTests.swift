import Foundation
import CheckoutTestSupport
import Glibc
import Testing
@testable import CheckoutStore

/// Issue 35: a charged payment is never lost, and no file speaks for someone else. The intent of a
/// payment is on disk before the processor is asked and its answer completes the same row; the
/// spool is read only when it is this user's and no one else's to write, any size, line by line.
@Suite(.serialized) struct WriteAheadLedgerTests {
    final class Directory {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-write-ahead-\(UUID().uuidString)")
        var databasePath: String { DataDirectory.databaseURL(in: url).path }
        var spoolPath: String { databasePath + Ledger.spoolSuffix }
        var rejectedPath: String { spoolPath + ".rejected" }
        init() { try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func ledger(busy: Duration = .seconds(5)) throws -> Ledger { try Ledger(database: Database(path: databasePath, busyTimeout: busy)) }
        func spoolText() -> String { (try? String(contentsOfFile: spoolPath, encoding: .utf8)) ?? "" }
    }

    static func intent(_ request: String, at time: Double = 100, amount: Int = 4999) -> LedgerEntry {
        LedgerEntry(id: request, createdAt: Date(timeIntervalSince1970: time), method: "CARD", amount: amount, surcharge: 30, currency: "EUR",
                    network: "VISA", firstDigits: "40000025", last4: "1001", status: Ledger.outcomeUnknown,
                    declineReason: "outcome unknown", requestId: request)
    }

    static func answer(_ request: String, id: String, status: String = "AUTHORIZED", at time: Double = 101) -> LedgerEntry {
        LedgerEntry(id: id, createdAt: Date(timeIntervalSince1970: time), method: "CARD", amount: 4999, surcharge: 30, currency: "EUR",
                    network: "VISA", firstDigits: "40000025", last4: "1001", status: status, requestId: request)
    }

    /// A second connection holding the write lock until it is let go.
    static func hold(_ directory: Directory) throws -> Database {
        let holder = try Database(path: directory.databasePath)
        try holder.execute("BEGIN IMMEDIATE")
        return holder
    }

    @Test func theIntentIsARowBeforeTheAnswerAndTheAnswerCompletesTheSameRow() throws {
        let directory = Directory()
        let ledger = try directory.ledger()
        #expect(ledger.recordIntent(Self.intent("req_1")) == nil)
        // What a restart after kill -9 here finds: the attempt, its outcome unknown.
        let crashed = try directory.ledger().entries()
        #expect(crashed.map(\.status) == ["UNKNOWN"] && crashed.map(\.requestId) == ["req_1"] && crashed.first?.amount == 4999)
        #expect(ledger.recordOrKeep(Self.answer("req_1", id: "pay_1")) == nil)
        let entries = try directory.ledger().entries()
        #expect(entries.map(\.id) == ["pay_1"] && entries.map(\.status) == ["AUTHORIZED"] && entries.map(\.requestId) == ["req_1"])
        #expect(entries.first?.declineReason == nil, "the answer's reason replaces the intent's")
        #expect(entries.first?.createdAt == Date(timeIntervalSince1970: 100), "the row keeps the time it was made")
    }

    @Test func anAnswerIsNeverTurnedBackIntoAnIntent() throws {
        let directory = Directory()
        let ledger = try directory.ledger()
        #expect(ledger.recordIntent(Self.intent("req_1")) == nil)
        #expect(ledger.recordOrKeep(Self.answer("req_1", id: "pay_1", status: "DECLINED")) == nil)
        // An old spool line of the intent drained later (another process's) changes nothing.
        try directory.ledger().database.transaction { try Ledger.insert(Self.intent("req_1"), in: $0, ignoringDuplicates: true) }
        #expect(try ledger.entries().map(\.status) == ["DECLINED"])
        // Nor does the same answer written twice.
        #expect(ledger.recordOrKeep(Self.answer("req_1", id: "pay_1", status: "DECLINED")) == nil)
        #expect(try ledger.entries().count == 1)
    }

    /// An answer that leaves the outcome unknown (Primer's answer without a payment id, a timeout)
    /// keeps the row UNKNOWN and gives it its own reason; the intent's line drained later does not
    /// put the placeholder back.
    @Test func anUnknownAnswerKeepsTheRowUnknownWithItsOwnReason() throws {
        let directory = Directory()
        let ledger = try directory.ledger()
        var intent = Self.intent("req_1")
        intent.declineReason = Ledger.intentReason
        #expect(ledger.recordIntent(intent) == nil)
        var unknown = Self.answer("req_1", id: "req_1", status: Ledger.outcomeUnknown)
        unknown.declineReason = "no payment id in Primer's answer"
        #expect(ledger.recordOrKeep(unknown) == nil)
        try directory.ledger().database.transaction { try Ledger.insert(intent, in: $0, ignoringDuplicates: true) }
        let entries = try ledger.entries()
        #expect(entries.map(\.status) == ["UNKNOWN"] && entries.map(\.declineReason) == ["no payment id in Primer's answer"])
        // A later answer still completes it.
        #expect(ledger.recordOrKeep(Self.answer("req_1", id: "pay_1")) == nil)
        #expect(try ledger.entries().map(\.status) == ["AUTHORIZED"])
    }

    @Test func twoAnswersWithTheSameProcessorIdAreBothKept() throws {
        let directory = Directory()
        let ledger = try directory.ledger()
        for request in ["req_1", "req_2"] {
            #expect(ledger.recordIntent(Self.intent(request)) == nil)
            #expect(ledger.recordOrKeep(Self.answer(request, id: "pay_same")) == nil)
        }
        let entries = try ledger.entries()
        #expect(entries.map(\.id) == ["pay_same", "pay_same"] && entries.map(\.requestId) == ["req_1", "req_2"])
    }

    @Test func aLockedLedgerTakesTheIntentInTheSyncedSpoolAndTheNextStartWritesIt() throws {
        let directory = Directory()
        _ = try directory.ledger()
        let holder = try Self.hold(directory)
        let ledger = try directory.ledger(busy: .milliseconds(50))
        #expect(ledger.recordIntent(Self.intent("req_1")) == nil, "on disk: in the spool")
        #expect(directory.spoolText().contains("\"requestId\":\"req_1\"") && directory.spoolText().contains("\"status\":\"UNKNOWN\""))
        // The ledger lists it as waiting, not missing.
        #expect(ledger.waitingEntries().map(\.status) == ["UNKNOWN"])
        let kept = try #require(ledger.recordOrKeep(Self.answer("req_1", id: "pay_1")))
        #expect(kept.spooled && kept.reason == "database is locked")
        #expect(ledger.waitingEntries().map(\.status) == ["AUTHORIZED"], "the answer stands for the request")
        try holder.execute("ROLLBACK")
        // This process is gone (killed): the next one drains the spool, one row for the request.
        let next = try directory.ledger()
        #expect(try next.entries().map(\.status) == ["AUTHORIZED"] && (try next.entries().map(\.id)) == ["pay_1"])
        #expect(!FileManager.default.fileExists(atPath: directory.spoolPath))
    }

    @Test func anIntentThatNothingCanHoldIsRefusedSoTheRequestIsNeverSent() throws {
        let directory = Directory()
        _ = try directory.ledger()
        let holder = try Self.hold(directory)
        defer { try? holder.execute("ROLLBACK") }
        // The spool's name is taken by a directory: it cannot be appended to.
        try FileManager.default.createDirectory(atPath: directory.spoolPath, withIntermediateDirectories: false)
        let ledger = try directory.ledger(busy: .milliseconds(50))
        let refused = try #require(ledger.recordIntent(Self.intent("req_1")))
        #expect(!refused.spooled && refused.reason == "database is locked")
        #expect(ledger.pendingEntries.isEmpty, "nothing is kept for a request that is not sent")
    }

    // MARK: The spool

    static func writeSpool(_ directory: Directory, _ text: String, mode: mode_t = 0o600) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory.spoolPath))
        chmod(directory.spoolPath, mode)
    }

    @Test("a spool others may write is refused whole, with a line naming it", arguments: [0o666, 0o620, 0o602] as [mode_t])
    func aSpoolOthersMayWriteIsNotImported(mode: mode_t) throws {
        let directory = Directory()
        _ = try directory.ledger()
        try Self.writeSpool(directory, LedgerSpool.line(Self.answer("req_x", id: "pay_forged")) + "\n", mode: mode)
        let ledger = try directory.ledger()
        #expect(try ledger.entries().isEmpty, "nothing imported")
        #expect(ledger.waitingEntries().isEmpty, "nor listed as waiting")
        let warning = try #require(ledger.takeSpoolWarnings().first)
        #expect(warning.contains(directory.spoolPath) && warning.contains("can be written by other users (mode \(String(mode, radix: 8)))")
                && warning.contains("nothing was imported"), "\(warning)")
        #expect(FileManager.default.fileExists(atPath: directory.spoolPath), "left for its owner to look at")
    }

    @Test(.enabled(if: geteuid() == 0, "giving a file to another user needs root"))
    func aSpoolOfAnotherUserIsNotImported() throws {
        let directory = Directory()
        _ = try directory.ledger()
        try Self.writeSpool(directory, LedgerSpool.line(Self.answer("req_x", id: "pay_forged")) + "\n")
        #expect(chown(directory.spoolPath, 65534, 65534) == 0)
        let ledger = try directory.ledger()
        #expect(try ledger.entries().isEmpty)
        let warning = try #require(ledger.takeSpoolWarnings().first)
        #expect(warning.contains("belongs to user 65534"), "\(warning)")
    }

    @Test func aSpoolThatIsALinkIsNotFollowed() throws {
        let directory = Directory()
        _ = try directory.ledger()
        let elsewhere = directory.url.appendingPathComponent("elsewhere").path
        try Data((LedgerSpool.line(Self.answer("req_x", id: "pay_forged")) + "\n").utf8).write(to: URL(fileURLWithPath: elsewhere))
        #expect(symlink(elsewhere, directory.spoolPath) == 0)
        let ledger = try directory.ledger()
        #expect(try ledger.entries().isEmpty)
        #expect(ledger.takeSpoolWarnings().first?.contains("is a symbolic link") == true)
    }

    @Test func anAppendAfterALineCutShortStartsOnANewLineAndTheCutLineIsMovedAside() throws {
        let directory = Directory()
        _ = try directory.ledger()
        let holder = try Self.hold(directory)
        let cut = String(LedgerSpool.line(Self.answer("req_0", id: "pay_0")).prefix(40))
        try Self.writeSpool(directory, cut)
        let ledger = try directory.ledger(busy: .milliseconds(50))
        #expect(ledger.recordOrKeep(Self.answer("req_1", id: "pay_1"))?.spooled == true)
        #expect(directory.spoolText().hasPrefix(cut + "\n{"), "the new row is a line of its own")
        try holder.execute("ROLLBACK")
        #expect(ledger.writePending() == nil)
        #expect(try ledger.entries().map(\.id) == ["pay_1"], "the payment after the cut line is kept")
        let warning = try #require(ledger.takeSpoolWarnings().first)
        #expect(warning == "1 line that is not a ledger row in the spool \(directory.spoolPath) was moved to \(directory.rejectedPath)")
        #expect(try String(contentsOfFile: directory.rejectedPath, encoding: .utf8) == cut + "\n")
        #expect(try FileManager.default.attributesOfItem(atPath: directory.rejectedPath)[.posixPermissions] as? Int == 0o600)
    }

    @Test func aSpoolOfAnySizeDrainsAndItsLongLinesAreMovedAside() throws {
        let directory = Directory()
        _ = try directory.ledger()
        // 17 MiB of one line that is no row, then 2,000 rows: past the old 16 MiB read limit.
        var text = String(repeating: "x", count: 17 << 20) + "\n"
        for index in 0..<2000 { text += LedgerSpool.line(Self.answer("req_\(index)", id: "pay_\(index)")) + "\n" }
        text += "not json\n\n"
        try Self.writeSpool(directory, text)
        let ledger = try directory.ledger()
        #expect(try ledger.count() == 2000)
        #expect(!FileManager.default.fileExists(atPath: directory.spoolPath))
        #expect(ledger.takeSpoolWarnings() == ["2 lines that are not ledger rows in the spool \(directory.spoolPath) were moved to \(directory.rejectedPath)"])
        let rejected = try Data(contentsOf: URL(fileURLWithPath: directory.rejectedPath))
        #expect(rejected.count == (17 << 20) + 1 + "not json\n".utf8.count)
    }

    @Test func aSpoolLineOfAnOlderCheckoutIsKeyedByItsId() throws {
        let line = #"{"id":"pay_old","createdAt":100,"method":"CARD","amount":4999,"surcharge":0,"currency":"EUR","network":"VISA","firstDigits":"424242","last4":"4242","status":"AUTHORIZED","declineReason":null,"networkChosenBy":null}"#
        let entry = try #require(LedgerSpool.entry(fromLine: Array(line.utf8)))
        #expect(entry.requestId == "pay_old" && entry.id == "pay_old")
        #expect(LedgerSpool.entry(fromLine: Array(line.replacingOccurrences(of: "\"424242\"", with: "\"4242424242\"").utf8)) == nil,
                "more of a card than the ledger keeps is not a row")
    }

    // MARK: Damaged rows

    @Test func aTotalThatCannotBeAddedIsUnreadableNotATrap() {
        #expect(LedgerEntry.checkedTotal(amount: 4999, surcharge: 30) == 5029)
        #expect(LedgerEntry.checkedTotal(amount: Int.max, surcharge: 1) == nil)
        #expect(LedgerEntry.checkedTotal(amount: 999_999_999_999_999, surcharge: 1) == nil, "past the largest amount")
        #expect(LedgerEntry.checkedTotal(amount: -1, surcharge: 0) == nil)
        #expect(Self.answer("r", id: "p").checkedTotal == 5029)
    }
}
