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
}

/// The headless SDK's checkout delegate (`PrimerHeadlessUniversalCheckoutDelegate`), for the two
/// results a card payment ends with; names as the SDK's less the `primer` prefix. Both methods are
/// required, for the reason ``RawDataManagerDelegate``'s are.
public protocol HeadlessUniversalCheckoutDelegate {
    /// A payment was made (its status may still be DECLINED: see ``Payment/status``).
    func headlessUniversalCheckoutDidCompleteCheckoutWithData(_ data: CheckoutData)
    /// The checkout failed before or while paying; `checkoutData` is nil (no payment was made).
    func headlessUniversalCheckoutDidFail(withError error: CheckoutError, checkoutData: CheckoutData?)
}

/// What a checkout ended with (the SDK's `PrimerCheckoutData`): the payment, when one was made.
public struct CheckoutData: Sendable, Equatable {
    public var payment: Payment?
    public init(payment: Payment?) { self.payment = payment }
}
