// The SDK's delegate protocols with its method signatures, on the main actor, where the SDK calls
// them. Their `@objc optional` methods (Linux has no Objective-C runtime) are requirements with empty
// defaults, so implementing only some of them works as with the SDK.
//
// Primer iOS SDK 2.51.1:
// - `Sources/PrimerSDK/Classes/Core/PrimerHeadlessUniversalCheckout/PrimerHeadlessUniversalCheckoutProtocols.swift`:
//   `PrimerHeadlessUniversalCheckoutDelegate` (`primerHeadlessUniversalCheckoutDidCompleteCheckoutWithData(_:)`
//   required; `…DidLoadAvailablePaymentMethods(_:)`, `…DidFail(withError:checkoutData:)` optional) and
//   `PrimerHeadlessUniversalCheckoutUIDelegate` (all optional).
// - `…/Managers/Payment Method Managers/RawDataManager.swift`: `PrimerHeadlessUniversalCheckoutRawDataManagerDelegate`,
//   every method optional, `metadataDidChange` deprecated ("Use _:didReceiveCardMetadata:forState: instead").
// The SDK's other optional checkout-delegate methods (tokenization, resume and payment-creation
// decisions, client-session updates) belong to manual payment handling and are not offered.

/// Receives the end of a checkout; set it as `PrimerHeadlessUniversalCheckout.current.delegate`
/// (or pass it to `start`).
@MainActor
public protocol PrimerHeadlessUniversalCheckoutDelegate: AnyObject {
    /// A payment was made and succeeded.
    func primerHeadlessUniversalCheckoutDidCompleteCheckoutWithData(_ data: PrimerCheckoutData)
    /// `start` loaded the payment methods the session offers.
    func primerHeadlessUniversalCheckoutDidLoadAvailablePaymentMethods(_ paymentMethods: [PrimerHeadlessUniversalCheckout.PaymentMethod])
    /// The checkout failed: invalid data, a refused network, a declined or failed payment. Once a
    /// payment exists, `checkoutData` carries its id and status.
    func primerHeadlessUniversalCheckoutDidFail(withError err: Error, checkoutData: PrimerCheckoutData?)
}

extension PrimerHeadlessUniversalCheckoutDelegate {
    public func primerHeadlessUniversalCheckoutDidLoadAvailablePaymentMethods(_ paymentMethods: [PrimerHeadlessUniversalCheckout.PaymentMethod]) {}
    public func primerHeadlessUniversalCheckoutDidFail(withError err: Error, checkoutData: PrimerCheckoutData?) {}
}

/// The SDK's UI delegate, accepted by `start` for the same signatures. This engine presents no
/// payment-method UI of its own, so none of its methods is called.
@MainActor
public protocol PrimerHeadlessUniversalCheckoutUIDelegate: AnyObject {
    func primerHeadlessUniversalCheckoutUIDidStartPreparation(for paymentMethodType: String)
    func primerHeadlessUniversalCheckoutUIDidShowPaymentMethod(for paymentMethodType: String)
    func primerHeadlessUniversalCheckoutUIDidDismissPaymentMethod()
}

extension PrimerHeadlessUniversalCheckoutUIDelegate {
    public func primerHeadlessUniversalCheckoutUIDidStartPreparation(for paymentMethodType: String) {}
    public func primerHeadlessUniversalCheckoutUIDidShowPaymentMethod(for paymentMethodType: String) {}
    public func primerHeadlessUniversalCheckoutUIDidDismissPaymentMethod() {}
}

/// Receives what a ``PrimerHeadlessUniversalCheckout/RawDataManager`` learns about its `rawData`,
/// in the order the engine learnt it, on the main actor.
///
/// | call | when |
/// | --- | --- |
/// | `dataIsValid` | validity or the list of errors changed (errors are ``PrimerValidationError``s, nil when valid) |
/// | `willFetchMetadataForState` | a BIN lookup starts for the number in the state |
/// | `didReceiveMetadata` | the networks of the number: local rules, or the BIN answer, repeated on each later edit that keeps its BIN, as the SDK repeats its cached answer |
/// | `didReceiveBinData` | the BIN data of the number |
/// | `metadataDidChange` (deprecated) | the network local rules give the number changed: `["cardNetwork": "VISA"]` |
@MainActor
public protocol PrimerHeadlessUniversalCheckoutRawDataManagerDelegate: AnyObject {
    @available(*, deprecated, message: "Use _:didReceiveCardMetadata:forState: instead")
    func primerRawDataManager(_ rawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager, metadataDidChange metadata: [String: Any]?)

    func primerRawDataManager(_ rawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager, dataIsValid isValid: Bool, errors: [Error]?)

    func primerRawDataManager(_ rawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager,
                              willFetchMetadataForState state: PrimerValidationState)

    func primerRawDataManager(_ rawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager,
                              didReceiveMetadata metadata: PrimerPaymentMethodMetadata,
                              forState state: PrimerValidationState)

    func primerRawDataManager(_ rawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager, didReceiveBinData binData: PrimerBinData)
}

extension PrimerHeadlessUniversalCheckoutRawDataManagerDelegate {
    public func primerRawDataManager(_ rawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager, metadataDidChange metadata: [String: Any]?) {}
    public func primerRawDataManager(_ rawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager, dataIsValid isValid: Bool, errors: [Error]?) {}
    public func primerRawDataManager(_ rawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager,
                                     willFetchMetadataForState state: PrimerValidationState) {}
    public func primerRawDataManager(_ rawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager,
                                     didReceiveMetadata metadata: PrimerPaymentMethodMetadata,
                                     forState state: PrimerValidationState) {}
    public func primerRawDataManager(_ rawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager, didReceiveBinData binData: PrimerBinData) {}
}
