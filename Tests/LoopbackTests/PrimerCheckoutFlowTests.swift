import CheckoutCore
import CheckoutStore
import CheckoutTestSupport
import Foundation
import Synchronization
import Testing
@testable import CheckoutEngine

/// The whole engine against the rebuilt fake of Primer's API: a co-badged card's chooser, the
/// client-session actions of each network choice, what is charged and recorded, and how the
/// results reach the SDK's delegates (real time, loopback only).
@Suite(.serialized) struct PrimerCheckoutFlowTests {
    static let defaults = ClientSession(amount: 1000, currency: "USD")

    /// A manager over a Primer checkout, its events, and its ledger.
    final class Flow: Sendable {
        let primer: PrimerCheckout
        let manager: RawDataManager
        let ledger: Ledger
        let recorded = EventRecorder()

        init(_ fake: FakePrimerAPI, accessToken: String = "fake-ok") async throws {
            primer = try await PrimerCheckout.connect(clientToken: fake.clientToken(accessToken: accessToken), sessionDefaults: PrimerCheckoutFlowTests.defaults)
            ledger = try Ledger(database: Database(path: ":memory:"))
            manager = RawDataManager(configuration: EngineConfiguration(session: primer.configuration.session, debounce: .milliseconds(10),
                                                                        binLookupTimeout: .seconds(30)),
                                     catalogue: Loopback.catalogue, binService: primer.binService(timeout: .seconds(30))!,
                                     paymentService: primer.paymentService(ledger: ledger), clientSessionService: primer.clientSessionService(),
                                     now: { Loopback.now })
            let recorded = self.recorded
            manager.events { event in recorded.record(event, "") }
        }

        var all: [CheckoutEvent] { recorded.events }

        func type(_ number: String, network: CardNetwork? = nil, name: String = "Jane Doe") async {
            await manager.setRawData(CardData(cardNumber: number, expiryDate: "12/30", cvv: "123", cardholderName: name, cardNetwork: network))
        }

        /// Waits in real time until `condition` holds of the events: a minute at most, since under
        /// the whole suite on two cores the engine's timers can wait seconds for a thread (seen in
        /// CI: a 10 ms debounce not fired after 10 s). Timeouts are other suites' subject, so the
        /// lookup's is long here too.
        func wait(for what: String, _ condition: ([CheckoutEvent]) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
            let end = ContinuousClock.now + .seconds(60)
            while ContinuousClock.now < end {
                if condition(all) { return }
                try? await Task.sleep(for: .milliseconds(5))
            }
            Issue.record("no \(what): \(all)", sourceLocation: sourceLocation)
        }

        /// The last client-session answer.
        var lastUpdate: AmountDue? {
            all.reversed().lazy.compactMap { if case let .didUpdateClientSession(due) = $0 { due } else { nil } }.first
        }

        func waitForUpdate(_ network: CardNetwork?, sourceLocation: SourceLocation = #_sourceLocation) async {
            await wait(for: "session answer for \(String(describing: network))", { events in
                guard case let .didUpdateClientSession(due)? = events.last(where: { if case .didUpdateClientSession = $0 { true } else { false } }) else { return false }
                return due.network == network
            }, sourceLocation: sourceLocation)
        }
    }

    static func metadata(_ events: [CheckoutEvent]) -> CardNumberEntryMetadata? {
        events.reversed().lazy.compactMap { if case let .didReceiveMetadata(metadata, _) = $0 { metadata } else { nil } }.first
    }

    @Test(arguments: ["4000002500001001", "4000003300000000"])
    func aCoBadgedCardGetsItsChooserWithSixOrNoFirstDigits(number: String) async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let flow = try await Flow(fake)
        await flow.type(number)
        await flow.wait(for: "a BIN answer") { Self.metadata($0)?.source == .remote }
        let metadata = try #require(Self.metadata(flow.all))
        #expect(metadata.selectableCardNetworks?.items.map(\.network) == [.cartesBancaires, .visa])
        await flow.manager.finish()
        #expect(fake.requests().allSatisfy { $0.problems.isEmpty })
    }

    @Test func anAnswerAboutOtherDigitsFallsBackToLocalRules() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let flow = try await Flow(fake)
        await flow.type("4000004100000000")
        await flow.wait(for: "a fallback") { Self.metadata($0)?.source == .localFallback }
        #expect(Self.metadata(flow.all)?.selectableCardNetworks == nil)
        await flow.manager.finish()
    }

    @Test func eachNetworkChoiceUpdatesTheSessionAndTheChargeIsTheTotalShownAndRecorded() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let flow = try await Flow(fake)
        await flow.type("4000002500001001")
        // No choice yet: the session is told the network a payment would use, the preferred one.
        await flow.waitForUpdate(.cartesBancaires)
        #expect(flow.lastUpdate?.total == 4999)
        await flow.type("4000002500001001", network: .visa)
        await flow.waitForUpdate(.visa)
        #expect(flow.lastUpdate == AmountDue(network: .visa, amount: 4999, surcharge: 30, currency: "EUR"), "Visa's €0.30")
        await flow.type("4000002500001001", network: .cartesBancaires)
        await flow.waitForUpdate(.cartesBancaires)
        #expect(flow.lastUpdate?.total == 4999, "back to Cartes Bancaires: the total drops")
        await flow.type("4000002500001001", network: .visa)
        await flow.waitForUpdate(.visa)
        let shown = try #require(flow.lastUpdate)
        await flow.manager.submit(expectedTotal: shown.total)
        await flow.wait(for: "the payment") { $0.contains { if case .checkoutCompleted = $0 { true } else { false } } }
        await flow.manager.finish()

        #expect(fake.actions() == ["SELECT_PAYMENT_METHOD CARTES_BANCAIRES", "SELECT_PAYMENT_METHOD VISA",
                                   "SELECT_PAYMENT_METHOD CARTES_BANCAIRES", "SELECT_PAYMENT_METHOD VISA"])
        let requests = fake.requests()
        let lastAction = try #require(requests.lastIndex { $0.fields["action"] != nil })
        let tokenization = try #require(requests.firstIndex { $0.path == "/pci/payment-instruments" })
        #expect(lastAction < tokenization, "the session holds Visa before anything is tokenized")
        #expect(requests[tokenization].fields["preferredNetwork"] == "VISA")
        let charged = requests.first { $0.path == "/pci/payments" }?.fields["charged"]
        #expect(charged == "5029" && shown.total == 5029, "Primer charged the total shown")
        let entry = try #require(try flow.ledger.entries().first)
        #expect(entry.amount + entry.surcharge == 5029 && entry.surcharge == 30 && entry.network == "VISA", "and the ledger records it")
        #expect(entry.networkChosenBy == "CARDHOLDER", "the cardholder chose: cardNetwork was set")
        #expect(requests.allSatisfy { $0.problems.isEmpty }, "\(requests.flatMap(\.problems))")
        #expect(fake.checkoutSessionIDs() == [flow.primer.checkoutSessionID], "one session id on every request")
    }

    @Test func aSubmitBeforeAnyAnswerAsksTheSessionFirstAndAChangedTotalIsNotCharged() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        // The configuration says Visa adds €0.30; the session applies €0.35.
        let flow = try await Flow(fake, accessToken: "fake-surcharge-35")
        await flow.type("4000000000000010")
        await flow.manager.submit(expectedTotal: 5029)
        await flow.wait(for: "the refusal") { $0.contains { if case .checkoutFailed = $0 { true } else { false } } }
        guard case let .checkoutFailed(error)? = flow.all.last(where: { if case .checkoutFailed = $0 { true } else { false } }) else {
            Issue.record("the last event is not checkoutFailed")
            return
        }
        #expect(error.errorId == "amount-changed", "\(error)")
        #expect(flow.lastUpdate?.total == 5034)
        #expect(!fake.requests().contains { $0.path.hasSuffix("/payment-instruments") }, "nothing was tokenized")
        // Confirmed: the new total is paid.
        await flow.manager.submit(expectedTotal: 5034)
        await flow.wait(for: "the payment") { $0.contains { if case .checkoutCompleted = $0 { true } else { false } } }
        await flow.manager.finish()
        #expect(fake.requests().first { $0.path == "/pci/payments" }?.fields["charged"] == "5034")
        #expect(try flow.ledger.entries().map { $0.amount + $0.surcharge } == [5034])
    }

    @Test func aSessionThatFailsToAnswerChargesNothing() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let flow = try await Flow(fake, accessToken: "fake-actions-500")
        await flow.type("4000000000000010")
        await flow.manager.submit()
        await flow.wait(for: "the failure") { $0.contains { if case .checkoutFailed = $0 { true } else { false } } }
        await flow.manager.finish()
        #expect(flow.all.contains { if case .clientSessionUpdateFailed = $0 { true } else { false } })
        #expect(!fake.requests().contains { $0.path.hasSuffix("/payment-instruments") }, "nothing was tokenized")
        #expect(try flow.ledger.entries().isEmpty)
    }

    @Test func aDeclineReachesDidFailWithItsCheckoutData() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let flow = try await Flow(fake)
        let delegate = RecordingDelegate()
        let adapter = RawDataManagerDelegateAdapter(manager: flow.manager, delegate: delegate, checkoutDelegate: delegate)
        let delivering = Task { await adapter.run() }
        await flow.type("4000000000000002")
        await flow.manager.submit()
        await flow.wait(for: "the decline") { $0.contains { if case .checkoutFailed = $0 { true } else { false } } }
        await flow.manager.finish()
        await delivering.value
        let failure = delegate.calls.compactMap { if case let .didFail(error, data) = $0 { (error, data) } else { nil } }.first
        #expect(failure?.1?.payment?.id == "pay_declined_1" && failure?.1?.payment?.orderId == "order-1" && failure?.1?.payment?.status == .failed,
                "the payment's id, order id and status in checkoutData")
        #expect(!delegate.calls.contains { if case .didCompleteCheckout = $0 { true } else { false } }, "a decline never completes the checkout")
        #expect(delegate.calls.contains(.willUpdateClientSession) && delegate.calls.contains { if case .didUpdateClientSession = $0 { true } else { false } })
    }

    @Test func aSessionThatDoesNotCollectTheNamePaysWithoutOne() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let flow = try await Flow(fake, accessToken: "fake-no-name")
        await flow.type("4111111111111111", name: "")
        await flow.wait(for: "valid data") { $0.contains(.dataIsValid(isValid: true, errors: [])) }
        await flow.manager.submit()
        await flow.wait(for: "the payment") { $0.contains { if case .checkoutCompleted = $0 { true } else { false } } }
        await flow.manager.finish()
        let tokenization = fake.requests().first { $0.path == "/pci/payment-instruments" }
        #expect(tokenization?.fields["cardholderName"] == "no" && tokenization?.problems == [])
    }

    @Test func aSessionWithoutSurchargesIsNeverUpdated() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let flow = try await Flow(fake, accessToken: "fake-no-surcharge")
        await flow.type("4000002500001001", network: .visa)
        await flow.wait(for: "a BIN answer") { Self.metadata($0)?.source == .remote }
        await flow.manager.submit()
        await flow.wait(for: "the payment") { $0.contains { if case .checkoutCompleted = $0 { true } else { false } } }
        await flow.manager.finish()
        #expect(fake.actions().isEmpty, "as the SDK: no action without surcharges")
        #expect(fake.requests().allSatisfy { $0.problems.isEmpty })
    }
}
