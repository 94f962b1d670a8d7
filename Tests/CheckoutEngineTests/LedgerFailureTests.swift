import CheckoutCore
import CheckoutStore
import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutEngine

/// Issue 18 ①: once a processor has answered, its answer is the truth. A ledger that cannot be
/// written (another process holding its write lock past the busy timeout, a full disk) never turns
/// an authorized payment into a failure: the payment comes back with its id and status, says apart
/// that it is not recorded, and the row lands once the database takes it.
@Suite(.serialized) struct LedgerFailureTests {
    /// A data directory of its own, removed afterwards.
    final class Directory {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-ledger-failure-\(UUID().uuidString)")
        var databasePath: String { DataDirectory.databaseURL(in: url).path }
        var spoolPath: String { databasePath + Ledger.spoolSuffix }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    static func request(_ number: String = "4000002500001001", amount: Int = 4999) -> PaymentRequest {
        PaymentRequest(id: "req_\(UUID().uuidString.prefix(8))", amount: amount, surcharge: 30, currency: "EUR", network: .visa,
                       selectedNetwork: .visa, cardNumber: number, expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe")
    }

    static func primer(_ fake: FakePrimerAPI, ledger: Ledger) async throws -> PrimerPaymentService {
        try await PrimerCheckout.connect(clientToken: fake.clientToken(), sessionDefaults: ClientSession(amount: 1000, currency: "EUR"))
            .paymentService(ledger: ledger)
    }

    /// A ledger whose statements give up after 100 ms of waiting for a lock, and a second
    /// connection to the same file that holds the write lock (`BEGIN IMMEDIATE`) until released.
    static func lockedLedger(in directory: Directory) throws -> (Ledger, Database) {
        let ledger = try Ledger(database: Database(path: directory.databasePath, busyTimeout: .milliseconds(100)))
        let holder = try Database(path: directory.databasePath)
        try holder.execute("BEGIN IMMEDIATE")
        return (ledger, holder)
    }

    @Test func primerAuthorizedWhileTheLedgerIsLockedIsShownAuthorizedWithItsIdAndRecordedOnceTheLockGoes() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let directory = Directory()
        let (ledger, holder) = try Self.lockedLedger(in: directory)
        let service = try await Self.primer(fake, ledger: ledger)

        let payment = try await service.pay(Self.request())
        #expect(payment.status == .authorized && payment.id.hasPrefix("pay_success_"), "Primer's answer, not the local error")
        #expect(payment.total == 4999 && payment.last4Digits == "1001", "what Primer charged")
        let note = try #require(payment.notRecorded)
        #expect(note.contains("database is locked") && note.contains("recorded as soon as the ledger can be written"), "\(note)")
        #expect(ledger.pendingEntries.map(\.id) == [payment.id])

        // The row waits in a private spool that holds no more of the card than the ledger does.
        let spool = try String(contentsOfFile: directory.spoolPath, encoding: .utf8)
        #expect(spool.contains(payment.id) && !spool.contains("4000002500001001") && !spool.contains("\"123\""))
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: directory.spoolPath)[.posixPermissions] as? Int)
        #expect(mode == 0o600)

        // Still locked: writing again keeps it (and says why), never drops or doubles it.
        #expect(ledger.writePending()?.reason == "database is locked")
        try holder.execute("COMMIT")
        #expect(ledger.writePending() == nil)
        #expect(try ledger.entries().map(\.id) == [payment.id])
        #expect(try ledger.entries().first?.status == "AUTHORIZED")
        #expect(!FileManager.default.fileExists(atPath: directory.spoolPath), "a drained spool is removed")
        #expect(ledger.pendingEntries.isEmpty)
    }

    @Test func aRowKeptByOneRunIsWrittenByTheNextPaymentOrTheNextCheckoutThatOpensTheLedgerOnce() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let directory = Directory()
        var first: Payment
        do {
            let (ledger, holder) = try Self.lockedLedger(in: directory)
            first = try await Self.primer(fake, ledger: ledger).pay(Self.request())
            #expect(first.notRecorded != nil)
            try holder.execute("ROLLBACK")
            // This run ends without writing it (killed, say): the spool has it.
        }
        #expect(FileManager.default.fileExists(atPath: directory.spoolPath))
        let next = try Ledger(database: Database(path: directory.databasePath))
        #expect(try next.entries().map(\.id) == [first.id], "the next start writes it")
        #expect(!FileManager.default.fileExists(atPath: directory.spoolPath))

        // Locked again: the next payment is kept, and the one after writes both, in order.
        let holder = try Database(path: directory.databasePath)
        try holder.execute("BEGIN IMMEDIATE")
        let impatient = try Ledger(database: Database(path: directory.databasePath, busyTimeout: .milliseconds(100)))
        let service = try await Self.primer(fake, ledger: impatient)
        let kept = try await service.pay(Self.request())
        #expect(kept.status == .authorized && kept.notRecorded != nil)
        try holder.execute("COMMIT")
        let written = try await service.pay(Self.request())
        #expect(written.notRecorded == nil)
        #expect(try impatient.entries().map(\.id) == [first.id, kept.id, written.id])
        #expect(impatient.writePending() == nil)
        #expect(try Ledger(database: Database(path: directory.databasePath)).pendingEntries.isEmpty)
        #expect(try impatient.entries().count == 3, "each row once, however many times it was written")
    }

    /// SQLite's own "database or disk is full" (`SQLITE_FULL`), made by capping the file's pages at
    /// what it has and filling them with rows smaller than a payment's: the failure a full disk
    /// gives, on any machine.
    @Test func primerAuthorizedOnAFullDatabaseIsAuthorizedAndRecordedOnceThereIsRoom() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let directory = Directory()
        let ledger = try Ledger(database: Database(path: directory.databasePath))
        let pages = try #require(try ledger.database.query("PRAGMA page_count").first?.first?.int)
        try ledger.database.execute("PRAGMA max_page_count = \(pages)")
        var fillers = 0
        while (try? ledger.record(LedgerEntry(id: "f\(fillers)", createdAt: Date(timeIntervalSince1970: 0), method: "CARD", amount: 1,
                                              currency: "EUR", network: "VISA", firstDigits: "", last4: "", status: "FAILED"))) != nil {
            fillers += 1
        }
        let service = try await Self.primer(fake, ledger: ledger)

        let payment = try await service.pay(Self.request())
        #expect(payment.status == .authorized && payment.id.hasPrefix("pay_success_"))
        #expect(payment.notRecorded?.contains("database or disk is full") == true, "\(payment.notRecorded ?? "recorded")")
        #expect(try ledger.entries().count == fillers)

        try ledger.database.execute("PRAGMA max_page_count = 1000000")
        #expect(ledger.writePending() == nil)
        #expect(try ledger.entries().map(\.id).last == payment.id)
        #expect(try ledger.entries().count == fillers + 1)
    }

    /// A real full disk: a tmpfs of 1 MiB, filled. Needs root (to mount); skipped otherwise.
    @Test(.enabled(if: geteuid() == 0, "mounting a tmpfs needs root"))
    func aFullDiskThatCannotHoldTheIntentSendsNoCardAndPaysOnceThereIsRoom() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let directory = Directory()
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let mount = try ChildProcess.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m,mode=0700", "tmpfs", directory.url.path])
        guard mount.status == 0 else {
            Issue.record("mount failed: \(mount.stderr)")
            return
        }
        defer { _ = try? ChildProcess.run("/bin/umount", [directory.url.path]) }
        let ledger = try Ledger(database: Database(path: directory.databasePath))
        let service = try await Self.primer(fake, ledger: ledger)
        let first = try await service.pay(Self.request())
        #expect(first.notRecorded == nil, "room for the first one")

        let filler = directory.url.appendingPathComponent("filler").path
        let descriptor = open(filler, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        let block = [UInt8](repeating: 0x55, count: 4096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        close(descriptor)

        // Neither the ledger nor its spool can hold the intent: the card is never sent (issue 35),
        // since a charge nobody could find again is worse than a payment refused.
        let before = fake.requests().count
        let error = await #expect(throws: CheckoutError.self) { _ = try await service.pay(Self.request()) }
        #expect(error?.description.hasPrefix("Nothing was charged: the card was not sent") == true, "\(String(describing: error))")
        #expect(fake.requests().count == before, "nothing reached Primer")
        #expect(try ledger.entries().map(\.id) == [first.id])

        unlink(filler)
        #expect(ledger.writePending() == nil)
        let payment = try await service.pay(Self.request())
        #expect(payment.status == .authorized && payment.notRecorded == nil)
        #expect(try ledger.entries().map(\.id) == [first.id, payment.id])
    }

    @Test func theSandboxAnswersFirstAndRecordsLaterToo() async throws {
        let directory = Directory()
        let (ledger, holder) = try Self.lockedLedger(in: directory)
        let sandbox = SandboxPaymentService(ledger: ledger)
        let authorized = try await sandbox.pay(Self.request("4242424242424242"))
        #expect(authorized.status == .authorized && authorized.id.hasPrefix("pay_") && authorized.notRecorded?.contains("locked") == true)
        let declined = try await sandbox.pay(Self.request("4242424242424242", amount: 10051))
        #expect(declined.status == .declined && declined.notRecorded != nil)
        await #expect(throws: SandboxPaymentService.ProcessorUnavailable.self) { _ = try await sandbox.pay(Self.request(amount: 10099)) }
        #expect(ledger.pendingEntries.map(\.status) == ["AUTHORIZED", "DECLINED", "FAILED"], "every attempt is kept, failures too")
        try holder.execute("COMMIT")
        #expect(ledger.writePending() == nil)
        #expect(try ledger.entries().map(\.status) == ["AUTHORIZED", "DECLINED", "FAILED"])
    }

    /// The engine passes the payment on as the processor gave it: `checkoutCompleted`, never
    /// `checkoutFailed`, and the event's JSON carries `notRecorded`.
    @Test func theEngineEmitsCheckoutCompletedWithTheNoteApart() async throws {
        let directory = Directory()
        let (ledger, holder) = try Self.lockedLedger(in: directory)
        defer { try? holder.execute("ROLLBACK") }
        let manager = RawDataManager(configuration: EngineConfiguration(session: ClientSession(amount: 4999, currency: "EUR")),
                                     catalogue: try Bundled.catalogue(), binService: OfflineBinDataService(),
                                     paymentService: SandboxPaymentService(ledger: ledger))
        let events = manager.events()
        await manager.setRawData(CardData(cardNumber: "4242 4242 4242 4242", expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe"))
        await manager.submit()
        await manager.finish()
        var outcome: CheckoutEvent?
        for await event in events {
            if case .checkoutCompleted = event { outcome = event }
            if case .checkoutFailed = event { outcome = event }
        }
        guard case .checkoutCompleted(let payment)? = outcome else {
            Issue.record("\(String(describing: outcome))")
            return
        }
        #expect(payment.status == .authorized)
        let json = try #require(CheckoutEvent.checkoutCompleted(payment).parsedJSON["payment"])
        #expect(json["status"]?.stringValue == "AUTHORIZED" && json["notRecorded"]?.stringValue?.contains("database is locked") == true)
    }
}
