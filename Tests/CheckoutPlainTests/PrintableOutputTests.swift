import CheckoutApp
import Foundation
import Testing
@testable import CheckoutPlain

/// Every byte plain mode writes is printable text, a space or a newline, whatever is typed at it.
@Suite struct PrintableOutputTests {
    /// Answers a terminal or a script can send that must never reach the output raw.
    static let hostile: [ScriptedConsole.Answer] = [
        "\u{1B}[2J\u{1B}[31mred", "tab\there", "carriage\rreturn", "back\u{08}\u{08}space", "bell\u{07}",
        "\u{202E}reversed", "nul\u{0}byte", "\u{9B}c1 control", "line\u{2028}separator", .notUTF8,
    ]

    /// Every flow, walked to its end with hostile answers at its questions.
    static let scripts: [(Route, [ScriptedConsole.Answer])] = [
        (.home, hostile + ["8"]),
        (.pay, hostile + ["4000002500001001"] + hostile + ["2"] + hostile + ["12/30"] + hostile + ["123"] + hostile
            + ["Jane Doe"] + hostile + ["y", "1", "y"] + hostile + ["2", "8"]),
        (.pay, ["4242424242424242", "12/30", "123", "Jane \u{1B}[1mDoe", "Jane Doe", "y", "2", "back"]),
        (.nolLink, hostile + ["2"] + hostile + ["0501234567"] + hostile + ["resend"] + [.codeFromSMS] + hostile + ["2", "8"]),
        (.nolCards, hostile + ["0501234567", "1", "050 123 4567\u{1B}[A", "2", "8"]),
        (.nolPay, hostile + ["0501234567"] + hostile + ["2", "\u{1B}]0;title\u{07}", "back", "back"]),
        (.nolUnlink, hostile + ["0501234567", "back", "back"]),
        (.settings, hostile + ["1"] + hostile + ["all", "2", "3"] + hostile + ["http://bins.example/\u{1B}[0m", "3"] + hostile
            + ["100", "5", "back", "y"]),
    ]

    @Test(arguments: [false, true]) func everyFlowWritesOnlyPrintableText(asciiOnly: Bool) async throws {
        let harness = try PlainHarness()
        for (route, answers) in Self.scripts {
            let (status, console) = await harness.run(route, answers, asciiOnly: asciiOnly)
            #expect(status == 0)
            #expect(firstUnprintable(console.transcript, asciiOnly: asciiOnly) == nil, "\(route): \(console.transcript)")
            #expect(console.unread == 0, "\(route) ended before its script: \(console.transcript)")
        }
    }

    @Test func suppliedTextIsShownEscaped() async throws {
        let harness = try PlainHarness()
        let (_, console) = await harness.run(.home, ["\u{1B}[2J", "\u{202E}x", "8"])
        #expect(console.transcript.contains("There is no choice \"\\u001b[2J\""))
        #expect(console.transcript.contains("There is no choice \"\\u202ex\""))
        #expect(PlainText.printable("a\rb\u{8}c\td", ascii: false) == "a\\u000db\\u0008c\\u0009d")
        #expect(PlainText.printable("José • €49.99 …", ascii: true) == "Jos\\u00e9 * EUR 49.99 ...")
        #expect(PlainText.printable("José • €49.99", ascii: false) == "José • €49.99")
    }

    /// The isolates and marks an Arabic line uses pass in UTF-8; the embeddings and overrides that
    /// would reorder the rest of the terminal's line stay escaped; ASCII escapes them all.
    @Test func isolatesPassOverridesDoNot() {
        let line = "\u{2068}Visa\u{2069} \u{2066}4242\u{2069} \u{200F}49.99"
        #expect(PlainText.printable(line, ascii: false) == line)
        #expect(PlainText.printable("\u{202E}x\u{202C}", ascii: false) == "\\u202ex\\u202c", "the one escape notation (DiagnosticText.escaped)")
        #expect(PlainText.printable("\u{2066}1\u{2069}", ascii: true) == "\\u20661\\u2069")
    }
}
