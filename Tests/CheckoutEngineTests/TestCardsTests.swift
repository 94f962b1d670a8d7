import Foundation
import CheckoutStore
import Testing
@testable import CheckoutEngine

/// The test card numbers the program names come from `Resources/data/test-cards.json`, not from
/// literals in Sources: the sandbox declines the file's number (Stripe's generic decline) and only
/// it, and the help's example is the co-badged Cartes Bancaires / Visa card.
@Suite struct TestCardsTests {
    @Test func theSandboxDeclinesTheFilesNumberAndAuthorizesOthers() async throws {
        let cards = try Bundled.testCards()
        #expect(cards.sandboxDeclined == "4000000000000002")
        #expect(cards.helpExample == "4000 0025 0000 1001")
        #expect(SandboxPaymentService.declinedCardNumber == cards.sandboxDeclined)
        let sandbox = SandboxPaymentService(ledger: try Ledger(database: Database(path: ":memory:")))
        let declined = try await sandbox.pay(LedgerFailureTests.request(cards.sandboxDeclined))
        #expect(declined.status == .declined && declined.declineReason == "card declined")
        #expect(try await sandbox.pay(LedgerFailureTests.request("4242424242424242")).status == .authorized)
    }

    @Test func aFileWithoutANumberIsRefusedNamingTheKey() {
        #expect(throws: TestCards.MissingNumber.self) {
            try TestCards(json: Data(#"{"sandboxDeclined":{"number":"4000000000000002"},"helpExample":{}}"#.utf8))
        }
    }
}
