import CheckoutTestSupport
import Foundation
import Testing

/// The terminal UI under what a person can type, resize or do to it, in the real binary in tmux:
/// clusters that merge as they are typed, every fatal signal, keys while the terminal is too small,
/// a non-UTF-8 locale, and Esc in a wizard.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable)) struct TUIRobustnessEndToEndTests {
    /// Starts `checkout <arguments>` and waits for `ready` on screen.
    func open(_ arguments: [String], ready: String, width: Int = 80, height: Int = 24,
              environment: [String: String] = [:]) throws -> (tmux: TmuxSession, dataDirectory: String) {
        let started = try TUIHarness.start(arguments, width: width, height: height, environment: environment)
        try started.tmux.waitFor(ready, timeout: 20)
        return started
    }

    /// Types `text` one Unicode scalar per key, as a terminal sends a combining accent or the
    /// halves of a flag.
    func typeScalars(_ tmux: TmuxSession, _ text: String) {
        for scalar in text.unicodeScalars { tmux.type(String(scalar)) }
    }

    @Test func mergingCharactersTypedIntoTheNameNeverCrash() throws {
        let (tmux, _) = try open(["pay"], ready: "Card number")
        defer { tmux.close() }
        tmux.send("Tab", "Tab", "Tab")
        try tmux.waitUntil("the name field focused", timeout: 20) { $0.contains("┃ Cardholder name") }
        // The issue's crash: e, a combining acute accent, then any letter.
        typeScalars(tmux, "Jose\u{301}x")
        try tmux.waitFor("José", timeout: 20)
        tmux.send("Tab")
        var screen = try tmux.waitUntil("the name accepted", timeout: 20) { $0.contains("[ Pay €49.99 ]") && $0.contains("Joséx") }
        #expect(!screen.contains("Cardholder name *"), "an accented name is a valid name")
        // A flag and a family emoji (a ZWJ sequence), one scalar per key, then a letter.
        tmux.send("BTab")
        typeScalars(tmux, " 🇫🇷👨‍👩‍👧y")
        tmux.send("Tab")
        screen = try tmux.waitFor("Cardholder name may contain only letters", timeout: 20)
        #expect(screen.contains("✗ Cardholder name may contain only letters"), "refused with a message")
        tmux.send("BTab", "End", "BSpace", "BSpace", "BSpace", "BSpace")
        tmux.type("z")
        screen = try tmux.waitUntil("the emoji deleted cluster by cluster", timeout: 20) { $0.contains("Joséxz") || $0.contains("José xz") || $0.contains("Joséx z") }
        #expect(!screen.contains("EXIT="), "still running")
        #expect(!screen.contains("Fatal error"))
    }

    /// Every signal that ends the program, and what it must leave behind.
    static let fatalSignals: [(name: String, number: Int32)] = [
        ("SEGV", SIGSEGV), ("ILL", SIGILL), ("TRAP", SIGTRAP), ("BUS", SIGBUS), ("ABRT", SIGABRT), ("FPE", SIGFPE),
        ("QUIT", SIGQUIT), ("TERM", SIGTERM), ("HUP", SIGHUP),
    ]

    @Test(arguments: fatalSignals)
    func aFatalSignalGivesTheTerminalBack(_ signal: (name: String, number: Int32)) throws {
        let (tmux, _) = try open(["pay"], ready: "Card number")
        defer { tmux.close() }
        tmux.type("4242")
        try tmux.waitFor("4242", timeout: 20)
        #expect(TUIHarness.format(tmux, "#{alternate_on}") == "1", "the UI is on the alternate screen")
        #expect(TUIHarness.format(tmux, "#{mouse_sgr_flag}") == "1", "the UI reports the mouse")
        let pid = try TUIHarness.programPID(tmux)
        #expect(kill(pid, signal.number) == 0)
        let after = try TUIHarness.waitForExit(tmux)
        #expect(after.contains("EXIT=\(128 + signal.number)"), "SIG\(signal.name): the status says what killed it\n\(after)")
        let words = TUIHarness.sttyWords(after)
        #expect(words.contains("icanon") && words.contains("echo") && words.contains("icrnl"), "SIG\(signal.name): \(after)")
        #expect(!words.contains("-icanon") && !words.contains("-echo"))
        #expect(!after.contains("Card number") && !after.contains("TerminalCheckout"), "SIG\(signal.name): the form went with the alternate screen")
        #expect(TUIHarness.format(tmux, "#{alternate_on}") == "0", "SIG\(signal.name): off the alternate screen")
        #expect(TUIHarness.format(tmux, "#{cursor_flag}") == "1", "SIG\(signal.name): the cursor shows")
        #expect(TUIHarness.format(tmux, "#{mouse_any_flag}") == "0", "SIG\(signal.name): no mouse reporting")
        #expect(TUIHarness.format(tmux, "#{keypad_flag}") == "0", "SIG\(signal.name): the keypad back in normal mode")
        // Bracketed paste off: a paste now reaches the shell's terminal as plain text, no markers.
        tmux.paste("PASTED-AFTER")
        let pasted = try tmux.waitFor("PASTED-AFTER", timeout: 20)
        #expect(!pasted.contains("[200~"), "SIG\(signal.name): bracketed paste is off")
    }

    /// A terminal that hangs up under a session leader that ignores SIGHUP (a wrapper, a tracer)
    /// sends the program no signal: its input stays readable and empty. The program ends as the
    /// hang-up would (status 129) instead of polling it at full CPU for ever.
    @Test func aHungUpTerminalEndsTheProgramWhenNoSIGHUPComes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-hangup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let status = folder.appendingPathComponent("status").path
        let command = [ChildProcess.checkoutBinary, "pay", "--data-dir", folder.appendingPathComponent("data").path].map(TmuxSession.quote)
        let tmux = try TmuxSession(shellCommand: "trap '' HUP; \(command.joined(separator: " ")); echo $? > \(TmuxSession.quote(status))")
        defer { tmux.close() }
        try tmux.waitFor("Card number", timeout: 20)
        let pid = try TUIHarness.programPID(tmux)
        // The server goes, and the pane's terminal with it; the shell ignores the SIGHUP it gets.
        tmux.close()
        let deadline = Date().addingTimeInterval(20)
        while kill(pid, 0) == 0, Date() < deadline { usleep(20_000) }
        let running = kill(pid, 0) == 0
        if running { kill(pid, SIGKILL) }
        #expect(!running, "still running after its terminal hung up")
        let written = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: status), Date() < written { usleep(20_000) }
        #expect((try? String(contentsOfFile: status, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == "129",
                "ended as a hang-up ends it")
    }

    @Test func enterOnPayWhileTheTerminalIsTooSmallPaysNothing() throws {
        let (tmux, dataDirectory) = try open(["pay"], ready: "Card number")
        defer { tmux.close() }
        tmux.type("4242424242424242")
        try tmux.fillTheRestOfTheCard(showing: "4242 4242 4242 4242")
        try tmux.waitUntil("the Pay button focused", timeout: 20) { $0.contains("┃ [ Pay €49.99 ]") && $0.contains("enter pay") }
        tmux.resize(width: 40, height: 12)
        try tmux.waitFor("Terminal too small", timeout: 20)
        tmux.send("Enter")
        tmux.send("Enter")
        tmux.type("9")
        // The keys were read (and dropped): a marker key after them proves the loop went past them.
        tmux.resize(width: 80, height: 24)
        let screen = try tmux.waitFor("Card number", timeout: 20)
        #expect(screen.contains("┃ [ Pay €49.99 ]"), "still on the form, Pay focused")
        #expect(!screen.contains("Paying") && !screen.contains("Payment authorized"))
        #expect(screen.contains("Jane Doe") && !screen.contains("Jane Doe9"))
        tmux.send("C-c")
        try TUIHarness.waitForExit(tmux)
        let ledger = try ChildProcess.run(ChildProcess.checkoutBinary, ["payments", "--json", "--data-dir", dataDirectory], timeout: 20)
        #expect(ledger.status == 0)
        #expect(ledger.lines.isEmpty, "no payment was recorded: \(ledger.stdout)")
    }

    @Test func aNonUTF8LocaleGetsAnASCIIScreen() throws {
        let (tmux, _) = try open(["pay", "--allowed", "VISA,CARTES_BANCAIRES,MASTERCARD"], ready: "Card number",
                                 environment: ["LANG": "C", "LC_ALL": "C"])
        defer { tmux.close() }
        tmux.type("4000002500001001")
        var screen = try tmux.waitFor("Pay with", timeout: 20)
        #expect(screen.contains("Pay with (*) Visa  ( ) Cartes Bancaires"), "\(screen)")
        #expect(screen.contains("[ Pay EUR 49.99 ]"))
        #expect(screen.contains("tab next | S-tab prev"))
        #expect(screen.contains("> Card number"), "the focus bar")
        tmux.send("Tab", "Right", "Tab", "Tab", "Tab")
        tmux.type("José")
        screen = try tmux.waitFor("Jos?", timeout: 20)
        #expect(screen.contains("( ) Visa  (*) Cartes Bancaires"))
        tmux.send("F1")
        screen = try tmux.waitFor("Keys on Pay by card", timeout: 20)
        #expect(screen.contains("Esc goes one step back"))
        // One key at a time: Esc with another key right behind it reads as Alt plus that key.
        tmux.send("Escape")
        try tmux.waitUntil("the help closed", timeout: 20) { !$0.contains("Keys on Pay by card") }
        tmux.send("F2")
        screen = try tmux.waitFor("events, newest last", timeout: 20)
        #expect(screen.contains("4000 00** **** 1001"), "masked digits in ASCII")
        for (index, line) in screen.split(separator: "\n").enumerated() {
            #expect(line.unicodeScalars.allSatisfy { $0.isASCII }, "row \(index) holds a byte beyond ASCII: \(line)")
        }
    }

    @Test func escAtStepTwoOfLinkingGoesBackToStepOne() throws {
        let (tmux, _) = try open(["nol", "link"], ready: "•••• 0233")
        defer { tmux.close() }
        tmux.send("Enter")
        try tmux.waitFor("▸② Phone", timeout: 20)
        tmux.type("0501234567")
        tmux.send("Escape")
        let screen = try tmux.waitFor("▸① Scan card", timeout: 20)
        #expect(!screen.contains("EXIT="), "the flow goes back a step; the program does not quit")
        #expect(screen.contains("enter tap card · esc quit"))
        tmux.send("Escape")
        let after = try TUIHarness.waitForExit(tmux)
        #expect(after.contains("EXIT=0"), "on step ① at the top level, esc quits")
    }

    @Test func escOnAFilledFormAsksFirst() throws {
        let (tmux, _) = try open(["pay"], ready: "Card number")
        defer { tmux.close() }
        tmux.type("4242")
        tmux.send("Escape")
        try tmux.waitFor("Discard this card?", timeout: 20)
        tmux.send("n")
        let kept = try tmux.waitUntil("the question gone", timeout: 20) { !$0.contains("Discard this card?") }
        #expect(kept.contains("4242"))
        tmux.send("Escape")
        try tmux.waitFor("Discard this card?", timeout: 20)
        tmux.send("y")
        let after = try TUIHarness.waitForExit(tmux)
        #expect(after.contains("EXIT=0"))
    }
}
