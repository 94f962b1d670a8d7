import CheckoutStore
import CheckoutTestSupport
import Foundation
import Testing

/// Issue 35 ② and ⑤ through the real binary: options before any command word, a data directory
/// that is not there, an option never taken as a value, `demo` options honoured or refused, a
/// broken data folder, and the spool as `checkout payments` shows it.
@Suite struct CommandsAndSpoolEndToEndTests {
    final class Directory {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-commands-35-\(UUID().uuidString)")
        var path: String { url.path }
        var databasePath: String { DataDirectory.databaseURL(in: url).path }
        init() { try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]) }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    func run(_ arguments: [String], environment: [String: String]? = nil) throws -> ChildProcess.Result {
        try ChildProcess.run(ChildProcess.checkoutBinary, arguments, environment: environment, timeout: 60)
    }

    static func row(_ request: String, id: String, amount: Int = 4999) -> LedgerEntry {
        LedgerEntry(id: id, createdAt: Date(timeIntervalSince1970: 1_764_600_000), method: "CARD", amount: amount, surcharge: 30, currency: "EUR",
                    network: "VISA", firstDigits: "40000025", last4: "1001", status: "AUTHORIZED", requestId: request)
    }

    @Test func optionsMayComeBeforeEveryCommandWord() throws {
        let directory = Directory()
        let payments = try run(["--data-dir", directory.path, "payments", "--json"])
        #expect(payments.status == 0 && payments.stderr.isEmpty, "\(payments.stderr)")
        let detect = try run(["--allowed", "VISA", "detect", "4000002500001001"])
        #expect(detect.status == 0 && detect.stdout.contains("\"network\":\"VISA\""), "\(detect.stderr)")
        let demo = try run(["--speed", "2", "demo", "--check", "--script", "/nonexistent.demo"])
        #expect(demo.status == 2 && demo.stderr.contains("checkout demo: cannot read /nonexistent.demo"), "\(demo.stderr)")
        let nol = try run(["--data-dir", directory.path, "nol", "events"])
        #expect(nol.status == 0, "\(nol.stderr)")
    }

    @Test func aDataDirectoryThatIsNotThereIsAnErrorForPayments() throws {
        let missing = try run(["payments", "--data-dir", "/nonexistent/checkout-35"])
        #expect(missing.status == 2 && missing.stdout.isEmpty)
        #expect(missing.stderr == "checkout payments: the data directory /nonexistent/checkout-35 does not exist; pass --data-dir with the directory the payments were made in\n")
    }

    @Test func anOptionIsNeverTakenAsAValue() throws {
        let result = try run(["payments", "--data-dir", "--json"])
        #expect(result.status == 2 && result.stderr.contains("--data-dir needs a value, and --json is an option"), "\(result.stderr)")
        let inline = try run(["payments", "--data-dir=--json"])
        #expect(inline.stderr.contains("--json does not exist"), "a value written inline is a value: \(inline.stderr)")
    }

    @Test func demoCheckAndRecordAreRefusedTogether() throws {
        let directory = Directory()
        let result = try run(["demo", "--check", "--record", directory.url.appendingPathComponent("x.cast").path])
        #expect(result.status == 2 && result.stderr.contains("--check and --record do not go together"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("x.cast").path))
    }

    @Test func aCatalogueThatIsAFIFOStopsTheStartWithExit2() throws {
        let directory = Directory()
        let data = directory.url.appendingPathComponent("data")
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/data")
        try FileManager.default.copyItem(at: shipped, to: data)
        let catalogue = data.appendingPathComponent("strings/en.tsv").path
        try FileManager.default.removeItem(atPath: catalogue)
        #expect(mkfifo(catalogue, 0o600) == 0)
        var environment = ProcessInfo.processInfo.environment
        environment["CHECKOUT_RESOURCES"] = data.path
        for arguments in [["--help"], ["payments", "--data-dir", directory.path], ["detect", "4000002500001001"]] {
            let result = try run(arguments, environment: environment)
            #expect(result.status == 2 && result.stdout.isEmpty, "\(arguments): \(result.stdout)")
            #expect(result.stderr.contains("strings/en.tsv") && result.stderr.contains("is a FIFO (named pipe), not a regular file"), "\(result.stderr)")
            #expect(!result.stdout.contains("helpTitle"))
        }
    }

    @Test func aForeignSpoolIsRefusedByPaymentsAndNothingOfItIsListed() throws {
        let directory = Directory()
        _ = try Ledger(database: Database(path: directory.databasePath))
        let spool = directory.databasePath + Ledger.spoolSuffix
        try Data((Ledger.spoolLine(Self.row("req_x", id: "pay_forged", amount: 99_999_999)) + "\n").utf8).write(to: URL(fileURLWithPath: spool))
        chmod(spool, 0o666)
        let result = try run(["payments", "--data-dir", directory.path])
        #expect(result.status == 0 && result.stdout == "No payments yet.\n", "\(result.stdout)")
        #expect(result.stderr.contains("checkout payments: warning: the spool \(spool) can be written by other users (mode 666)"), "\(result.stderr)")
        #expect(try Ledger(database: Database(path: directory.databasePath)).entries().isEmpty, "nothing imported")
    }

    /// The ledger is locked by another process for longer than the listing waits: the payments in
    /// the spool are listed, as waiting.
    @Test func paymentsWaitingInTheSpoolAreListedAsWaiting() throws {
        let directory = Directory()
        let holder = try Database(path: directory.databasePath)
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("ROLLBACK") }
        let spool = directory.databasePath + Ledger.spoolSuffix
        try Data((Ledger.spoolLine(Self.row("req_1", id: "pay_1")) + "\n").utf8).write(to: URL(fileURLWithPath: spool))
        chmod(spool, 0o600)
        let table = try run(["payments", "--data-dir", directory.path])
        #expect(table.status == 0 && table.stdout.contains("pay_1") && table.stdout.contains("waiting in the spool, not in the ledger yet"), "\(table.stdout)")
        let json = try run(["payments", "--data-dir", directory.path, "--json"])
        #expect(json.lines.count == 1 && json.stdout.contains("\"id\":\"pay_1\"") && json.stdout.contains("\"waiting\":true"), "\(json.stdout)")
        #expect(FileManager.default.fileExists(atPath: spool), "listing drains nothing it cannot write")
    }

    @Test func aDamagedTotalIsUnreadableInTheListing() throws {
        let directory = Directory()
        let ledger = try Ledger(database: Database(path: directory.databasePath))
        try ledger.database.execute("INSERT INTO payments (id, created_at, method, amount, surcharge, currency, network, first_digits, last4, status, request_id) "
                                    + "VALUES ('pay_big', 1764600000, 'CARD', 9223372036854775807, 9223372036854775807, 'EUR', 'VISA', '424242', '4242', 'AUTHORIZED', 'req_big')")
        let result = try run(["payments", "--data-dir", directory.path])
        #expect(result.status == 0 && result.stdout.contains("unreadable EUR"), "\(result.stdout)")
    }
}
