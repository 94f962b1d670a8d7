import CheckoutCore

/// The engine's raw-data delegate, shaped like the headless SDK's
/// (`PrimerHeadlessUniversalCheckoutRawDataManagerDelegate`) but with the engine's own value types
/// and the `primer` prefix dropped: `primerRawDataManager(_:dataIsValid:errors:)` is
/// ``rawDataManager(_:dataIsValid:errors:)``, and so on. Code written against the SDK itself
/// compiles unchanged against the `PrimerHeadlessCompat` module instead.
///
/// Every method is required: a method whose signature is slightly off (the SDK's `errors: [Error]?`
/// here) is a compile error, not a method that is silently never called. A
/// ``RawDataManagerDelegateAdapter`` calls them one at a time, in the order the manager emitted its
/// events, on the actor that runs ``RawDataManagerDelegateAdapter/run(isolation:)``; a `@MainActor`
/// type conforms with an isolated conformance, `extension CardForm: @MainActor RawDataManagerDelegate`.
/// To act on the manager from a callback, set ``RawDataManager/rawData`` or ``RawDataManager/post(_:)``:
/// both return at once and keep the order of the calls.
///
///     final class CardForm: RawDataManagerDelegate {
///         func rawDataManager(_ rawDataManager: RawDataManager, dataIsValid isValid: Bool, errors: [ValidationError]?) {}
///         func rawDataManager(_ rawDataManager: RawDataManager, willFetchMetadataForState cardState: CardNumberEntryState) {}
///         func rawDataManager(_ rawDataManager: RawDataManager, didReceiveMetadata metadata: CardNumberEntryMetadata,
///                             forState cardState: CardNumberEntryState) {
///             showChooser(metadata.chooserNetworks?.items ?? [])
///         }
///         func rawDataManager(_ rawDataManager: RawDataManager, didReceiveBinData binData: BinData) {}
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

/// The headless SDK's checkout delegate (`PrimerHeadlessUniversalCheckoutDelegate`), for the
/// results a card payment ends with and the client session's updates; names as the SDK's less the
/// `primer` prefix (Primer iOS SDK 2.51.1, `PrimerHeadlessUniversalCheckoutProtocols.swift`). Every
/// method is required, for the reason ``RawDataManagerDelegate``'s are.
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

/// What a checkout ended with (the SDK's `PrimerCheckoutData`): the payment, when one was made.
public struct CheckoutData: Sendable, Equatable {
    public var payment: Payment?
    public init(payment: Payment?) { self.payment = payment }
}
