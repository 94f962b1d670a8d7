import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program running in a private tmux server, for end-to-end tests of the terminal UI.
///
/// Each session gets its own socket (`tmux -L <unique>`), so tests never touch the user's tmux and
/// can run in parallel. tmux runs through ``ChildProcess`` (cleared signal mask) so the program
/// inside sees SIGINT, SIGWINCH and SIGTERM. The pane stays after the program exits
/// (`remain-on-exit`) so its last screen, and what a ``init(shellCommand:width:height:environment:)``
/// line echoes after it, can be read. ``close()`` kills the server;
/// call it in a `defer`.
///
///     let tmux = try TmuxSession(command: [checkout, "pay"], width: 80, height: 24)
///     defer { tmux.close() }
///     tmux.type("4111111111111111")
///     let screen = try tmux.waitFor("Visa")
public final class TmuxSession: @unchecked Sendable {
    // Mutable state (`closed`) is only touched by the test that owns the session.
    public struct Timeout: Error, CustomStringConvertible {
        public var waitingFor: String
        public var screen: String
        public var description: String { "timed out waiting for \(waitingFor); the screen was:\n\(screen)" }
    }

    /// Whether a `tmux` binary is on the PATH.
    public static var isAvailable: Bool {
        (try? ChildProcess.run("tmux", ["-V"], timeout: 5).status) == 0
    }

    public let socket: String
    private let configuration: URL
    private var closed = false

    /// Starts `command` in a new detached session of `width` x `height` with `environment` added
    /// (TERM is tmux's own `tmux-256color`; LANG defaults to C.UTF-8).
    public convenience init(command: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws {
        try self.init(shellCommand: command.map(Self.quote).joined(separator: " "), width: width, height: height, environment: environment)
    }

    /// Starts a shell command line (tmux runs it with `sh -c`), for tests that read what happens
    /// after the program exits: `"checkout pay; echo EXIT=$?; stty -a"`.
    public init(shellCommand: String, width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws {
        socket = "checkout-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        configuration = FileManager.default.temporaryDirectory.appendingPathComponent(socket + ".conf")
        // set-clipboard on: an OSC 52 the program writes lands in tmux's paste buffer, where a test can read it.
        try "set -g remain-on-exit on\nset -g default-terminal tmux-256color\nset -g history-limit 100\nset -g set-clipboard on\n"
            .write(to: configuration, atomically: true, encoding: .utf8)
        var environmentArguments: [String] = []
        let merged = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"].merging(environment) { $1 }
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) { environmentArguments += ["-e", "\(key)=\(value)"] }
        // The server tmux forks here would inherit pipe ends and keep them open, so this one
        // command runs with /dev/null for its standard streams and is only waited for.
        let null = open("/dev/null", O_RDWR)
        defer { Glibc.close(null) }
        let pid = try ChildProcess.spawn("tmux", ["-L", socket, "-f", configuration.path, "new-session", "-d",
                                                   "-x", String(width), "-y", String(height)] + environmentArguments + [shellCommand],
                                         stdin: null, stdout: null, stderr: null)
        let status = ChildProcess.wait(pid: pid, timeout: 10)
        guard status == 0 else { throw Timeout(waitingFor: "tmux new-session (exit status \(status))", screen: "") }
    }

    deinit { close() }

    /// Sends keys by tmux name (`Enter`, `Tab`, `BTab`, `Left`, `Escape`, `F1`, `C-c`).
    public func send(_ keys: String...) {
        _ = try? tmux(["send-keys", "-t", "0"] + keys)
    }

    /// Types text literally, one key per character.
    public func type(_ text: String) {
        _ = try? tmux(["send-keys", "-t", "0", "-l", text])
    }

    /// Pastes text as a bracketed paste (when the program asked for bracketed paste).
    public func paste(_ text: String) {
        _ = try? tmux(["set-buffer", "--", text])
        _ = try? tmux(["paste-buffer", "-p", "-t", "0"])
    }

    /// The pane's text now.
    public func capture() -> String {
        (try? tmux(["capture-pane", "-p", "-t", "0"]).stdout) ?? ""
    }

    /// Polls the pane until `predicate` holds, for at most `timeout` seconds; returns that screen.
    ///
    /// ncurses writes a frame in several writes, so the capture that first satisfies `predicate`
    /// can hold half a frame (a new title over the old footer): the pane is captured once more
    /// 20 ms later and that screen returned while it still satisfies `predicate` (a passing state,
    /// such as a spinner, keeps the first).
    @discardableResult
    public func waitUntil(_ description: String, timeout: Double = 10, _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = capture()
        while !predicate(screen) {
            if Date() > deadline { throw Timeout(waitingFor: description, screen: screen) }
            usleep(20_000)
            screen = capture()
        }
        usleep(20_000)
        let settled = capture()
        return predicate(settled) ? settled : screen
    }

    /// Polls the pane until it shows `text`.
    @discardableResult
    public func waitFor(_ text: String, timeout: Double = 10) throws -> String {
        try waitUntil("\"\(text)\"", timeout: timeout) { $0.contains(text) }
    }

    /// The newest paste buffer (what an OSC 52 from the program put there).
    public func pasteBuffer() -> String {
        (try? tmux(["show-buffer"]).stdout) ?? ""
    }

    /// Resizes the window (the program gets SIGWINCH).
    public func resize(width: Int, height: Int) {
        _ = try? tmux(["resize-window", "-t", "0", "-x", String(width), "-y", String(height)])
    }

    /// Kills the tmux server and everything in it.
    public func close() {
        guard !closed else { return }
        closed = true
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: configuration)
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> ChildProcess.Result {
        try ChildProcess.run("tmux", ["-L", socket] + arguments, timeout: 10)
    }

    /// `word` in single quotes for `sh`.
    public static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
