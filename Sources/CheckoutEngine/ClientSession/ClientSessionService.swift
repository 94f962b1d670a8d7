import CheckoutCore

/// The merchant's client session as the checkout updates it: told which card network the
/// cardholder is about to pay with, it answers with what it will then charge.
///
/// Primer's headless SDK applies no surcharge by itself (Primer's surcharge guide: "Headless Checkout
/// does not support surcharging natively"); its drop-in sends client-session actions instead, and the
/// order amount of the session they return is what a payment charges (Primer iOS SDK 2.51.1,
/// `Sources/PrimerSDK/Classes/Modules/ClientSessionActionsModule.swift`). The engine does the same
/// through this seam for every processor, so the terminal, `checkout events` and a library user see
/// one flow: ``PrimerClientSessionService`` sends the actions to Primer, ``SandboxClientSessionService``
/// answers them for the embedded sandbox.
///
/// ``RawDataManager`` calls it one request at a time, and only for a session with surcharges (as the
/// SDK, which sends the actions only when `hasSurchargeEnabled`).
public protocol ClientSessionService: Sendable {
    /// Selects card payment with `network` (`SELECT_PAYMENT_METHOD` with `binData.network`), or
    /// unselects the payment method when `network` is nil (`UNSELECT_PAYMENT_METHOD`), and returns
    /// what the session now charges: its order amount, the surcharge in it, and the currency.
    ///
    /// A thrown error means the session may or may not have changed; the engine asks again before
    /// it pays.
    func selectCardNetwork(_ network: CardNetwork?) async throws -> AmountDue
}
