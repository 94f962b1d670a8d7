import CheckoutStore
import CheckoutTestSupport
import Foundation
import Testing

/// Issue 35 ①, run as a person would: the real binary pays through the loopback Primer fake with
/// the card whose payment answers after 10 s, and is killed or signalled while `POST /payments`
/// is out. Whatever ends it, the ledger has the attempt afterwards, once: UNKNOWN when its answer
/// never came (Primer may have charged), the answer when it came.
@Suite(.serialized) struct WriteAheadEndToEndTests {
    /// The fake's card whose payment answers after 10 s (`fake_primer_api.py`, `slow-payment`).
    static let slowCard = "4000000000006009"
    static let script = #"{"rawData":{"cardNumber":"\#(slowCard)","expiryDate":"12/30","cvv":"123","cardholderName":"Jane Doe","cardNetwork":null}}"#
        + "\n" + #"{"submit":{}}"# + "\n"

    final class Directory {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-write-ahead-e2e-\(UUID().uuidString)")
        var databasePath: String { DataDirectory.databaseURL(in: url).path }
        deinit { try? FileManager.default.removeItem(at: url) }
        func rows() throws -> [LedgerEntry] { try Ledger(database: Database(path: databasePath)).entries() }
    }

    enum Ending: String, CaseIterable, CustomTestStringConvertible {
        case sigterm, sigint, sighup
        var signal: Int32 { switch self { case .sigterm: SIGTERM; case .sigint: SIGINT; case .sighup: SIGHUP } }
        var testDescription: String { rawValue }
    }

    /// Starts `checkout events` paying the slow card through `fake`, and returns once the card is
    /// tokenized (the payment request follows at once); stdout is a pipe this side reads (or not).
    func startPaying(_ fake: FakePrimerAPI, _ directory: Directory) throws -> ChildProcess.Piped {
        var environment = ProcessInfo.processInfo.environment
        environment["CHECKOUT_CLIENT_TOKEN"] = fake.clientToken()
        let child = try ChildProcess.spawnPiped(ChildProcess.checkoutBinary, ["events", "--data-dir", directory.url.path], environment: environment)
        try child.stdin.write(contentsOf: Data(Self.script.utf8))
        // A bound so a hung child fails the test instead of hanging it.
        let deadline = Date().addingTimeInterval(60)
        while !fake.requests().contains(where: { $0.path.hasSuffix("/payment-instruments") }), Date() < deadline { usleep(20_000) }
        return child
    }

    @Test func killedWhilePrimerHasThePaymentLeavesAnUnknownRow() throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let directory = Directory()
        let child = try startPaying(fake, directory)
        #expect(fake.requests().contains { $0.path.hasSuffix("/payment-instruments") }, "the card was tokenized")
        kill(child.pid, SIGKILL)
        #expect(ChildProcess.wait(pid: child.pid, timeout: 30) == 128 + SIGKILL)
        let rows = try directory.rows()
        #expect(rows.count == 1, "one row, never none: \(rows)")
        let row = try #require(rows.first)
        #expect(row.status == "UNKNOWN" && row.id.hasPrefix("req_") && row.requestId.hasPrefix(row.id + "."))
        #expect(row.amount == 4999 && row.surcharge == 30 && row.network == "VISA" && row.firstDigits == "40000000" && row.last4 == "6009")
        #expect(row.declineReason?.contains("it may have charged") == true)
        // `checkout payments` shows it, and what it means.
        let listing = try ChildProcess.run(ChildProcess.checkoutBinary, ["payments", "--data-dir", directory.url.path])
        #expect(listing.status == 0 && listing.stdout.contains("UNKNOWN") && listing.stdout.contains("outcome unknown"), "\(listing.stdout)")
    }

    /// SIGTERM, SIGINT or SIGHUP while Primer has the payment: "finishing the payment…", the
    /// answer recorded, then the end the signal asks for.
    @Test("signalled while Primer has the payment: it finishes the payment, then ends", arguments: Ending.allCases)
    func aSignalWhilePrimerHasThePaymentWaitsForItsAnswer(_ ending: Ending) throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let directory = Directory()
        let child = try startPaying(fake, directory)
        kill(child.pid, ending.signal)
        let status = ChildProcess.wait(pid: child.pid, timeout: 90)
        let stderr = String(decoding: child.stderr.readDataToEndOfFile(), as: UTF8.self)
        #expect(status == 128 + ending.signal, "it ends as the signal asks (\(status))")
        #expect(stderr.contains("checkout events: finishing the payment…"), "\(stderr)")
        let rows = try directory.rows()
        #expect(rows.map(\.status) == ["AUTHORIZED"] && rows.first?.id.hasPrefix("pay_slow_payment_") == true, "\(rows)")
    }

    /// Plain mode (`checkout --plain pay`) gets Ctrl-C while "Paying" and Primer has the payment:
    /// it says "finishing the payment…", waits for the answer, records it, then ends with 130.
    /// kill -9 in the same place leaves the row written ahead, UNKNOWN.
    @Test("plain mode: Ctrl-C while Primer has the payment finishes it; kill -9 leaves it UNKNOWN", arguments: [SIGINT, SIGKILL])
    func plainModeInterruptedWhilePaying(_ signal: Int32) throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let directory = Directory()
        var environment = ProcessInfo.processInfo.environment
        environment["CHECKOUT_CLIENT_TOKEN"] = fake.clientToken()
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        environment["CHECKOUT_PLAIN"] = nil
        let child = try ChildProcess.spawnPiped(ChildProcess.checkoutBinary, ["--plain", "pay", "--data-dir", directory.url.path],
                                                environment: environment)
        // Number, expiry, security code, name, and yes to paying; stdin stays open, as a person's does.
        try child.stdin.write(contentsOf: Data("\(Self.slowCard)\n12/30\n123\nJane Doe\ny\n".utf8))
        let deadline = Date().addingTimeInterval(60)
        while !fake.requests().contains(where: { $0.path.hasSuffix("/payment-instruments") }), Date() < deadline { usleep(20_000) }
        #expect(fake.requests().contains { $0.path.hasSuffix("/payment-instruments") }, "the card was tokenized")
        kill(child.pid, signal)
        let status = ChildProcess.wait(pid: child.pid, timeout: 90)
        let stderr = String(decoding: child.stderr.readDataToEndOfFile(), as: UTF8.self)
        let rows = try directory.rows()
        #expect(status == 128 + signal, "it ends as the signal asks (\(status)); \(stderr)")
        if signal == SIGKILL {
            #expect(rows.map(\.status) == ["UNKNOWN"], "\(rows)")
        } else {
            #expect(stderr.contains("checkout: finishing the payment…"), "\(stderr)")
            #expect(rows.map(\.status) == ["AUTHORIZED"] && rows.first?.id.hasPrefix("pay_slow_payment_") == true, "\(rows)")
        }
    }

    /// The reader of `checkout events` goes away while the payment is out: the next write (EPIPE)
    /// finishes the payment first, then ends the run with 141.
    @Test func aReaderThatGoesAwayWhilePrimerHasThePaymentStillGetsItRecorded() throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let directory = Directory()
        let child = try startPaying(fake, directory)
        try child.stdout.close()
        try child.stdin.close()
        let status = ChildProcess.wait(pid: child.pid, timeout: 60)
        #expect(status == 141, "EPIPE's quiet end")
        let rows = try directory.rows()
        #expect(rows.map(\.status) == ["AUTHORIZED"] && rows.first?.id.hasPrefix("pay_slow_payment_") == true, "\(rows)")
    }
}
