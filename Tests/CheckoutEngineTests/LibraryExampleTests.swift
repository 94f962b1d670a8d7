import CheckoutCore
import CheckoutStore
import Testing
import CheckoutEngine

/// The engine's awaited entry points (`setRawData`, `submit`, `finish`) with the event stream, as
/// the README's first library example used them (with no debounce, so the test does not wait on
/// the clock). Docs/library.md's examples run verbatim in scripts/consumer-check.sh.
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
                if let choice = metadata.chooserNetworks {           // co-badged, and no eftpos auto-selection
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

/// A delegate of the engine's own protocols (every method required), fed by the adapter; code
/// written against the SDK itself compiles against PrimerHeadlessCompat (Tests/PrimerHeadlessCompatTests).
final class CardForm: RawDataManagerDelegate, HeadlessUniversalCheckoutDelegate {
    let manager: RawDataManager
    var card = CardData(cardNumber: "4000 0025 0000 1001", expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe")
    var offered: [String] = []
    var paid: Payment?

    init(manager: RawDataManager) { self.manager = manager }

    func rawDataManager(_ rawDataManager: RawDataManager, dataIsValid isValid: Bool, errors: [ValidationError]?) {}
    func rawDataManager(_ rawDataManager: RawDataManager, willFetchMetadataForState cardState: CardNumberEntryState) {}
    func rawDataManager(_ rawDataManager: RawDataManager, didReceiveBinData binData: BinData) {}

    func rawDataManager(_ rawDataManager: RawDataManager, didReceiveMetadata metadata: CardNumberEntryMetadata,
                        forState cardState: CardNumberEntryState) {
        guard let choice = metadata.chooserNetworks else { return }     // co-badged: Visa +€0.30, Cartes Bancaires
        offered = choice.items.map { "\($0.displayName) +\($0.surcharge)" }
        card.cardNetwork = .cartesBancaires                              // the cardholder's pick
        let card = card
        Task { await rawDataManager.setRawData(card); await rawDataManager.submit() }
    }

    func headlessUniversalCheckoutDidCompleteCheckoutWithData(_ data: CheckoutData) {
        paid = data.payment                                             // CARTES_BANCAIRES, amount 4999, surcharge 0
        let manager = manager
        Task { await manager.finish() }
    }

    func headlessUniversalCheckoutDidFail(withError error: CheckoutError, checkoutData: CheckoutData?) {
        print(error.errorId, error.description)
        let manager = manager
        Task { await manager.finish() }
    }
}

@Suite struct DelegateLibraryExampleTests {
    @Test func theReadmeDelegateExamplePaysACoBadgedCardWithTheCardholdersChoice() async throws {
        let session = ClientSession(orderedAllowedCardNetworks: [.visa, .cartesBancaires, .mastercard], amount: 4999, currency: "EUR",
                                    surcharges: [.visa: 30])
        let manager = RawDataManager(
            configuration: EngineConfiguration(session: session, debounce: .zero),
            catalogue: try Bundled.catalogue(),
            binService: TableBinDataService(table: try Bundled.binTable()),
            paymentService: SandboxPaymentService(ledger: try Ledger(database: Database(path: ":memory:"))))

        let form = CardForm(manager: manager)
        let adapter = RawDataManagerDelegateAdapter(manager: manager, delegate: form, checkoutDelegate: form)
        await manager.setRawData(form.card)
        await adapter.run()                      // delegate calls in the engine's order, until finish()

        #expect(form.offered == ["Visa +30", "Cartes Bancaires +0"])
        #expect(form.paid?.network == .cartesBancaires)
        #expect(form.paid?.amount == 4999 && form.paid?.surcharge == 0 && form.paid?.total == 4999)
        #expect(form.paid?.last4Digits == "1001")
        #expect(form.paid?.status == .authorized)
    }
}
