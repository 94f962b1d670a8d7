import CheckoutTestSupport
import Foundation

struct HarnessError: Error, CustomStringConvertible {
    var description: String
}

/// Starting the real `checkout` in tmux the way a person's shell would, and reading back what a
/// test needs: the pane, the terminal settings after exit, tmux's view of the terminal modes.
enum TUIHarness {
    /// Starts `checkout <arguments>` with a fresh data directory, inside `sh` so the exit status and
    /// the terminal settings after exit can be read from the pane: `EXIT=<status>`, then `stty -a`,
    /// then `STTY-PRINTED`.
    ///
    /// The shell traps SIGINT as an interactive shell does: Ctrl-C reaches the whole foreground
    /// group, and a plain `sh -c` would end with the program instead of printing what follows.
    static func start(_ arguments: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:],
                      dataDirectory: String? = nil) throws -> (tmux: TmuxSession, dataDirectory: String)? {
        guard TmuxSession.isAvailable else { return nil }
        let directory = dataDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("checkout-tui-\(UUID().uuidString)").path
        let command = ([ChildProcess.checkoutBinary] + arguments + ["--data-dir", directory]).map(TmuxSession.quote).joined(separator: " ")
        let line = "trap 'echo INTERRUPTED' INT; \(command); echo EXIT=$?; stty -a; echo STTY-PRINTED; sleep 60"
        return (try TmuxSession(shellCommand: line, width: width, height: height, environment: environment), directory)
    }

    /// A tmux format read for the pane (`#{alternate_on}`, `#{cursor_flag}`…).
    static func format(_ tmux: TmuxSession, _ format: String) -> String {
        let result = try? ChildProcess.run("tmux", ["-L", tmux.socket, "display-message", "-p", "-t", "0", format], timeout: 10)
        return result?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }

    /// The pid of `checkout` running under the pane's shell, once it has started.
    static func programPID(_ tmux: TmuxSession) throws -> Int32 {
        let shell = format(tmux, "#{pane_pid}")
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
            for child in children.split(separator: " ").compactMap({ Int32($0) }) {
                let name = (try? String(contentsOfFile: "/proc/\(child)/comm", encoding: .utf8)) ?? ""
                if name.hasPrefix("checkout") { return child }
            }
            usleep(20_000)
        }
        throw HarnessError(description: "no checkout process under the pane's shell \(shell); the screen was:\n\(tmux.capture())")
    }

    /// The words of `stty -a` as printed in the pane after the program exited.
    static func sttyWords(_ screen: String) -> [String] {
        screen.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init)
    }

    /// Waits for the shell's marker after the program exited; dismisses the Swift crash reporter's
    /// "press a key" prompt on the way when it shows one (it does on a terminal after a crash).
    @discardableResult
    static func waitForExit(_ tmux: TmuxSession, timeout: Double = 30) throws -> String {
        var dismissed = false
        return try tmux.waitUntil("the program to exit and stty to print", timeout: timeout) { screen in
            if !dismissed, screen.contains("Press space to interact") {
                dismissed = true
                tmux.send("q")
            }
            return screen.contains("STTY-PRINTED")
        }
    }
}

extension TmuxSession {
    /// On the card form, from anywhere before the expiry: types the expiry (12/30), the CVV (`cvv`)
    /// and the name (Jane Doe) each in its field, ending with the focus on Pay. Complete fields move
    /// the focus on by themselves; Tab is pressed only where the screen shows the focus elsewhere.
    func fillTheRestOfTheCard(cvv: String = "123") throws {
        // The security code's label is its network's: CVV, CVC, CID…
        for (labels, text) in [(["Expiry"], "1230"), (["CVV", "CVC", "CID", "CVN", "CVE", "CVP2"], cvv), (["Cardholder name"], "Jane Doe")] {
            try focus(labels)
            type(text)
        }
        try focus(["[ Pay"])
    }

    /// Presses Tab until the card form's focus bar (`┃`) stands before one of `labels`.
    func focus(_ labels: [String]) throws {
        func focused(_ screen: String) -> Bool {
            screen.split(separator: "\n").contains { line in labels.contains { Self.isFocused($0, in: String(line)) } }
        }
        for _ in 0..<6 {
            // A field completed by the last key moves the focus on by itself: decide on a still screen.
            let screen = settledScreen()
            if focused(screen) { return }
            send("Tab")
            _ = try? waitUntil("the focus to move", timeout: 2) { $0 != screen }
        }
        _ = try waitUntil("the focus on \(labels.joined(separator: " or "))", timeout: 2, focused)
    }

    /// The screen once two captures 150 ms apart agree (at most 3 s).
    func settledScreen() -> String {
        var last = capture()
        for _ in 0..<20 {
            usleep(150_000)
            let now = capture()
            if now == last { return now }
            last = now
        }
        return last
    }

    /// Whether `line` shows `label` with the focus bar right before it (the CVV's label shares a
    /// line with the expiry's: the bar before one is not the other's).
    static func isFocused(_ label: String, in line: String) -> Bool {
        guard let range = line.range(of: label) else { return false }
        return line[..<range.lowerBound].hasSuffix("┃ ")
    }
}
