import CheckoutCore
import CheckoutStore
import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutEngine

/// Surcharges from the session to the payment, and the eftpos shapes through the engine's events,
/// with the embedded BIN table's answers.
@Suite struct SurchargeAndEftposEngineTests {
    /// The embedded table's answers, 100 ms late, on the harness's clock.
    static let embeddedTable: @Sendable (String) -> StubBinService.Behaviour = { bin in
        let table = (try? Bundled.binTable())
        return .answer(table?.lookup(bin)?.networks.map(\.network) ?? [], after: .milliseconds(100))
    }
    static let visaSurcharge = ClientSession(orderedAllowedCardNetworks: [.cartesBancaires, .visa, .mastercard], amount: 4999,
                                             currency: "EUR", surcharges: [.visa: 30])

    func payment(_ harness: EngineHarness) -> Payment? {
        harness.recorder.events.compactMap { event -> Payment? in
            if case let .checkoutCompleted(payment) = event { return payment }
            return nil
        }.first
    }

    func pay(_ number: String, choosing network: CardNetwork?, harness: EngineHarness) async {
        await harness.type(number, network: network)
        await harness.advance(300)
        await harness.manager.submit()
        await waitUntil { payment(harness) != nil }
    }

    @Test("eftpos cards: the metadata lists both networks, auto-selects the merchant's first, and that one is paid whatever the choice",
          arguments: [("4000050360000001", CardNetwork.visa), ("5555050360000080", CardNetwork.mastercard)])
    func eftposThroughTheEngine(number: String, global: CardNetwork) async throws {
        let harness = await EngineHarness(session: ClientSession(orderedAllowedCardNetworks: [.visa, .mastercard, .eftpos]),
                                          behaviour: Self.embeddedTable)
        await pay(number, choosing: .eftpos, harness: harness)
        let remote = try #require(harness.recorder.events.compactMap { event -> CardNumberEntryMetadata? in
            if case let .didReceiveMetadata(metadata, _) = event, metadata.source == .remote { return metadata }
            return nil
        }.first)
        #expect(remote.selectableCardNetworks?.items.map(\.network) == [global, .eftpos])
        #expect(remote.selectableCardNetworks?.items.map(\.allowsUserSelection) == [true, false])
        #expect(remote.autoSelectedCardNetwork?.network == global)
        #expect(remote.chooserNetworks == nil)
        #expect(harness.payments.requests.map(\.network) == [global], "the auto-selected network is paid with; the eftpos pick is ignored")
        #expect(harness.payments.requests.first?.selectedNetwork == nil, "eftpos is never the cardholder's selection")
        #expect(harness.payments.requests.first?.networkChosenBy == .merchant, "the merchant's routing chose it")
        #expect(harness.service.requests == [String(number.prefix(8))])

        let event = CheckoutEvent.didReceiveMetadata(remote, CardNumberEntryState(cardNumber: number)).parsedJSON
        #expect(event["metadata"]?["autoSelectedCardNetwork"]?["network"]?.stringValue == global.rawValue)
        #expect(event["metadata"]?["selectableCardNetworks"]?["items"]?[1]?["allowsUserSelection"] == .bool(false))
    }

    @Test("eftpos preferred by the merchant: eftpos itself is auto-selected and paid with, even when the cardholder picks the other")
    func eftposPreferred() async {
        let harness = await EngineHarness(session: ClientSession(orderedAllowedCardNetworks: [.eftpos, .visa]), behaviour: Self.embeddedTable)
        await pay("4000050360000001", choosing: .visa, harness: harness)
        #expect(harness.payments.requests.map(\.network) == [.eftpos])
        #expect(harness.payments.requests.first?.selectedNetwork == nil)
    }

    @Test("the chosen network's surcharge goes to the processor apart from the amount, and comes back on the payment",
          arguments: [(CardNetwork.visa, 30), (CardNetwork.cartesBancaires, 0), (nil, 0)])
    func surchargeOfTheChoice(choice: CardNetwork?, surcharge: Int) async throws {
        let harness = await EngineHarness(session: Self.visaSurcharge, behaviour: Self.embeddedTable)
        await pay("4000002500001001", choosing: choice, harness: harness)
        let request = try #require(harness.payments.requests.first)
        #expect(request.network == choice ?? .cartesBancaires)
        #expect(request.selectedNetwork == choice, "the cardholder's pick, for a processor's preferredNetwork; nil when the engine chose")
        #expect(request.amount == 4999)
        #expect(request.surcharge == surcharge)
        #expect(request.total == 4999 + surcharge)
        let paid = try #require(payment(harness))
        #expect(paid.amount == 4999 && paid.surcharge == surcharge && paid.total == 4999 + surcharge)
        let remote = harness.recorder.events.compactMap { event -> CardNumberEntryMetadata? in
            if case let .didReceiveMetadata(metadata, _) = event, metadata.source == .remote { return metadata }
            return nil
        }.first
        #expect(remote?.selectableCardNetworks?.items.map(\.surcharge) == [0, 30])
        #expect(remote?.amountDue?.total == 4999, "Cartes Bancaires is pre-selected: no surcharge until Visa is chosen")
    }

    @Test("the sandbox processor keeps the surcharge apart on the payment; its JSON carries amount, surcharge and total")
    func sandboxPayment() async throws {
        let ledger = try Ledger(database: Database(path: ":memory:"))
        let service = SandboxPaymentService(ledger: ledger, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let request = PaymentRequest(id: "req_1", amount: 4999, surcharge: 30, currency: "EUR", network: .visa,
                                     cardNumber: "4000002500001001", expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe")
        let payment = try await service.pay(request)
        #expect(payment.amount == 4999 && payment.surcharge == 30 && payment.total == 5029)
        let json = CheckoutEvent.checkoutCompleted(payment).serialized()
        #expect(json == #"{"event":"checkoutCompleted","payment":{"id":"\#(payment.id)","status":"AUTHORIZED","amount":4999,"surcharge":30,"total":5029,"currency":"EUR","paymentMethodData":{"network":"VISA","last4Digits":"1001"}}}"#)
        let entries = try ledger.entries()
        #expect(entries == [SandboxPaymentService.ledgerEntry(for: payment, key: try #require(entries.first?.requestId), at: Date(timeIntervalSince1970: 1_800_000_000))])
        #expect(entries.first?.requestId.hasPrefix(request.id + ".") == true, "the attempt's key: the request's id and a suffix of its own")
        #expect(entries.first?.amount == 4999, "the ledger's amount is the order amount; the surcharge gets its own column (schema v2)")
    }

    @Test("a surcharge does not move the sandbox's amount triggers: 10051 is declined on any network")
    func triggersUseTheOrderAmount() async throws {
        let service = SandboxPaymentService(ledger: try Ledger(database: Database(path: ":memory:")))
        let payment = try await service.pay(PaymentRequest(id: "req_2", amount: 10051, surcharge: 30, currency: "EUR", network: .visa,
                                                           cardNumber: "4000002500001001", expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe"))
        #expect(payment.status == .declined)
        #expect(payment.total == 10081)
    }
}
