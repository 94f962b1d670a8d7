import CheckoutCore
import CheckoutStore
import CheckoutTestSupport
import Foundation
import Testing

/// Plain mode of the real `checkout` binary: answers through a pipe, the conversation read from
/// stdout, the ledger read from the data directory; `TERM=dumb` in tmux, where stdin is a terminal.
@Suite struct PlainModeEndToEndTests {
    /// The environment of a user with a UTF-8 locale and no plain-mode variable of their own.
    static func environment(_ changes: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["CHECKOUT_PLAIN"] = nil
        environment["ACCESSIBLE"] = nil
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        return environment.merging(changes) { $1 }
    }

    static func dataDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("checkout-plain-e2e-\(UUID().uuidString)").path
    }

    /// Runs `checkout <arguments> --data-dir DIR` with `answers` on stdin, one per line.
    static func run(_ arguments: [String], _ answers: [String], dataDir: String = dataDirectory(),
                    environment: [String: String] = environment()) throws -> ChildProcess.Result {
        let input = answers.map { $0 + "\n" }.joined()
        let result = try ChildProcess.run(ChildProcess.checkoutBinary, arguments + ["--data-dir", dataDir], input: input,
                                          environment: environment, timeout: 60)
        // Every byte of every conversation is printable text or a newline.
        #expect(firstUnprintableByte(result.stdout) == nil, "\(arguments): \(result.stdout)")
        return result
    }

    static func payments(in dataDir: String) throws -> [LedgerEntry] {
        let path = dataDir + "/checkout.sqlite"
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        return try Ledger(database: Database(path: path)).entries()
    }

    @Test func plainVisaPayment() throws {
        let dir = Self.dataDirectory()
        let result = try Self.run(["--plain", "pay"], ["4242 4242 4242 4242", "12/30", "123", "Jane Doe", "y", "2", "8"], dataDir: dir)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("Card network: Visa; asking the BIN service...\nBIN service: Visa.\n"))
        #expect(result.stdout.contains("Payment authorized: €49.99 with Visa, card •••• 4242.\nPayment id pay_"))
        #expect(!result.stdout.contains("4242 4242") && !result.stdout.contains("123\n"))
        #expect(try Self.payments(in: dir).map(\.network) == ["VISA"])
    }

    @Test func coBadgedCardWithTheNonPreferredNetwork() throws {
        let dir = Self.dataDirectory()
        let result = try Self.run(["--plain", "pay", "--allowed", "VISA,CARTES_BANCAIRES,MASTERCARD"],
                                  ["4000002500001001", "2", "12/30", "123", "Jane Doe", "", "2", "8"], dataDir: dir)
        #expect(result.status == 0)
        #expect(result.stdout.contains("BIN service: Visa and Cartes Bancaires.\nThis card is co-badged: choose the network that carries the payment.\n"
            + "  1) Visa (preferred)\n  2) Cartes Bancaires\nChoose 1 or 2 [1]: 2\n"))
        #expect(result.stdout.contains("Payment authorized: €49.99 with Cartes Bancaires, card •••• 1001."))
        #expect(try Self.payments(in: dir).map(\.network) == ["CARTES_BANCAIRES"])
    }

    @Test func amexRefusedWhenOnlyVisaAndMastercardAreAccepted() throws {
        let dir = Self.dataDirectory()
        let result = try Self.run(["--plain", "pay", "--allowed", "VISA,MASTERCARD"], ["378282246310005"], dataDir: dir)
        #expect(result.status == 0)
        #expect(result.stdout.contains("American Express is not accepted here: use another card.\nCard number: \nNothing was paid.\n"))
        #expect(try Self.payments(in: dir).isEmpty)
    }

    @Test func invalidExpiryCorrectedOnTheSecondTry() throws {
        let dir = Self.dataDirectory()
        let result = try Self.run(["--plain", "pay"], ["4242424242424242", "13/30", "12/30", "123", "Jane Doe", "y"], dataDir: dir)
        #expect(result.stdout.contains("Expiry date (MM/YY): 13/30\nExpiry month must be between 01 and 12.\nExpiry date (MM/YY): 12/30\nCVV"))
        #expect(try Self.payments(in: dir).count == 1)
    }

    @Test func binServiceOff() throws {
        let dir = Self.dataDirectory()
        let result = try Self.run(["--plain", "pay", "--bin-service", "off"], ["4000002500001001", "12/30", "123", "Jane Doe", "y"], dataDir: dir)
        #expect(result.stdout.contains("Card number: •••• 1001\nBIN service off: using local rules. Card network: Visa.\nExpiry date"))
        #expect(try Self.payments(in: dir).map(\.network) == ["VISA"])
    }

    @Test func aSlowServiceIsGivenUpAfterTheTimeout() throws {
        let result = try Self.run(["--plain", "pay", "--bin-latency", "2000", "--bin-timeout", "300"], ["4000002500001001"])
        #expect(result.stdout.contains("Card network: Visa; asking the BIN service...\nBIN service unavailable: using local rules. Card network: Visa.\n"))
    }

    /// Settings saved in plain mode are the full-screen UI's: the same file, used on the next start
    /// of either, and an option on the command line overrides them for its run and is named.
    @Test func settingsSavedInPlainModeAreUsedOnTheNextStart() throws {
        let dir = Self.dataDirectory()
        let file = dir + "/settings.json"
        let saving = try Self.run(["--plain", "settings"], ["3", "250", "5", "7"], dataDir: dir)
        #expect(saving.status == 0 && saving.stderr.isEmpty, "\(saving.stderr)")
        #expect(saving.stdout.contains("Settings: Done saves them, for this run and the next ones.\n"))
        // A temporary folder's UUID can hold a card-like run, which plain mode's echo masks.
        #expect(saving.stdout.contains("Saved to \(CardLikeDigits.masked(file)).\n"))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains(#""binLatencyMs":250"#), "\(text)")

        let next = try Self.run(["--plain", "settings"], ["back", "7"], dataDir: dir)
        #expect(next.stdout.contains("Saved settings in use (\(CardLikeDigits.masked(file))).\n"))
        #expect(next.stdout.contains("  3) BIN latency: 250 ms\n"))

        let overridden = try Self.run(["--plain", "settings", "--bin-latency", "100"], ["back", "7"], dataDir: dir)
        #expect(overridden.stdout.contains("Saved settings in use; --bin-latency overrides them for this run.\n"))
        #expect(overridden.stdout.contains("  3) BIN latency: 100 ms\n"))

        // A session brings its own accepted networks: the note names --session, the option given.
        // (The saved latency stays 250 ms, so that the reset below changes it: only what changed is saved.)
        try #"{"version":1,"allowedNetworks":["VISA"],"binLatencyMs":250}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let session = dir + "/session.json"
        try #"{"paymentMethod":{"orderedAllowedCardNetworks":["MASTERCARD"]}}"#.write(toFile: session, atomically: true, encoding: .utf8)
        let bySession = try Self.run(["--plain", "settings", "--session", session], ["back", "7"], dataDir: dir)
        #expect(bySession.stdout.contains("Saved settings in use; --session overrides them for this run.\n"), "\(bySession.stdout)")
        #expect(!bySession.stdout.contains("--allowed"))

        let reset = try Self.run(["--plain", "settings"], ["6", "5", "7"], dataDir: dir)
        #expect(reset.stdout.contains("Defaults restored: Done saves them, back keeps the settings as they were.\n"))
        #expect(reset.stdout.contains("  3) BIN latency: 0 ms\n"))
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains(#""binLatencyMs":0"#))
    }

    @Test func questionMarkPrintsThePromptsHelp() throws {
        let result = try Self.run(["--plain", "pay"], ["?"])
        #expect(result.stdout.contains("Card number: ?\nThe long number on the front of the card, 13 to 19 digits; spaces and dashes are fine.\n"))
        #expect(result.stdout.contains("Type back for the previous question; press Ctrl-D (end of input) to leave.\nCard number: \n"))
    }

    /// Input ends at the home menu, the number, the network, the expiry, the CVV, the name and the confirmation.
    @Test func endOfInputAtEveryPromptOfTheCardFlowRecordsNothing() throws {
        let dir = Self.dataDirectory()
        let answers = ["1", "4000002500001001", "2", "12/30", "123", "Jane Doe", "y"]
        let prompts = ["Choose 1 to 8 [1]: ", "Card number: ", "Choose 1 or 2 [1]: ", "Expiry date (MM/YY): ", "CVV (3 digits): ",
                       "Cardholder name: ", "[Y/n]: "]
        for count in 0..<answers.count {
            let result = try Self.run(["--plain"], Array(answers.prefix(count)), dataDir: dir)
            #expect(result.status == 0, "after \(count) answers")
            #expect(result.stderr.isEmpty)
            #expect(result.stdout.hasSuffix(prompts[count] + "\n" + (count == 0 ? "" : "Nothing was paid.\n") + "End of input: goodbye.\n"),
                    "after \(count) answers: \(result.stdout)")
        }
        #expect(try Self.payments(in: dir).isEmpty)
    }

    @Test func nolLinkWithTheCodeFromTheSMSLine() throws {
        let dir = Self.dataDirectory()
        let session = try PipeSession(ChildProcess.checkoutBinary, ["--plain", "nol", "link", "--data-dir", dir], environment: Self.environment())
        try session.waitFor("Tap which card? Choose 1 to 7 [1]: ")
        session.send("2")
        try session.waitFor("Step 2 of 3: mobile number that receives the code: ")
        session.send("050 123 4567")
        let conversation = try session.waitFor("(or resend): ")
        let sms = try #require(conversation.split(separator: "\n").first { $0.hasPrefix("SMS to +971 50 123 4567: your code is ") })
        session.send(String(sms.suffix(6)))
        try session.waitFor("Card linked: Gold card - first class, •••• 0233, AED 42.50.")
        session.send("2")
        let result = session.finish()
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(firstUnprintableByte(result.stdout) == nil)
        #expect(!result.stdout.contains(String(sms.suffix(6)) + "\n" + "Card linked"), "the code is not echoed back")

        let cards = try Self.run(["--plain", "nol", "cards"], ["0501234567", "2"], dataDir: dir)
        #expect(cards.stdout.contains("1 card is linked to +971 50 123 4567:\n  Gold card - first class, •••• 0233, AED 42.50\n"))
    }

    @Test func aNonUTF8LocaleGetsASCII() throws {
        let result = try Self.run(["--plain", "pay"], ["4000002500001001", "2", "12/30", "123", "Jane Doe", "y"],
                                  environment: Self.environment(["LANG": "C", "LC_ALL": "C"]))
        #expect(result.stdout.utf8.allSatisfy { $0 == 0x0A || (0x20...0x7E).contains($0) }, "\(result.stdout)")
        #expect(result.stdout.contains("Pay EUR 49.99 with Cartes Bancaires, card **** 1001? [Y/n]: y\n"))
    }

    @Test func plainModeVariablesAndTheErrorWithoutATerminal() throws {
        let plain = try Self.run([], ["8"], environment: Self.environment(["CHECKOUT_PLAIN": "1"]))
        #expect(plain.status == 0 && plain.stdout.hasSuffix("Choose 1 to 8 [1]: 8\nGoodbye.\n"))
        let accessible = try Self.run(["nol", "cards"], [], environment: Self.environment(["ACCESSIBLE": "1"]))
        #expect(accessible.status == 0 && accessible.stdout.contains("Nol Pay: my cards."))
        // A terminal type ncurses knows, over pipes: the one case with no way to start (TERM set so,
        // whatever the test runner's own TERM is).
        let neither = try ChildProcess.run(ChildProcess.checkoutBinary, ["pay", "--data-dir", Self.dataDirectory()],
                                           environment: Self.environment(["TERM": "xterm-256color"]), timeout: 20)
        #expect(neither.status == 2)
        #expect(neither.stdout.isEmpty)
        #expect(neither.stderr.contains("needs a terminal") && neither.stderr.contains("checkout --plain"))
    }

    /// `TERM=dumb checkout` over pipes, with no plain-mode option or variable: plain mode, not the
    /// error, and a co-badged card paid with the network chosen by name (PRODUCT.md; issue 20).
    @Test func termDumbStartsPlainModeOverPipesAndPaysACoBadgedCardWithVisa() throws {
        let dir = Self.dataDirectory()
        let result = try Self.run([], ["1", "4000 0025 0000 1001", "visa", "12/30", "123", "Jane Doe", "y", "2", "8"], dataDir: dir,
                                  environment: Self.environment(["TERM": "dumb"]))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("TerminalCheckout, plain mode."))
        #expect(result.stdout.contains("This card is co-badged: choose the network that carries the payment.\n"))
        #expect(result.stdout.contains("Choose 1 or 2 [1]: visa\n"))
        #expect(result.stdout.contains("Payment authorized: €49.99 with Visa, card •••• 1001.\nPayment id pay_"))
        #expect(result.stdout.hasSuffix("Choose 1 to 8 [1]: 8\nGoodbye.\n"))
        #expect(try Self.payments(in: dir).map(\.network) == ["VISA"])
    }

    @Test(.enabled(if: TmuxSession.isAvailable)) func termDumbStartsPlainModeInATerminal() throws {
        let dir = Self.dataDirectory()
        let command = [ChildProcess.checkoutBinary, "--data-dir", dir].map(TmuxSession.quote).joined(separator: " ")
        let tmux = try TmuxSession(shellCommand: "TERM=dumb \(command); echo EXIT=$?; stty -a; echo STTY-PRINTED; sleep 60",
                                   width: 100, height: 40)
        defer { tmux.close() }
        // capture-pane drops the space after each prompt, so the waits end at the colon.
        try tmux.waitFor("Choose 1 to 8 [1]:")
        #expect(tmux.capture().contains("TerminalCheckout, plain mode."))
        tmux.answer("1")
        try tmux.answer("Card number:", "4242424242424242")
        try tmux.answer("Expiry date (MM/YY):", "12/30")
        let prompt = try tmux.waitFor("CVV (3 digits; typing is not shown):")
        #expect(prompt.contains("BIN service: Visa."))
        tmux.type("987")
        tmux.send("Enter")
        try tmux.waitFor("Cardholder name:")
        #expect(!tmux.capture().contains("987"), "the CVV is not echoed")
        tmux.type("Jane Doe")
        try tmux.waitFor("Cardholder name: Jane Doe")
        tmux.send("Enter")
        try tmux.waitFor("[Y/n]:")
        tmux.send("Enter")
        try tmux.waitFor("Payment authorized: €49.99 with Visa, card •••• 4242.")
        tmux.send("C-d")
        let after = try tmux.waitFor("STTY-PRINTED")
        #expect(after.contains("End of input: goodbye.\nEXIT=0"))
        #expect(TUIHarness.sttyWords(after).contains("echo"))
        #expect(try Self.payments(in: dir).map(\.network) == ["VISA"])
    }

    /// Ctrl-C while the security code is typed with echo off ends the program with echo back on.
    @Test(.enabled(if: TmuxSession.isAvailable)) func ctrlCAtTheHiddenPromptRestoresEcho() throws {
        let command = [ChildProcess.checkoutBinary, "--plain", "pay", "--data-dir", Self.dataDirectory()].map(TmuxSession.quote)
            .joined(separator: " ")
        let tmux = try TmuxSession(shellCommand: "\(command); echo EXIT=$?; stty -a; echo STTY-PRINTED; sleep 60", width: 100, height: 40)
        defer { tmux.close() }
        try tmux.answer("Card number:", "4242424242424242")
        try tmux.answer("Expiry date (MM/YY):", "12/30")
        try tmux.waitFor("typing is not shown):")
        tmux.type("12")
        tmux.send("C-c")
        let after = try tmux.waitFor("STTY-PRINTED")
        #expect(after.contains("EXIT=130"))
        let words = TUIHarness.sttyWords(after)
        #expect(words.contains("echo") && !words.contains("-echo"))
    }
}

/// The first byte (as a description) that is not printable text: ESC, CR, backspace, any other
/// control character, invalid UTF-8; nil when every byte is printable ASCII, UTF-8 of a printable
/// character, or a newline.
func firstUnprintableByte(_ text: String) -> String? {
    // The isolates and marks of an Arabic line are printed on purpose (PlainText.isPrintable).
    let bidi: Set<UInt32> = [0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C]
    for (offset, scalar) in text.unicodeScalars.enumerated() where scalar != "\n" && !bidi.contains(scalar.value) {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate, .privateUse:
            return "U+\(String(scalar.value, radix: 16)) at \(offset)"
        default:
            if scalar == "\u{FFFD}" { return "invalid UTF-8 at \(offset)" }
        }
    }
    return nil
}

extension TmuxSession {
    /// Types `text` and Enter, as a person answers a plain-mode question.
    func answer(_ text: String) {
        type(text)
        send("Enter")
    }

    /// Waits for the question ending in `prompt` (capture-pane drops the space after it), then answers it.
    func answer(_ prompt: String, _ text: String) throws {
        try waitFor(prompt)
        answer(text)
    }
}
