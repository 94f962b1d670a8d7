import CheckoutCore
import CheckoutTestSupport
import Testing
@testable import CheckoutPlain

/// Issue 30 ⑦: on a terminal, the card number the terminal echoed is written over with its masked
/// form once it is read, so the full number does not stay in the scrollback; on pipes nothing changes.
@Suite struct PlainCardNumberRewriteTests {
    static let answers: [ScriptedConsole.Answer] = ["4242424242424242", "12/30", "123", "Jane Doe", "y"]

    @Test func onATerminalTheEchoedNumberIsOverwrittenMasked() async throws {
        let harness = try PlainHarness()
        let (_, console) = await harness.run(.pay, Self.answers, echoesInput: true, canRewriteLine: true)
        let transcript = console.transcript
        #expect(transcript.contains("Card number: \u{1b}[1A\r\u{1b}[2KCard number: •••• 4242\n"), "\(transcript)")
        // Only the card number's line is rewritten.
        #expect(transcript.components(separatedBy: "\u{1b}[1A").count == 2, "\(transcript)")
        #expect(harness.payments.map(\.last4) == ["4242"])
    }

    @Test func aTerminalThatCannotMoveTheCursorAndPipesGetNoEscape() async throws {
        let harness = try PlainHarness()
        let (_, dumb) = await harness.run(.pay, Self.answers, echoesInput: true, canRewriteLine: false)
        #expect(!dumb.transcript.contains("\u{1b}"))
        let (_, pipe) = await harness.run(.pay, Self.answers)
        #expect(!pipe.transcript.contains("\u{1b}") && pipe.transcript.contains("Card number: •••• 4242\n"))
    }
}
