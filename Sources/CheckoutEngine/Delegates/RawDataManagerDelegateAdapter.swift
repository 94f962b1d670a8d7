import CheckoutCore
import Synchronization

/// Feeds a ``RawDataManager``'s event stream to delegates written against the headless SDK's
/// delegate protocols, one call per event, in the order the events were emitted.
///
/// The adapter subscribes when it is made, so create it before the first ``RawDataManager/setRawData(_:)``;
/// ``run(isolation:)`` then delivers every event until ``RawDataManager/finish()`` ends the stream.
///
/// | event | call |
/// | --- | --- |
/// | `dataIsValid` | ``RawDataManagerDelegate/rawDataManager(_:dataIsValid:errors:)`` (errors nil when valid) |
/// | `willFetchMetadata` | ``RawDataManagerDelegate/rawDataManager(_:willFetchMetadataForState:)`` |
/// | `didReceiveMetadata` | ``RawDataManagerDelegate/rawDataManager(_:didReceiveMetadata:forState:)``, then ``RawDataManagerDelegate/rawDataManager(_:metadataDidChange:)`` when the local network changed |
/// | `didReceiveBinData` | ``RawDataManagerDelegate/rawDataManager(_:didReceiveBinData:)`` |
/// | `checkoutCompleted`, `AUTHORIZED` or `PENDING` | ``HeadlessUniversalCheckoutDelegate/headlessUniversalCheckoutDidCompleteCheckoutWithData(_:)`` |
/// | `checkoutCompleted`, `DECLINED` or `FAILED` | ``HeadlessUniversalCheckoutDelegate/headlessUniversalCheckoutDidFail(withError:checkoutData:)`` with the payment |
/// | `checkoutFailed` | ``HeadlessUniversalCheckoutDelegate/headlessUniversalCheckoutDidFail(withError:checkoutData:)``, with the payment when one was created |
/// | `willUpdateClientSession` | ``HeadlessUniversalCheckoutDelegate/headlessUniversalCheckoutWillUpdateClientSession()`` |
/// | `didUpdateClientSession` | ``HeadlessUniversalCheckoutDelegate/headlessUniversalCheckoutDidUpdateClientSession(_:)`` |
/// | `clientSessionUpdateFailed` | none: the checkout has not failed (the SDK ignores a failed action too); a submit asks again |
///
/// The routing of results is the SDK's: a payment that was declined or failed goes to `didFail`
/// with its `checkoutData` (Primer iOS SDK 2.51.1, `RawDataManager.swift` calls
/// `primerHeadlessUniversalCheckoutDidFail(withError:checkoutData:)` with the created payment's
/// data; `CreateResumePaymentService.swift` fails a FAILED payment), and only the others complete.
///
///     let adapter = RawDataManagerDelegateAdapter(manager: manager, delegate: form, checkoutDelegate: form)
///     await manager.setRawData(card)
///     await adapter.run()          // returns once the manager has finished
public struct RawDataManagerDelegateAdapter {
    public let manager: RawDataManager
    public let delegate: (any RawDataManagerDelegate)?
    public let checkoutDelegate: (any HeadlessUniversalCheckoutDelegate)?
    private let events: AsyncStream<CheckoutEvent>
    /// The local network last told through `metadataDidChange` (shared by copies of the adapter,
    /// which deliver the one stream).
    private let localNetwork = LastLocalNetwork()

    private final class LastLocalNetwork: Sendable {
        let value = Mutex<CardNetwork?>(nil)
    }

    public init(manager: RawDataManager, delegate: (any RawDataManagerDelegate)?,
                checkoutDelegate: (any HeadlessUniversalCheckoutDelegate)? = nil) {
        self.manager = manager
        self.delegate = delegate
        self.checkoutDelegate = checkoutDelegate
        events = manager.events()
    }

    /// An adapter delivering `events`, a stream of `manager` subscribed before (with
    /// `manager.events()`): so that a delegate whose conformance is isolated to an actor can be
    /// wired up on that actor later, without missing what was emitted in between.
    public init(manager: RawDataManager, events: AsyncStream<CheckoutEvent>, delegate: (any RawDataManagerDelegate)?,
                checkoutDelegate: (any HeadlessUniversalCheckoutDelegate)? = nil) {
        self.manager = manager
        self.delegate = delegate
        self.checkoutDelegate = checkoutDelegate
        self.events = events
    }

    /// Delivers every event to the delegates, on the caller's actor, until the manager finishes.
    public func run(isolation: isolated (any Actor)? = #isolation) async {
        for await event in events { deliver(event) }
    }

    /// Makes the delegate calls `event` stands for.
    public func deliver(_ event: CheckoutEvent) {
        switch event {
        case let .dataIsValid(isValid, errors):
            delegate?.rawDataManager(manager, dataIsValid: isValid, errors: errors.isEmpty ? nil : errors)
        case let .willFetchMetadata(state):
            delegate?.rawDataManager(manager, willFetchMetadataForState: state)
        case let .didReceiveMetadata(metadata, state):
            delegate?.rawDataManager(manager, didReceiveMetadata: metadata, forState: state)
            if let network = Self.localNetwork(of: metadata), localNetwork.value.withLock({ last in
                defer { last = network }
                return last != network
            }) {
                delegate?.rawDataManager(manager, metadataDidChange: ["cardNetwork": network.rawValue])
            }
        case let .didReceiveBinData(binData):
            delegate?.rawDataManager(manager, didReceiveBinData: binData)
        case let .checkoutCompleted(payment):
            switch payment.status {
            case .authorized, .pending:
                checkoutDelegate?.headlessUniversalCheckoutDidCompleteCheckoutWithData(CheckoutData(payment: payment))
            case .declined, .failed:
                let reason = payment.declineReason.map { " (\($0))" } ?? ""
                let word = payment.status == .declined ? "declined" : "failed"
                let error = CheckoutError(errorId: "payment-failed", description: "Payment \(payment.id) \(word)\(reason).", payment: payment)
                checkoutDelegate?.headlessUniversalCheckoutDidFail(withError: error, checkoutData: CheckoutData(payment: payment))
            }
        case let .checkoutFailed(error):
            checkoutDelegate?.headlessUniversalCheckoutDidFail(withError: error, checkoutData: error.payment.map { CheckoutData(payment: $0) })
        case .willUpdateClientSession:
            checkoutDelegate?.headlessUniversalCheckoutWillUpdateClientSession()
        case let .didUpdateClientSession(due):
            checkoutDelegate?.headlessUniversalCheckoutDidUpdateClientSession(due)
        case .clientSessionUpdateFailed:
            break
        }
    }

    /// The network local rules give the number (the first candidate, `OTHER` for none), as the
    /// SDK's `CardNetwork(cardNumber:)`; nil for a BIN answer, which says nothing of local rules.
    /// Every IIN range of the catalogue is at most 8 digits long, so local rules decide within the
    /// digits the engine reports local metadata for.
    static func localNetwork(of metadata: CardNumberEntryMetadata) -> CardNetwork? {
        guard metadata.source != .remote else { return nil }
        return metadata.detectedCardNetworks.items.first?.network ?? .other
    }
}
