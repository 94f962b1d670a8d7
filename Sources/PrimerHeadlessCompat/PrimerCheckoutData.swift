import CheckoutEngine

// Primer iOS SDK 2.51.1, `Sources/PrimerSDK/Classes/Data Models/API/PaymentAPIModel.swift`:
// `final class PrimerCheckoutData { let payment: PrimerCheckoutDataPayment? }` and
// `final class PrimerCheckoutDataPayment { let id: String?, orderId: String?, paymentFailureReason:
// PrimerPaymentErrorCode?, status: String }`, whose status is the client API's payment status:
// `SUCCESS`, `PENDING` or `FAILED` (`Modules/PrimerNetworking/.../APIModels/Payment.swift`, where a
// decline is FAILED). `PrimerPaymentErrorCode` (same file): `payment-failed`, `cancelled-by-customer`.
// The SDK's `additionalInfo` and `checkoutOutcome` (vouchers, redirects) have no counterpart here.

/// What a checkout ended with: the payment, once one exists.
public final class PrimerCheckoutData: Sendable {
    public let payment: PrimerCheckoutDataPayment?

    public init(payment: PrimerCheckoutDataPayment?) {
        self.payment = payment
    }

    init(_ data: CheckoutData) {
        payment = data.payment.map(PrimerCheckoutDataPayment.init)
    }
}

/// The payment of a checkout: Primer's (or the sandbox's) id, and its status.
public final class PrimerCheckoutDataPayment: Sendable, CustomStringConvertible {
    public let id: String?
    public let orderId: String?
    public let paymentFailureReason: PrimerPaymentErrorCode?
    /// `SUCCESS` for an authorized payment, `FAILED` for a declined or failed one.
    public let status: String

    public init(id: String?, orderId: String?, paymentFailureReason: PrimerPaymentErrorCode?, status: String) {
        self.id = id
        self.orderId = orderId
        self.paymentFailureReason = paymentFailureReason
        self.status = status
    }

    convenience init(_ payment: Payment) {
        let succeeded = payment.status == .authorized
        self.init(id: payment.id, orderId: nil, paymentFailureReason: succeeded ? nil : .failed, status: succeeded ? "SUCCESS" : "FAILED")
    }

    public var description: String {
        "PrimerCheckoutDataPayment(id: \(id ?? "nil"), status: \(status)\(paymentFailureReason.map { ", paymentFailureReason: \($0.rawValue)" } ?? ""))"
    }
}

/// Why a payment did not succeed.
public enum PrimerPaymentErrorCode: String, Sendable {
    case failed = "payment-failed"
    case cancelledByCustomer = "cancelled-by-customer"
}
