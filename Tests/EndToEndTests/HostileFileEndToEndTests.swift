import CheckoutTestSupport
import Foundation
import Glibc
import Testing

/// Issue 18: every option that takes a file, given each kind of file that is not what it expects.
/// A FIFO nobody writes to hung `open(2)` forever; `/dev/zero` was read without end; now each is
/// refused at once in one line saying what the file is, and nothing hangs, traps or is overwritten.
@Suite struct HostileFileEndToEndTests {
    enum Kind: String, CaseIterable {
        case fifo, devZero, directory, symlink, empty, twoMiB
    }

    /// A folder holding one file of each kind, removed afterwards. The link points at a FIFO (a
    /// link followed into a hang); the 2 MiB file is printable bytes without a line break.
    final class Files {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-hostile-\(UUID().uuidString)")
        var root: String { url.path }

        init() throws {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            for kind in Kind.allCases { try Self.make(kind, at: root + "/" + kind.rawValue, root: root) }
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        func path(_ kind: Kind) -> String { kind == .devZero ? "/dev/zero" : root + "/" + kind.rawValue }

        /// Makes a file of `kind` at `path` (for `/dev/zero`, a link to it when `path` must be a given name).
        static func make(_ kind: Kind, at path: String, root: String) throws {
            switch kind {
            case .fifo: #expect(mkfifo(path, 0o600) == 0)
            case .devZero: #expect(symlink("/dev/zero", path) == 0)
            case .directory: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            case .symlink:
                let target = root + "/link-target-fifo-\(UUID().uuidString.prefix(6))"
                #expect(mkfifo(target, 0o600) == 0)
                #expect(symlink(target, path) == 0)
            case .empty: #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            case .twoMiB: try Data(repeating: UInt8(ascii: "a"), count: 2 << 20).write(to: URL(fileURLWithPath: path))
            }
        }
    }

    func run(_ arguments: [String], environment: [String: String]? = nil) throws -> ChildProcess.Result {
        // Standard input is /dev/null: nothing is typed, and end of input ends what reads lines.
        try ChildProcess.run("/bin/sh", ["-c", #"exec "$@" < /dev/null"#, "sh", ChildProcess.checkoutBinary] + arguments,
                             environment: environment ?? ["TERM": "dumb", "PATH": "/usr/bin:/bin"], timeout: 20)
    }

    /// The run ended by itself (not killed at the timeout, no trap) with one line per problem.
    func expectRefused(_ result: ChildProcess.Result, _ what: String, saying words: String? = nil,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 2, "\(what): exit \(result.status) \(result.stderr)", sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.count < 400 }, "\(what): \(result.stderr.prefix(500))", sourceLocation: sourceLocation)
        if let words { #expect(result.stderr.contains(words), "\(what): \(result.stderr)", sourceLocation: sourceLocation) }
    }

    /// What the program says a non-regular file is.
    static func reason(_ kind: Kind) -> String? {
        switch kind {
        case .fifo, .symlink: return "a FIFO (named pipe), not a regular file"
        case .devZero: return "a character device, not a regular file"
        case .directory: return "a directory, not a regular file"
        case .empty, .twoMiB: return nil
        }
    }

    @Test func everyFileTakingOptionRefusesEveryHostileFileAtOnce() throws {
        let files = try Files()
        let data = files.root + "/data"
        for kind in Kind.allCases {
            let file = files.path(kind)
            let reason = Self.reason(kind)

            // --session, for one-shot detection and for the event stream.
            expectRefused(try run(["detect", "--session", file, "4242"]), "detect --session \(kind)", saying: reason ?? "--session")
            expectRefused(try run(["events", "--data-dir", data, "--session", file]), "events --session \(kind)", saying: reason ?? "--session")
            if kind == .twoMiB { expectRefused(try run(["detect", "--session", file, "4242"]), "2 MiB", saying: "larger than 1 MiB") }

            // --bin-table.
            expectRefused(try run(["detect", "--bin-table", file, "4242"]), "--bin-table \(kind)",
                          saying: reason ?? (kind == .empty ? "the BIN table is empty" : "record longer than 64 KiB"))

            // demo --script, and a script's `set session`.
            expectRefused(try run(["demo", "--check", "--script", file]), "demo --script \(kind)",
                          saying: reason ?? (kind == .empty ? "no `start` step" : "larger than 1 MiB, so not a demo script"))
            let script = files.root + "/session-\(kind.rawValue).demo"
            try "set session \(file)\nstart pay\n".write(toFile: script, atomically: true, encoding: .utf8)
            expectRefused(try run(["demo", "--check", "--script", script]), "set session \(kind)", saying: reason ?? "session-\(kind.rawValue).demo:1: session")

            // --data-dir: only a directory is one.
            let asDataDir = try run(["events", "--data-dir", file])
            if kind == .directory {
                #expect(asDataDir.status == 0, "a directory is a data directory: \(asDataDir.stderr)")
            } else {
                expectRefused(asDataDir, "--data-dir \(kind)", saying: "not a directory")
            }

            // settings.json in the data directory: the defaults are used, and the run says why.
            let dataDir = files.root + "/settings-\(kind.rawValue)"
            try FileManager.default.createDirectory(atPath: dataDir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try Files.make(kind, at: dataDir + "/settings.json", root: files.root)
            let plain = try run(["pay", "--plain", "--data-dir", dataDir])
            #expect(plain.status == 0, "settings.json \(kind): exit \(plain.status) \(plain.stderr)")
            #expect(plain.stderr.contains("warning: Saved settings not used") && plain.stderr.split(separator: "\n").count == 1,
                    "settings.json \(kind): \(plain.stderr.prefix(500))")
            if let reason { #expect(plain.stderr.contains(reason), "settings.json \(kind): \(plain.stderr)") }
        }

    }

    /// --record needs a terminal: it is tried in tmux, where a hostile target is refused at once
    /// (a link is never followed: its target is left as it was) and a regular one is written.
    @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux (the README's set-up line installs it)"))
    func demoRecordRefusesEveryHostileTargetAtOnce() throws {
        let files = try Files()
        let kept = files.root + "/kept"
        try "keep".write(toFile: kept, atomically: true, encoding: .utf8)
        let link = files.root + "/record-link.cast"
        #expect(symlink(kept, link) == 0)
        let records: [(String, String)] = [(files.path(.fifo), "No such device or address"), ("/dev/zero", "a character device, not a regular file"),
                                           (files.path(.directory), "Is a directory"), (link, "symbolic link"), (files.path(.empty), ""),
                                           (files.path(.twoMiB), "")]
        for (target, refusal) in records {
            let command = [ChildProcess.checkoutBinary, "demo", "cobadge", "--record", target].map(TmuxSession.quote).joined(separator: " ")
            let tmux = try TmuxSession(shellCommand: "\(command); echo EXIT=$?; sleep 30")
            defer { tmux.close() }
            if refusal.isEmpty {
                _ = try tmux.waitFor("Pay by card", timeout: 20)
                tmux.send("q")
                _ = try tmux.waitFor("EXIT=0", timeout: 20)
                let cast = try String(contentsOfFile: target, encoding: .utf8)
                #expect(cast.hasPrefix(#"{"version":2,"#), "\(target) holds the recording")
                var info = stat()
                #expect(stat(target, &info) == 0 && info.st_mode & 0o777 == 0o600)
            } else {
                let screen = try tmux.waitFor("EXIT=2", timeout: 20)
                #expect(screen.contains("checkout demo: cannot write") && screen.contains(refusal), "\(target): \(screen)")
            }
        }
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "keep", "the link's target was not overwritten")
    }
}
