import CheckoutApp
import CheckoutCore
import CheckoutEngine
import Foundation
import Testing

/// Plain mode asked from the screen model (issue 30): Payments (its list, a receipt read aloud,
/// a filter, a receipt saved) and the receipt after a payment, which had no question of their own.
@Suite struct PlainModelTests {
    static let visa: [ScriptedConsole.Answer] = ["4242 4242 4242 4242", "12/30", "123", "Jane Doe", "y"]

    @Test func theReceiptAfterAPaymentIsSavedToTheFileNamed() async throws {
        let harness = try PlainHarness()
        let path = harness.directory.appendingPathComponent("after-payment.txt").path
        let (status, console) = await harness.run(.pay, Self.visa + ["3", .line(path)])
        #expect(status == 0)
        #expect(console.transcript.contains("  1) Another card\n  2) Home\n  3) Save receipt\n"))
        // The path as the echo writes it (a temporary folder's UUID may hold a card-like run, masked).
        #expect(console.transcript.contains("Saved to /"))
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved.contains("AUTHORIZED") && saved.contains("•••• 4242") && !saved.contains("4242 4242"))
    }

    @Test func paymentsListsTheLedgerReadsTheChosenReceiptAndSavesIt() async throws {
        let harness = try PlainHarness()
        _ = await harness.run(.pay, Self.visa)
        let id = try #require(harness.payments.first?.id)
        let path = harness.directory.appendingPathComponent("from-payments.txt").path
        // The options: the one payment, then the screen's keys (the filter both ways, save, copy; no
        // page keys, as there is one page).
        let (status, console) = await harness.run(.payments, ["3", "4", .line(path)])
        #expect(status == 0)
        let transcript = console.transcript
        #expect(transcript.contains("Payment id: \(id)\n"))
        #expect(transcript.contains("Payments: All · 1 payment · page 1 of 1\n  1) "))
        #expect(transcript.contains(", Visa, 42424242…4242, €49.99, AUTHORIZED\n"))
        // → is the next filter: Authorized, whose list holds the same payment.
        #expect(transcript.contains("Payments: Authorized · 1 payment · page 1 of 1\n"))
        #expect(transcript.contains("Saved to /"))
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains(id))
        #expect(!transcript.contains("4242424242424242") && !transcript.contains("4242 4242"))
    }

    @Test func anEmptyLedgerSaysSoAndLeaves() async throws {
        let harness = try PlainHarness()
        let (status, console) = await harness.run(.payments, [])
        #expect(status == 0)
        #expect(console.transcript.contains("Payments.\nNo payments yet"))
    }

    @Test func aModelsFieldIsAskedAsALineAndASecretOneUnseen() throws {
        var model = ScreenModel(screen: "x", title: "X")
        model.fields = [.secret(id: "code", label: "Code", text: "123456", glyphs: .unicode, focused: true)]
        let question = try #require(model.question(context: ScreenContext(catalogue: PlainHarness.catalogue, settings: PlainHarness.settings)))
        guard case .text(let answer) = question.kind else { Issue.record("not a text question"); return }
        // What an empty answer keeps is the field as it is shown, bullets, never its text; keeping it types nothing.
        #expect(answer.hidden && answer.echo == .secret && answer.current == "••••••")
        #expect(answer.steps("••••••") == [.check, .goOn])
        #expect(answer.steps("42") == AnswerStep.replacing(with: "42") + [.check, .goOn])
    }

    /// Issue 30 ⑦: the line said when input ends is what happened, after every outcome.
    @Test func leavingTheFormAfterAPaymentWentThroughDoesNotSayNothingWasPaid() async throws {
        let harness = try PlainHarness()
        let (_, after) = await harness.run(.pay, Self.visa + ["1"])
        #expect(after.transcript.hasSuffix("Card number: \nNothing more was paid; the payment made before stands.\nEnd of input: goodbye.\n"))
        #expect(!after.transcript.contains("Nothing was paid."))
        let (_, before) = await harness.run(.pay, ["4242 4242 4242 4242"])
        #expect(before.transcript.hasSuffix(": \nNothing was paid.\nEnd of input: goodbye.\n"))
    }
}
