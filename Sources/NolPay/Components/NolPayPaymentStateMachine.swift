import CheckoutCore

/// The steps of paying with a linked Nol card: the SDK's `NolPayPaymentStep`, which ends at
/// `paymentRequested` (Primer iOS SDK 2.51.1, `.../Composable/NolPay/NolPayPaymentComponent.swift`):
/// the payment's result goes to the checkout delegate, here the ``NolPayOutcome/checkoutCompleted(_:)``
/// or ``NolPayOutcome/checkoutFailed(_:)`` outcome (and ``NolPayPaymentStateMachine/payment``).
public enum NolPayPaymentStep: Sendable, Equatable {
    /// Collect the linked card and its mobile number.
    case collectCardAndPhoneData
    /// The payment was asked of the Nol system; its result follows as the outcome.
    case paymentRequested

    /// The seed's name for the step.
    public var name: String {
        switch self {
        case .collectCardAndPhoneData: "collectCardAndPhoneData"
        case .paymentRequested: "paymentRequested"
        }
    }
}

/// The data the payment flow collects.
public enum NolPayPaymentCollectableData: Sendable, Equatable {
    case paymentData(cardNumber: String, mobileNumber: String)
}

/// The payment flow as a pure state machine: collectCardAndPhoneData → paymentRequested → completed or declined.
public struct NolPayPaymentStateMachine: NolPayStateMachine {
    public typealias Step = NolPayPaymentStep
    public typealias CollectableData = NolPayPaymentCollectableData

    /// The one Transit call the payment flow makes.
    public enum Effect: Sendable, Equatable {
        case requestPayment(cardNumber: String, mobileNumber: MobileNumber, amount: Int, currency: String)
    }

    /// What came back from Transit.
    public enum Completion: Sendable {
        case paid(Result<NolPayment, NolPayError>)
    }

    enum State: Sendable, Equatable {
        case idle
        case collecting(cardNumber: String?, mobileNumber: String?)
        case requested(cardNumber: String, mobileNumber: String)
        case done(NolPayment)
    }

    /// The amount to charge, in minor units of `currency`.
    public let amount: Int
    public let currency: String
    private(set) var state: State = .idle

    public init(amount: Int, currency: String = "AED") {
        self.amount = amount
        self.currency = currency
    }

    public var isAwaitingTransit: Bool {
        if case .requested = state { return true }
        return false
    }

    /// The payment made (authorized or declined), once the Nol system answered.
    public var payment: NolPayment? {
        if case let .done(payment) = state { return payment }
        return nil
    }

    public mutating func start() -> [Action] {
        state = .collecting(cardNumber: nil, mobileNumber: nil)
        return [.emit(.step(.collectCardAndPhoneData))]
    }

    public mutating func update(_ data: CollectableData) -> [Action] {
        switch (state, data) {
        case (.idle, _):
            return Self.notStarted()
        case let (.collecting, .paymentData(cardNumber, mobileNumber)):
            state = .collecting(cardNumber: cardNumber, mobileNumber: mobileNumber)
            return Self.validationActions(NolPayUnlinkCardStateMachine.errors(cardNumber: cardNumber, mobileNumber: mobileNumber), for: data)
        case (.requested, _):
            return Self.outOfPlace("cardNumber", step: "paymentRequested")
        case (.done, _):
            return Self.outOfPlace("cardNumber", step: "payment result")
        }
    }

    public mutating func submit() -> [Action] {
        switch state {
        case .idle:
            return Self.notStarted()
        case let .collecting(cardNumber, mobileNumber):
            let errors = NolPayUnlinkCardStateMachine.errors(cardNumber: cardNumber, mobileNumber: mobileNumber)
            guard errors.isEmpty, case let .success(card) = NolPayValidator.cardNumber(cardNumber),
                  case let .success(number) = NolPayValidator.mobileNumber(mobileNumber), let mobileNumber else {
                let data = cardNumber == nil && mobileNumber == nil
                    ? nil : CollectableData.paymentData(cardNumber: cardNumber ?? "", mobileNumber: mobileNumber ?? "")
                return [.emit(.validation(.invalid(errors), data))]
            }
            state = .requested(cardNumber: card, mobileNumber: mobileNumber)
            return [.emit(.step(.paymentRequested)),
                    .perform(.requestPayment(cardNumber: card, mobileNumber: number, amount: amount, currency: currency))]
        case .requested:
            return []
        case .done:
            return [.emit(.error(.invalidValue("step", "This payment is finished.", next: "Call start() to make another payment.")))]
        }
    }

    public mutating func resendCode() -> [Action] {
        Self.nothingToResend(step: "payment")
    }

    public mutating func complete(_ completion: Completion) -> [Action] {
        guard case let .requested(cardNumber, mobileNumber) = state, case let .paid(result) = completion else {
            preconditionFailure("a payment answer arrived in state \(state) that asked for none")
        }
        switch result {
        case let .success(payment) where payment.status == "AUTHORIZED":
            state = .done(payment)
            return [.emit(.outcome(.checkoutCompleted(payment)))]
        case let .success(payment):
            state = .done(payment)
            let formatted = MoneyText.format(minorUnits: payment.balance, currency: payment.currency)
            let amount = MoneyText.format(minorUnits: payment.amount, currency: payment.currency)
            let decline = NolPayError.sdk(TransitError(
                code: "insufficient-balance",
                message: "The card holds \(formatted), less than \(amount).",
                recoverySuggestion: "Top up the card at a ticket machine or pay with another card.")
                .saying(LocalizedText(.nolErrBalance, arguments: [.money(minorUnits: payment.balance, currency: payment.currency),
                                                                   .money(minorUnits: payment.amount, currency: payment.currency)]),
                        LocalizedText(.nolErrBalanceAdvice)))
            return [.emit(.error(decline)), .emit(.outcome(.checkoutFailed(payment)))]
        case let .failure(error):
            state = .collecting(cardNumber: cardNumber, mobileNumber: mobileNumber)
            return [.emit(.error(error)), .emit(.step(.collectCardAndPhoneData))]
        }
    }
}
