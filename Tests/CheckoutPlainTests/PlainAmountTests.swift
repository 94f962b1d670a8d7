import CheckoutCore
import CheckoutTestSupport
import CheckoutApp
import Foundation
import Testing
@testable import CheckoutPlain

/// Issue 30 ⑦: a large amount is money, not a card number, in plain mode's lines.
@Suite struct PlainAmountTests {
    @Test func aLargeAmountIsNotMaskedAsACardNumber() async throws {
        let harness = try PlainHarness()
        var settings = PlainHarness.settings
        settings.amount = 999_999_999_999
        let (_, console) = await harness.run(.pay, ["4242424242424242", "12/30", "123", "Jane Doe", "y"], settings: settings)
        let transcript = console.transcript
        #expect(transcript.contains("Amount due €9999999999.99;"), "\(transcript)")
        #expect(transcript.contains("Pay €9999999999.99 with Visa, card •••• 4242?"), "\(transcript)")
        #expect(!transcript.contains("••99.99"), "\(transcript)")
        // The card number itself is still never written in full.
        #expect(!transcript.contains("4242424242424242") && transcript.contains("Card number: •••• 4242\n"))
    }
}
