import CheckoutCore
import CheckoutStore
import FoundationEssentials

/// Pays through Primer as the headless SDK does with automatic payment handling: tokenize the
/// card, then create a payment with the token.
///
/// 1. `POST {pciUrl}/payment-instruments` (15 s) with
///    `{"paymentInstrument":{"number","cvv","expirationMonth","expirationYear","cardholderName","preferredNetwork"}}`
///    (Primer iOS SDK 2.51.1, `Sources/PrimerSDK/Classes/Data Models/TokenizationRequestPaymentInstrument.swift`
///    `CardPaymentInstrument`): the number as digits, the month in two digits, the year in four,
///    `cardholderName` only when one was typed, and `preferredNetwork` only when the cardholder
///    chose the network (``PaymentRequest/selectedNetwork``; never eftpos:
///    `PrimerRawCardDataTokenizationBuilder.swift` `preferredNetwork(from:)` sends it in headless mode
///    only for a network that allows user selection, and never fills it in from detection, so
///    otherwise Primer routes the card). No `tokenType`/`paymentFlow`: those belong to the vault
///    intent. Answer: `{"token":…,…}`.
/// 2. `POST {pciUrl}/payments` (60 s) with `{"paymentMethodToken":…}` (`APIModels/Payment.swift`
///    `Request.Body.Payment.Create`), and `X-Idempotency-Key` only when the merchant gave one
///    (``PaymentRequest/idempotencyKey``; `PrimerAPI.swift` adds it to `createPayment` only when the
///    decision handler supplied one). Answer: `Response.Body.Payment` of `APIModels/Payment.swift`:
///    `{"id","orderId","status","amount","currencyCode","requiredAction","paymentFailureReason","checkoutOutcome",…}`,
///    whose `status` is `SUCCESS`, `PENDING` or `FAILED` and nothing else.
///
/// The answer becomes a ``Payment`` (see ``outcome(ofPayment:)``): `SUCCESS` is authorized and
/// returned; `PENDING` without a required action is returned as pending, not a failure; `FAILED` (a
/// decline is `FAILED` with `paymentFailureReason`) and a `requiredAction` throw a ``CheckoutError``
/// that carries the payment. A required action (3-D Secure, `*_REDIRECTION`) needs a browser or an
/// issuer's app, which a terminal does not have, so the payment ends at once with "needs 3-D Secure:
/// not possible in a terminal" rather than waiting.
///
/// Every attempt is recorded in the ledger as ``SandboxPaymentService`` records it (network, first
/// digits, last four, amount, status, reason), under Primer's payment id, or the request's id when
/// no payment was created; when the ledger cannot be written the row is kept for later and the
/// payment is returned all the same, with ``Payment/notRecorded`` saying why. The card number and CVV go into the tokenization body and nowhere else.
public struct PrimerPaymentService: PaymentService {
    let pciURL: URL
    let api: PrimerAPI
    let timeouts: PrimerAPI.Timeouts
    /// The configuration's client session: what Primer charges.
    let session: ClientSession
    let ledger: Ledger?
    let now: @Sendable () -> Date

    init(pciURL: URL, api: PrimerAPI, timeouts: PrimerAPI.Timeouts, session: ClientSession, ledger: Ledger?,
         now: @escaping @Sendable () -> Date) {
        self.pciURL = pciURL
        self.api = api
        self.timeouts = timeouts
        self.session = session
        self.ledger = ledger
        self.now = now
    }

    /// How one attempt ended.
    /// Primer's calls, as its failures name them.
    static let tokenizing = "tokenizing the card"
    static let creatingPayment = "creating the payment"

    struct Outcome: Sendable, Equatable {
        var status: Payment.Status
        /// Primer's payment id, when a payment was created and its id is safe to show.
        var paymentID: String?
        /// The merchant's order id of Primer's answer, when it is safe to show.
        var orderID: String?
        /// The ledger's reason column and the declined payment's reason.
        var reason: String?
        /// What the thrown ``CheckoutError`` says; nil when the payment is returned.
        var failure: String?
        /// ``failure`` as a sentence of the catalogues.
        var failureWording: LocalizedText?
        /// What Primer says it charged, when its answer says so.
        var charged: (amount: Int, currency: String)?
        /// Whether Primer may have charged without its answer saying so (no answer, one after the
        /// deadline, one that cannot be read): the ledger keeps the row UNKNOWN.
        var isOutcomeUnknown = false

        static func == (lhs: Outcome, rhs: Outcome) -> Bool {
            lhs.status == rhs.status && lhs.paymentID == rhs.paymentID && lhs.orderID == rhs.orderID && lhs.reason == rhs.reason
                && lhs.failure == rhs.failure
                && lhs.charged?.amount == rhs.charged?.amount && lhs.charged?.currency == rhs.charged?.currency
        }

        static func failed(_ paymentID: String?, reason: String, failure: String, _ shown: LocalizedText? = nil) -> Outcome {
            Outcome(status: .failed, paymentID: paymentID, reason: reason, failure: failure, failureWording: shown)
        }
    }

    public func pay(_ request: PaymentRequest) async throws -> Payment {
        // Written ahead: the attempt is on disk before the card goes to Primer, so whatever happens
        // to this process from here on, the ledger has its row (UNKNOWN until the answer replaces it).
        let key = try ledger?.writeAhead(request, at: now()) ?? request.id
        return try settle(await attempt(request), for: request, key: key)
    }

    /// Manual payment handling's first half, as the SDK's `.manual` does: tokenizes the card
    /// (`POST {pciUrl}/payment-instruments`, with `preferredNetwork` when the cardholder chose) and
    /// returns the payment method token, charging nothing. Throws a ``CheckoutError`` saying why not.
    public func tokenize(_ request: PaymentRequest) async throws -> String {
        switch await token(for: request) {
        case let .token(token): return token
        case let .failed(outcome): throw settleFailure(outcome)
        }
    }

    /// The second half, as the merchant's server does with the token: creates the payment
    /// (`POST {pciUrl}/payments` with `paymentMethodToken`) and reads Primer's answer as ``pay(_:)``
    /// does, recording it in the ledger.
    public func createPayment(withToken token: String, for request: PaymentRequest) async throws -> Payment {
        // Written ahead too: this is the call that may charge.
        let key = try ledger?.writeAhead(request, at: now()) ?? request.id
        return try settle(await payment(withToken: token, for: request), for: request, key: key)
    }

    private func settleFailure(_ outcome: Outcome) -> CheckoutError {
        CheckoutError(errorId: "payment-failed", description: outcome.failure ?? "The payment could not be made.", shown: outcome.failureWording)
    }

    /// The payment an outcome stands for, recorded; throws when the outcome is a failure.
    /// `key` is the row its intent was written under (``Ledger/writeAhead(_:at:)``).
    private func settle(_ outcome: Outcome, for request: PaymentRequest, key: String) throws -> Payment {
        let (amount, surcharge, currency) = charged(outcome.charged, for: request)
        var payment = Payment(id: outcome.paymentID ?? request.id, status: outcome.status, amount: amount, surcharge: surcharge,
                              currency: currency, network: request.network, firstDigits: request.firstDigits,
                              last4Digits: request.last4Digits, declineReason: outcome.reason, orderId: outcome.orderID,
                              networkChosenBy: request.networkChosenBy)
        // Primer's answer is the truth: a ledger that cannot take the row now gets it later, and
        // the payment says so apart; a local error never replaces what Primer charged. An answer
        // that never came (or cannot be read) leaves the row UNKNOWN, never FAILED: Primer may have charged.
        var entry = SandboxPaymentService.ledgerEntry(for: payment, key: key,
                                                      status: outcome.isOutcomeUnknown ? Ledger.outcomeUnknown : nil, at: now())
        // Its own reason in place of the intent's, said as an unknown outcome (as every language reads it).
        if outcome.isOutcomeUnknown, let reason = entry.declineReason, !reason.lowercased().hasPrefix("outcome unknown") {
            entry.declineReason = "outcome unknown: " + reason
        }
        payment.notRecorded = ledger?.recordOrKeep(entry)?.description
        if let failure = outcome.failure {
            // Once Primer created the payment, its id, order id and status go with the failure (the SDK's checkoutData).
            throw CheckoutError(errorId: "payment-failed", description: failure, payment: outcome.paymentID == nil ? nil : payment,
                                shown: outcome.failureWording, isOutcomeUnknown: outcome.isOutcomeUnknown)
        }
        return payment
    }

    /// Amount, surcharge and currency of the payment: the request's, unless Primer says it charged
    /// something else. Primer charges its client session's amount, which the terminal may not have
    /// shown (another amount set in the settings screen, a surcharge it did not know): then the
    /// session's amount and surcharge when they make up the charge, else the charge in full.
    func charged(_ charged: (amount: Int, currency: String)?, for request: PaymentRequest) -> (Int, Int, String) {
        guard let charged, charged.amount != request.total || charged.currency != request.currency else {
            return (request.amount, request.surcharge, request.currency)
        }
        let due = session.amountDue(for: request.network)
        if charged.amount == due.total && charged.currency == due.currency { return (due.amount, due.surcharge, due.currency) }
        return (charged.amount, 0, charged.currency)
    }

    /// Tokenizes, creates the payment and reads the answer; never throws.
    func attempt(_ request: PaymentRequest) async -> Outcome {
        switch await token(for: request) {
        case let .token(token): await payment(withToken: token, for: request)
        case let .failed(outcome): outcome
        }
    }

    private enum Tokenization {
        case token(String)
        case failed(Outcome)
    }

    /// Tokenizes the card; never throws.
    private func token(for request: PaymentRequest) async -> Tokenization {
        guard PrimerAPI.maySendCardData(to: pciURL) else {
            return .failed(.failed(nil, reason: "pciUrl is plain http off this machine",
                                   failure: "The card was not sent: the pciUrl is plain http to another machine, which would carry it in clear text.",
                                   LocalizedText(.errorPrimerPlainHTTP)))
        }
        guard let body = Self.tokenizationBody(request, now: now()) else {
            return .failed(.failed(nil, reason: "expiry date not readable", failure: "The expiry date cannot be read as MM/YY, so the card was not sent.",
                                   LocalizedText(.errorPrimerExpiryUnreadable)))
        }
        do {
            let answer = try await api.exchange(Self.tokenizing, api.request(pciURL.appending(segments: "payment-instruments"),
                                                                                   body: body, timeout: timeouts.tokenization))
            guard let value = answer["token"]?.stringValue, !value.isEmpty else {
                throw PrimerFailure.malformedAnswer(operation: Self.tokenizing, detail: "it has no token")
            }
            return .token(value)
        } catch {
            return .failed(.failed(nil, reason: "\(error)", failure: "The payment could not be made: \(error).", LocalizedText(.errorPrimerNotMade, .of(error))))
        }
    }

    /// Creates the payment with a token and reads the answer; never throws.
    private func payment(withToken token: String, for request: PaymentRequest) async -> Outcome {
        do {
            let answer = try await api.exchange(Self.creatingPayment, api.request(
                pciURL.appending(segments: "payments"), body: .object([("paymentMethodToken", .string(token))]),
                headers: request.idempotencyKey.map { [HTTPHeader("X-Idempotency-Key", $0)] } ?? [], timeout: timeouts.payment))
            return Self.outcome(ofPayment: answer)
        } catch {
            // Without an answer the payment may still have been made.
            let unknown = error.isNoAnswer ? " Its outcome is not known: the card may have been charged, so look the payment up in Primer's dashboard before paying again." : ""
            var outcome = Outcome.failed(nil, reason: unknown.isEmpty ? "\(error)" : "outcome unknown: \(error)",
                                         failure: "The payment could not be made: \(error).\(unknown)",
                                         LocalizedText(unknown.isEmpty ? .errorPrimerNotMade : .errorPrimerNotMadeUnknown, .of(error)))
            outcome.isOutcomeUnknown = error.isNoAnswer
            return outcome
        }
    }

    /// The tokenization body for `request`; nil when its expiry date cannot be read.
    static func tokenizationBody(_ request: PaymentRequest, now: Date, calendar: Calendar? = nil) -> JSONValue? {
        var local = LocalCalendar()
        let calendar = calendar ?? local.calendar(at: now)
        guard let expiry = ExpiryDate(parsing: request.expiryDate, now: now, calendar: calendar), (1...12).contains(expiry.month) else { return nil }
        var instrument: [(String, JSONValue)] = [
            ("number", .string(request.cardNumber)),
            ("cvv", .string(request.cvv)),
            ("expirationMonth", .string(expiry.month < 10 ? "0\(expiry.month)" : "\(expiry.month)")),
            ("expirationYear", .string(String(expiry.year))),
        ]
        if !request.cardholderName.isEmpty { instrument.append(("cardholderName", .string(request.cardholderName))) }
        if let selected = request.selectedNetwork, selected.allowsUserSelection {
            instrument.append(("preferredNetwork", .string(selected.rawValue)))
        }
        return .object([("paymentInstrument", .object(instrument))])
    }

    /// What an answer of `POST /payments` means, in the SDK's order (Primer iOS SDK 2.51.1,
    /// `Sources/PrimerSDK/Classes/Core/Payment Services/CreateResumePaymentService.swift`
    /// `validateResponse`): `checkoutOutcome` first (`CHECKOUT_FAILURE` fails, `CHECKOUT_COMPLETE`
    /// succeeds, `DETERMINE_FROM_PAYMENT_STATUS` or none goes on); then a missing id or `FAILED` fails;
    /// then a `requiredAction` is one a terminal cannot perform (`RawDataManager.swift` would
    /// perform it); then `SUCCESS` is authorized and `PENDING` is pending, not a failure (the SDK
    /// completes the checkout with it). Any other status is not one the client API sends
    /// (`APIModels/Payment.swift` decodes only those three), so the answer is not understood.
    static func outcome(ofPayment answer: JSONValue) -> Outcome {
        let id = PrimerAPI.identifier(answer["id"]?.stringValue)
        let named = id ?? "(no usable id)"
        let status = answer["status"]?.stringValue?.uppercased() ?? ""
        let checkoutOutcome = answer["checkoutOutcome"]?.stringValue
        let reason = PrimerAPI.identifier(answer["paymentFailureReason"]?.stringValue)
        var outcome: Outcome
        if checkoutOutcome == "CHECKOUT_FAILURE" || (checkoutOutcome != "CHECKOUT_COMPLETE" && status == "FAILED") {
            let why = reason.map { " (\($0))" } ?? ""
            outcome = .failed(id, reason: "FAILED at Primer\(why)", failure: "Primer reports payment \(named) FAILED\(why).",
                              reason.map { LocalizedText(.errorPrimerReportsFailedWhy, .text(named), .text($0)) } ?? LocalizedText(.errorPrimerReportsFailed, .text(named)))
        } else if id == nil {
            outcome = .failed(nil, reason: "no payment id in Primer's answer",
                              failure: "Primer's answer to creating the payment has no usable payment id, so its outcome is not known.",
                              LocalizedText(.errorPrimerNoPaymentId))
            outcome.isOutcomeUnknown = true
        } else if let action = answer["requiredAction"], action.objectValue != nil {
            let (need, needWording) = requiredAction(action)
            outcome = .failed(id, reason: need, failure: "Payment \(named) \(need). Pay with a card that does not ask for it, "
                              + "or finish this checkout in the merchant's app or web page.", LocalizedText(.errorPrimerActionNeeded, .text(named), .localized(needWording)))
        } else if checkoutOutcome == "CHECKOUT_COMPLETE" {
            outcome = Outcome(status: status == "SUCCESS" ? .authorized : .pending, paymentID: id)
        } else {
            switch status {
            case "SUCCESS":
                outcome = Outcome(status: .authorized, paymentID: id)
            case "PENDING":
                outcome = Outcome(status: .pending, paymentID: id)
            default:
                let known = PrimerAPI.identifier(status)
                let shown = known.map { "status \($0)" } ?? "no status"
                outcome = .failed(id, reason: "\(shown) from Primer", failure: "Primer answered with \(shown) for payment \(named), "
                                  + "which its client API does not send, so its outcome is not known: look it up in Primer's dashboard.",
                                  known.map { LocalizedText(.errorPrimerUnknownStatus, .text($0), .text(named)) } ?? LocalizedText(.errorPrimerNoStatus, .text(named)))
                outcome.isOutcomeUnknown = true
            }
        }
        outcome.orderID = PrimerAPI.identifier(answer["orderId"]?.stringValue)
        if let amount = answer["amount"]?.intValue, (0...ClientSession.maximumAmount).contains(amount),
           let currency = answer["currencyCode"]?.stringValue, currency.count == 3, ISO4217.isCurrency(currency) {
            outcome.charged = (amount, currency.uppercased())
        }
        return outcome
    }

    /// "needs 3-D Secure: not possible in a terminal", or what else the required action needs.
    ///
    /// The action's `clientToken` is a JWT whose `intent` says what to do (`3DS_AUTHENTICATION`,
    /// `PROCESSOR_3DS`, `…_REDIRECTION`); its `name` says it when the token cannot be read.
    static func requiredAction(_ action: JSONValue) -> (text: String, shown: LocalizedText) {
        let intent = (try? PrimerClientToken.payload(of: action["clientToken"]?.stringValue ?? ""))?["intent"]?.stringValue
        let kinds = [intent, action["name"]?.stringValue].compactMap { $0?.uppercased() }
        if kinds.contains(where: { $0 == "3DS_AUTHENTICATION" || $0 == "PROCESSOR_3DS" }) {
            return ("needs 3-D Secure: not possible in a terminal", LocalizedText(.errorPrimerNeeds3DS))
        }
        if let redirect = kinds.first(where: { $0.hasSuffix("_REDIRECTION") }) {
            let name = PrimerAPI.identifier(redirect) ?? "REDIRECTION"
            return ("needs a redirect to a web page (\(name)): not possible in a terminal", LocalizedText(.errorPrimerNeedsRedirect, .text(name)))
        }
        let name = kinds.compactMap { PrimerAPI.identifier($0) }.first ?? "unnamed"
        return ("needs an action a terminal cannot perform (\(name)): not possible in a terminal", LocalizedText(.errorPrimerNeedsAction, .text(name)))
    }
}

fileprivate extension Error {
    /// Whether this is a failure after which a request may have been carried out without its
    /// answer arriving or being understood: no answer before the deadline, a connection that broke,
    /// a server error (5xx), an answer that cannot be read. A 4xx answer is Primer refusing it.
    var isNoAnswer: Bool {
        switch self as? PrimerFailure {
        case .timedOut?, .unreachable?, .malformedAnswer?: return true
        case let .status(_, code, _, _)?: return code >= 500
        default: return false
        }
    }
}
