// Primer iOS SDK 2.51.1, `Sources/PrimerSDK/Classes/Data Models/PrimerSettings.swift`:
// `final class PrimerSettings` whose first initializer parameter is `paymentHandling: PrimerPaymentHandling = .auto`
// (`enum PrimerPaymentHandling { case auto, manual }`) and whose last is `apiVersion: PrimerApiVersion = .V2_4`
// (`Modules/PrimerCore/Sources/PrimerCore/Settings/PrimerApiVersion.swift`: `enum PrimerApiVersion:
// String, Codable { case V2_4 = "2.4"; static let latest }`, sent as `X-Api-Version`). Its other
// options (locale, payment-method options, UI, 3DS and debug options, caching) have no counterpart here.

/// Who creates the payment.
public enum PrimerPaymentHandling: Sendable {
    /// The engine does (the SDK's default).
    case auto
    /// The merchant's server does, with the token handed to
    /// `primerHeadlessUniversalCheckoutDidTokenizePaymentMethod(_:decisionHandler:)` (ManualPaymentFlow.swift).
    case manual
}

/// The version of Primer's client API a request asks for.
public enum PrimerApiVersion: String, Codable, Sendable {
    // swiftlint:disable:next identifier_name
    case V2_4 = "2.4"

    public static let latest = PrimerApiVersion.V2_4
}

/// The options `PrimerHeadlessUniversalCheckout.start` takes.
public final class PrimerSettings: Sendable {
    public let paymentHandling: PrimerPaymentHandling
    /// The client API version (the engine's Primer client speaks 2.4, the only one there is).
    public let apiVersion: PrimerApiVersion

    public init(paymentHandling: PrimerPaymentHandling = .auto, apiVersion: PrimerApiVersion = .V2_4) {
        self.paymentHandling = paymentHandling
        self.apiVersion = apiVersion
    }
}
