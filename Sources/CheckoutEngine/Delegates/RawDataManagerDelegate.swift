import CheckoutCore

/// The headless SDK's raw-data delegate (`PrimerHeadlessUniversalCheckoutRawDataManagerDelegate`),
/// with the SDK's method names less their `primer` prefix, so delegate code written for the SDK
/// ports by renaming only: `primerRawDataManager(_:dataIsValid:errors:)` becomes
/// ``rawDataManager(_:dataIsValid:errors:)``, and so on.
///
/// Every method is optional (each has an empty default). A ``RawDataManagerDelegateAdapter`` calls
/// them one at a time, in the order the manager emitted its events, on the caller's actor (the one
/// that runs ``RawDataManagerDelegateAdapter/run(isolation:)``). To act on the manager from a
/// callback, start a task: `Task { await manager.submit() }`.
///
///     final class CardForm: RawDataManagerDelegate {
///         func rawDataManager(_ rawDataManager: RawDataManager, didReceiveMetadata metadata: CardNumberEntryMetadata,
///                             forState cardState: CardNumberEntryState) {
///             showChooser(metadata.chooserNetworks?.items ?? [])
///         }
///     }
public protocol RawDataManagerDelegate {
    /// Validity or the error list changed; `errors` is nil when the data is valid (as in the SDK).
    func rawDataManager(_ rawDataManager: RawDataManager, dataIsValid isValid: Bool, errors: [ValidationError]?)
    /// A BIN lookup is starting for this number.
    func rawDataManager(_ rawDataManager: RawDataManager, willFetchMetadataForState cardState: CardNumberEntryState)
    /// The networks of the number in `cardState` (and what paying with the pre-selected one costs).
    func rawDataManager(_ rawDataManager: RawDataManager, didReceiveMetadata metadata: CardNumberEntryMetadata,
                        forState cardState: CardNumberEntryState)
    /// The BIN data of the current number.
    func rawDataManager(_ rawDataManager: RawDataManager, didReceiveBinData binData: BinData)
}

extension RawDataManagerDelegate {
    public func rawDataManager(_ rawDataManager: RawDataManager, dataIsValid isValid: Bool, errors: [ValidationError]?) {}
    public func rawDataManager(_ rawDataManager: RawDataManager, willFetchMetadataForState cardState: CardNumberEntryState) {}
    public func rawDataManager(_ rawDataManager: RawDataManager, didReceiveMetadata metadata: CardNumberEntryMetadata,
                               forState cardState: CardNumberEntryState) {}
    public func rawDataManager(_ rawDataManager: RawDataManager, didReceiveBinData binData: BinData) {}
}

/// The headless SDK's checkout delegate (`PrimerHeadlessUniversalCheckoutDelegate`), for the two
/// results a card payment ends with; names as the SDK's less the `primer` prefix.
public protocol HeadlessUniversalCheckoutDelegate {
    /// A payment was made (its status may still be DECLINED: see ``Payment/status``).
    func headlessUniversalCheckoutDidCompleteCheckoutWithData(_ data: CheckoutData)
    /// The checkout failed before or while paying; `checkoutData` is nil (no payment was made).
    func headlessUniversalCheckoutDidFail(withError error: CheckoutError, checkoutData: CheckoutData?)
}

extension HeadlessUniversalCheckoutDelegate {
    public func headlessUniversalCheckoutDidCompleteCheckoutWithData(_ data: CheckoutData) {}
    public func headlessUniversalCheckoutDidFail(withError error: CheckoutError, checkoutData: CheckoutData?) {}
}

/// What a checkout ended with (the SDK's `PrimerCheckoutData`): the payment, when one was made.
public struct CheckoutData: Sendable, Equatable {
    public var payment: Payment?
    public init(payment: Payment?) { self.payment = payment }
}
