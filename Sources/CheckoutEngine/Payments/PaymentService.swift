import CheckoutCore
import CheckoutStore
import FoundationEssentials

/// What the engine asks a payment processor to do: charge a card on one network.
///
/// The request holds the card data because a processor needs it; a ``PaymentService`` must never
/// store, log or echo the full number or the CVV (``PaymentRequest/firstDigits`` and
/// ``PaymentRequest/last4Digits`` are what may be kept).
public struct PaymentRequest: Sendable, Equatable {
    /// Unique per submit: the ledger's id for an attempt no processor numbered.
    public var id: String
    /// The merchant's key for making a retried payment idempotent, when the merchant gives one
    /// (Primer's `X-Idempotency-Key`, sent only then: Primer iOS SDK 2.51.1, `PrimerAPI.swift`
    /// `createPayment` headers, from the `willCreatePayment` decision handler's `idempotencyKey`).
    public var idempotencyKey: String?
    /// The order amount in minor units, before the surcharge.
    public var amount: Int
    /// What the session adds for ``network``, in minor units (0 when nothing).
    public var surcharge: Int
    public var currency: String
    /// The network to pay with, as the engine resolved it (auto-selection, the cardholder's choice
    /// or the preferred network).
    public var network: CardNetwork
    /// The cardholder's pick when the payment uses it and the network allows user selection; nil
    /// when the engine chose. A processor that routes co-badged cards itself (Primer's
    /// `preferredNetwork`) sends this and nothing when it is nil.
    public var selectedNetwork: CardNetwork?
    /// Who chose ``network``: the cardholder (``selectedNetwork`` is theirs), the merchant (eftpos
    /// routing), or nobody (nil: the preferred network or the card's only one). One fact, the raw
    /// data's `cardNetwork`, decides it, as it decides the result screen's words.
    public var networkChosenBy: NetworkChooser?
    /// The card number as digits only.
    public var cardNumber: String
    public var expiryDate: String
    public var cvv: String
    public var cardholderName: String

    public init(id: String, amount: Int, surcharge: Int = 0, currency: String, network: CardNetwork,
                selectedNetwork: CardNetwork? = nil, cardNumber: String, expiryDate: String, cvv: String, cardholderName: String,
                idempotencyKey: String? = nil, networkChosenBy: NetworkChooser? = nil) {
        self.id = id
        self.networkChosenBy = networkChosenBy ?? (selectedNetwork != nil ? .cardholder : nil)
        self.idempotencyKey = idempotencyKey
        self.amount = amount
        self.surcharge = surcharge
        self.currency = currency
        self.network = network
        self.selectedNetwork = selectedNetwork
        self.cardNumber = cardNumber
        self.expiryDate = expiryDate
        self.cvv = cvv
        self.cardholderName = cardholderName
    }

    /// What the cardholder is charged: the amount plus the surcharge.
    public var total: Int { MinorUnits.total(amount: amount, surcharge: surcharge) }

    /// The first digits the ledger may keep: 8 for numbers of 16 digits or more, else 6.
    public var firstDigits: String { String(cardNumber.prefix(cardNumber.count >= 16 ? CardNetworkResolver.binLength : 6)) }
    /// The last four digits.
    public var last4Digits: String { String(cardNumber.suffix(4)) }
}

/// Who chose the network a card was paid with, as the ledger keeps it.
public enum NetworkChooser: String, Sendable, Equatable {
    /// The cardholder picked it on a co-badged card.
    case cardholder = "CARDHOLDER"
    /// The merchant's routing picked it (an eftpos co-badged card, which the cardholder may not choose).
    case merchant = "MERCHANT"
}

/// Makes payments; the embedded one is ``SandboxPaymentService``, a sandbox processor writing the ledger.
///
/// This is the seam for a processor behind an API (a Primer payment service: tokenize, then create
/// the payment): the engine hands it a ``PaymentRequest`` (the network already resolved, the
/// surcharge apart from the amount) and emits what it returns or throws.
public protocol PaymentService: Sendable {
    /// Charges the card. A decline is a ``Payment`` with status `DECLINED`; a thrown error means the
    /// processor could not be reached or failed.
    func pay(_ request: PaymentRequest) async throws -> Payment
}

extension PaymentRequest {
    /// The ledger row written before the processor is asked (``Ledger/recordIntent(_:)``): this
    /// request's id, amount, surcharge, network, first digits, last four and time, its outcome not
    /// known yet.
    public func intent(at date: Date) -> LedgerEntry {
        LedgerEntry(id: id, createdAt: date, method: "CARD", amount: amount, surcharge: surcharge, currency: currency,
                    network: network.rawValue, firstDigits: firstDigits, last4: last4Digits, status: Ledger.outcomeUnknown,
                    declineReason: Ledger.intentReason, networkChosenBy: networkChosenBy?.rawValue, requestId: id)
    }
}

extension Ledger {
    /// Writes `request`'s intent ahead of the processor call and returns the key of its row (the
    /// request's id and a suffix of its own, so a caller that sends the same id twice still gets
    /// two rows); throws, and the card is not sent, when neither the ledger nor its spool can hold
    /// it (a payment nobody could find again).
    func writeAhead(_ request: PaymentRequest, at date: Date) throws(CheckoutError) -> String {
        var intent = request.intent(at: date)
        intent.requestId = request.id + "." + String(UUID.random().lowercaseHex.prefix(8))
        guard let problem = recordIntent(intent) else { return intent.requestId }
        throw CheckoutError(errorId: "payment-failed", description: "Nothing was charged: the card was not sent, because the ledger "
            + "cannot record the payment (\(problem.reason)), and a charge it does not record could be lost. Free some space, or pass "
            + "--data-dir with a writable directory, and pay again.")
    }
}
