import CheckoutEngine

// Primer iOS SDK 2.51.1:
// - `Modules/PrimerFoundation/Sources/PrimerFoundation/Model/PrimerSessionIntent.swift`:
//   `enum PrimerSessionIntent: String, Codable { case checkout = "CHECKOUT", vault = "VAULT" }`.
// - `…/Managers/Payment Method Managers/NativeUIManager.swift`: `final class NativeUIManager` in
//   `PrimerHeadlessUniversalCheckout`, `let paymentMethodType`, `init(paymentMethodType:) throws`,
//   `showPaymentMethod(intent:) throws` (presents the payment method's own UI: PayPal, Apple Pay, redirects…).

/// What a session is for: paying now, or saving the payment method for later.
public enum PrimerSessionIntent: String, Codable, Sendable {
    case checkout = "CHECKOUT"
    case vault = "VAULT"
}

extension PrimerHeadlessUniversalCheckout {
    /// The SDK's manager for payment methods that bring their own UI (redirects, wallets). This
    /// engine offers none: every type throws `unsupported-payment-method-type`, as the SDK does for
    /// a type the session does not have; cards go through ``RawDataManager``.
    public final class NativeUIManager: Sendable {
        public let paymentMethodType: String

        public init(paymentMethodType: String) throws {
            throw CheckoutError(errorId: "unsupported-payment-method-type",
                                description: "\(paymentMethodType) has no native UI here: cards (PAYMENT_CARD) use RawDataManager, Nol Pay (NOL_PAY) PrimerHeadlessNolPayManager.")
        }

        /// Not reached: no manager can be made.
        public func showPaymentMethod(intent: PrimerSessionIntent) throws {}
    }
}
