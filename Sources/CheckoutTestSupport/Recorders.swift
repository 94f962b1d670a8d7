import CheckoutCore
import CheckoutEngine
import Foundation
import Synchronization

// Recorders shared by the engine's unit tests and the loopback tests: what a manager emitted, what a
// payment service was asked, what a delegate was called with.

/// Every event a manager emitted, with the digits current when it was emitted.
public final class EventRecorder: Sendable {
    public init() {}
    private let recorded = Mutex<[(event: CheckoutEvent, digits: String)]>([])

    public var events: [CheckoutEvent] { recorded.withLock { $0.map(\.event) } }
    public var emissions: [(event: CheckoutEvent, digits: String)] { recorded.withLock { $0 } }

    public func record(_ event: CheckoutEvent, _ digits: String) { recorded.withLock { $0.append((event, digits)) } }

    /// The events recorded since the last call.
    public func take() -> [CheckoutEvent] {
        recorded.withLock { recorded in
            defer { recorded = [] }
            return recorded.map(\.event)
        }
    }
}

/// A payment service for tests: counts payments and can be held open until released.
public final class RecordingPaymentService: PaymentService {
    private let state = Mutex<(requests: [PaymentRequest], gate: CheckedContinuation<Void, Never>?, held: Bool)>(([], nil, false))

    public init(held: Bool = false) { state.withLock { $0.held = held } }

    public var requests: [PaymentRequest] { state.withLock { $0.requests } }

    /// How many payments wait for ``release()`` (0 or 1).
    public var heldCount: Int { state.withLock { $0.gate == nil ? 0 : 1 } }

    public func pay(_ request: PaymentRequest) async throws -> Payment {
        let held = state.withLock { $0.requests.append(request); return $0.held }
        if held { await withCheckedContinuation { continuation in state.withLock { $0.gate = continuation } } }
        return Payment(id: "pay_\(requests.count)", status: .authorized, amount: request.amount, surcharge: request.surcharge, currency: request.currency,
                       network: request.network, firstDigits: request.firstDigits, last4Digits: request.last4Digits)
    }

    /// Lets a held payment finish.
    public func release() {
        let gate = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.held = false
            defer { state.gate = nil }
            return state.gate
        }
        gate?.resume()
    }
}

/// A delegate that writes down every call it gets, as the SDK's method name and its arguments.
public final class RecordingDelegate: RawDataManagerDelegate, HeadlessUniversalCheckoutDelegate, Sendable {
    public init() {}
    public enum Call: Equatable {
        case dataIsValid(Bool, [ValidationError]?)
        case willFetchMetadata(CardNumberEntryState)
        case didReceiveMetadata(CardNumberEntryMetadata, CardNumberEntryState)
        case didReceiveBinData(BinData)
        case metadataDidChange([String: String]?)
        case didCompleteCheckout(CheckoutData)
        case didFail(CheckoutError, CheckoutData?)
        case willUpdateClientSession
        case didUpdateClientSession(AmountDue)
    }

    private let recorded = Mutex<[Call]>([])
    public var calls: [Call] { recorded.withLock { $0 } }

    public func rawDataManager(_ rawDataManager: RawDataManager, dataIsValid isValid: Bool, errors: [ValidationError]?) {
        recorded.withLock { $0.append(.dataIsValid(isValid, errors)) }
    }
    public func rawDataManager(_ rawDataManager: RawDataManager, willFetchMetadataForState cardState: CardNumberEntryState) {
        recorded.withLock { $0.append(.willFetchMetadata(cardState)) }
    }
    public func rawDataManager(_ rawDataManager: RawDataManager, didReceiveMetadata metadata: CardNumberEntryMetadata, forState cardState: CardNumberEntryState) {
        recorded.withLock { $0.append(.didReceiveMetadata(metadata, cardState)) }
    }
    public func rawDataManager(_ rawDataManager: RawDataManager, didReceiveBinData binData: BinData) {
        recorded.withLock { $0.append(.didReceiveBinData(binData)) }
    }
    public func rawDataManager(_ rawDataManager: RawDataManager, metadataDidChange metadata: [String: String]?) {
        recorded.withLock { $0.append(.metadataDidChange(metadata)) }
    }
    public func headlessUniversalCheckoutWillUpdateClientSession() {
        recorded.withLock { $0.append(.willUpdateClientSession) }
    }
    public func headlessUniversalCheckoutDidUpdateClientSession(_ amountDue: AmountDue) {
        recorded.withLock { $0.append(.didUpdateClientSession(amountDue)) }
    }
    public func headlessUniversalCheckoutDidCompleteCheckoutWithData(_ data: CheckoutData) {
        recorded.withLock { $0.append(.didCompleteCheckout(data)) }
    }
    public func headlessUniversalCheckoutDidFail(withError error: CheckoutError, checkoutData: CheckoutData?) {
        recorded.withLock { $0.append(.didFail(error, checkoutData)) }
    }
}

