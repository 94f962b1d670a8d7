import CheckoutTestSupport
import Foundation
import Testing

/// The receipt and Payments in the real binary: a payment's receipt saved to a file the person
/// names and copied through OSC 52; the payment then listed on the Payments screen.
@Suite struct ReceiptAndPaymentsEndToEndTests {
    @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux (the README's set-up line installs it)")) func theReceiptIsSavedCopiedAndTheLedgerListsThePayment() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-receipt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let session = root.appendingPathComponent("examples/session-basket.json").path
        let (tmux, _) = try TUIHarness.start(["--session", session], dataDirectory: directory.appendingPathComponent("data").path)
        defer { tmux.close() }
        try tmux.waitFor("What would you like to do?")
        tmux.send("Enter")
        try tmux.waitFor("Corner Bakery · 3 items · €17.60")
        tmux.type("4242424242424242")
        try tmux.fillTheRestOfTheCard(showing: ["4242 4242 4242 4242", "Networks from the BIN service"])
        tmux.send("Enter")
        try tmux.waitFor("Payment authorized")
        tmux.send("s")
        try tmux.waitFor("Save to receipt-")
        let file = directory.appendingPathComponent("receipt.txt").path
        tmux.send("C-u")
        tmux.type(file)
        tmux.send("Enter")
        try tmux.waitFor("✓ Saved to")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("Receipt\nMerchant    Corner Bakery\nOrder       order-0042\nItems       2 × Sourdough loaf  €9.00\n"), "\(text)")
        #expect(text.contains("Card        •••• 4242\n") && !text.contains("4242424242424242"))
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        tmux.send("c")
        try tmux.waitFor("Sent to the clipboard")
        #expect(tmux.pasteBuffer() == text, "OSC 52 carried the same receipt")
        // The ledger lists it: Payments on the home menu.
        tmux.send("Escape")
        try tmux.waitFor("What would you like to do?")
        tmux.send("Up", "Up", "Up", "Enter")
        let payments = try tmux.waitFor("Status ◀ All ▶ · 1 payment · page 1 of 1")
        #expect(payments.contains("€17.60  AUTHORIZED"), "\(payments)")
        #expect(payments.contains("Card          •••• 4242") && payments.contains("42424242…4242"), "one receipt: the list shows the first digits, the receipt the last four; \(payments)")
    }
}
