import CheckoutCore
import CheckoutEngine

/// Hears the engine's delegate calls (through its `RawDataManagerDelegateAdapter`, on the main
/// actor) and makes the SDK's calls they stand for, with the SDK's types.
@MainActor
final class DelegateBridge {
    private weak var owner: PrimerHeadlessUniversalCheckout.RawDataManager?

    /// The payment handling the manager was made under.
    private let paymentHandling: PrimerPaymentHandling

    nonisolated init(owner: PrimerHeadlessUniversalCheckout.RawDataManager, paymentHandling: PrimerPaymentHandling) {
        self.owner = owner
        self.paymentHandling = paymentHandling
    }
}

extension DelegateBridge: @MainActor RawDataManagerDelegate {
    func rawDataManager(_ rawDataManager: CheckoutEngine.RawDataManager, dataIsValid isValid: Bool, errors: [ValidationError]?) {
        guard let owner else { return }
        owner.isDataValid = isValid
        owner.delegate?.primerRawDataManager(owner, dataIsValid: isValid, errors: errors?.map { PrimerValidationError($0) })
    }

    func rawDataManager(_ rawDataManager: CheckoutEngine.RawDataManager, willFetchMetadataForState cardState: CardNumberEntryState) {
        guard let owner else { return }
        owner.delegate?.primerRawDataManager(owner, willFetchMetadataForState: PrimerCardNumberEntryState(cardState))
    }

    func rawDataManager(_ rawDataManager: CheckoutEngine.RawDataManager, didReceiveMetadata metadata: CardNumberEntryMetadata,
                        forState cardState: CardNumberEntryState) {
        guard let owner else { return }
        owner.delegate?.primerRawDataManager(owner, didReceiveMetadata: PrimerCardNumberEntryMetadata(metadata),
                                             forState: PrimerCardNumberEntryState(cardState))
    }

    func rawDataManager(_ rawDataManager: CheckoutEngine.RawDataManager, didReceiveBinData binData: BinData) {
        guard let owner else { return }
        owner.delegate?.primerRawDataManager(owner, didReceiveBinData: PrimerBinData(binData))
    }

    /// The engine's adapter tells when the network local rules give the number changes, as the
    /// SDK's `PrimerRawCardDataTokenizationBuilder.swift` does; the SDK's deprecated call follows.
    func rawDataManager(_ rawDataManager: CheckoutEngine.RawDataManager, metadataDidChange metadata: [String: String]?) {
        guard let owner, let delegate = owner.delegate else { return }
        (DeprecatedMetadataCall() as any DeprecatedMetadataCalling).call(delegate, owner, metadata ?? [:])
    }
}

extension DelegateBridge: @MainActor HeadlessUniversalCheckoutDelegate {
    /// Only a payment that did not fail arrives here: the engine's adapter sends a declined or
    /// failed one to `didFail` with its data, as the SDK does.
    /// Under manual handling the merchant's `.complete()` ends the checkout with no call, as in the
    /// SDK (it calls `didCompleteCheckoutWithData` under `.auto` only): their server has the outcome.
    func headlessUniversalCheckoutDidCompleteCheckoutWithData(_ data: CheckoutData) {
        guard paymentHandling == .auto else { return }
        PrimerHeadlessUniversalCheckout.current.delegate?.primerHeadlessUniversalCheckoutDidCompleteCheckoutWithData(PrimerCheckoutData(data))
    }

    /// Under manual handling, a payment the merchant completed (their server made it, whatever its
    /// status) is not a failure of the checkout; a failure before or instead of one is.
    func headlessUniversalCheckoutDidFail(withError error: CheckoutError, checkoutData: CheckoutData?) {
        if paymentHandling == .manual, checkoutData?.payment != nil { return }
        PrimerHeadlessUniversalCheckout.current.delegate?.primerHeadlessUniversalCheckoutDidFail(
            withError: error, checkoutData: checkoutData.map(PrimerCheckoutData.init))
    }

    func headlessUniversalCheckoutWillUpdateClientSession() {
        PrimerHeadlessUniversalCheckout.current.delegate?.primerHeadlessUniversalCheckoutWillUpdateClientSession()
    }

    func headlessUniversalCheckoutDidUpdateClientSession(_ amountDue: AmountDue) {
        PrimerHeadlessUniversalCheckout.current.delegate?.primerHeadlessUniversalCheckoutDidUpdateClientSession(PrimerClientSession(amountDue))
    }
}

/// Calls the SDK's deprecated `metadataDidChange`, which delegates written for older SDKs still
/// implement, without this module warning about its own use of it: the deprecated witness below
/// may call it, and a call through this requirement is no use of a deprecated declaration.
@MainActor
private protocol DeprecatedMetadataCalling {
    func call(_ delegate: any PrimerHeadlessUniversalCheckoutRawDataManagerDelegate,
              _ manager: PrimerHeadlessUniversalCheckout.RawDataManager, _ metadata: [String: Any])
}

private struct DeprecatedMetadataCall: DeprecatedMetadataCalling {
    @available(*, deprecated)
    func call(_ delegate: any PrimerHeadlessUniversalCheckoutRawDataManagerDelegate,
              _ manager: PrimerHeadlessUniversalCheckout.RawDataManager, _ metadata: [String: Any]) {
        delegate.primerRawDataManager(manager, metadataDidChange: metadata)
    }
}
