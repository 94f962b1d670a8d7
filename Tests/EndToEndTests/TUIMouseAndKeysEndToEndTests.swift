import CheckoutTestSupport
import Foundation
import Testing

/// The mouse, the editing keys and saved settings in the real `checkout`, in tmux: clicks are the
/// SGR reports a terminal writes to the program (ESC [ < 0 ; column ; row M, then m).
@Suite(.serialized) struct TUIMouseAndKeysEndToEndTests {
    func start(_ arguments: [String], width: Int = 80, height: Int = 24, dataDirectory: String? = nil) throws -> (TmuxSession, String)? {
        guard let started = try TUIHarness.start(arguments, width: width, height: height, dataDirectory: dataDirectory) else {
            Issue.record("tmux is not installed: the terminal UI end-to-end tests did not run")
            return nil
        }
        return (started.tmux, started.dataDirectory)
    }

    /// The row and column (0-based) of the first `text` on the screen; the screens here draw only
    /// one-column characters left of what the tests look for.
    func cell(of text: String, in screen: String) -> (row: Int, column: Int)? {
        for (row, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: text) { return (row, line.distance(from: line.startIndex, to: range.lowerBound)) }
        }
        return nil
    }

    /// A left click as the terminal reports it in SGR form (1-based cells).
    func click(_ tmux: TmuxSession, row: Int, column: Int) {
        tmux.type("\u{1b}[<0;\(column + 1);\(row + 1)M\u{1b}[<0;\(column + 1);\(row + 1)m")
    }

    @Test func aClickOnTheExpiryFieldFocusesIt() throws {
        guard let (tmux, _) = try start(["pay"]) else { return }
        defer { tmux.close() }
        var screen = try tmux.waitFor("Card number")
        #expect(TUIHarness.format(tmux, "#{mouse_standard_flag}") == "1", "the program asked for clicks")
        #expect(TUIHarness.format(tmux, "#{mouse_sgr_flag}") == "1", "in the SGR form")
        tmux.type("4242424242424242")
        screen = try tmux.waitFor("4242 4242 4242 4242")
        // The field's placeholder is drawn under its label, from the same column.
        let expiry = try #require(cell(of: "Expiry (MM/YY)", in: screen), "\(screen)")
        click(tmux, row: expiry.row + 1, column: expiry.column + 1)
        // Typed digits now go to the expiry, not to the (full) number.
        tmux.type("1230")
        screen = try tmux.waitFor("12/30")
        #expect(screen.contains("4242 4242 4242 4242"))
        let bar = screen.split(separator: "\n", omittingEmptySubsequences: false)[expiry.row]
        #expect(bar.contains("┃ Expiry"), "the focus bar is on the expiry:\n\(screen)")
        // A click on the number's first group puts the caret there: typing a digit goes in before it.
        tmux.send("Tab")
        let number = try #require(cell(of: "4242 4242", in: screen))
        click(tmux, row: number.row, column: number.column + 2)
        tmux.send("BSpace")
        try tmux.waitFor("4424 2424 2424 242")
    }

    @Test func noMouseLeavesTheMouseToTheTerminal() throws {
        guard let (tmux, _) = try start(["pay", "--no-mouse"]) else { return }
        defer { tmux.close() }
        try tmux.waitFor("Card number")
        #expect(TUIHarness.format(tmux, "#{mouse_any_flag}") == "0")
        #expect(TUIHarness.format(tmux, "#{mouse_sgr_flag}") == "0")
    }

    @Test func quittingTurnsMouseReportingOff() throws {
        guard let (tmux, _) = try start(["pay"]) else { return }
        defer { tmux.close() }
        try tmux.waitFor("Card number")
        #expect(TUIHarness.format(tmux, "#{mouse_any_flag}") == "1")
        tmux.send("Escape")
        let after = try TUIHarness.waitForExit(tmux)
        #expect(after.contains("EXIT=0"))
        #expect(TUIHarness.format(tmux, "#{mouse_any_flag}") == "0")
        #expect(TUIHarness.format(tmux, "#{mouse_sgr_flag}") == "0")
    }
}
