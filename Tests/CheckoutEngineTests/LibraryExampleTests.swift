import CheckoutCore
import CheckoutStore
import Testing
import CheckoutEngine

/// The README's "As a Swift library" example, kept compiling and working here (with no debounce,
/// so the test does not wait on the clock).
@Suite struct LibraryExampleTests {
    @Test func theReadmeExamplePaysACoBadgedCardWithTheCardholdersChoice() async throws {
        let session = ClientSession(orderedAllowedCardNetworks: [.visa, .cartesBancaires, .mastercard], amount: 4999, currency: "EUR")
        let manager = RawDataManager(
            configuration: EngineConfiguration(session: session, debounce: .zero),
            catalogue: try Bundled.catalogue(),
            binService: TableBinDataService(table: try Bundled.binTable()),
            paymentService: SandboxPaymentService(ledger: try Ledger(database: Database(path: ":memory:"))))

        var card = CardData(cardNumber: "4000 0025 0000 1001", expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe")
        let events = manager.events()
        await manager.setRawData(card)
        var offered: [String] = []
        var paid: Payment?
        for await event in events {
            switch event {
            case let .didReceiveMetadata(metadata, _):
                if let choice = metadata.selectableCardNetworks {
                    offered = choice.items.map(\.displayName)
                    card.cardNetwork = .cartesBancaires          // the cardholder picks Cartes Bancaires
                    await manager.setRawData(card)
                    await manager.submit()
                }
            case let .checkoutCompleted(payment):
                paid = payment
                await manager.finish()
            case let .checkoutFailed(error):
                Issue.record("checkout failed: \(error.description)")
                await manager.finish()
            default:
                break
            }
        }
        #expect(offered == ["Visa", "Cartes Bancaires"])
        #expect(paid?.network == .cartesBancaires)
        #expect(paid?.last4Digits == "1001")
        #expect(paid?.status == .authorized)
    }
}
