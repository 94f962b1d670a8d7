import CheckoutCore
import CheckoutEngine

/// Hears the engine's delegate calls (through its `RawDataManagerDelegateAdapter`, on the main
/// actor) and makes the SDK's calls they stand for, with the SDK's types.
@MainActor
final class DelegateBridge {
    private weak var owner: PrimerHeadlessUniversalCheckout.RawDataManager?
    /// The network local rules gave the number last: `metadataDidChange` is called when it changes.
    private var localNetwork = CardNetwork.unknown

    init(owner: PrimerHeadlessUniversalCheckout.RawDataManager) {
        self.owner = owner
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
        let network = CardNetwork(cardNumber: cardState.cardNumber)
        if network != localNetwork {
            localNetwork = network
            if let delegate = owner.delegate {
                (DeprecatedMetadataCall() as any DeprecatedMetadataCalling).call(delegate, owner, ["cardNetwork": network.rawValue])
            }
        }
        owner.delegate?.primerRawDataManager(owner, didReceiveMetadata: PrimerCardNumberEntryMetadata(metadata),
                                             forState: PrimerCardNumberEntryState(cardState))
    }

    func rawDataManager(_ rawDataManager: CheckoutEngine.RawDataManager, didReceiveBinData binData: BinData) {
        guard let owner else { return }
        owner.delegate?.primerRawDataManager(owner, didReceiveBinData: PrimerBinData(binData))
    }
}

extension DelegateBridge: @MainActor HeadlessUniversalCheckoutDelegate {
    func headlessUniversalCheckoutDidCompleteCheckoutWithData(_ data: CheckoutData) {
        let delegate = PrimerHeadlessUniversalCheckout.current.delegate
        guard let payment = data.payment, payment.status != .authorized else {
            delegate?.primerHeadlessUniversalCheckoutDidCompleteCheckoutWithData(PrimerCheckoutData(data))
            return
        }
        // The SDK completes only a successful payment; a declined one fails, with its data
        // (research/primer-sdk.md §10: didFail carries the payment's id and status once it exists).
        let reason = payment.declineReason.map { ": \($0)" } ?? ""
        delegate?.primerHeadlessUniversalCheckoutDidFail(
            withError: CheckoutError(errorId: "payment-failed", description: "The payment was declined\(reason)."),
            checkoutData: PrimerCheckoutData(data))
    }

    func headlessUniversalCheckoutDidFail(withError error: CheckoutError, checkoutData: CheckoutData?) {
        PrimerHeadlessUniversalCheckout.current.delegate?.primerHeadlessUniversalCheckoutDidFail(
            withError: error, checkoutData: checkoutData.map(PrimerCheckoutData.init))
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
