import PrimerHeadlessCompat

// The seeds' delegate code, compiled against PrimerHeadlessCompat with only its import changed
// (from `import PrimerSDK`). This file imports nothing else, as an integrator's view controller
// would. Below `MARK: seed` is seed 000's Swift example (Step 2) as written, its two `/* ... */`
// placeholders preceded by a call that records what a screen would show; seed 000's Steps 3 and 4
// are `choose(_:)` and `pay()`; seed 003's other delegate methods have its documented signatures,
// and the checkout delegate the SDK's (PrimerHeadlessUniversalCheckoutProtocols.swift), with
// bodies that record what they receive for the tests.

/// Stands for the integrator's logger (seed 000 calls `logger.error(_:)`).
@MainActor
final class Logger {
    private(set) var errors: [String] = []
    func error(_ message: String) { errors.append(message) }
}

@MainActor
final class MyViewController {
    let logger = Logger()
    var rawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager!

    // The form's fields, as the cardholder typed them.
    var cardNumber = ""
    var expiryDate = "12/30"
    var cvvNumber = "123"
    var cardholderName = "Jane Doe"

    /// Every delegate call, in order, as a line.
    private(set) var calls: [String] = []
    /// What the Step 2 example decided to show, each time it ran.
    private(set) var shown: [(networks: [PrimerCardNetwork], isAllowed: Bool, cardNumber: String)] = []
    private(set) var spinnerShownFor: [String] = []
    private(set) var legacyMetadata: [String] = []
    private(set) var validity: [(isValid: Bool, errorIds: [String])] = []
    private(set) var lastErrors: [Error] = []
    private(set) var binData: [PrimerBinData] = []
    private(set) var completed: PrimerCheckoutData?
    private(set) var failure: (error: Error, data: PrimerCheckoutData?)?

    func viewDidLoad() throws {
        rawDataManager = try PrimerHeadlessUniversalCheckout.RawDataManager(paymentMethodType: "PAYMENT_CARD", delegate: self)
    }

    /// The card number field changed: the SDK's guide sets new raw data on every change.
    func cardNumberFieldDidChange(_ text: String) {
        cardNumber = text
        rawDataManager.rawData = PrimerCardData(cardNumber: cardNumber, expiryDate: expiryDate, cvv: cvvNumber, cardholderName: cardholderName)
    }

    /// The cardholder picked `primerCardNetwork` in the chooser (seed 000, Step 3).
    func choose(_ primerCardNetwork: PrimerCardNetwork) {
        let selectedCardNetwork: CardNetwork = primerCardNetwork.value // Enum value for the network

        rawDataManager?.rawData = PrimerCardData(
            cardNumber: cardNumber,
            expiryDate: expiryDate,
            cvv: cvvNumber,
            cardholderName: cardholderName,
            cardNetwork: selectedCardNetwork // pass the enum value here
        )
    }

    /// The cardholder pressed Pay (seed 000, Step 4).
    func pay() {
        rawDataManager.submit()
    }

    // What the seed's placeholders stand for: showing things on screen, recorded here.

    func displaySpinner(for state: PrimerCardNumberEntryState) {
        spinnerShownFor.append(state.cardNumber)
        calls.append("willFetchMetadata \(state.cardNumber)")
    }

    func display(_ networks: [PrimerCardNetwork], isAllowedNetwork: Bool, source: PrimerCardValidationSource, for state: PrimerCardNumberEntryState) {
        shown.append((networks, isAllowedNetwork, state.cardNumber))
        calls.append("didReceiveMetadata \(source) \(state.cardNumber) \(networks.map(\.displayName))")
    }
}

// MARK: seed

extension MyViewController: PrimerHeadlessUniversalCheckoutRawDataManagerDelegate {

    func primerRawDataManager(_ rawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager,
                              willFetchMetadataForState cardState: PrimerValidationState) {
        guard let state = cardState as? PrimerCardNumberEntryState else {
            logger.error("Received non-card metadata. Ignoring ...")
            return
        }
        displaySpinner(for: state) /* ... display spinner ... */
    }

    func primerRawDataManager(_ rawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager,
                                didReceiveMetadata metadata: PrimerPaymentMethodMetadata,
                                forState cardState: PrimerValidationState) {

        guard let metadata = metadata as? PrimerCardNumberEntryMetadata,
              let cardState = cardState as? PrimerCardNumberEntryState else {
            logger.error("Received non-card metadata. Ignoring ...")
            return
        }

        var networksForDisplay: [PrimerCardNetwork] = []
        var isAllowedNetwork: Bool = true

        if metadata.source == .remote, let selectableNetworks = metadata.selectableCardNetworks?.items, !selectableNetworks.isEmpty {
            networksForDisplay = selectableNetworks
        } else if let preferredDetectedNetwork = metadata.detectedCardNetworks.preferred {
            networksForDisplay = [preferredDetectedNetwork]
        } else if let cardNetwork = metadata.detectedCardNetworks.items.first {
            networksForDisplay = [cardNetwork]
            isAllowedNetwork = false
        }

        display(networksForDisplay, isAllowedNetwork: isAllowedNetwork, source: metadata.source, for: cardState) /* ... networksForDisplay contains the models to display to the user 🎉 ... */
    }

    // Seed 003: the other methods of the delegate, with their documented signatures.

    func primerRawDataManager(_ rawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager, dataIsValid isValid: Bool, errors: [Error]?) {
        let ids = errors?.compactMap { ($0 as? PrimerValidationError)?.errorId } ?? []
        validity.append((isValid, ids))
        lastErrors = errors ?? []
        calls.append("dataIsValid \(isValid) \(ids)")
    }

    func primerRawDataManager(_ rawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager,
                              didReceiveBinData binData: PrimerBinData) {
        self.binData.append(binData)
        calls.append("didReceiveBinData \(binData.status == .complete ? "complete" : "partial") \(binData.firstDigits ?? "nil")")
    }

    func primerRawDataManager(_ rawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager, metadataDidChange metadata: [String: Any]?) {
        legacyMetadata.append(metadata?["cardNetwork"] as? String ?? "nil")
    }
}

extension MyViewController: PrimerHeadlessUniversalCheckoutDelegate {
    func primerHeadlessUniversalCheckoutDidCompleteCheckoutWithData(_ data: PrimerCheckoutData) {
        completed = data
        calls.append("didCompleteCheckout \(data.payment?.status ?? "nil")")
    }

    func primerHeadlessUniversalCheckoutDidFail(withError err: Error, checkoutData: PrimerCheckoutData?) {
        failure = (err, checkoutData)
        calls.append("didFail \(checkoutData?.payment?.status ?? "no payment")")
    }
}
