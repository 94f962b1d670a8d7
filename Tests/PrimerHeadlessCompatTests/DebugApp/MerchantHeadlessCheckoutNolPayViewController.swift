import PrimerFoundation
import PrimerHeadlessCompat

// A port of the Nol Pay screen of Primer's Debug App (primer-sdk-ios at 8895e0f, SDK 2.51.1,
// `Debug App/Sources/View Controllers/New UI/NolPayHeadless/MerchantHeadlessCheckoutNolPayViewController.swift`),
// as an adopter ports it: layout removed, UIKit replaced by the stand-ins of UIKitStandIns.swift,
// the table of linked cards kept as its rows and its selection (`tableView(_:didSelectRowAt:)` is
// `didSelectRow(at:)`), the keyboard manager dropped. Every call to the SDK is the Debug App's:
// the manager and its four components, their delegates, the collectable data it sends, the steps
// and validation statuses it switches on.

final class MerchantHeadlessCheckoutNolPayViewController: UIViewController {
    private var nolPayManager: PrimerHeadlessUniversalCheckout.PrimerHeadlessNolPayManager!
    private(set) var linkCardComponent: NolPayLinkCardComponent!
    private(set) var unlinkCardComponent: NolPayUnlinkCardComponent!
    private(set) var getLinkedCardsComponent: NolPayLinkedCardsComponent!
    private(set) var paymentComponent: NolPayPaymentComponent!

    private(set) var linkedCards: [PrimerNolPaymentCard] = []
    private var selectedCardForPayment: PrimerNolPaymentCard?
    private var selectedCardForUnlinking: PrimerNolPaymentCard?
    private var paymentInProgress = false

    let linkMobileNumberTextField = UITextField()
    let otpTextField = UITextField()
    let unlinkPhoneNumberTextField = UITextField()
    let unlinkOtpTextField = UITextField()
    let listCardsPhoneNumberTextField = UITextField()
    let startPaymentPhoneNumberTextField = UITextField()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "NolPay integration example"

        nolPayManager = PrimerHeadlessUniversalCheckout.PrimerHeadlessNolPayManager()
        linkCardComponent = nolPayManager.provideNolPayLinkCardComponent()
        linkCardComponent.errorDelegate = self
        linkCardComponent.validationDelegate = self
        linkCardComponent.stepDelegate = self

        unlinkCardComponent = nolPayManager.provideNolPayUnlinkCardComponent()
        unlinkCardComponent.errorDelegate = self
        unlinkCardComponent.validationDelegate = self
        unlinkCardComponent.stepDelegate = self

        getLinkedCardsComponent = nolPayManager.provideNolPayGetLinkedCardsComponent()
        getLinkedCardsComponent.errorDelegate = self
        getLinkedCardsComponent.validationDelegate = self

        paymentComponent = nolPayManager.provideNolPayStartPaymentComponent()
        paymentComponent.errorDelegate = self
        paymentComponent.validationDelegate = self
        paymentComponent.stepDelegate = self
    }

    // MARK: - Linking

    func startLinkingFlowButtonTapped() {
        paymentInProgress = false
        linkCardComponent.start()
        showAlert(title: "Linking started", message: "Linking process started, please tap on 'Scan' button.")
    }

    func scanCardButtonTapped() {
        linkCardComponent.submit()
    }

    func submitPhoneNumberTapped() {
        linkCardComponent.updateCollectedData(collectableData: NolPayLinkCollectableData.phoneData(mobileNumber: linkMobileNumberTextField.text ?? ""))
    }

    func submitLinkOTPTapped() {
        guard let otp = otpTextField.text, !otp.isEmpty else {
            showAlert(title: "Error", message: "Please enter the OTP.")
            return
        }
        linkCardComponent.updateCollectedData(collectableData: .otpData(otpCode: otp))
    }

    // MARK: - Unlinking

    func startUnlinkingFlowButtonTapped() {
        paymentInProgress = false
        unlinkCardComponent.start()
        selectedCardForUnlinking = nil
        showAlert(title: "Unlink card", message: "To unlink a card select it from the list of linked cards, enter phone number and country code, and then enter unlink OTP.")
    }

    func submitUnlinkPhoneNumberTapped() {
        guard let card = selectedCardForUnlinking else {
            showAlert(title: "Error", message: "Please select the card for unlinking.")
            return
        }
        unlinkCardComponent.updateCollectedData(collectableData: .cardAndPhoneData(nolPaymentCard: card, mobileNumber: unlinkPhoneNumberTextField.text ?? ""))
    }

    func submitUnlinkOTPTapped() {
        guard let otp = unlinkOtpTextField.text, !otp.isEmpty else {
            showAlert(title: "Error", message: "Please enter the OTP.")
            return
        }
        unlinkCardComponent.updateCollectedData(collectableData: .otpData(otpCode: otp))
    }

    // MARK: - Listing the linked cards

    func getLinkedCards() {
        getLinkedCardsComponent.getLinkedCardsFor(mobileNumber: listCardsPhoneNumberTextField.text ?? "") { result in
            switch result {
            case let .success(cards):
                self.linkedCards = cards
                self.showAlert(title: "Success", message: "Fetching of the listed cards done, you have: \(cards.count) linked cards")
            case let .failure(error):
                self.showAlert(title: "Error", message: error.localizedDescription)
            }
        }
    }

    // MARK: - Paying

    func startPaymentFlowButtonTapped() {
        paymentComponent.start()
        paymentInProgress = true
        selectedCardForPayment = nil
        showAlert(title: "Select card", message: "Select a card to be used for payment from the list of linked cards")
    }

    func submitPaymentPhoneNumberButtonTapped() {
        paymentComponent.updateCollectedData(collectableData: NolPayPaymentCollectableData.paymentData(
            cardNumber: selectedCardForPayment?.cardNumber ?? "",
            mobileNumber: startPaymentPhoneNumberTextField.text ?? ""))
    }

    /// The table's selection: a card for the payment in progress, else for unlinking.
    func didSelectRow(at index: Int) {
        if paymentInProgress {
            selectedCardForPayment = linkedCards[index]
            showAlert(title: "Card selected", message: "You selected the card for payment, enter your phone number and country code.")
        } else {
            selectedCardForUnlinking = linkedCards[index]
            showAlert(title: "Card selected", message: "You selected the card for unlinking, enter your phone number and country code and hit the submit button.")
        }
    }

    func showAlert(title: String, message: String) {
        present(UIAlertController(title: title, message: message))
    }
}

extension MerchantHeadlessCheckoutNolPayViewController: PrimerHeadlessErrorableDelegate, PrimerHeadlessValidatableDelegate,
    PrimerHeadlessSteppableDelegate {
    func didUpdate(validationStatus: PrimerSDK.PrimerValidationStatus, for data: PrimerSDK.PrimerCollectableData?) {
        switch validationStatus {
        case .validating:
            break
        case .valid:
            if data is NolPayLinkCollectableData {
                linkCardComponent.submit()
            } else if data is NolPayUnlinkCollectableData {
                unlinkCardComponent.submit()
            } else if data is NolPayPaymentCollectableData {
                paymentComponent.submit()
            }
        case let .invalid(errors: errors):
            let message = errors.map { ($0.errorDescription ?? $0.localizedDescription) + "\n" }.joined()
            showAlert(title: "Validation Error", message: message)
        case let .error(error: error):
            showAlert(title: "Error", message: error.errorDescription ?? error.localizedDescription)
        }
    }

    func didReceiveError(error: PrimerError) {
        showAlert(title: "Error", message: error.errorDescription ?? error.localizedDescription)
    }

    func didReceiveStep(step: PrimerHeadlessStep) {
        if let step = step as? NolPayLinkCardStep {
            switch step {
            case let .collectPhoneData(cardNumber):
                showAlert(title: "Next step", message: "Enter phone number and country code, for card number: \(cardNumber)")
            case let .collectOtpData(phoneNumber):
                showAlert(title: "OTP Sent", message: "Check \(phoneNumber) SMS inbox")
            case .cardLinked:
                showAlert(title: "Success", message: "Card linked successfully! To list it use LIST LINKED CARDS FLOW")
            default:
                break
            }
        } else if let step = step as? NolPayUnlinkDataStep {
            switch step {
            case .collectCardAndPhoneData:
                showAlert(title: "Next step", message: "Select card to be unlinked, and enter phone number and country code")
            case .collectOtpData:
                showAlert(title: "OTP Sent", message: "Check you SMS inbox")
            case .cardUnlinked:
                showAlert(title: "Success", message: "Card unlinked successfully!")
            }
        } else if let step = step as? NolPayPaymentStep {
            switch step {
            case .collectCardAndPhoneData:
                showAlert(title: "Payment started", message: "Please wait")
            case .paymentRequested:
                paymentInProgress = false
                showAlert(title: "Payment requested", message: "You made a succesfull payment request with your Nol card, show spinner and wait for the successful payment")
            }
        }
    }
}
