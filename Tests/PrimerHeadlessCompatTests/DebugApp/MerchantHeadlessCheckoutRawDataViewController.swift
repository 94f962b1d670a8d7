import PrimerFoundation
import PrimerHeadlessCompat

// A port of the card screen of Primer's Debug App (primer-sdk-ios at 8895e0f, SDK 2.51.1,
// `Debug App/Sources/View Controllers/MerchantHeadlessCheckoutRawDataViewController.swift`), as an
// adopter ports it: the layout code removed, UIKit replaced by the stand-ins of UIKitStandIns.swift,
// the storyboard instantiation, selectors and logging prints dropped. Every call to the SDK is the
// Debug App's, with its names and arguments; only `import PrimerSDK` became `import PrimerHeadlessCompat`.
// Its logic, kept: each keystroke builds new `PrimerCardData` (carrying the network chosen so far)
// and sets it as `rawData`; a co-badged card's networks become tappable badges, and a tap sets
// `cardNetwork` on the card data the manager holds, in place; Pay calls `submit()`.

final class MerchantHeadlessCheckoutRawDataViewController: UIViewController {
    static func instantiate(paymentMethodType: String) -> MerchantHeadlessCheckoutRawDataViewController {
        let controller = MerchantHeadlessCheckoutRawDataViewController()
        controller.paymentMethodType = paymentMethodType
        return controller
    }

    var primerRawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager?
    var selectedCardNetwork: PrimerCardNetwork?
    var cardBadgesInteractive = false
    var paymentMethodType: String!
    var rawCardData = PrimerCardData(cardNumber: "", expiryDate: "", cvv: "", cardholderName: "")

    var cardnumberTextField: UITextField?
    var expiryDateTextField: UITextField?
    var cvvTextField: UITextField?
    var cardholderNameTextField: UITextField?
    var payButton: UIButton!
    var cardsStackView: UIStackView!
    var autoInputButtons: [UIButton] = []
    var logs: [String] = []

    /// Bancontact has its own raw data (no CVV), as in the Debug App.
    var currentRawData: PrimerRawData {
        guard paymentMethodType == "ADYEN_BANCONTACT_CARD" else { return rawCardData }
        return PrimerBancontactCardData(cardNumber: rawCardData.cardNumber, expiryDate: rawCardData.expiryDate,
                                        cardholderName: rawCardData.cardholderName ?? "")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        renderInputs()
    }

    /// The two buttons that fill in a Visa or a Mastercard number.
    func renderAutoInputUI() {
        let updateCardData = { [self] in
            rawCardData.cardNumber = cardnumberTextField!.text!.replacingOccurrences(of: " ", with: "")
            primerRawDataManager?.rawData = currentRawData
        }
        autoInputButtons = [
            UIButton(primaryAction: UIAction(title: "VISA") { _ in
                self.cardnumberTextField?.text = "4111 1234 1234 1234"
                updateCardData()
            }),
            UIButton(primaryAction: UIAction(title: "MasterCard") { _ in
                self.cardnumberTextField?.text = "5522 1234 1234 1234"
                updateCardData()
            }),
        ]
    }

    func renderInputs() {
        renderAutoInputUI()
        do {
            primerRawDataManager = try PrimerHeadlessUniversalCheckout.RawDataManager(paymentMethodType: paymentMethodType, delegate: self)
            for inputElementType in primerRawDataManager!.listRequiredInputElementTypes(for: paymentMethodType) {
                switch inputElementType {
                case .cardNumber: cardnumberTextField = styledTextField(forAccessibilityId: "cardNumberTextField", withPlaceholderText: "4242 4242 4242 4242")
                case .expiryDate: expiryDateTextField = styledTextField(forAccessibilityId: "expiryDateTextField", withPlaceholderText: "03/2030")
                case .cvv: cvvTextField = styledTextField(forAccessibilityId: "cvvTextField", withPlaceholderText: "123")
                case .cardholderName: cardholderNameTextField = styledTextField(forAccessibilityId: "cardholderNameTextField", withPlaceholderText: "John Smith")
                case .otp, .postalCode, .phoneNumber, .retailer, .unknown: break
                }
            }
            payButton = UIButton()
            payButton.accessibilityIdentifier = "submit_btn"
            payButton.setTitle("Pay")
            payButton.backgroundColor = .lightGray
            payButton.isEnabled = false
            payButton.onTap = { [unowned self] in payButtonTapped(payButton) }
            cardsStackView = UIStackView()
            cardsStackView.accessibilityIdentifier = "cardNetworksSelectionView"
        } catch {
            logs.append("ERROR: Failed to set up card entry fields")
        }
    }

    private func styledTextField(forAccessibilityId accessibilityId: String, withPlaceholderText placeholderText: String) -> UITextField {
        let textField = UITextField()
        textField.accessibilityIdentifier = accessibilityId
        textField.delegate = self
        textField.placeholder = placeholderText
        return textField
    }

    func payButtonTapped(_ sender: UIButton) {
        guard expiryDateTextField?.text?.isEmpty == false,
              let expiryComponents = expiryDateTextField?.text?.split(separator: "/"),
              expiryComponents.count == 2,
              case let yearComponent = String(expiryComponents[1]),
              [2, 4].contains(yearComponent.count) else {
            return showErrorMessage("Please write expiry date in format MM/YY or MM/YYYY")
        }
        primerRawDataManager!.submit()
    }
}

extension MerchantHeadlessCheckoutRawDataViewController: UITextFieldDelegate {
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        var newText = ""
        if let text = textField.text, let textRange = Range(range, in: text) {
            newText = text.replacingCharacters(in: textRange, with: string)
        }
        // A new PrimerCardData for every keystroke, keeping the network chosen so far.
        if textField === cardnumberTextField {
            rawCardData = PrimerCardData(cardNumber: newText.replacingOccurrences(of: " ", with: ""),
                                         expiryDate: expiryDateTextField?.text ?? "", cvv: cvvTextField?.text ?? "",
                                         cardholderName: cardholderNameTextField?.text ?? "", cardNetwork: rawCardData.cardNetwork)
        } else if textField === expiryDateTextField {
            rawCardData = PrimerCardData(cardNumber: cardnumberTextField?.text ?? "", expiryDate: newText, cvv: cvvTextField?.text ?? "",
                                         cardholderName: cardholderNameTextField?.text ?? "", cardNetwork: rawCardData.cardNetwork)
        } else if textField === cvvTextField {
            rawCardData = PrimerCardData(cardNumber: cardnumberTextField?.text ?? "", expiryDate: expiryDateTextField?.text ?? "", cvv: newText,
                                         cardholderName: cardholderNameTextField?.text ?? "", cardNetwork: rawCardData.cardNetwork)
        } else if textField === cardholderNameTextField {
            rawCardData = PrimerCardData(cardNumber: cardnumberTextField?.text ?? "", expiryDate: expiryDateTextField?.text ?? "",
                                         cvv: cvvTextField?.text ?? "", cardholderName: newText.isEmpty ? nil : newText,
                                         cardNetwork: rawCardData.cardNetwork)
        }
        primerRawDataManager?.rawData = currentRawData
        return true
    }
}

extension MerchantHeadlessCheckoutRawDataViewController: PrimerHeadlessUniversalCheckoutRawDataManagerDelegate {
    func primerRawDataManager(_ rawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager, dataIsValid isValid: Bool, errors: [Error]?) {
        logs.append(#function)
        payButton.backgroundColor = isValid ? .black : .lightGray
        payButton.isEnabled = isValid
    }

    func primerRawDataManager(_ rawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager, metadataDidChange metadata: [String: Any]?) {
        logs.append(#function)
    }

    func primerRawDataManager(_ rawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager, willFetchMetadataForState state: PrimerValidationState) {
        DispatchQueue.main.async {
            self.cardsStackView.removeAllArrangedSubviews()
            self.cardsStackView.addArrangedSubview(UIView())      // the progress view
        }
    }

    func primerRawDataManager(_ rawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager,
                              didReceiveMetadata metadata: PrimerPaymentMethodMetadata, forState state: PrimerValidationState) {
        guard let metadata = metadata as? PrimerCardNumberEntryMetadata, state is PrimerCardNumberEntryState else {
            logs.append("ERROR: Failed to cast metadata and state to card entry models")
            return
        }
        DispatchQueue.main.async { [weak self] in
            guard let self else { return }
            // A tap made before is kept when the metadata comes again.
            let priorPick = rawCardData.cardNetwork
            cardsStackView.removeAllArrangedSubviews()
            selectedCardNetwork = nil

            if metadata.autoSelectedCardNetwork != nil {
                // The merchant's network is used (eftpos): every network shown, none tappable.
                cardBadgesInteractive = false
                rawCardData.cardNetwork = nil
                addCardBadges(for: metadata.detectedCardNetworks.items)
            } else if let selectableNetworks = metadata.selectableCardNetworks, selectableNetworks.items.count > 1 {
                let preservedSelection = priorPick.flatMap { pick in selectableNetworks.items.first { $0.network == pick } }
                cardBadgesInteractive = true
                selectedCardNetwork = preservedSelection ?? selectableNetworks.items.first
                rawCardData.cardNetwork = preservedSelection?.network
                addCardBadges(for: selectableNetworks.items)
                for (index, network) in selectableNetworks.items.enumerated() {
                    guard let imageView = cardsStackView.arrangedSubviews[safe: index] as? UIImageView else { continue }
                    imageView.isUserInteractionEnabled = true
                    imageView.addGestureRecognizer(TapGestureRecognizer {
                        self.selectedCardNetwork = network
                        self.rawCardData.cardNetwork = network.network
                        self.updateCardImages()
                    })
                }
            } else {
                cardBadgesInteractive = false
                rawCardData.cardNetwork = nil
                addCardBadges(for: metadata.detectedCardNetworks.items)
            }
            cardsStackView.addArrangedSubview(UIView())           // the spacer
            updateCardImages()
        }
    }

    private func addCardBadges(for networks: [PrimerCardNetwork]) {
        for network in networks {
            let image = PrimerHeadlessUniversalCheckout.AssetsManager.getCardNetworkAsset(for: network.network)
            let imageView = UIImageView(image: image?.cardImage)
            imageView.accessibilityIdentifier = network.displayName
            cardsStackView.addArrangedSubview(imageView)
        }
    }

    func primerRawDataManager(_ rawDataManager: PrimerHeadlessUniversalCheckout.RawDataManager, didReceiveBinData binData: PrimerBinData) {
        let status = binData.status == .complete ? "complete" : "partial"
        logs.append("didReceiveBinData \(status) \(binData.preferred?.displayName ?? "none")")
    }

    private func updateCardImages() {
        guard cardBadgesInteractive else { return }
        for imageView in cardsStackView.arrangedSubviews.compactMap({ $0 as? UIImageView }) {
            imageView.alpha = imageView.accessibilityIdentifier == selectedCardNetwork?.displayName ? 1 : 0.5
        }
    }
}
