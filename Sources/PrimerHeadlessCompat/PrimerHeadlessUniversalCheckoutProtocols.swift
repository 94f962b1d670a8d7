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
// The client-session updates (`…WillUpdateClientSession()`, `…DidUpdateClientSession(_:)`, optional
// in the same file) are called when a surcharged session is told the network. The tokenization,
// resume and payment-creation methods are the same file's, with its signatures (the decision handlers
// are `@escaping (…) -> Void`, not `@Sendable`, as there: a method written with another signature
// would silently never be called).

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
    /// The client session is being told the network the card would be paid with.
    func primerHeadlessUniversalCheckoutWillUpdateClientSession()
    /// The client session answered: `totalAmount` is what paying now costs, the surcharge included.
    func primerHeadlessUniversalCheckoutDidUpdateClientSession(_ clientSession: PrimerClientSession)
    /// The card is about to be tokenized.
    func primerHeadlessUniversalCheckoutDidStartTokenization(for paymentMethodType: String)
    /// Manual payment handling: the card was tokenized; create the payment on your server with
    /// `paymentMethodTokenData.token`, then decide (`.complete()`, `.continueWithNewClientToken(_:)`,
    /// `.fail(withErrorMessage:)`). Not implementing it under `.manual` fails the checkout, saying so.
    func primerHeadlessUniversalCheckoutDidTokenizePaymentMethod(_ paymentMethodTokenData: PrimerPaymentMethodTokenData,
                                                               decisionHandler: @escaping (PrimerHeadlessUniversalCheckoutResumeDecision) -> Void)
    /// Manual payment handling: a required action was performed; resume the payment on your server.
    func primerHeadlessUniversalCheckoutDidResumeWith(_ resumeToken: String,
                                                      decisionHandler: @escaping (PrimerHeadlessUniversalCheckoutResumeDecision) -> Void)
    func primerHeadlessUniversalCheckoutDidEnterResumePendingWithPaymentAdditionalInfo(_ additionalInfo: PrimerCheckoutAdditionalInfo?)
    func primerHeadlessUniversalCheckoutDidReceiveAdditionalInfo(_ additionalInfo: PrimerCheckoutAdditionalInfo?)
    /// A payment is about to be created: continue (optionally with an idempotency key) or abort.
    func primerHeadlessUniversalCheckoutWillCreatePaymentWithData(_ data: PrimerCheckoutPaymentMethodData,
                                                                  decisionHandler: @escaping (PrimerPaymentCreationDecision) -> Void)
}

extension PrimerHeadlessUniversalCheckoutDelegate {
    public func primerHeadlessUniversalCheckoutDidLoadAvailablePaymentMethods(_ paymentMethods: [PrimerHeadlessUniversalCheckout.PaymentMethod]) {}
    public func primerHeadlessUniversalCheckoutDidFail(withError err: Error, checkoutData: PrimerCheckoutData?) {}
    public func primerHeadlessUniversalCheckoutWillUpdateClientSession() {}
    public func primerHeadlessUniversalCheckoutDidUpdateClientSession(_ clientSession: PrimerClientSession) {}
    public func primerHeadlessUniversalCheckoutDidStartTokenization(for paymentMethodType: String) {}
    public func primerHeadlessUniversalCheckoutDidTokenizePaymentMethod(_ paymentMethodTokenData: PrimerPaymentMethodTokenData,
                                                                      decisionHandler: @escaping (PrimerHeadlessUniversalCheckoutResumeDecision) -> Void) {
        decisionHandler(.fail(withErrorMessage: "Manual payment handling needs primerHeadlessUniversalCheckoutDidTokenizePaymentMethod(_:decisionHandler:) "
            + "in the checkout delegate, to create the payment with the token; nothing was charged."))
    }
    public func primerHeadlessUniversalCheckoutDidResumeWith(_ resumeToken: String,
                                                             decisionHandler: @escaping (PrimerHeadlessUniversalCheckoutResumeDecision) -> Void) {
        decisionHandler(.complete())
    }
    public func primerHeadlessUniversalCheckoutDidEnterResumePendingWithPaymentAdditionalInfo(_ additionalInfo: PrimerCheckoutAdditionalInfo?) {}
    public func primerHeadlessUniversalCheckoutDidReceiveAdditionalInfo(_ additionalInfo: PrimerCheckoutAdditionalInfo?) {}
    public func primerHeadlessUniversalCheckoutWillCreatePaymentWithData(_ data: PrimerCheckoutPaymentMethodData,
                                                                         decisionHandler: @escaping (PrimerPaymentCreationDecision) -> Void) {
        decisionHandler(.continuePaymentCreation())
    }
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
