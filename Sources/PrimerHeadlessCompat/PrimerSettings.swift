// Primer iOS SDK 2.51.1, `Sources/PrimerSDK/Classes/Data Models/PrimerSettings.swift`:
// `final class PrimerSettings` whose first initializer parameter is `paymentHandling: PrimerPaymentHandling = .auto`
// (`enum PrimerPaymentHandling { case auto, manual }`). Its other options (locale, payment-method
// options, UI and debug options) have no counterpart here.

/// How payments are made: this engine makes them itself (`.auto`, the SDK's default).
public enum PrimerPaymentHandling: Sendable {
    case auto
    /// The merchant's server creates the payment from a token: not offered here, so `start` with
    /// it fails.
    case manual
}

/// The options `PrimerHeadlessUniversalCheckout.start` takes.
public final class PrimerSettings: Sendable {
    public let paymentHandling: PrimerPaymentHandling

    public init(paymentHandling: PrimerPaymentHandling = .auto) {
        self.paymentHandling = paymentHandling
    }
}
