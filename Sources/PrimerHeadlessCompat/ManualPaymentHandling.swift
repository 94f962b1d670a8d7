// The types of manual payment handling (`PrimerSettings(paymentHandling: .manual)`), with the SDK's
// names and signatures. Primer iOS SDK 2.51.1:
// - `Sources/PrimerSDK/Classes/Core/Primer/PrimerDelegate.swift`: `typealias PrimerPaymentMethodTokenData =
//   Response.Body.Tokenization` (`Data Models/TokenizationResponse.swift`: `id`, `analyticsId`, `isVaulted`,
//   `paymentMethodType`, `paymentInstrumentType`, `paymentInstrumentData` (`first6Digits`, `last4Digits`,
//   `expirationMonth`, `expirationYear`, `cardholderName`, `network`…), `token`, `tokenType`).
// - `Sources/PrimerSDK/Classes/Core/Primer/Decision Handlers/Decisions.swift`:
//   `PrimerHeadlessUniversalCheckoutResumeDecision` (`.continueWithNewClientToken(_:)`, `.complete()`)
//   and `PrimerPaymentCreationDecision` (`.abortPaymentCreation(withErrorMessage:)`,
//   `.continuePaymentCreation(withIdempotencyKey:)`).
// - `Data Models/API/PaymentAPIModel.swift`: `PrimerCheckoutPaymentMethodData(type:)`,
//   `PrimerCheckoutPaymentMethodType(type:)`; `Modules/PrimerCore/.../PrimerCheckoutAdditionalInfo.swift`:
//   `open class PrimerCheckoutAdditionalInfo`.

/// A tokenized card, as manual payment handling hands it to the merchant: the token their server
/// creates the payment with, and what may be shown of the card. Holds no card number or CVV.
public final class PrimerPaymentMethodTokenData: Sendable, CustomStringConvertible {
    /// What may be shown of the card the token stands for.
    public struct PaymentInstrumentData: Sendable, Equatable {
        public let first6Digits: String?
        public let last4Digits: String?
        public let expirationMonth: String?
        public let expirationYear: String?
        public let cardholderName: String?
        /// The network the card is paid with (`VISA`, `CARTES_BANCAIRES`).
        public let network: String?
    }

    public let analyticsId: String?
    public let id: String?
    public let isVaulted: Bool?
    public let paymentMethodType: String?
    public let paymentInstrumentData: PaymentInstrumentData?
    public let paymentInstrumentType: PaymentInstrumentType
    /// The payment method token: what the merchant's server sends to `POST /payments`.
    public let token: String?
    public let tokenType: TokenType?

    init(token: String, paymentInstrumentData: PaymentInstrumentData) {
        analyticsId = nil
        id = token
        isVaulted = false
        paymentMethodType = "PAYMENT_CARD"
        self.paymentInstrumentData = paymentInstrumentData
        paymentInstrumentType = .paymentCard
        self.token = token
        tokenType = .singleUse
    }

    /// `PrimerPaymentMethodTokenData(token: tok_…, PAYMENT_CARD, VISA •••• 1001)`.
    public var description: String {
        "PrimerPaymentMethodTokenData(token: \(token ?? "nil"), \(paymentInstrumentType.rawValue), "
            + "\(paymentInstrumentData?.network ?? "-") •••• \(paymentInstrumentData?.last4Digits ?? "-"))"
    }
}

/// The kind of payment instrument a token stands for; here always a card.
public enum PaymentInstrumentType: String, Sendable {
    case paymentCard = "PAYMENT_CARD"
}

/// Whether a token pays once or is saved.
public enum TokenType: String, Sendable {
    case singleUse = "SINGLE_USE"
    case multiUse = "MULTI_USE"
}

/// What the merchant decided after creating (or resuming) the payment on their server.
public final class PrimerHeadlessUniversalCheckoutResumeDecision: Sendable {
    public enum DecisionType: Sendable, Equatable {
        /// The payment asks for more (Primer's `requiredAction`, e.g. 3-D Secure): its client token.
        case continueWithNewClientToken(_ newClientToken: String)
        /// The payment is done.
        case complete
        /// Not the SDK's (its headless decision has only the two above; the drop-in's
        /// `PrimerResumeDecision.fail(withErrorMessage:)` is the model): the merchant's server
        /// could not make the payment, and the checkout fails with `message`.
        case fail(errorMessage: String?)
    }

    public let type: DecisionType

    private init(type: DecisionType) {
        self.type = type
    }

    public static func continueWithNewClientToken(_ newClientToken: String) -> PrimerHeadlessUniversalCheckoutResumeDecision {
        PrimerHeadlessUniversalCheckoutResumeDecision(type: .continueWithNewClientToken(newClientToken))
    }

    public static func complete() -> PrimerHeadlessUniversalCheckoutResumeDecision {
        PrimerHeadlessUniversalCheckoutResumeDecision(type: .complete)
    }

    /// Not an SDK name (see ``DecisionType/fail(errorMessage:)``).
    public static func fail(withErrorMessage message: String?) -> PrimerHeadlessUniversalCheckoutResumeDecision {
        PrimerHeadlessUniversalCheckoutResumeDecision(type: .fail(errorMessage: message))
    }
}

/// Whether the payment may be created, asked before the card is tokenized.
public final class PrimerPaymentCreationDecision: Sendable {
    public enum DecisionType: Sendable, Equatable {
        case abort(errorMessage: String?)
        case `continue`(idempotencyKey: String?)
    }

    let type: DecisionType

    private init(type: DecisionType) {
        self.type = type
    }

    public static func abortPaymentCreation(withErrorMessage message: String? = nil) -> PrimerPaymentCreationDecision {
        PrimerPaymentCreationDecision(type: .abort(errorMessage: message))
    }

    /// `idempotencyKey` goes with the payment (Primer's `X-Idempotency-Key`).
    public static func continuePaymentCreation(withIdempotencyKey idempotencyKey: String? = nil) -> PrimerPaymentCreationDecision {
        PrimerPaymentCreationDecision(type: .continue(idempotencyKey: idempotencyKey))
    }
}

/// The payment method a payment is about to be created with.
public final class PrimerCheckoutPaymentMethodData: Sendable, CustomStringConvertible {
    public let paymentMethodType: PrimerCheckoutPaymentMethodType

    public init(type: PrimerCheckoutPaymentMethodType) {
        paymentMethodType = type
    }

    public var description: String { "PrimerCheckoutPaymentMethodData(\(paymentMethodType.type))" }
}

public final class PrimerCheckoutPaymentMethodType: Sendable {
    public let type: String

    public init(type: String) {
        self.type = type
    }
}

/// Extra information some payment methods give (vouchers, QR codes); a card gives none, so the
/// delegate methods that carry it are never called here.
open class PrimerCheckoutAdditionalInfo: @unchecked Sendable {
    public init() {}
}
