import CheckoutTestSupport
import Foundation
import Testing

/// The Nol Pay screens of the real binary in tmux: link a demo card reading the code from the
/// on-screen SMS panel, list it, pay with it and unlink it choosing it from the cards linked to the
/// number, then see that the number has no card left.
@Suite(.enabled(if: TmuxSession.isAvailable)) struct NolTUIEndToEndTests {
    func open(_ words: [String], dataDir: String) throws -> TmuxSession {
        try TmuxSession(command: [ChildProcess.checkoutBinary] + words + ["--data-dir", dataDir], width: 80, height: 24)
    }

    @Test func linkListPayUnlink() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nol-tui-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }

        let link = try open(["nol", "link"], dataDir: dir)
        defer { link.close() }
        try link.waitUntil("the reader list") { $0.contains("•••• 0233") }
        link.send("Down")
        link.send("Enter")
        try link.waitUntil("the phone step") { $0.contains("Mobile number") }
        link.type("050 123 4567")
        link.send("Enter")
        let smsScreen = try link.waitUntil("the SMS panel") { $0.contains("Code  ") && $0.contains("SMS") }
        let code = try #require(smsScreen.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: #"Code  \d{6}"#, options: .regularExpression) else { return nil }
            return String(line[range].suffix(6))
        }.first)
        link.type(code)
        link.send("Enter")
        try link.waitUntil("the card linked") { $0.contains("✓ Card linked") }

        let cards = try open(["nol", "cards"], dataDir: dir)
        defer { cards.close() }
        try cards.waitUntil("the phone field") { $0.contains("Mobile number") }
        cards.type("0501234567")
        cards.send("Enter")
        try cards.waitUntil("the linked card") { $0.contains("•••• 0233") }

        let pay = try open(["nol", "pay"], dataDir: dir)
        defer { pay.close() }
        try pay.waitUntil("the phone field") { $0.contains("Mobile number") && $0.contains("▸① Phone") }
        pay.type("0501234567")
        pay.send("Enter")
        try pay.waitUntil("the linked cards") { $0.contains("▸ Gold card") && $0.contains("•••• 0233") && $0.contains("▸② Card") }
        pay.send("Enter")
        try pay.waitUntil("the payment result") { $0.contains("✓ Payment authorized") && $0.contains("AED 35.00") }

        let unlink = try open(["nol", "unlink"], dataDir: dir)
        defer { unlink.close() }
        try unlink.waitUntil("the phone field") { $0.contains("Mobile number") }
        unlink.type("050 123 4567")
        unlink.send("Enter")
        try unlink.waitUntil("the linked cards") { $0.contains("▸ Gold card") && $0.contains("Type a card number") }
        unlink.send("Enter")
        let unlinkSMS = try unlink.waitUntil("the SMS panel") { $0.contains("unlink your Nol") && $0.contains("▸③ Code") }
        let unlinkCode = try #require(unlinkSMS.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: #"Code  \d{6}"#, options: .regularExpression) else { return nil }
            return String(line[range].suffix(6))
        }.first)
        unlink.type("x" + unlinkCode)
        unlink.send("Enter")
        try unlink.waitUntil("the card unlinked") { $0.contains("✓ Card unlinked") }
        unlink.send("F2")
        try unlink.waitUntil("the Nol events in the log") {
            $0.contains("nolSMS to +971501234567 (code sent)") && $0.contains("nolStep cardUnlinked •••• 0233")
        }

        let again = try open(["nol", "unlink"], dataDir: dir)
        defer { again.close() }
        try again.waitUntil("the phone field") { $0.contains("Mobile number") }
        again.type("0501234567")
        again.send("Enter")
        try again.waitUntil("the no-card message") {
            $0.contains("No card is linked to +971 501234567.") && $0.contains("Link one first")
        }
    }
}
