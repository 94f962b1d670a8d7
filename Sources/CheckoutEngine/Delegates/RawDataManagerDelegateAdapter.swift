import CheckoutCore

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
/// | `didReceiveMetadata` | ``RawDataManagerDelegate/rawDataManager(_:didReceiveMetadata:forState:)`` |
/// | `didReceiveBinData` | ``RawDataManagerDelegate/rawDataManager(_:didReceiveBinData:)`` |
/// | `checkoutCompleted` | ``HeadlessUniversalCheckoutDelegate/headlessUniversalCheckoutDidCompleteCheckoutWithData(_:)`` |
/// | `checkoutFailed` | ``HeadlessUniversalCheckoutDelegate/headlessUniversalCheckoutDidFail(withError:checkoutData:)`` |
///
///     let adapter = RawDataManagerDelegateAdapter(manager: manager, delegate: form, checkoutDelegate: form)
///     await manager.setRawData(card)
///     await adapter.run()          // returns once the manager has finished
public struct RawDataManagerDelegateAdapter {
    public let manager: RawDataManager
    public let delegate: (any RawDataManagerDelegate)?
    public let checkoutDelegate: (any HeadlessUniversalCheckoutDelegate)?
    private let events: AsyncStream<CheckoutEvent>

    public init(manager: RawDataManager, delegate: (any RawDataManagerDelegate)?,
                checkoutDelegate: (any HeadlessUniversalCheckoutDelegate)? = nil) {
        self.manager = manager
        self.delegate = delegate
        self.checkoutDelegate = checkoutDelegate
        events = manager.events()
    }

    /// Delivers every event to the delegates, on the caller's actor, until the manager finishes.
    public func run(isolation: isolated (any Actor)? = #isolation) async {
        for await event in events { deliver(event) }
    }

    /// Makes the one delegate call `event` stands for.
    public func deliver(_ event: CheckoutEvent) {
        switch event {
        case let .dataIsValid(isValid, errors):
            delegate?.rawDataManager(manager, dataIsValid: isValid, errors: errors.isEmpty ? nil : errors)
        case let .willFetchMetadata(state):
            delegate?.rawDataManager(manager, willFetchMetadataForState: state)
        case let .didReceiveMetadata(metadata, state):
            delegate?.rawDataManager(manager, didReceiveMetadata: metadata, forState: state)
        case let .didReceiveBinData(binData):
            delegate?.rawDataManager(manager, didReceiveBinData: binData)
        case let .checkoutCompleted(payment):
            checkoutDelegate?.headlessUniversalCheckoutDidCompleteCheckoutWithData(CheckoutData(payment: payment))
        case let .checkoutFailed(error):
            checkoutDelegate?.headlessUniversalCheckoutDidFail(withError: error, checkoutData: nil)
        }
    }
}
