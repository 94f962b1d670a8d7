import CheckoutTestSupport
import Foundation
import Testing

/// The real `checkout` binary in a private tmux server (TERM=tmux-256color, LANG=C.UTF-8), driven
/// by keys and read back with capture-pane.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux (the README's set-up line installs it)")) struct TUIEndToEndTests {
    /// Starts `checkout <arguments>` with a fresh data directory (see ``TUIHarness/start(_:width:height:environment:dataDirectory:)``).
    func start(_ arguments: [String], width: Int = 80, height: Int = 24) throws -> TmuxSession {
        try TUIHarness.start(arguments, width: width, height: height).tmux
    }

    @Test func coBadgedCardPaysWithTheChosenNetwork() throws {
        let tmux = try start(["pay", "--allowed", "VISA,CARTES_BANCAIRES,MASTERCARD"])
        defer { tmux.close() }
        try tmux.waitFor("Card number")
        tmux.type("4000002500001001")
        let screen = try tmux.waitFor("Pay with")
        #expect(screen.contains("4000 0025 0000 1001"))
        #expect(screen.contains("Visa") && screen.contains("Cartes Bancaires"))
        #expect(screen.contains("◉ Visa  ○ Cartes Bancaires"))
        tmux.send("Tab", "Right")
        try tmux.waitFor("○ Visa  ◉ Cartes Bancaires")
        try tmux.fillTheRestOfTheCard()
        tmux.send("Enter")
        let result = try tmux.waitFor("Payment authorized")
        #expect(result.contains("Network       Cartes Bancaires"))
        #expect(result.contains("•••• 1001"))
        #expect(!result.contains("4000 0025 0000 1001"))
    }

    @Test func editingInTheMiddleAndStrayKeysKeepTheForm() throws {
        let tmux = try start(["pay"])
        defer { tmux.close() }
        try tmux.waitFor("Card number")
        tmux.type("40000025")
        tmux.send("Left", "Left", "Left", "Left")
        tmux.type("9")
        try tmux.waitFor("4000 9002 5")
        // Alt+x, an F-key the terminal type does not describe, F7: none leaves the form or types.
        tmux.send("M-x", "F7")
        tmux.type("\u{1b}[1;5P")
        tmux.send("BSpace", "End")
        tmux.type("1")
        let screen = try tmux.waitFor("4000 0025 1")
        #expect(screen.contains("Card number"))
        #expect(!screen.contains("5P") && !screen.contains("[1;"))
    }

    @Test func plainVisaShowsNoChooser() throws {
        let tmux = try start(["pay"])
        defer { tmux.close() }
        try tmux.waitFor("Card number")
        tmux.type("4242424242424242")
        let screen = try tmux.waitFor("Networks from the BIN service")
        #expect(screen.contains("4242 4242 4242 4242"))
        #expect(screen.contains("Visa"))
        #expect(!screen.contains("Pay with"))
    }

    @Test func amexIsRefusedWhenNotAccepted() throws {
        let tmux = try start(["pay", "--allowed", "VISA,MASTERCARD"])
        defer { tmux.close() }
        try tmux.waitFor("Card number")
        tmux.type("378282246310005")
        let badges = try tmux.waitFor("(not accepted)")
        #expect(badges.contains("3782 822463 10005"))
        #expect(badges.contains("We accept: Visa · Mastercard"))
        try tmux.fillTheRestOfTheCard(cvv: "1234")
        tmux.send("Enter")
        try tmux.waitUntil("a refusal naming American Express") { $0.contains("✗") && $0.contains("American Express") && !$0.contains("Paying") }
        #expect(!tmux.capture().contains("Payment authorized"))
    }

    @Test func pasteIsOneInputAndResizeRecovers() throws {
        let tmux = try start(["pay"])
        defer { tmux.close() }
        try tmux.waitFor("Card number")
        tmux.paste("4000 0025 0000 1001")
        try tmux.waitFor("4000 0025 0000 1001")
        tmux.resize(width: 40, height: 12)
        try tmux.waitFor("Terminal too small")
        tmux.resize(width: 60, height: 20)
        let screen = try tmux.waitFor("Card number")
        #expect(screen.contains("4000 0025 0000 1001"))
    }

    @Test func settingsSayWhenTheEngineCannotBeRebuilt() throws {
        let table = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-bins-\(UUID().uuidString).csv")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        try FileManager.default.copyItem(at: root.appendingPathComponent("Resources/data/bin-table.csv"), to: table)
        let tmux = try start(["settings", "--bin-table", table.path], width: 100)
        defer { tmux.close() }
        try tmux.waitFor("BIN latency")
        try FileManager.default.removeItem(at: table)
        tmux.send("Down", "+", "Enter")
        let screen = try tmux.waitFor("Not applied")
        // The message wraps over rows; read it as one line.
        let text = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(text.contains("✗ Not applied: --bin-table \(table.path): cannot read it (No such file or directory). The previous settings stay in use."),
                "\(screen)")
        #expect(screen.contains("- 50 ms +"), "the settings that failed stay on screen")
        #expect(!screen.contains("EXIT="), "the app is still running")
    }

    @Test func ctrlCRestoresTheTerminal() throws {
        let tmux = try start([])
        defer { tmux.close() }
        try tmux.waitFor("What would you like to do?")
        tmux.send("Enter")
        try tmux.waitFor("Card number")
        tmux.send("C-c")
        // Wait for the marker after `stty -a`, not for EXIT=, so the settings are on screen in full.
        let after = try tmux.waitFor("STTY-PRINTED")
        #expect(after.contains("EXIT=130"), "ended by SIGINT, raised again once the terminal was back")
        let words = TUIHarness.sttyWords(after)
        #expect(words.contains("icanon") && words.contains("echo") && words.contains("icrnl"))
        #expect(!words.contains("-icanon") && !words.contains("-echo"))
    }

    @Test func notATerminalIsAClearError() throws {
        // A terminal type ncurses knows, over pipes (TERM dumb or unknown would start plain mode), and a
        // data directory of its own: never the user's (another checkout's newer database there would
        // be the error instead).
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["CHECKOUT_PLAIN"] = nil
        environment["ACCESSIBLE"] = nil
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-no-tty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try ChildProcess.run(ChildProcess.checkoutBinary, ["pay", "--data-dir", directory.path], environment: environment, timeout: 20)
        #expect(result.status == 2)
        #expect(result.stderr.contains("needs a terminal"))
        #expect(result.stdout.isEmpty)
    }
}
