import PrimerFoundation
import PrimerHeadlessCompat

// A port of the payment-methods screen of Primer's Debug App (primer-sdk-ios at 8895e0f, SDK 2.51.1,
// `Debug App/Sources/View Controllers/MerchantHeadlessCheckoutAvailablePaymentMethodsViewController.swift`):
// the checkout delegate of the Debug App, with its manual payment handling. Layout, the table and
// the Klarna, bank and vault screens removed; pushing a screen records it in `pushed`, presenting
// the results screen records them in `results`. The Debug App's `Networking` (its merchant server)
// is the stand-in below. One adopter's change: with no client token, the Debug App asks its server
// for one (`Networking.requestClientSession`); here a client session file is the session instead
// (`start(withSessionFile:settings:)`, this library's sandbox).

final class MerchantHeadlessCheckoutAvailablePaymentMethodsViewController: UIViewController, PrimerHeadlessUniversalCheckoutDelegate {
    static func instantiate(settings: PrimerSettings, sessionFile: String?, clientToken: String?) -> MerchantHeadlessCheckoutAvailablePaymentMethodsViewController {
        let controller = MerchantHeadlessCheckoutAvailablePaymentMethodsViewController()
        controller.settings = settings
        controller.sessionFile = sessionFile
        controller.clientToken = clientToken
        return controller
    }

    var settings: PrimerSettings!
    var sessionFile: String?
    var clientToken: String?

    var availablePaymentMethods: [PrimerHeadlessUniversalCheckout.PaymentMethod] = []
    private var paymentId: String?
    var checkoutData: PrimerCheckoutData?
    var manualHandlingCheckoutData: PrimerCheckoutData?
    var primerError: Error?
    var redirectManager: PrimerHeadlessUniversalCheckout.NativeUIManager?
    var logs: [String] = []
    private var sessionIntent: PrimerSessionIntent = .checkout

    /// The screens pushed and the results presented, for the test to read.
    private(set) var pushed: [UIViewController] = []
    private(set) var results: [(checkoutData: PrimerCheckoutData?, error: Error?, logs: [String])] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        PrimerHeadlessUniversalCheckout.current.delegate = self
        setupSessionLogic()
    }

    private func resetPaymentResultState() {
        logs.removeAll(keepingCapacity: false)
        primerError = nil
        checkoutData = nil
        manualHandlingCheckoutData = nil
    }

    private func presentResultsVC() {
        let resultsCheckoutData = manualHandlingCheckoutData != nil ? manualHandlingCheckoutData : checkoutData
        results.append((resultsCheckoutData, primerError, logs))
    }

    /// The table's row for `paymentMethod` was tapped.
    func didSelect(_ paymentMethod: PrimerHeadlessUniversalCheckout.PaymentMethod) {
        resetPaymentResultState()
        let paymentMethodType = paymentMethod.paymentMethodType
        switch paymentMethodType {
        case "PAYMENT_CARD", "ADYEN_BANCONTACT_CARD":
            pushed.append(MerchantHeadlessCheckoutRawDataViewController.instantiate(paymentMethodType: paymentMethodType))
        case "NOL_PAY":
            pushed.append(MerchantHeadlessCheckoutNolPayViewController())
        default:
            do {
                redirectManager = try PrimerHeadlessUniversalCheckout.NativeUIManager(paymentMethodType: paymentMethodType)
                try redirectManager?.showPaymentMethod(intent: sessionIntent)
            } catch {
                logs.append("error: \(error)")
            }
        }
    }

    private func setupSessionLogic() {
        if let clientToken {
            PrimerHeadlessUniversalCheckout.current.start(withClientToken: clientToken, settings: settings, completion: { pms, _ in
                self.availablePaymentMethods = pms ?? []
            })
        } else if let sessionFile {
            do {
                availablePaymentMethods = try PrimerHeadlessUniversalCheckout.current.start(withSessionFile: sessionFile, settings: settings) ?? []
            } catch {
                primerError = error
            }
        }
    }

    // MARK: Manual payment handling

    func primerHeadlessUniversalCheckoutDidCompleteCheckoutWithData(_ data: PrimerCheckoutData) {
        logs.append(#function)
        checkoutData = data
        presentResultsVC()
    }

    func primerHeadlessUniversalCheckoutDidStartTokenization(for paymentMethodType: String) {
        logs.append(#function)
    }

    func primerHeadlessUniversalCheckoutDidTokenizePaymentMethod(_ paymentMethodTokenData: PrimerPaymentMethodTokenData,
                                                               decisionHandler: @escaping (PrimerHeadlessUniversalCheckoutResumeDecision) -> Void) {
        logs.append(#function)
        Networking.createPayment(with: paymentMethodTokenData) { res, err in
            if let err {
                self.showErrorMessage(err.localizedDescription)
            } else if let res {
                self.paymentId = res.id
                if res.requiredAction?.clientToken != nil {
                    decisionHandler(.continueWithNewClientToken(res.requiredAction!.clientToken))
                } else {
                    decisionHandler(.complete())
                    self.manualHandlingCheckoutData = PrimerCheckoutData(payment: PrimerCheckoutDataPayment(
                        id: res.id, orderId: res.orderId, paymentFailureReason: nil, status: res.status.rawValue))
                    self.presentResultsVC()
                }
            }
        }
    }

    func primerHeadlessUniversalCheckoutDidResumeWith(_ resumeToken: String,
                                                      decisionHandler: @escaping (PrimerHeadlessUniversalCheckoutResumeDecision) -> Void) {
        logs.append(#function)
        decisionHandler(.complete())
        presentResultsVC()
    }

    // MARK: Common

    func primerHeadlessUniversalCheckoutDidReceiveAdditionalInfo(_ additionalInfo: PrimerCheckoutAdditionalInfo?) {
        logs.append(#function)
    }

    func primerHeadlessUniversalCheckoutDidEnterResumePendingWithPaymentAdditionalInfo(_ additionalInfo: PrimerCheckoutAdditionalInfo?) {
        logs.append(#function)
    }

    func primerHeadlessUniversalCheckoutDidFail(withError err: Error, checkoutData: PrimerCheckoutData?) {
        logs.append(#function)
        primerError = err
        self.checkoutData = checkoutData
        presentResultsVC()
    }

    func primerHeadlessUniversalCheckoutWillUpdateClientSession() {
        logs.append(#function)
    }

    func primerHeadlessUniversalCheckoutDidUpdateClientSession(_ clientSession: PrimerClientSession) {
        logs.append(#function)
    }

    func primerHeadlessUniversalCheckoutWillCreatePaymentWithData(_ data: PrimerCheckoutPaymentMethodData,
                                                                  decisionHandler: @escaping (PrimerPaymentCreationDecision) -> Void) {
        logs.append(#function)
        decisionHandler(.continuePaymentCreation())
    }
}

/// The Debug App's `Networking`, its merchant server: `createPayment(with:completion:)` creates the
/// payment with the token (here through `PrimerHeadlessUniversalCheckout.current.createPayment(withToken:)`,
/// the library's stand-in for a merchant's server) and answers with the server's payment response.
enum Networking {
    struct PaymentResponse {
        enum Status: String { case success = "SUCCESS", pending = "PENDING", failed = "FAILED" }
        struct RequiredAction { let clientToken: String }
        let id: String?
        let orderId: String?
        let status: Status
        let requiredAction: RequiredAction?
    }

    /// What the server answers next instead of creating the payment, for a test: nothing (create
    /// it), a required action, or an error.
    @MainActor static var nextAnswer: PaymentResponse?
    @MainActor static var nextError: (any Error)?

    @MainActor
    static func createPayment(with paymentMethodTokenData: PrimerPaymentMethodTokenData, completion: @escaping (PaymentResponse?, (any Error)?) -> Void) {
        if let answer = nextAnswer { nextAnswer = nil; return completion(answer, nil) }
        if let error = nextError { nextError = nil; return completion(nil, error) }
        guard let token = paymentMethodTokenData.token else { return completion(nil, PrimerError.invalidValue(key: "token")) }
        Task {
            do {
                let payment = try await PrimerHeadlessUniversalCheckout.current.createPayment(withToken: token)
                completion(PaymentResponse(id: payment.id, orderId: payment.orderId, status: PaymentResponse.Status(rawValue: payment.status) ?? .failed,
                                           requiredAction: nil), nil)
            } catch {
                completion(nil, error)
            }
        }
    }
}
