import CheckoutCore

/// How a checkout ended, as ``RawDataManager/pay()`` returns it: paid, refused, or not paid at all.
///
///     switch await manager.pay() {
///     case let .authorized(payment): print("paid:", payment)
///     case let .pending(payment): print("accepted, not decided yet:", payment)
///     case let .declined(payment, reason): print("declined (\(reason)):", payment)
///     case let .failed(error): print("not paid:", error)
///     }
public enum PaymentResult: Sendable, Equatable, CustomStringConvertible {
    /// The processor authorized the payment.
    case authorized(Payment)
    /// The processor accepted the payment without deciding yet and asks for nothing more (Primer's
    /// `PENDING`; the SDK completes the checkout with it).
    case pending(Payment)
    /// The processor made the payment and refused it: the sandbox's `DECLINED` (insufficient funds,
    /// do not honour, card declined), or a payment Primer reports `FAILED`. `reason` is the
    /// processor's (the payment's ``Payment/declineReason``), else the failure's description.
    case declined(Payment, reason: String)
    /// No payment was made: invalid data, a network the session refuses, a processor that could
    /// not be reached, a payment already in progress.
    case failed(CheckoutError)

    /// The result a checkout event stands for (`checkoutCompleted`, `checkoutFailed`); nil for
    /// any other event. The event stream and ``RawDataManager/pay()`` agree on every result.
    public init?(_ event: CheckoutEvent) {
        switch event {
        case let .checkoutCompleted(payment):
            switch payment.status {
            case .authorized: self = .authorized(payment)
            case .pending: self = .pending(payment)
            case .declined, .failed: self = .declined(payment, reason: payment.declineReason ?? payment.status.rawValue.lowercased())
            }
        case let .checkoutFailed(error):
            if let payment = error.payment {
                self = .declined(payment, reason: payment.declineReason ?? error.description)
            } else {
                self = .failed(error)
            }
        default:
            return nil
        }
    }

    init(_ result: Result<Payment, CheckoutError>) {
        switch result {
        case let .success(payment): self.init(.checkoutCompleted(payment))!
        case let .failure(error): self.init(.checkoutFailed(error))!
        }
    }

    /// The payment, when the processor made one (authorized, pending or declined).
    public var payment: Payment? {
        switch self {
        case let .authorized(payment), let .pending(payment), let .declined(payment, _): payment
        case .failed: nil
        }
    }

    /// Why nothing was paid, when no payment was made.
    public var failure: CheckoutError? {
        if case let .failed(error) = self { error } else { nil }
    }

    /// The authorized (or pending) payment; throws the failure, or for a decline a
    /// `payment-declined` error carrying the payment.
    public func get() throws(CheckoutError) -> Payment {
        switch self {
        case let .authorized(payment), let .pending(payment): return payment
        case let .declined(payment, reason):
            throw CheckoutError(errorId: "payment-declined", description: "Payment \(payment.id) declined (\(reason)).", payment: payment)
        case let .failed(error): throw error
        }
    }

    /// `authorized pay_… AUTHORIZED VISA •••• 1001, 4999 EUR`, `declined (insufficient funds) pay_…`,
    /// `failed invalid-expiry-date: …`.
    public var description: String {
        switch self {
        case let .authorized(payment): "authorized \(payment)"
        case let .pending(payment): "pending \(payment)"
        case let .declined(payment, reason): "declined (\(reason)) \(payment)"
        case let .failed(error): "failed \(error.errorId): \(error.description)"
        }
    }
}
