import CheckoutStore
import CheckoutTestSupport
import Foundation
import NolPay
import Testing
@testable import CheckoutPlain

/// The Nol Pay flows in plain mode, in process, over the simulated Nol system in a fresh database.
@Suite struct NolFlowTests {
    /// Links the Gold card (•••• 0233) to 050 123 4567, the code read from the SMS line.
    static let linkGold: [ScriptedConsole.Answer] = ["2", "050 123 4567", .codeFromSMS, "2"]

    @Test func linkACardWithTheCodeFromTheSMSLine() async throws {
        let harness = try PlainHarness()
        let (status, console) = await harness.run(.nolLink, Self.linkGold)
        #expect(status == 0)
        assertSnapshot(console.transcript, named: "nol-link")
        #expect(console.transcript.contains("SMS to +971 50 123 4567: your code is 271829\n"))
        #expect(try harness.store.links().map(\.cardNumber) == ["3084100233"])
    }

    @Test func aBlockedCardAndAWrongCodeAreSaidAndAskedAgain() async throws {
        let harness = try PlainHarness()
        let (_, console) = await harness.run(.nolLink, ["5", "", "0501234567", "12345", "000000", .codeFromSMS])
        let transcript = console.transcript
        #expect(transcript.contains("This Nol card is blocked.\nUse another card, or ask Nol customer service to unblock this one.\n"
            + "Step 1 of 3: hold a Nol card to the reader."))
        // A refused card does not become the default: Enter taps the first card, not the blocked one again.
        #expect(transcript.contains("Tap which card? Choose 1 to 7 [1]: 1\nCard read: Silver card"))
        #expect(transcript.contains("OTP is not valid: the code has 6 digits.\nEnter the 6 digits from the SMS.\nStep 3 of 3"))
        #expect(transcript.contains("Wrong code: 2 tries left.\nCheck the 6 digits in the SMS and type them again."))
        #expect(transcript.contains("Card linked: Silver card - daily commute, •••• 0125, AED 150.00."))
        // The code is never echoed back.
        #expect(!transcript.contains("(or resend): 000000") && transcript.contains("(or resend): ••••••\n"))
    }

    @Test func backAtTheCodeGoesBackToThePhoneNumber() async throws {
        let harness = try PlainHarness()
        let (_, console) = await harness.run(.nolLink, ["1", "0501234567", "back", "0509999999", .codeFromSMS])
        let transcript = console.transcript
        #expect(transcript.contains("(or resend): back\nCard read: Silver card - daily commute, •••• 0125, AED 150.00.\n"
            + "Step 2 of 3: mobile number that receives the code [0501234567]: 0509999999\nSMS to +971 50 999 9999: your code is"))
        #expect(try harness.store.links().map(\.mobileNumber) == ["+971509999999"])
    }

    @Test func myCardsPayAndUnlink() async throws {
        let harness = try PlainHarness()
        _ = await harness.run(.nolLink, Self.linkGold)

        let (_, cards) = await harness.run(.nolCards, ["0501234567", "2"])
        #expect(cards.transcript.contains("1 card is linked to +971 50 123 4567:\n  Gold card - first class, •••• 0233, AED 42.50\n"))

        let (_, pay) = await harness.run(.nolPay, ["abc", "0509999999", "+971 50 123 4567", "1", "2"])
        #expect(pay.transcript.contains("Phone number is not valid."))
        #expect(pay.transcript.contains("No card is linked to +971 50 999 9999. Link one first: home menu, Nol Pay: link a card."))
        #expect(pay.transcript.contains("Asking the Nol system to charge the card...\n"
            + "Payment authorized: AED 7.50 from Nol card •••• 0233, balance now AED 35.00.\nPayment id nol_"))

        // Paying again lists the card with its new balance.
        let (_, again) = await harness.run(.nolPay, ["0501234567", "1", "1", "", "2"])
        #expect(again.transcript.contains("Choose 1 or 2 [2]: 1\nCards linked to +971 50 123 4567; which do you want to pay with?\n"
            + "  1) Gold card - first class, •••• 0233, AED 27.50\n"))

        let (_, unlink) = await harness.run(.nolUnlink, ["0501234567", "", .codeFromSMS, "2"])
        #expect(unlink.transcript.contains("Card unlinked: Nol card •••• 0233 is no longer linked to this number."))
        #expect(try harness.store.links().isEmpty)
    }

    @Test func unlinkingAnotherCardListsWhatIsLeft() async throws {
        let harness = try PlainHarness()
        _ = await harness.run(.nolLink, Self.linkGold)
        _ = await harness.run(.nolLink, ["1", "0501234567", .codeFromSMS, "2"])
        let (_, unlink) = await harness.run(.nolUnlink, ["0501234567", "1", .codeFromSMS, "1", "1", .codeFromSMS, "1", "0501234567", "back"])
        let transcript = unlink.transcript
        #expect(transcript.contains("Choose 1 or 2 [2]: 1\nCards linked to +971 50 123 4567; which do you want to unlink?\n"
            + "  1) Gold card - first class, •••• 0233, AED 42.50\n  2) Type a card number\n"))
        // With no card left, the number is asked again, and it has none.
        #expect(transcript.contains("Choose 1 or 2 [2]: 1\nMobile number the card is linked to [0501234567]: 0501234567\n"
            + "No card is linked to +971 50 123 4567."))
        #expect(try harness.store.links().isEmpty)
    }

    @Test func aPaymentLargerThanTheBalanceIsDeclined() async throws {
        let harness = try PlainHarness()
        _ = await harness.run(.nolLink, ["3", "0501234567", .codeFromSMS, "2"])
        let (_, pay) = await harness.run(.nolPay, ["0501234567", "1", "2"])
        #expect(pay.transcript.contains("The card holds AED 2.50, less than AED 7.50."))
        #expect(pay.transcript.contains("Payment declined: AED 7.50 from Nol card •••• 0341, balance now AED 2.50."))
    }

    @Test func aTypedCardNumberThatIsNotLinkedIsRefused() async throws {
        let harness = try PlainHarness()
        _ = await harness.run(.nolLink, Self.linkGold)
        let (_, pay) = await harness.run(.nolPay, ["0501234567", "2", "12ab", "2", "3084100125", "1", "2"])
        let transcript = pay.transcript
        #expect(transcript.contains("Card number is not valid.\nEnter the Nol card number printed on the back of the card, digits only."))
        #expect(transcript.contains("This card is not linked to +971 50 123 4567."))
        #expect(transcript.contains("Payment authorized: AED 7.50 from Nol card •••• 0233"))
    }
}
