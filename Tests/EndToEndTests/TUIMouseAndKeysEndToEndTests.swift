import CheckoutTestSupport
import Foundation
import Testing

/// The mouse, the editing keys and saved settings in the real `checkout`, in tmux: clicks are the
/// SGR reports a terminal writes to the program (ESC [ < 0 ; column ; row M, then m).
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux (the README's set-up line installs it)")) struct TUIMouseAndKeysEndToEndTests {
    func start(_ arguments: [String], width: Int = 80, height: Int = 24, dataDirectory: String? = nil) throws -> (TmuxSession, String) {
        let started = try TUIHarness.start(arguments, width: width, height: height, dataDirectory: dataDirectory)
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

    /// Waits for a screen showing every one of `texts` (a frame can be captured half drawn, so
    /// what a test reads must all be in what it waited for).
    @discardableResult
    func waitForAll(_ tmux: TmuxSession, _ texts: String..., timeout: Double = 10) throws -> String {
        try tmux.waitUntil(texts.joined(separator: " and "), timeout: timeout) { screen in texts.allSatisfy(screen.contains) }
    }

    /// A left click as the terminal reports it in SGR form (1-based cells).
    func click(_ tmux: TmuxSession, row: Int, column: Int) {
        tmux.type("\u{1b}[<0;\(column + 1);\(row + 1)M\u{1b}[<0;\(column + 1);\(row + 1)m")
    }

    @Test func aClickOnTheExpiryFieldFocusesIt() throws {
        let (tmux, _) = try start(["pay"])
        defer { tmux.close() }
        var screen = try tmux.waitFor("Card number")
        #expect(TUIHarness.format(tmux, "#{mouse_standard_flag}") == "1", "the program asked for clicks")
        #expect(TUIHarness.format(tmux, "#{mouse_sgr_flag}") == "1", "in the SGR form")
        tmux.type("4242424242424242")
        screen = try tmux.waitFor("4242 4242 4242 4242")
        // The field's placeholder is drawn under its label, from the same column.
        let expiry = try #require(cell(of: "Expiry (MM/YY)", in: screen), "\(screen)")
        click(tmux, row: expiry.row + 1, column: expiry.column + 1)
        // Typed digits now go to the expiry, not to the (full) number (three: a complete expiry
        // would move on to the CVV by itself).
        tmux.type("123")
        screen = try waitForAll(tmux, "12/3", "4242 4242 4242 4242", "┃ Expiry")
        let bar = screen.split(separator: "\n", omittingEmptySubsequences: false)[expiry.row]
        #expect(bar.contains("┃ Expiry"), "the focus bar is on the expiry:\n\(screen)")
        // A click on the number's first group puts the caret there: typing a digit goes in before it.
        tmux.send("Tab")
        let number = try #require(cell(of: "4242 4242", in: screen))
        click(tmux, row: number.row, column: number.column + 2)
        tmux.send("BSpace")
        try tmux.waitFor("4424 2424 2424 242")
    }

    @Test func ctrlUClearsTheCardNumber() throws {
        let (tmux, _) = try start(["pay"])
        defer { tmux.close() }
        try tmux.waitFor("Card number")
        tmux.type("4242424242424242")
        try tmux.waitFor("4242 4242 4242 4242")
        tmux.send("C-u")
        var screen = try tmux.waitUntil("the number cleared") { !$0.contains("4242") && $0.contains("Networks appear as you type.") }
        // Ctrl-Y puts it back; Ctrl-← and Alt-b move by word (one word: the digits), Ctrl-A/E to the ends.
        tmux.send("C-y")
        try tmux.waitFor("4242 4242 4242 4242")
        // One digit off (a complete Visa takes no 17th digit: issue 29), to the start, a 5 in front.
        tmux.send("BSpace", "C-a")
        tmux.type("5")
        screen = try tmux.waitFor("5424 2424 2424 2424")
        // To the end, one digit off, a word left (to the start), the digit after the caret (the 5) off.
        tmux.send("C-e", "BSpace", "C-Left", "C-d")
        try tmux.waitFor("4242 4242 4242 42 ")
        tmux.send("Tab", "Tab", "Tab")
        tmux.type("Jane Q Doe")
        try tmux.waitFor("Jane Q Doe")
        tmux.send("M-BSpace")
        try tmux.waitUntil("Alt-Backspace to take Doe") { $0.contains("Jane Q") && !$0.contains("Doe") }
        // Alt-b to the start of Q, Ctrl-W takes the word before it.
        tmux.send("M-b", "C-w")
        screen = try tmux.waitUntil("Ctrl-W to take Jane") { !$0.contains("Jane") }
        #expect(screen.contains("┃ Q"), "\(screen)")
    }

    @Test func aSavedSettingIsInForceAfterARestart() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-saved-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/settings.json"
        do {
            let (tmux, _) = try start(["settings"], dataDirectory: directory)
            defer { tmux.close() }
            try tmux.waitFor("BIN latency")
            // The latency typed as a value, the mouse switched off, then Enter saves.
            tmux.send("Down", "C-u")
            tmux.type("1500")
            try tmux.waitFor("- 1500 ms +")
            tmux.send("Down", "Down", "Space", "Enter")
            // Opened on its own, Settings saves and stays, saying where; Esc then quits, as at the top of every screen.
            let saved = try waitForAll(tmux, "BIN latency", "✓ Saved to")
            #expect(saved.contains("settings.json"), "\(saved)")
            #expect(saved.contains("esc quit"), "\(saved)")
            #expect(TUIHarness.format(tmux, "#{mouse_any_flag}") == "0", "saved settings apply at once")
            tmux.send("Escape")
            try TUIHarness.waitForExit(tmux)
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.contains("\"binLatencyMs\":1500") && saved.contains("\"mouse\":false"), "\(saved)")

        do {
            let (tmux, _) = try start([], dataDirectory: directory)
            defer { tmux.close() }
            try waitForAll(tmux, "What would you like to do?", "Saved settings in use")
            #expect(TUIHarness.format(tmux, "#{mouse_any_flag}") == "0", "the mouse is still off after the restart")
            tmux.send("Up", "Up", "Enter")
            try tmux.waitFor("- 1500 ms +")
        }

        // An option given on the command line wins for that run, and the status line says so.
        do {
            let (tmux, _) = try start(["settings", "--bin-latency", "250"], dataDirectory: directory)
            defer { tmux.close() }
            try waitForAll(tmux, "- 250 ms +", "Saved settings in use; --bin-latency overrides them for this run")
            #expect(TUIHarness.format(tmux, "#{mouse_any_flag}") == "0")
        }
    }

    @Test func aMalformedSettingsFileIsRefusedWithAMessageAndDefaults() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-malformed-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try #"{"version":1,"debounceMs":"fast","mouse":false}"#.write(toFile: directory + "/settings.json", atomically: true, encoding: .utf8)
        let (tmux, _) = try start([], dataDirectory: directory)
        defer { tmux.close() }
        let home = try waitForAll(tmux, "What would you like to do?", "settings.json", "Amount due")
        let text = home.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(text.contains("✗ Saved settings not used ($.debounceMs: expected a whole number of milliseconds from 0 to 2000); "
                              + "defaults in use until Settings saves over \(directory)/settings.json"), "\(home)")
        #expect(TUIHarness.format(tmux, "#{mouse_any_flag}") == "1", "nothing of the file was used")
        tmux.send("Up", "Up", "Enter")
        try tmux.waitFor("- 200 ms +")
    }

    @Test func aSessionsSurchargeShowsInTheChooserThePayButtonAndTheResult() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let session = root.appendingPathComponent("examples/session-visa-surcharge.json").path
        let (tmux, _) = try start(["pay", "--session", session])
        defer { tmux.close() }
        try tmux.waitFor("Card number")
        tmux.type("4000002500001001")
        try waitForAll(tmux, "Pay with ◉ Cartes Bancaires  ○ Visa +€0.30", "[ Pay €49.99 ]")
        tmux.send("Tab", "Right")
        try waitForAll(tmux, "[ Pay €50.29 ]", "Includes a €0.30 surcharge for Visa (order €49.99)")
        try tmux.fillTheRestOfTheCard()
        tmux.send("Enter")
        try waitForAll(tmux, "Payment authorized", "Amount        €49.99", "Surcharge     €0.30", "Total         €50.29",
                       "Network       Visa · chosen by you", "[ New payment ]")
    }

    @Test func anEftposCoBadgedCardIsRoutedWithoutAChooser() throws {
        let (tmux, _) = try start(["pay", "--allowed", "VISA,EFTPOS"], width: 120)
        defer { tmux.close() }
        try tmux.waitFor("Card number")
        tmux.type("4000050360000001")
        // At 120 columns the event panel takes the right side, so the reason wraps onto a second row.
        let screen = try tmux.waitFor("To be paid with Visa · chosen automatically: eftpos cards")
        #expect(screen.contains("\n    are routed by the merchant "))
        #expect(!screen.contains("Pay with"))
    }

    @Test func noMouseLeavesTheMouseToTheTerminal() throws {
        let (tmux, _) = try start(["pay", "--no-mouse"])
        defer { tmux.close() }
        try tmux.waitFor("Card number")
        #expect(TUIHarness.format(tmux, "#{mouse_any_flag}") == "0")
        #expect(TUIHarness.format(tmux, "#{mouse_sgr_flag}") == "0")
    }

    @Test func quittingTurnsMouseReportingOff() throws {
        let (tmux, _) = try start(["pay"])
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
