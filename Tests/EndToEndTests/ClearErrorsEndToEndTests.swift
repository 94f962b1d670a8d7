import CheckoutStore
import CheckoutTestSupport
import Foundation
import Glibc
import Testing

/// Issue 18 ⑪: errors that say what is wrong. A full disk, a read-only medium, a linked database,
/// an empty `--data-dir`, a relative `XDG_DATA_HOME`, a byte-order mark, and the wait while a Primer
/// configuration loads.
@Suite(.serialized) struct ClearErrorsEndToEndTests {
    static let payment = #"{"rawData":{"cardNumber":"4242424242424242","expiryDate":"12/30","cvv":"123","cardholderName":"Jane Doe"}}"#
        + "\n" + #"{"submit":{}}"# + "\n"

    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-clear-\(UUID().uuidString)")
        var path: String { url.path }
        init() { try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    /// Runs the binary with `arguments`, its standard input a file holding `input`.
    func run(_ arguments: [String], input: String = "", environment: [String: String]? = nil) throws -> ChildProcess.Result {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-clear-input-\(UUID().uuidString)")
        try Data(input.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try ChildProcess.run("/bin/sh", ["-c", #"f=$1; shift; exec "$@" < "$f""#, "sh", file.path, ChildProcess.checkoutBinary] + arguments,
                                    environment: environment, timeout: 60)
    }

    /// A tmpfs of `size` mounted on a fresh folder for `body`, unmounted after. Needs root.
    func withTmpfs(size: String, _ body: (String) throws -> Void) throws {
        let folder = Folder()
        let mount = try ChildProcess.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", folder.path])
        guard mount.status == 0 else {
            Issue.record("mount failed: \(mount.stderr)")
            return
        }
        defer { _ = try? ChildProcess.run("/bin/umount", [folder.path]) }
        try body(folder.path)
    }

    @Test(.enabled(if: geteuid() == 0, "mounting a tmpfs needs root"))
    func aFullDiskAtStartSaysSoInsteadOfDiskIOError() throws {
        try withTmpfs(size: "256k") { root in
            #expect(try run(["events", "--data-dir", root + "/data"], input: Self.payment).status == 0)
            // The run closed its database before exiting: no log left for the next opener to reuse.
            #expect(!FileManager.default.fileExists(atPath: root + "/data/checkout.sqlite-wal"))
            let filler = open(root + "/filler", O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
            let block = [UInt8](repeating: 1, count: 4096)
            // Until the file system says it is full: a write cut short by a signal is tried again.
            while block.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 || errno == EINTR {}
            let fillError = errno
            close(filler)
            var space = statvfs()
            #expect(fillError == ENOSPC && statvfs(root, &space) == 0 && space.f_bavail == 0, "the tmpfs is not full: errno \(fillError), \(space.f_bavail) blocks left")
            for arguments in [["payments", "--data-dir", root + "/data"], ["events", "--data-dir", root + "/data"],
                              ["events", "--data-dir", root + "/new"]] {
                let result = try run(arguments, input: Self.payment)
                #expect(result.status == 2, "\(arguments): \(result.stdout)")
                #expect(result.stderr.contains("no space is left on the device holding \(root)/"), "\(arguments): \(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1)
            }
            // Listing a directory that is not there says so (issue 35) and needs no space: it creates nothing.
            let listing = try run(["payments", "--data-dir", root + "/unused"], input: "")
            #expect(listing.status == 2 && listing.stderr.contains("does not exist"), "\(listing.stderr)")
            #expect(!FileManager.default.fileExists(atPath: root + "/unused"))
        }
    }

    @Test(.enabled(if: geteuid() == 0, "mounting a tmpfs needs root"))
    func aReadOnlyMediumStillListsPaymentsAndRefusesToPayAtStart() throws {
        try withTmpfs(size: "4m") { root in
            #expect(try run(["events", "--data-dir", root + "/data"], input: Self.payment).status == 0)
            // A second row left in the write-ahead log by a process that ended without closing.
            let writer = try ChildProcess.run("python3", ["-c", """
                import os, sqlite3
                c = sqlite3.connect(os.environ["DB"])
                c.execute("INSERT INTO payments (id, created_at, method, amount, currency, network, first_digits, last4, status, request_id) "
                          "VALUES ('pay_in_log', 0, 'CARD', 100, 'EUR', 'VISA', '424242', '4242', 'DECLINED', 'req_in_log')")
                c.commit()
                os._exit(0)
                """], environment: ["DB": root + "/data/checkout.sqlite"])
            #expect(writer.status == 0 && FileManager.default.fileExists(atPath: root + "/data/checkout.sqlite-wal"), "\(writer.stderr)")
            // And a ledger closed cleanly: no log, opened immutable.
            #expect(try run(["events", "--data-dir", root + "/clean"], input: Self.payment).status == 0)
            // A connection that reads, then closes as the last one, checkpoints and removes the log
            // (a connection that never read does not: the ledger may end with its log beside it).
            let closer = try ChildProcess.run("python3", ["-c", "import os, sqlite3; c = sqlite3.connect(os.environ['DB']); "
                                                          + "c.execute('SELECT count(*) FROM payments').fetchall(); c.close()"],
                                              environment: ["DB": root + "/clean/checkout.sqlite"])
            #expect(closer.status == 0 && !FileManager.default.fileExists(atPath: root + "/clean/checkout.sqlite-wal"), "\(closer.stderr)")
            let remount = try ChildProcess.run("/bin/mount", ["-o", "remount,ro", root])
            #expect(remount.status == 0, "\(remount.stderr)")
            let clean = try run(["payments", "--data-dir", root + "/clean", "--json"])
            #expect(clean.status == 0 && clean.stdout.contains(#""status":"AUTHORIZED""#), "\(clean.stderr)")
            let listing = try run(["payments", "--data-dir", root + "/data", "--json"])
            #expect(listing.status == 0 && listing.stdout.contains(#""status":"AUTHORIZED""#), "\(listing.stderr)")
            #expect(listing.stdout.contains("pay_in_log"), "the rows in the log are read too")
            let paying = try run(["events", "--data-dir", root + "/data"], input: Self.payment)
            #expect(paying.status == 2 && paying.stdout.isEmpty, "refused before any payment")
            #expect(paying.stderr.contains("is on a read-only file system") && paying.stderr.contains("checkout payments still lists it"),
                    "\(paying.stderr)")
        }
    }

    @Test func aLinkedDatabaseIsNamedAsALinkAndAnEmptyDataDirIsRefused() throws {
        let folder = Folder()
        #expect(try run(["events", "--data-dir", folder.path + "/real"], input: Self.payment).status == 0)
        try FileManager.default.createDirectory(atPath: folder.path + "/linked", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        #expect(symlink(folder.path + "/real/checkout.sqlite", folder.path + "/linked/checkout.sqlite") == 0)
        let linked = try run(["payments", "--data-dir", folder.path + "/linked"])
        #expect(linked.status == 2 && linked.stderr.contains("checkout.sqlite is a symbolic link"), "\(linked.stderr)")
        for command in [["payments"], ["events"], ["detect", "4242"], ["pay", "--plain"], ["nol", "events"]] {
            let result = try run(command + ["--data-dir", ""], environment: ["HOME": folder.path, "TERM": "dumb"])
            #expect(result.status == 2 && result.stderr.contains("--data-dir needs a directory, not an empty value")
                    || result.stderr.contains("unknown option --data-dir"), "\(command): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/.local"), "the default ledger was not opened")
    }

    @Test func aRelativeXDGDataHomeIsIgnored() throws {
        let folder = Folder()
        let result = try ChildProcess.run("/bin/sh", ["-c", "cd \"$1\" && exec \"$2\" events < /dev/null", "sh", folder.path, ChildProcess.checkoutBinary],
                                          environment: ["XDG_DATA_HOME": "relative", "HOME": folder.path], timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/relative"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/.local/share/checkout/checkout.sqlite"))
        #expect(DataDirectory.resolve(nil, environment: ["XDG_DATA_HOME": "rel/x", "HOME": "/home/me"]).path == "/home/me/.local/share/checkout")
        #expect(DataDirectory.resolve(nil, environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/me"]).path == "/data/checkout")
    }

    @Test func aByteOrderMarkBeforeASessionFileIsAccepted() throws {
        let folder = Folder()
        let session = folder.url.appendingPathComponent("session.json")
        try Data([0xEF, 0xBB, 0xBF] + Array(#"{"amount":1234,"currencyCode":"JPY"}"#.utf8)).write(to: session)
        let result = try run(["detect", "--session", session.path, "4242424242424242"])
        #expect(result.status == 0 && result.stdout.contains(#""amount":1234,"surcharge":0,"total":1234,"currency":"JPY""#), "\(result.stderr)")
    }

    /// The terminal showed nothing for up to 15 s while a configuration loaded; now it says so, and
    /// Esc cancels with the terminal put back.
    @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux (the README's set-up line installs it)")) func connectingToPrimerShowsASpinnerAndEscCancels() throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let (tmux, directory) = try TUIHarness.start(["pay"], environment: [
            "CHECKOUT_CLIENT_TOKEN": fake.clientToken(accessToken: "fake-config-slow"),
        ])
        defer {
            tmux.close()
            try? FileManager.default.removeItem(atPath: directory)
        }
        _ = try tmux.waitFor("Connecting to Primer… (Esc cancels)")
        tmux.send("Escape")
        let after = try tmux.waitFor("STTY-PRINTED")
        #expect(after.contains("checkout: not connected to Primer: cancelled") && after.contains("EXIT=1"), "\(after)")
        let words = TUIHarness.sttyWords(after)
        #expect(words.contains("icanon") && words.contains("echo") && words.contains("isig"), "the terminal is put back")
    }
}
