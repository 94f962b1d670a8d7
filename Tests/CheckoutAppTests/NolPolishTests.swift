import CheckoutStore
import CheckoutTestSupport
import Foundation
import NolPay
import Testing
@testable import CheckoutApp

/// The Nol screens as polished as the card form (issue 11): a refused code, the code's length, the
/// phone example and grouped numbers, errors that stay with their card, cards below the fare, a
/// decline's balance, long labels.
extension NolScreenTests {
    /// The rows between the code field and the footer.
    func underTheCode(_ model: AppModel, width: Int = 80, height: Int = 24) -> [String] {
        let lines = model.render(width: width, height: height).lines
        guard let field = lines.firstIndex(where: { $0.contains("┃ Code") || $0.contains("> Code") }) else { return [] }
        return Array(lines[field...]).map { $0.replacingOccurrences(of: #"\s*│.*"#, with: "", options: .regularExpression) }
    }

    @Test func aWrongCodeEmptiesTheFieldAndSaysHowManyTriesAreLeft() async throws {
        var model = await linkOnTheCodeStep()
        model.type("000000")
        _ = model.press(.enter)
        await settle(&model)
        let screen = try #require(model.top as? NolFlowScreen)
        #expect(screen.values[.code] == nil, "the refused code is gone")
        let lines = underTheCode(model, width: 120, height: 40)
        #expect(lines[0].hasSuffix("Code            ______"), "\(lines)")
        #expect(lines[1...3] == ["", "    ✗ Wrong code: 2 tries left.", "    → Check the 6 digits in the SMS and type them again."], "\(lines)")
        checkAllSizes(model, "nol-link-wrong-code")
        checkASCII(await wrongCodeInASCII(), "nol-link-wrong-code")

        model.type("1")
        #expect((model.top as? NolFlowScreen)?.values[.code]?.text == "1", "the next digit goes in at once")
        #expect(model.screen.contains("Code            1_____"))
        #expect(model.screen.contains("✗ Wrong code: 2 tries left."), "the count stays while the code is typed again")
        model.type("11111")
        _ = model.press(.enter)
        await settle(&model)
        #expect(model.screen.contains("✗ Wrong code: 1 try left."))
    }

    func wrongCodeInASCII() async -> AppModel {
        var model = await linkOnTheCodeStep(glyphs: .ascii)
        model.type("000000")
        _ = model.press(.enter)
        await settle(&model)
        return model
    }

    @Test func theThirdWrongCodeSaysToAskForANewOneAndF5SendsIt() async throws {
        var model = await linkOnTheCodeStep()
        for _ in 0..<3 {
            model.type("000000")
            _ = model.press(.enter)
            await settle(&model)
        }
        let voided = model.render(width: 120, height: 40).text
        #expect(voided.contains("✗ Too many wrong codes: this code no longer works."))
        // F5 with its ctrl+r (issue 21), and the wait before it (issue 22), counted down live with the footer.
        #expect(voided.contains("→ In 30 s, press F5/ctrl+r for a new code; it comes by SMS."), "never an F5 the Nol system then refuses unsaid")
        #expect(voided.contains("F5/ctrl+r resend in 30 s"))
        #expect(voided.contains("Code            ______"))
        checkAllSizes(model, "nol-link-code-voided")

        // The simulator sends a new code 30 s after the last one at the earliest.
        await clock.advance(by: .seconds(31))
        _ = model.tick()
        #expect(model.render(width: 120, height: 40).text.contains("→ Press F5/ctrl+r for a new code; it comes by SMS."), "the wait over, the advice says so")
        _ = model.press(.function(5))
        await settle(&model)
        #expect(!model.screen.contains("Too many wrong codes"), "a new code clears what was said about the old one")
        model.type("123456")
        _ = model.press(.enter)
        await settle(&model)
        #expect(model.screen.contains("✓ Card linked"))
    }

    @Test func aShortCodeSaysItHasSixDigits() async throws {
        var model = await linkOnTheCodeStep()
        model.type("123")
        _ = model.press(.enter)
        let lines = underTheCode(model, width: 120, height: 40)
        #expect(lines[0].hasSuffix("Code *          123___"), "\(lines)")
        #expect(lines[1].hasSuffix("OTP is not valid: the code has 6 digits."), "\(lines)")
        #expect(model.transitCallsMade == 2, "no Transit call for a short code")
        checkAllSizes(model, "nol-link-short-code")
        var ascii = await linkOnTheCodeStep(glyphs: .ascii)
        ascii.type("123")
        _ = ascii.press(.enter)
        checkASCII(ascii, "nol-link-short-code")
    }

    @Test func theEmptyPhoneFieldShowsAnExampleAndNumbersAreGroupedEverywhere() async throws {
        var pay = model(.nolPay)
        let empty = pay.render(width: 80, height: 24)
        let field = try #require(empty.lines.firstIndex { $0.contains("Mobile number") })
        #expect(empty.lines[field].hasSuffix("Mobile number   e.g. 050 123 4567"))
        #expect(empty.cursor?.row == field && empty.cursor?.column == 20, "the caret waits at the start of the example")
        pay.type("0")
        #expect(!pay.screen.contains("e.g."), "the example goes with the first key")

        var model = await linkOnTheCodeStep()
        let code = model.render(width: 80, height: 24).lines
        #expect(code.contains { $0.contains("│ To: +971 50 123 4567") }, "the SMS panel")
        let instruction = try #require(code.firstIndex { $0.contains("Enter the 6-digit code") })
        #expect(code[instruction].hasPrefix("  Enter the 6-digit code sent by SMS to "), "the instruction wraps beside the panel")
        #expect(code[instruction + 1].hasPrefix("  +971 50 123 4567.  "), "and never splits the number")
        #expect(model.render(width: 120, height: 40).text.contains("Enter the 6-digit code sent by SMS to +971 50 123 4567."))
        let log = model.context.eventLog.entries.map { "\($0.name) \($0.summary)" }
        #expect(log.contains("nolSMS to +971 50 123 4567 (code sent)"))
        #expect(log.contains("nolStep collectOtpData +971 50 123 4567"))
        model.type("123456")
        _ = model.press(.enter)
        await settle(&model)

        let cards = await self.model(.nolCards, phone: "0501234567")
        #expect(cards.screen.contains("Mobile number   +971 50 123 4567"))
        #expect(cards.context.eventLog.entries.last.map { "\($0.name) \($0.summary)" } == "nolLinkedCards 1 for +971 50 123 4567: •••• 0233")
    }

    @Test func aCardsErrorGoesWithItAndComesBackWithIt() async throws {
        var model = model(.nolLink)
        for _ in 0..<4 { _ = model.press(.down) }
        _ = model.press(.enter)
        await settle(&model)
        let blocked = model.render(width: 80, height: 24).lines
        let row = try #require(blocked.firstIndex { $0.contains("▸ Silver card - reported lost") })
        #expect(blocked[row + 1] == "      ✗ This Nol card is blocked.", "the error stands under its card")
        #expect(blocked[row + 2].hasPrefix("      → Use another card"))
        checkAllSizes(model, "nol-link-blocked")

        _ = model.press(.down)
        let expiredChosen = model.screen
        #expect(!expiredChosen.contains("blocked."), "another card chosen, the blocked card's error goes")
        #expect(expiredChosen.contains("Silver card - reported lost  •••• 0567   AED 70.00 blocked"), "its mark stays")
        _ = model.press(.enter)
        await settle(&model)
        #expect(model.screen.contains("✗ This Nol card expired on 2024-05-31."))
        _ = model.press(.up)
        #expect(model.screen.contains("✗ This Nol card is blocked."), "back on the blocked card, its error is back")
        #expect(!model.screen.contains("expired on"), "and the expired card's is gone")
    }

    @Test func aPaymentErrorStaysWithTheCardInThePayChooser() async throws {
        await link(readerIndex: 0)
        await link(readerIndex: 1)
        var pay = await model(.nolPay, phone: "0501234567")
        // The Silver card is unlinked behind the list's back: paying with it is refused.
        try store.transaction { try NolBackendStore.deleteLink(of: "3084100125", in: $0) }
        _ = pay.press(.enter)
        await settle(&pay)
        #expect(pay.screen.contains("▸② Card"), "the chooser stays")
        #expect(pay.screen.contains("✗ This card is not linked to +971 50 123 4567."))
        _ = pay.press(.down)
        #expect(!pay.screen.contains("not linked"))
        _ = pay.press(.up)
        #expect(pay.screen.contains("✗ This card is not linked to +971 50 123 4567."))
    }

    @Test func cardsBelowTheFareAreMarkedBeforeTheyAreChosen() async throws {
        let scan = model(.nolLink).screen
        #expect(scan.contains("Blue card - almost empty     •••• 0341    AED 2.50 below fare"))
        #expect(!scan.contains("AED 99.00 below fare"))

        await link(readerIndex: 2)
        let pay = await model(.nolPay, phone: "0501234567")
        #expect(pay.screen.contains("Blue card - almost empty  •••• 0341  AED 2.50 below fare"), "in the pay chooser")

        let cards = await model(.nolCards, phone: "0501234567")
        #expect(cards.screen.contains("AED 2.50 below fare"), "in My cards")

        let unlink = await model(.nolUnlink, phone: "0501234567")
        #expect(!unlink.screen.contains("below fare"), "unlinking does not need the fare")
    }

    @Test func aDeclineShowsTheBalanceUnchanged() async throws {
        await link(readerIndex: 2)
        var pay = await model(.nolPay, phone: "0501234567")
        _ = pay.press(.enter)
        await settle(&pay)
        let declined = pay.screen
        #expect(declined.contains("✗ Payment declined"))
        #expect(declined.contains("  Balance       AED 2.50"))
        #expect(!declined.contains("New balance"))
        #expect(declined.contains("✗ The card holds AED 2.50, less than AED 7.50."))
        checkAllSizes(pay, "nol-pay-declined")
    }

    @Test func aDeclineInASCII() async throws {
        await link(readerIndex: 2)
        var pay = await model(.nolPay, phone: "0501234567", glyphs: .ascii)
        _ = pay.press(.enter)
        await settle(&pay)
        checkASCII(pay, "nol-pay-declined")
    }

    @Test func theChosenRowIsHighlightedAcrossItsColumnsOnly() throws {
        let canvas = model(.nolLink).render(width: 160, height: 48)
        let row = try #require(canvas.lines.firstIndex { $0.contains("▸ Silver card - daily commute") })
        let end = DisplayWidth.of(canvas.lines[row])
        #expect(canvas.style(row: row, column: 4) == .selection)
        #expect(canvas.style(row: row, column: end - 1) == .selection, "the balance is in the bar")
        #expect(canvas.style(row: row, column: end + 12) == .normal, "a wide terminal gets no bar across it")
        let blue = try #require(canvas.lines.firstIndex { $0.contains("Blue card - almost empty") })
        let note = try #require(canvas.lines[blue].range(of: "below fare"))
        #expect(canvas.style(row: blue, column: canvas.lines[blue].distance(from: canvas.lines[blue].startIndex, to: note.lowerBound) - 2)
            == .error, "a balance below the fare is marked in colour as well as in words")
    }

    @Test func theChosenCardsLabelWrapsWholeAtTheNarrowestSize() async throws {
        var model = model(.nolLink)
        let lines = model.render(width: 50, height: 17).lines
        let first = try #require(lines.firstIndex { $0.contains("▸ Silver") })
        let label = lines[first...].prefix(4).map { String($0.dropFirst(6).prefix(10)).trimmingCharacters(in: .whitespaces) }
        #expect(label.joined(separator: " ") == "Silver card - daily commute", "\(lines.joined(separator: "\n"))")
        #expect(lines[first].contains("•••• 0125"))
        #expect(lines[first + 1].contains("Gold card…") == false && lines[first + 4].contains("Gold card"), "the other labels are cut")
        #expect(lines.contains { $0.contains("↓ more") }, "the rest of the list is below")
        assertSnapshot(model.render(width: 50, height: 17).text, named: "nol-link-scan-50x17")

        _ = model.press(.up)
        let last = model.render(width: 50, height: 17).lines
        let family = try #require(last.firstIndex { $0.contains("▸ Gold card") })
        #expect(last[family].contains("•••• 0783"), "the last card comes into view")
        #expect(last[family + 1].contains("- family"))

        // A chosen row of four lines in the middle: the list scrolls, saying what is above and below.
        for _ in 0..<2 { _ = model.press(.up) }
        let bottom = model.render(width: 50, height: 17).lines
        #expect(bottom.contains { $0.contains("↑ more") }, "\(bottom.joined(separator: "\n"))")
        #expect(bottom.contains { $0.contains("↓ more") })
        let lost = try #require(bottom.firstIndex { $0.contains("▸ Silver") })
        #expect(bottom[lost...].prefix(4).map { String($0.dropFirst(6).prefix(10)).trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ") == "Silver card - reported lost")
        assertSnapshot(model.render(width: 50, height: 17).text, named: "nol-link-scan-scrolled-50x17")
        #expect(Fixtures.endsWithGlobalKeys(bottom.last ?? ""))
    }
}
