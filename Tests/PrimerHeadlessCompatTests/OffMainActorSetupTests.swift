import CheckoutCore
import CheckoutEngine
import CheckoutStore
import CheckoutTestSupport
import PrimerHeadlessCompat
import Testing

extension CheckoutSingletonTests {
/// SDK-style set-up made off the main actor, where the SDK allows it: `current` and a manager are
/// reached and made from a detached task, `rawData` set and `submit()` called there; the
/// delegates are still called on the main actor. And the engine's `pay()` tells a decline from a
/// payment.
@Suite(.serialized) @MainActor struct OffMainActorSetupTests {
    @Test func aManagerMadeAndSubmittedFromADetachedTaskPays() async throws {
        let ledger = try Ledger(database: Database(path: ":memory:"))
        let end = DebugAppCardScreenTests.CheckoutEnd()
        PrimerHeadlessUniversalCheckout.current.start(withEngine: {
            try RawDataManager(session: ClientSession(orderedAllowedCardNetworks: [.visa], amount: 4999, currency: "EUR"),
                               paymentService: SandboxPaymentService(ledger: ledger), clock: ManualClock())
        }, delegate: end)
        let manager = try await Task.detached {
            _ = PrimerHeadlessUniversalCheckout.current     // reachable off the main actor, as in the SDK
            let manager = try PrimerHeadlessUniversalCheckout.RawDataManager(paymentMethodType: "PAYMENT_CARD")
            manager.rawData = PrimerCardData(cardNumber: "4111 1111 1111 1111", expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe")
            manager.submit()
            return manager
        }.value
        await waitUntil { end.ended }
        #expect(end.completed?.payment?.status == "SUCCESS", "\(String(describing: end.failed))")
        #expect(try ledger.entries().map(\.network) == ["VISA"])
        _ = manager
    }

    @Test func payReturnsADeclineAsADeclineWithItsReason() async throws {
        let ledger = try Ledger(database: Database(path: ":memory:"))
        let end = DebugAppCardScreenTests.CheckoutEnd()
        PrimerHeadlessUniversalCheckout.current.start(withEngine: {
            try RawDataManager(session: ClientSession(orderedAllowedCardNetworks: [.visa], amount: 10051, currency: "EUR"),
                               paymentService: SandboxPaymentService(ledger: ledger), clock: ManualClock())
        }, delegate: end)
        let manager = try PrimerHeadlessUniversalCheckout.RawDataManager(paymentMethodType: "PAYMENT_CARD")
        manager.rawData = PrimerCardData(cardNumber: "4111 1111 1111 1111", expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe")
        let result = await manager.engine.pay()
        guard case let .declined(payment, reason) = result else { Issue.record("\(result)"); return }
        #expect(reason == "insufficient funds" && payment.status == .declined)
        #expect(result.failure == nil && result.payment == payment)
        #expect(try ledger.entries().map(\.id) == [payment.id])

        manager.rawData = PrimerCardData(cardNumber: "4111 1111 1111 1111", expiryDate: "13/20", cvv: "123", cardholderName: "Jane Doe")
        let failed = await manager.engine.pay()
        #expect(failed.failure?.errorId == "invalid-expiry-date" && failed.payment == nil, "\(failed)")
        // The delegate hears both results too (before the next test sets another delegate).
        await waitUntil { end.failures.count == 2 }
        #expect(end.completed == nil, "a decline is not a completed checkout")
    }
}
}  // CheckoutSingletonTests
