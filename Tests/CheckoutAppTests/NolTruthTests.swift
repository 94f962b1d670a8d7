import CheckoutStore
import CheckoutTestSupport
import Foundation
import NolPay
import Testing
@testable import CheckoutApp

/// The Nol screens say what is so where they say it: the steps a flow has, a result's headline
/// before what it means, a decline's reason under it, advice that fits the screen, errors that all
/// read alike, linked cards marked on the reader.
extension NolScreenTests {
    @Test("paying has three steps, all shown, and the bar never jumps over one")
    func paySteps() async throws {
        await link(readerIndex: 1)
        var pay = await model(.nolPay, phone: "0501234567")
        #expect(pay.screen.contains("① Phone ─ ▸② Card ─ ③ Payment"))
        #expect(!pay.screen.contains("④"))
        _ = pay.press(.enter)
        await settle(&pay)
        #expect(pay.screen.contains("① Phone ─ ② Card ─ ▸③ Payment"))
        #expect(pay.screen.contains("✓ Payment authorized"))
    }

    @Test("'✓ Card linked' comes first, then what it means; the reader marks cards linked already")
    func linkedHeadlineFirst() async throws {
        let linked = await link(readerIndex: 1)
        let lines = linked.render(width: 80, height: 24).lines
        let headline = try #require(lines.firstIndex { $0.contains("✓ Card linked") })
        let meaning = try #require(lines.firstIndex { $0.contains("The card is ready to pay with.") })
        #expect(headline < meaning)
        let reader = model(.nolLink).screen
        #expect(reader.contains("Gold card - first class      •••• 0233   AED 42.50 linked"), "\(reader)")
        #expect(!reader.contains("daily commute  •••• 0125  AED 150.00 linked"))
    }

    @Test("a decline's reason stands right under the result, not at the foot of the screen")
    func declineReasonUnderTheResult() async throws {
        await link(readerIndex: 2)
        var pay = await model(.nolPay, phone: "0501234567")
        _ = pay.press(.enter)
        await settle(&pay)
        let lines = pay.render(width: 80, height: 24).lines
        let balance = try #require(lines.firstIndex { $0.contains("Balance       AED 2.50") })
        let reason = try #require(lines.firstIndex { $0.contains("✗ The card holds AED 2.50, less than AED 7.50.") })
        #expect(reason == balance + 2, "one blank row between them: \(lines)")
    }

    @Test("a card typed by hand that the system does not know: check its number, there is no reader in the pay flow")
    func unknownTypedCardInPay() async throws {
        await link(readerIndex: 1)
        var pay = await model(.nolPay, phone: "0501234567")
        _ = pay.press(.down)
        _ = pay.press(.enter)
        pay.type("1234567890123456")
        _ = pay.press(.enter)
        await settle(&pay)
        #expect(pay.screen.contains("✗ This card is not a Nol card the system knows."))
        #expect(pay.screen.contains("→ Check the number printed on the back of the card, or choose a linked"))
        #expect(!pay.screen.contains("reader"))
    }

    @Test("a number that is not valid reads as every other error: ✗ what is wrong, → what to type")
    func formatErrorsReadAlike() async throws {
        var link = model(.nolLink)
        _ = link.press(.enter)
        await settle(&link)
        link.type("050 123")
        _ = link.press(.enter)
        #expect(link.screen.contains("✗ Phone number is not valid."))
        #expect(link.screen.contains("→ Enter a UAE mobile number such as 050 123 4567, or an international one\n"))
    }

    @Test("letters typed into the phone number are refused, and then it is not called blank")
    func lettersAreNotBlank() async throws {
        var link = model(.nolLink)
        _ = link.press(.enter)
        await settle(&link)
        link.type("abc")
        #expect(link.screen.contains("digits, spaces, + - ( ) only"))
        _ = link.press(.enter)
        #expect(link.screen.contains("✗ Phone number is not valid: it takes digits, not letters."), "\(link.screen)")
        #expect(!link.screen.contains("cannot be blank"))
        // Emptied by hand after digits, the field is blank, and says so.
        link.type("5")
        _ = link.press(.backspace)
        _ = link.press(.enter)
        #expect(link.screen.contains("Phone number cannot be blank."))
    }
}
