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
    /// The number's network by local rules changed: `["cardNetwork": "VISA"]` (`"OTHER"` when no
    /// network claims it). Deprecated in the SDK in favour of `didReceiveMetadata`, which says more,
    /// but still called (Primer iOS SDK 2.51.1, `RawDataManager.swift`; fired by
    /// `PrimerRawCardDataTokenizationBuilder.swift` when `CardNetwork(cardNumber:)` changes). It is not
    /// marked deprecated here, since the adapter calling it would then warn on every build; a
    /// compatibility layer that wants the attribute puts it on its own name.
    func rawDataManager(_ rawDataManager: RawDataManager, metadataDidChange metadata: [String: String]?)
}

extension RawDataManagerDelegate {
    public func rawDataManager(_ rawDataManager: RawDataManager, dataIsValid isValid: Bool, errors: [ValidationError]?) {}
    public func rawDataManager(_ rawDataManager: RawDataManager, willFetchMetadataForState cardState: CardNumberEntryState) {}
    public func rawDataManager(_ rawDataManager: RawDataManager, didReceiveMetadata metadata: CardNumberEntryMetadata,
                               forState cardState: CardNumberEntryState) {}
    public func rawDataManager(_ rawDataManager: RawDataManager, didReceiveBinData binData: BinData) {}
    public func rawDataManager(_ rawDataManager: RawDataManager, metadataDidChange metadata: [String: String]?) {}
}

/// The headless SDK's checkout delegate (`PrimerHeadlessUniversalCheckoutDelegate`) for a card
/// payment's results and the client session's updates; names as the SDK's less the `primer` prefix
/// (Primer iOS SDK 2.51.1, `PrimerHeadlessUniversalCheckoutProtocols.swift`).
public protocol HeadlessUniversalCheckoutDelegate {
    /// A payment was made and did not fail: `AUTHORIZED`, or `PENDING` without anything more to do.
    func headlessUniversalCheckoutDidCompleteCheckoutWithData(_ data: CheckoutData)
    /// The checkout failed, or its payment was declined or failed; `checkoutData` holds the payment
    /// (its id, order id and status) once one was created, and is nil before.
    func headlessUniversalCheckoutDidFail(withError error: CheckoutError, checkoutData: CheckoutData?)
    /// A client-session action is going out (the network paid with changed).
    func headlessUniversalCheckoutWillUpdateClientSession()
    /// The client session answered: what paying now costs (the SDK passes a `PrimerClientSession`,
    /// whose `totalAmount` is ``AmountDue/total``).
    func headlessUniversalCheckoutDidUpdateClientSession(_ amountDue: AmountDue)
}

extension HeadlessUniversalCheckoutDelegate {
    public func headlessUniversalCheckoutDidCompleteCheckoutWithData(_ data: CheckoutData) {}
    public func headlessUniversalCheckoutDidFail(withError error: CheckoutError, checkoutData: CheckoutData?) {}
    public func headlessUniversalCheckoutWillUpdateClientSession() {}
    public func headlessUniversalCheckoutDidUpdateClientSession(_ amountDue: AmountDue) {}
}

/// What a checkout ended with (the SDK's `PrimerCheckoutData`, `PaymentAPIModel.swift`): the
/// payment, when one was made, whose id, order id and status are the SDK's `PrimerCheckoutDataPayment`.
public struct CheckoutData: Sendable, Equatable {
    public var payment: Payment?
    public init(payment: Payment?) { self.payment = payment }
}
