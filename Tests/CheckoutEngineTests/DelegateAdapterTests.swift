import CheckoutCore
import CheckoutTestSupport
import Foundation
import Synchronization
import Testing
@testable import CheckoutEngine

/// A delegate that writes down every call it gets, as the SDK's method name and its arguments.
final class RecordingDelegate: RawDataManagerDelegate, HeadlessUniversalCheckoutDelegate, Sendable {
    enum Call: Equatable {
        case dataIsValid(Bool, [ValidationError]?)
        case willFetchMetadata(CardNumberEntryState)
        case didReceiveMetadata(CardNumberEntryMetadata, CardNumberEntryState)
        case didReceiveBinData(BinData)
        case didCompleteCheckout(CheckoutData)
        case didFail(CheckoutError, CheckoutData?)
    }

    private let recorded = Mutex<[Call]>([])
    var calls: [Call] { recorded.withLock { $0 } }

    func rawDataManager(_ rawDataManager: RawDataManager, dataIsValid isValid: Bool, errors: [ValidationError]?) {
        recorded.withLock { $0.append(.dataIsValid(isValid, errors)) }
    }
    func rawDataManager(_ rawDataManager: RawDataManager, willFetchMetadataForState cardState: CardNumberEntryState) {
        recorded.withLock { $0.append(.willFetchMetadata(cardState)) }
    }
    func rawDataManager(_ rawDataManager: RawDataManager, didReceiveMetadata metadata: CardNumberEntryMetadata, forState cardState: CardNumberEntryState) {
        recorded.withLock { $0.append(.didReceiveMetadata(metadata, cardState)) }
    }
    func rawDataManager(_ rawDataManager: RawDataManager, didReceiveBinData binData: BinData) {
        recorded.withLock { $0.append(.didReceiveBinData(binData)) }
    }
    func headlessUniversalCheckoutDidCompleteCheckoutWithData(_ data: CheckoutData) {
        recorded.withLock { $0.append(.didCompleteCheckout(data)) }
    }
    func headlessUniversalCheckoutDidFail(withError error: CheckoutError, checkoutData: CheckoutData?) {
        recorded.withLock { $0.append(.didFail(error, checkoutData)) }
    }
}

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

    /// The call the SDK's delegates get for `event` (an independent statement of the adapter's table).
    func expectedCall(_ event: CheckoutEvent) -> RecordingDelegate.Call {
        switch event {
        case let .dataIsValid(isValid, errors): return .dataIsValid(isValid, isValid ? nil : errors)
        case let .willFetchMetadata(state): return .willFetchMetadata(state)
        case let .didReceiveMetadata(metadata, state): return .didReceiveMetadata(metadata, state)
        case let .didReceiveBinData(binData): return .didReceiveBinData(binData)
        case let .checkoutCompleted(payment): return .didCompleteCheckout(CheckoutData(payment: payment))
        case let .checkoutFailed(error): return .didFail(error, nil)
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
        #expect(calls == streamed.map(expectedCall), "\(script.name): one call per event, in the stream's order")
        #expect(calls.count == streamed.count)
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
