import CheckoutTestSupport
import Foundation
import Testing

/// The Nol Pay screens of the real binary in tmux: link a demo card reading the code from the
/// on-screen SMS panel, list it, pay with it and unlink it choosing it from the cards linked to the
/// number, then see that the number has no card left; a wrong code then the right one; My cards → Pay.
@Suite(.enabled(if: TmuxSession.isAvailable)) struct NolTUIEndToEndTests {
    func open(_ words: [String], dataDir: String, width: Int = 80, height: Int = 24) throws -> TmuxSession {
        try TmuxSession(command: [ChildProcess.checkoutBinary] + words + ["--data-dir", dataDir], width: width, height: height)
    }

    /// The code the SMS panel shows.
    func code(in screen: String) -> String? {
        screen.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: #"Code  \d{6}"#, options: .regularExpression) else { return nil }
            return String(line[range].suffix(6))
        }.first
    }

    func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("nol-tui-\(UUID().uuidString)").path
    }

    /// Links the Gold card (•••• 0233) to 050 123 4567 with the code from the SMS panel, a wrong code first.
    func linkGoldWithAWrongCodeFirst(dataDir: String) throws {
        let link = try open(["nol", "link"], dataDir: dataDir)
        defer { link.close() }
        try link.waitUntil("the reader list") { $0.contains("•••• 0233") && $0.contains("AED 2.50 below fare") }
        link.send("Down")
        link.send("Enter")
        try link.waitUntil("the phone step with its example") { $0.contains("Mobile number   e.g. 050 123 4567") }
        link.type("050 123 4567")
        link.send("Enter")
        let smsScreen = try link.waitUntil("the SMS panel") { $0.contains("Code  ") && $0.contains("To: +971 50 123 4567") }
        let right = try #require(code(in: smsScreen))
        let wrong = String(right.dropLast()) + (right.last == "0" ? "1" : "0")
        // A code goes off at its sixth digit: no Enter.
        link.type(wrong)
        try link.waitUntil("the wrong code refused, the field empty") {
            $0.contains("✗ Wrong code: 2 tries left.") && $0.contains("┃ Code            ______")
        }
        link.type(right)
        try link.waitUntil("the card linked") { $0.contains("✓ Card linked") && !$0.contains("Wrong code") }
    }

    /// A left click as the terminal reports it in SGR form (1-based cells) on the first `text`
    /// shown; the Nol screens draw only one-column characters left of what the test looks for.
    func click(_ tmux: TmuxSession, on text: String, in screen: String, offset: Int = 0) throws {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(lines.firstIndex { $0.contains(text) }, "\(text) not on the screen:\n\(screen)")
        let line = lines[row]
        let column = line.distance(from: line.startIndex, to: try #require(line.range(of: text)).lowerBound) + offset
        tmux.type("\u{1b}[<0;\(column + 1);\(row + 1)M\u{1b}[<0;\(column + 1);\(row + 1)m")
    }

    @Test func aClickChoosesAReaderCardAndASecondTapsIt() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let link = try open(["nol", "link"], dataDir: dir)
        defer { link.close() }
        let list = try link.waitUntil("the reader list") { $0.contains("Red card - visitor pass") }
        try click(link, on: "Red card - visitor pass", in: list)
        let chosen = try link.waitUntil("the card chosen") { $0.contains("┃ ▸ Red card - visitor pass") }
        try click(link, on: "Red card - visitor pass", in: chosen)
        try link.waitUntil("the card tapped") { $0.contains("▸② Phone") && $0.contains("Red card - visitor pass •••• 0459") }
    }

    @Test func aWrongCodeThenTheRightOne() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try linkGoldWithAWrongCodeFirst(dataDir: dir)
    }

    @Test func myCardsThenPay() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try linkGoldWithAWrongCodeFirst(dataDir: dir)

        let cards = try open(["nol", "cards"], dataDir: dir, width: 60, height: 20)
        defer { cards.close() }
        try cards.waitUntil("the phone field") { $0.contains("Mobile number") }
        cards.type("0501234567")
        cards.send("Enter")
        try cards.waitUntil("the list") {
            $0.contains("┃ ▸ Gold card - first class") && $0.contains("AED 42.50") && !$0.contains("Enter a mobile number")
        }
        cards.send("Enter")
        try cards.waitUntil("the card's actions") { $0.contains("▸ Pay AED 7.50 with this card") && $0.contains("Unlink this card") }
        cards.send("Enter")
        try cards.waitUntil("the payment") {
            $0.contains("Nol Pay · Pay") && $0.contains("✓ Payment authorized") && $0.contains("New balance   AED 35.00")
        }
        cards.send("Enter")
        try cards.waitUntil("My cards again, with the new balance") {
            $0.contains("Nol Pay · My cards") && $0.contains("┃ ▸ Gold card - first class") && $0.contains("AED 35.00")
        }
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
        try unlink.waitUntil("the card unlinked") { $0.contains("✓ Card unlinked") }
        unlink.send("F2")
        try unlink.waitUntil("the Nol events in the log") {
            $0.contains("nolSMS to +971 50 123 4567 (code sent)") && $0.contains("nolStep cardUnlinked •••• 0233")
        }

        let again = try open(["nol", "unlink"], dataDir: dir)
        defer { again.close() }
        try again.waitUntil("the phone field") { $0.contains("Mobile number") }
        again.type("0501234567")
        again.send("Enter")
        try again.waitUntil("the no-card message") {
            $0.contains("No card is linked to +971 50 123 4567.") && $0.contains("Link one first")
        }
    }
}
