import CheckoutCore

/// One event of the ``RawDataManager``, in the order the engine emits them.
public enum CheckoutEvent: Sendable, Equatable {
    /// Validity or the error list changed (not emitted for keystrokes that change neither).
    case dataIsValid(isValid: Bool, errors: [ValidationError])
    /// A BIN lookup is starting for this number.
    case willFetchMetadata(CardNumberEntryState)
    /// The networks of the current number.
    case didReceiveMetadata(CardNumberEntryMetadata, CardNumberEntryState)
    /// The BIN data of the current number.
    case didReceiveBinData(BinData)
    /// A payment was made (its status may still be DECLINED: see ``Payment/status``).
    case checkoutCompleted(Payment)
    /// The checkout failed before or while paying; ``CheckoutError/payment`` is the payment when
    /// one was created (Primer's FAILED answer: its id, order id and status).
    case checkoutFailed(CheckoutError)
    /// A client-session action went out: the session is told the card will be paid with `network`
    /// (nil: no payment method is selected), so its amount may change (the SDK's
    /// `primerHeadlessUniversalCheckoutWillUpdateClientSession`).
    case willUpdateClientSession(network: CardNetwork?)
    /// The client session answered an action: what paying now costs, the surcharge for the
    /// selected network included (the SDK's `primerHeadlessUniversalCheckoutDidUpdateClientSession`,
    /// whose `totalAmount` is ``AmountDue/total``). A submit charges the last one for its network.
    case didUpdateClientSession(AmountDue)
    /// The client session did not answer an action; what it would charge is unknown until a submit asks again.
    case clientSessionUpdateFailed(CheckoutError)
}

/// A payment as the processor reports it. Holds no full card number: network, first digits, last four.
public struct Payment: Sendable, Equatable {
    /// `PENDING` is a payment Primer accepted without deciding yet and without asking for anything
    /// more (no required action): not a failure, as in the SDK, which completes the checkout with it
    /// (Primer iOS SDK 2.51.1, `CreateResumePaymentService.swift` fails a created payment only when
    /// it has no id or is `FAILED`; `RawDataManager.swift` then calls `didCompleteCheckoutWithData`).
    public enum Status: String, Sendable, Equatable {
        case authorized = "AUTHORIZED", declined = "DECLINED", failed = "FAILED", pending = "PENDING"
    }
    public var id: String
    /// The merchant's order id, when the processor names it (Primer's payment answer `orderId`).
    public var orderId: String?
    public var status: Status
    /// The order amount in minor units, before the surcharge.
    public var amount: Int
    /// What the network paid with added, in minor units (0 when nothing).
    public var surcharge: Int
    public var currency: String
    public var network: CardNetwork
    public var firstDigits: String
    public var last4Digits: String
    public var declineReason: String?
    /// Who chose ``network`` (``PaymentRequest/networkChosenBy``); nil when nobody did.
    public var networkChosenBy: NetworkChooser?
    /// Why the ledger does not hold this payment yet, though the processor answered: the database
    /// could not be written (locked, a full disk). The row is kept and written later (see
    /// ``Ledger/recordOrKeep(_:)``); the payment's status is the processor's all the same. Nil when
    /// it was recorded or no ledger is kept.
    public var notRecorded: String?

    public init(id: String, status: Status, amount: Int, surcharge: Int = 0, currency: String, network: CardNetwork,
                firstDigits: String, last4Digits: String, declineReason: String? = nil, orderId: String? = nil,
                networkChosenBy: NetworkChooser? = nil, notRecorded: String? = nil) {
        self.id = id
        self.networkChosenBy = networkChosenBy
        self.orderId = orderId
        self.status = status
        self.amount = amount
        self.surcharge = surcharge
        self.currency = currency
        self.network = network
        self.firstDigits = firstDigits
        self.last4Digits = last4Digits
        self.declineReason = declineReason
        self.notRecorded = notRecorded
    }

    /// What the cardholder was charged: the amount plus the surcharge.
    public var total: Int { MinorUnits.total(amount: amount, surcharge: surcharge) }
}

/// Why a checkout failed, with the headless SDK's error id (`invalid-card-data`, `unsupported-card-type`,
/// `payment-failed`…) and a message a person can act on.
///
/// The description may quote text from outside (a service's answer, a database message), so it is
/// kept sanitised (``DiagnosticText``): one line, no control or bidi characters.
public struct CheckoutError: Sendable, Equatable, Error, ShownInLanguage {
    public var errorId: String
    /// In English, as the SDK's wire and the JSON output carry it.
    public var description: String
    /// The payment the failure is about, when one was created: what the SDK puts in the
    /// `checkoutData` of `didFail(withError:checkoutData:)` (its id, order id and status).
    public var payment: Payment?
    /// The description as a sentence of the catalogues, for a screen to show in its language
    /// (English's is the description); not part of what the error is (equality, JSON).
    public var shown: LocalizedText?
    /// The processor was asked and its answer never came or could not be read: the card may have
    /// been charged, and the ledger's row says `UNKNOWN`. A screen says "outcome unknown", never
    /// "failed", and warns before paying again.
    public var isOutcomeUnknown: Bool

    public init(errorId: String, description: String, payment: Payment? = nil, shown: LocalizedText? = nil, isOutcomeUnknown: Bool = false) {
        self.errorId = errorId
        self.description = DiagnosticText.sanitized(description)
        self.payment = payment
        self.shown = shown
        self.isOutcomeUnknown = isOutcomeUnknown
    }

    public static func == (a: CheckoutError, b: CheckoutError) -> Bool {
        a.errorId == b.errorId && a.description == b.description && a.payment == b.payment && a.isOutcomeUnknown == b.isOutcomeUnknown
    }

    /// The description in `localizer`'s language: its wording there, the English description
    /// when it has none or the language is English.
    public func shownDescription(_ localizer: Localizer) -> String {
        guard localizer.language != .english, let shown else { return description }
        // What came from outside is kept to one line as in the description; the language's own
        // isolates (Arabic's) are not escaped.
        return shown.mappingTexts(DiagnosticText.sanitized).text(localizer)
    }
}
