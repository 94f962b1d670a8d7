import CheckoutCore
import Testing
@testable import CheckoutPlain

/// When `checkout` runs plain mode, and how a terminal type is found in the terminfo database.
@Suite struct PlainModeTests {
    func decide(flag: Bool = false, _ environment: [String: String], terminal: Bool = true,
                known: Set<String> = ["xterm-256color", "tmux-256color"]) -> PlainMode.Decision {
        PlainMode.decide(flag: flag, environment: environment, stdinIsTerminal: terminal, stdoutIsTerminal: terminal,
                         knowsTerminal: { known.contains($0) })
    }

    @Test func triggers() {
        #expect(decide(["TERM": "xterm-256color"]) == .fullScreen)
        #expect(decide(flag: true, ["TERM": "xterm-256color"]) == .plain)
        #expect(decide(["TERM": "dumb"]) == .plain)
        #expect(decide(["TERM": "no-such-terminal"]) == .plain)
        #expect(decide([:]) == .plain)
        #expect(decide(["TERM": "xterm-256color", "CHECKOUT_PLAIN": "1"]) == .plain)
        #expect(decide(["TERM": "xterm-256color", "ACCESSIBLE": "1"]) == .plain)
        #expect(decide(["TERM": "xterm-256color", "ACCESSIBLE": "0", "CHECKOUT_PLAIN": ""]) == .fullScreen)
    }

    @Test func withoutATerminalOnlyAnExplicitTriggerRunsPlainMode() {
        #expect(decide(["TERM": "xterm-256color"], terminal: false) == .notATerminal)
        // PRODUCT.md: TERM dumb or unknown starts plain mode on pipes too (issue 20).
        #expect(decide(["TERM": "dumb"], terminal: false) == .plain)
        #expect(decide(["TERM": "no-such-terminal"], terminal: false) == .plain)
        #expect(decide(flag: true, [:], terminal: false) == .plain)
        #expect(decide(["CHECKOUT_PLAIN": "yes"], terminal: false) == .plain)
        #expect(PlainMode.notATerminalMessage.contains("--plain") && PlainMode.notATerminalMessage.contains("needs a terminal"))
    }

    @Test func terminfoIsSearchedAsNcursesSearchesIt() {
        let files: Set<String> = ["/lib/terminfo/x/xterm", "/home/me/.terminfo/m/mine", "/opt/ti/6d/mac-style", "/custom/c/custom"]
        func knows(_ term: String, _ environment: [String: String] = ["HOME": "/home/me"]) -> Bool {
            TerminfoDatabase.knows(term, environment: environment, fileExists: files.contains)
        }
        #expect(knows("xterm"))
        #expect(knows("mine"))
        #expect(!knows("mine", [:]))
        #expect(knows("mac-style", ["TERMINFO_DIRS": "/opt/ti"]))
        #expect(knows("xterm", ["TERMINFO_DIRS": "/opt/ti:"]))
        #expect(knows("custom", ["TERMINFO": "/custom"]))
        #expect(!knows("vt999"))
        #expect(!knows("../x/xterm") && !knows(""))
    }

    @Test func phonesAndListsAsSentencesSayThem() {
        #expect(PlainText.phone("0501234567") == "+971 50 123 4567")
        #expect(PlainText.phone("+33 6 12 34 56 78") == "+33 6 12 34 56 78", "France writes its numbers in pairs")
        #expect(PlainText.list(["Visa"]) == "Visa")
        #expect(PlainText.list(["Visa", "Mastercard", "Cartes Bancaires"]) == "Visa, Mastercard and Cartes Bancaires")
        #expect(CardNumberMask.echo(digits: "4000002500001001") == "•••• 1001")
        #expect(CardNumberMask.echo(digits: "4242") == "••••")
    }
}
