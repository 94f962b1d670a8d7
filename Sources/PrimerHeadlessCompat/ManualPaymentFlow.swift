import CheckoutCore
import CheckoutEngine
import CheckoutStore
import FoundationEssentials
import Synchronization

// How a submit goes once the engine has validated the card and settled its network, as the SDK's
// `RawDataManager.submit()` goes (Primer iOS SDK 2.51.1, `…/Payment Method Managers/RawDataManager.swift`):
// `primerHeadlessUniversalCheckoutWillCreatePaymentWithData` first (abort fails the checkout with a
// merchant error), `…DidStartTokenization(for:)`, the card tokenized; then under `.auto` the payment
// is created, and under `.manual` (`startManualPaymentFlowAndFetchToken`) the merchant is handed the
// token (`…DidTokenizePaymentMethod(_:decisionHandler:)`) and their decision ends it: `.complete()`
// ends the checkout with no further delegate call (the SDK calls `didCompleteCheckoutWithData` only
// under `.auto`), `.continueWithNewClientToken(_:)` would perform a required action (3-D Secure, a
// redirect), which a terminal cannot, so the checkout fails saying so; `.fail(withErrorMessage:)`
// (not the SDK's) fails it with the message.

/// Where a card is tokenized and where the merchant's server creates its payment under manual
/// handling: Primer (`PrimerPaymentService`), or the sandbox.
protocol ManualPaymentBackend: Sendable {
    func tokenize(_ request: PaymentRequest) async throws -> String
    func createPayment(withToken token: String, for request: PaymentRequest) async throws -> Payment
}

extension PrimerPaymentService: ManualPaymentBackend {}

/// The sandbox as a tokenizer and a merchant's server: a token stands for the card until the
/// server pays with it, with the sandbox's outcomes.
struct SandboxManualBackend: ManualPaymentBackend {
    let sandbox: SandboxPaymentService

    func tokenize(_ request: PaymentRequest) async throws -> String {
        "tok_sandbox_" + UUID().uuidString.lowercased().filter { $0 != "-" }
    }

    func createPayment(withToken token: String, for request: PaymentRequest) async throws -> Payment {
        try await sandbox.pay(request)
    }
}

/// The tokens handed to merchants, and the payments their server made with them.
final class ManualPayments: Sendable {
    private struct Held {
        var request: PaymentRequest
        var backend: any ManualPaymentBackend
        var payment: Payment?
    }

    private let held = Mutex<[String: Held]>([:])

    func hold(_ token: String, _ request: PaymentRequest, _ backend: any ManualPaymentBackend) {
        held.withLock { $0[token] = Held(request: request, backend: backend) }
    }

    func payment(for token: String) -> Payment? {
        held.withLock { $0[token]?.payment }
    }

    /// Forgets the token (the checkout is over).
    func release(_ token: String) {
        _ = held.withLock { $0.removeValue(forKey: token) }
    }

    func createPayment(withToken token: String) async throws -> Payment {
        guard let (request, backend) = held.withLock({ $0[token].map { ($0.request, $0.backend) } }) else {
            throw CheckoutError(errorId: "invalid-value", description: "\(token) is not a payment method token of a checkout in progress.")
        }
        do {
            let payment = try await backend.createPayment(withToken: token, for: request)
            held.withLock { $0[token]?.payment = payment }
            return payment
        } catch let error as CheckoutError where error.payment != nil {
            held.withLock { $0[token]?.payment = error.payment }
            throw error
        }
    }
}

/// The payment service a manager started by `start(withClientToken:)` or `start(withSessionFile:)`
/// runs on: it asks the merchant's decisions, then pays (`.auto`) or hands over the token (`.manual`).
struct CompatPaymentService: PaymentService {
    enum Handling: Sendable {
        case auto(any PaymentService)
        case manual(any ManualPaymentBackend, ManualPayments)
    }

    let handling: Handling

    func pay(_ request: PaymentRequest) async throws -> Payment {
        var request = request
        switch await MerchantDecisions.willCreatePayment().type {
        case let .abort(message):
            throw CheckoutError(errorId: "merchant-error", description: message ?? "The merchant aborted the payment; nothing was charged.")
        case let .continue(idempotencyKey):
            if let idempotencyKey { request.idempotencyKey = idempotencyKey }
        }
        await MerchantDecisions.didStartTokenization()
        switch handling {
        case let .auto(service):
            return try await service.pay(request)
        case let .manual(backend, payments):
            let token = try await backend.tokenize(request)
            payments.hold(token, request, backend)
            defer { payments.release(token) }
            let instrument = PrimerPaymentMethodTokenData.PaymentInstrumentData(
                first6Digits: String(request.firstDigits.prefix(6)), last4Digits: request.last4Digits,
                expirationMonth: request.expiryDate.split(separator: "/").first.map(String.init),
                expirationYear: request.expiryDate.split(separator: "/").dropFirst().first.map(String.init),
                cardholderName: request.cardholderName.isEmpty ? nil : request.cardholderName, network: request.network.rawValue)
            switch await MerchantDecisions.didTokenize(PrimerPaymentMethodTokenData(token: token, paymentInstrumentData: instrument)).type {
            case .complete:
                // The merchant's server holds the outcome; the payment it made through
                // `createPayment(withToken:)`, else one its server knows (PENDING here).
                return payments.payment(for: token)
                    ?? Payment(id: token, status: .pending, amount: request.amount, surcharge: request.surcharge, currency: request.currency,
                               network: request.network, firstDigits: request.firstDigits, last4Digits: request.last4Digits,
                               networkChosenBy: request.networkChosenBy)
            case let .fail(message):
                throw CheckoutError(errorId: "merchant-error", description: message ?? "The merchant's server did not make the payment.")
            case .continueWithNewClientToken:
                throw CheckoutError(errorId: "payment-failed",
                                    description: "The payment asks for a required action (a new client token: 3-D Secure or a redirect), "
                                        + "which a terminal cannot perform. Finish it in the merchant's app or web page.")
            }
        }
    }
}

/// The checkout delegate's decisions, asked on the main actor; a handler called twice counts once.
@MainActor
enum MerchantDecisions {
    static func willCreatePayment() async -> PrimerPaymentCreationDecision {
        guard let delegate = PrimerHeadlessUniversalCheckout.current.delegate else { return .continuePaymentCreation() }
        let data = PrimerCheckoutPaymentMethodData(type: PrimerCheckoutPaymentMethodType(type: PrimerHeadlessUniversalCheckout.PaymentMethod.paymentCard))
        return await withCheckedContinuation { continuation in
            let once = Once(continuation)
            delegate.primerHeadlessUniversalCheckoutWillCreatePaymentWithData(data) { once.resume($0) }
        }
    }

    static func didStartTokenization() {
        PrimerHeadlessUniversalCheckout.current.delegate?.primerHeadlessUniversalCheckoutDidStartTokenization(for: PrimerHeadlessUniversalCheckout.PaymentMethod.paymentCard)
    }

    static func didTokenize(_ tokenData: PrimerPaymentMethodTokenData) async -> PrimerHeadlessUniversalCheckoutResumeDecision {
        guard let delegate = PrimerHeadlessUniversalCheckout.current.delegate else {
            return .fail(withErrorMessage: "Manual payment handling needs a checkout delegate (PrimerHeadlessUniversalCheckout.current.delegate) to create the payment with the token.")
        }
        return await withCheckedContinuation { continuation in
            let once = Once(continuation)
            delegate.primerHeadlessUniversalCheckoutDidTokenizePaymentMethod(tokenData) { once.resume($0) }
        }
    }
}

/// Resumes its continuation the first time only.
private final class Once<Value: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Value, Never>?>

    init(_ continuation: CheckedContinuation<Value, Never>) {
        self.continuation = Mutex(continuation)
    }

    func resume(_ value: Value) {
        continuation.withLock { held in
            held?.resume(returning: value)
            held = nil
        }
    }
}
