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
    /// A test that starts one is `.enabled(if: TmuxSession.isAvailable)`; without tmux this throws.
    static func start(_ arguments: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:],
                      dataDirectory: String? = nil) throws -> (tmux: TmuxSession, dataDirectory: String) {
        guard TmuxSession.isAvailable else { throw HarnessError(description: "tmux is not installed (a test using it needs .enabled(if: TmuxSession.isAvailable))") }
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
    /// On the card form, with the screen showing the last key the test sent (the test waited for
    /// it): types the expiry (12/30), the CVV (`cvv`) and the name (Jane Doe) each in its field,
    /// ending with the focus on Pay. Complete fields move the focus on by themselves; Tab is pressed
    /// only where the screen shows the focus elsewhere, and each decision is made on a screen that
    /// shows what was typed last (the field's text), never on a guess that the screen is still.
    /// `showing` is what the screen shows once the test's last key is in (the number as grouped).
    func fillTheRestOfTheCard(cvv: String = "123", showing first: String? = nil) throws {
        // The security code's label is its network's: CVV, CVC, CID…; it shows as one bullet a digit.
        var shown = first
        for (labels, text, echo) in [(["Expiry"], "1230", "12/30"), (["CVV", "CVC", "CID", "CVN", "CVE", "CVP2"], cvv, String(repeating: "•", count: cvv.count)),
                                     (["Cardholder name"], "Jane Doe", "Jane Doe")] {
            try focus(labels, showing: shown)
            type(text)
            shown = echo
        }
        try focus(["[ Pay"], showing: shown)
    }

    /// Presses Tab until the card form's focus bar (`┃`) stands before one of `labels`, deciding
    /// first on a screen that shows `text` (what the last key typed) and the focus bar.
    func focus(_ labels: [String], showing text: String? = nil) throws {
        func focused(_ screen: String) -> Bool {
            screen.split(separator: "\n").contains { line in labels.contains { Self.isFocused($0, in: String(line)) } }
        }
        var screen = try waitUntil("\(text.map { "\"\($0)\" and " } ?? "")the focus bar") { screen in
            (text.map(screen.contains) ?? true) && screen.contains("┃ ")
        }
        for _ in 0..<6 {
            if focused(screen) { return }
            let before = Self.focusedLine(screen)
            send("Tab")
            screen = try waitUntil("the focus to move on from \"\(before)\"") { Self.focusedLine($0) != before && $0.contains("┃ ") }
        }
        _ = try waitUntil("the focus on \(labels.joined(separator: " or "))", timeout: 2, focused)
    }

    /// The line the focus bar stands on.
    static func focusedLine(_ screen: String) -> String {
        screen.split(separator: "\n").first { $0.contains("┃ ") }.map(String.init) ?? ""
    }

    /// Whether `line` shows `label` with the focus bar right before it (the CVV's label shares a
    /// line with the expiry's: the bar before one is not the other's).
    static func isFocused(_ label: String, in line: String) -> Bool {
        guard let range = line.range(of: label) else { return false }
        return line[..<range.lowerBound].hasSuffix("┃ ")
    }
}
