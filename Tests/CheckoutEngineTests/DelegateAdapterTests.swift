import CheckoutCore
import CheckoutTestSupport
import Foundation
import Synchronization
import Testing
@testable import CheckoutEngine

/// The delegate adapter replays the engine tests' typing sequences: the delegate gets exactly the
/// stream's events, one call each, in the stream's order.
@Suite struct DelegateAdapterTests {
    enum Step: Sendable {
        case type(String, network: CardNetwork? = nil, expiry: String = "12/30")
        case advance(Int)
        case submit
    }

    /// The typing sequences of `RawDataManagerTests`, as scripts.
    static let scripts: [(name: String, steps: [Step], behaviour: (@Sendable (String) -> StubBinService.Behaviour)?)] = [
        ("typing at 20 keys a second", (1...16).flatMap { [Step.type(String(RawDataManagerTests.coBadged.prefix($0))), .advance(50)] }, nil),
        ("pasting whole, then paying with Cartes Bancaires",
         [.type("4000 0025 0000 1001"), .advance(199), .advance(1), .advance(100),
          .type("4000 0025 0000 1001", network: .cartesBancaires), .submit], nil),
        ("editing inside the BIN and coming back to the cached one",
         [.type(RawDataManagerTests.coBadged), .advance(300), .type("4010002500001001"), .advance(300),
          .type(RawDataManagerTests.coBadged), .advance(300)], nil),
        ("deleting below 8 digits and typing again",
         [.type(RawDataManagerTests.coBadged), .advance(300), .type("4000002"), .advance(300), .type("40000025")], nil),
        ("a slow answer overtaken by a newer number",
         [.type(RawDataManagerTests.coBadged), .advance(300), .type("5555555555554444"), .advance(200), .advance(100), .advance(1000)],
         { bin in bin == "40000025" ? .answer([.cartesBancaires, .visa], after: .milliseconds(500)) : .answer([.mastercard], after: .milliseconds(100)) }),
        ("a failing service, then a bad expiry and a refused submit",
         [.type(RawDataManagerTests.coBadged), .advance(200), .advance(50), .type(RawDataManagerTests.coBadged, expiry: "13/20"), .submit],
         { _ in .fail(after: .milliseconds(50)) }),
    ]

    /// The calls the SDK's delegates get for `events` (an independent statement of the adapter's
    /// table): one per event, and the deprecated `metadataDidChange` after metadata whose local
    /// network (the first local candidate, OTHER for none) differs from the last one told.
    func expectedCalls(_ events: [CheckoutEvent]) -> [RecordingDelegate.Call] {
        var local: CardNetwork?
        return events.flatMap { event -> [RecordingDelegate.Call] in
            switch event {
            case let .dataIsValid(isValid, errors): return [.dataIsValid(isValid, isValid ? nil : errors)]
            case let .willFetchMetadata(state): return [.willFetchMetadata(state)]
            case let .didReceiveMetadata(metadata, state):
                guard metadata.source != .remote else { return [.didReceiveMetadata(metadata, state)] }
                let network = metadata.detectedCardNetworks.items.first?.network ?? .other
                defer { local = network }
                return [.didReceiveMetadata(metadata, state)] + (network == local ? [] : [.metadataDidChange(["cardNetwork": network.rawValue])])
            case let .didReceiveBinData(binData): return [.didReceiveBinData(binData)]
            case let .checkoutCompleted(payment) where payment.status == .authorized || payment.status == .pending:
                return [.didCompleteCheckout(CheckoutData(payment: payment))]
            case let .checkoutCompleted(payment):
                return [.didFail(CheckoutError(errorId: "payment-failed", description: "Payment \(payment.id) \(payment.status == .declined ? "declined" : "failed")"
                                               + (payment.declineReason.map { " (\($0))" } ?? "") + ".", payment: payment), CheckoutData(payment: payment))]
            case let .checkoutFailed(error): return [.didFail(error, error.payment.map { CheckoutData(payment: $0) })]
            case .willUpdateClientSession: return [.willUpdateClientSession]
            case let .didUpdateClientSession(due): return [.didUpdateClientSession(due)]
            case .clientSessionUpdateFailed: return []
            }
        }
    }

    @Test(arguments: scripts.indices)
    func theDelegateGetsTheStreamInOrder(script index: Int) async {
        let script = Self.scripts[index]
        let harness = await EngineHarness(behaviour: script.behaviour ?? EngineHarness.defaultBehaviour)
        let delegate = RecordingDelegate()
        let adapter = RawDataManagerDelegateAdapter(manager: harness.manager, delegate: delegate, checkoutDelegate: delegate)
        let stream = harness.manager.events()
        let delivering = Task { await adapter.run() }
        for step in script.steps {
            switch step {
            case let .type(number, network, expiry): await harness.type(number, expiry: expiry, network: network)
            case let .advance(milliseconds): await harness.advance(milliseconds)
            case .submit:
                await harness.manager.submit()
                await waitUntil { harness.payments.requests.count == 1 || harness.recorder.events.contains { if case .checkoutFailed = $0 { return true }; return false } }
            }
        }
        let finishing = Task { await harness.manager.finish() }
        await harness.advance(5000)
        await finishing.value
        await delivering.value

        var streamed: [CheckoutEvent] = []
        for await event in stream { streamed.append(event) }
        #expect(streamed == harness.recorder.events, "the stream is what the engine emitted")
        #expect(!streamed.isEmpty)
        let calls = delegate.calls
        #expect(calls == expectedCalls(streamed), "\(script.name): the calls of each event, in the stream's order")
        #expect(calls.contains(.metadataDidChange(["cardNetwork": "VISA"])), "the deprecated callback still comes")
    }

    @Test("errors are nil when the data is valid, as in the SDK; without a checkout delegate, results go nowhere")
    func nilErrorsAndNoCheckoutDelegate() async {
        let harness = await EngineHarness()
        let recording = RecordingDelegate()
        let adapter = RawDataManagerDelegateAdapter(manager: harness.manager, delegate: recording)
        adapter.deliver(.dataIsValid(isValid: true, errors: []))
        adapter.deliver(.checkoutFailed(CheckoutError(errorId: "x", description: "y")))
        #expect(recording.calls == [.dataIsValid(true, nil)], "no checkout delegate: checkout results go nowhere")
    }
}
