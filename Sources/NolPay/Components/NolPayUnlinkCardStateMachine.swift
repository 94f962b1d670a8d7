/// The steps of unlinking a Nol card from a mobile number: the SDK's `NolPayUnlinkDataStep`, whose
/// cases carry nothing (Primer iOS SDK 2.51.1, `.../Composable/NolPay/NolPayUnlinkCardComponent.swift`).
/// Where the code went is ``NolPayUnlinkCardStateMachine/codeSentTo``; the card unlinked comes as the
/// ``NolPayOutcome/cardUnlinked(_:)`` outcome.
public enum NolPayUnlinkDataStep: Sendable, Equatable {
    /// Collect the linked card and its mobile number.
    case collectCardAndPhoneData
    /// The code went out by SMS; collect it.
    case collectOtpData
    /// Done: the card is no longer linked.
    case cardUnlinked

    /// The seed's name for the step.
    public var name: String {
        switch self {
        case .collectCardAndPhoneData: "collectCardAndPhoneData"
        case .collectOtpData: "collectOtpData"
        case .cardUnlinked: "cardUnlinked"
        }
    }
}

/// The data the unlink flow collects: a whole card and its mobile number, then the code (the SDK's
/// `NolPayUnlinkCollectableData`: `cardAndPhoneData(nolPaymentCard:mobileNumber:)`, `otpData(otpCode:)`).
public enum NolPayUnlinkCollectableData: Sendable, Equatable {
    case cardAndPhoneData(nolPaymentCard: NolPaymentCard, mobileNumber: String)
    case otpData(otpCode: String)
}

/// The unlink flow as a pure state machine: collectCardAndPhoneData → collectOtpData → cardUnlinked.
public struct NolPayUnlinkCardStateMachine: NolPayStateMachine {
    public typealias Step = NolPayUnlinkDataStep
    public typealias CollectableData = NolPayUnlinkCollectableData

    /// The Transit calls the unlink flow makes.
    public enum Effect: Sendable, Equatable {
        case sendCode(cardNumber: String, mobileNumber: MobileNumber)
        case resendCode(unlinkToken: String)
        case unlinkCard(cardNumber: String, otpCode: String, unlinkToken: String)
    }

    /// What came back from Transit.
    public enum Completion: Sendable {
        case codeSent(Result<String, NolPayError>)
        case codeResent(Result<Void, NolPayError>)
        case unlinked(Result<Void, NolPayError>)
    }

    enum State: Sendable, Equatable {
        case idle
        case collectingCardAndPhone(card: NolPaymentCard?, mobileNumber: String?, sending: Bool)
        case collectingOtp(card: NolPaymentCard, unlinkToken: String, code: NolPayCodeEntry)
        case unlinked(NolPaymentCard)
    }

    private(set) var state: State = .idle

    public init() {}

    /// The number the code went to, as it is shown (`+971 501234567`), while the code is collected.
    public var codeSentTo: String? { codeEntry?.sentTo.display }

    /// The code step, while the code is collected (the same sub-machine as linking's).
    public var codeEntry: NolPayCodeEntry? {
        if case let .collectingOtp(_, _, code) = state { return code }
        return nil
    }

    /// The card unlinked, once the flow is done.
    public var unlinkedCard: NolPaymentCard? {
        if case let .unlinked(card) = state { return card }
        return nil
    }

    public var isAwaitingTransit: Bool {
        switch state {
        case .collectingCardAndPhone(_, _, sending: true): true
        case let .collectingOtp(_, _, code): code.isAwaitingTransit
        default: false
        }
    }

    public mutating func start() -> [Action] {
        state = .collectingCardAndPhone(card: nil, mobileNumber: nil, sending: false)
        return [.emit(.step(.collectCardAndPhoneData))]
    }

    public mutating func update(_ data: CollectableData) -> [Action] {
        switch (state, data) {
        case (.idle, _):
            return Self.notStarted()
        case let (.collectingCardAndPhone(_, _, sending), .cardAndPhoneData(card, mobileNumber)):
            state = .collectingCardAndPhone(card: card, mobileNumber: mobileNumber, sending: sending)
            return Self.validationActions(Self.errors(cardNumber: card.cardNumber, mobileNumber: mobileNumber), for: data)
        case (.collectingOtp(let card, let token, var code), .otpData(let otpCode)):
            let errors = code.type(otpCode)
            state = .collectingOtp(card: card, unlinkToken: token, code: code)
            return Self.validationActions(errors, for: data)
        case (_, .cardAndPhoneData):
            return Self.outOfPlace("cardNumber", step: stepName)
        case (_, .otpData):
            return Self.outOfPlace("otpCode", step: stepName)
        }
    }

    public mutating func submit() -> [Action] {
        guard !isAwaitingTransit else { return [] }
        switch state {
        case .idle:
            return Self.notStarted()
        case let .collectingCardAndPhone(card, mobileNumber, _):
            let errors = Self.errors(cardNumber: card?.cardNumber, mobileNumber: mobileNumber)
            guard errors.isEmpty, case let .success(cardNumber) = NolPayValidator.cardNumber(card?.cardNumber),
                  case let .success(number) = NolPayValidator.mobileNumber(mobileNumber) else {
                return [.emit(.validation(.invalid(errors), Self.data(card, mobileNumber)))]
            }
            state = .collectingCardAndPhone(card: card, mobileNumber: mobileNumber, sending: true)
            return [.perform(.sendCode(cardNumber: cardNumber, mobileNumber: number))]
        case .collectingOtp(let card, let token, var code):
            switch code.check() {
            case let .failure(error):
                return [.emit(.validation(.invalid([error]), code.typed.map { .otpData(otpCode: $0) }))]
            case let .success(digits):
                state = .collectingOtp(card: card, unlinkToken: token, code: code)
                return [.perform(.unlinkCard(cardNumber: card.cardNumber, otpCode: digits, unlinkToken: token))]
            }
        case .unlinked:
            return [.emit(.error(.invalidValue("step", "The card is already unlinked.", next: "Call start() to unlink another card.")))]
        }
    }

    public mutating func resendCode() -> [Action] {
        guard case .collectingOtp(let card, let token, var code) = state else {
            return isAwaitingTransit ? [] : Self.nothingToResend(step: stepName)
        }
        guard code.resend() else { return [] }
        state = .collectingOtp(card: card, unlinkToken: token, code: code)
        return [.perform(.resendCode(unlinkToken: token))]
    }

    public mutating func complete(_ completion: Completion) -> [Action] {
        switch (state, completion) {
        case let (.collectingCardAndPhone(card?, mobileNumber, sending: true), .codeSent(result)):
            switch result {
            case let .success(token):
                guard case let .success(cardNumber) = NolPayValidator.cardNumber(card.cardNumber),
                      case let .success(number) = NolPayValidator.mobileNumber(mobileNumber) else {
                    preconditionFailure("a code was sent for data that does not validate")
                }
                var sent = card
                sent.cardNumber = cardNumber
                state = .collectingOtp(card: sent, unlinkToken: token, code: NolPayCodeEntry(sentTo: number))
                return [.emit(.step(.collectOtpData))]
            case let .failure(error):
                state = .collectingCardAndPhone(card: card, mobileNumber: mobileNumber, sending: false)
                return [.emit(.error(error))]
            }
        case (.collectingOtp(let card, let token, var code), .codeResent(let result)) where code.request == .resending:
            code.resent(result)
            state = .collectingOtp(card: card, unlinkToken: token, code: code)
            switch result {
            case .success: return [.emit(.step(.collectOtpData))]
            case let .failure(error): return [.emit(.error(error))]
            }
        case (.collectingOtp(let card, let token, var code), .unlinked(let result)) where code.request == .checking:
            switch result {
            case .success:
                state = .unlinked(card)
                return [.emit(.step(.cardUnlinked)), .emit(.outcome(.cardUnlinked(card)))]
            case let .failure(error):
                code.refused(error)
                state = .collectingOtp(card: card, unlinkToken: token, code: code)
                return [.emit(.error(error))]
            }
        default:
            preconditionFailure("a Transit answer \(completion) arrived in state \(state) that asked for none")
        }
    }

    private var stepName: String {
        switch state {
        case .idle: "none"
        case .collectingCardAndPhone: "collectCardAndPhoneData"
        case .collectingOtp: "collectOtpData"
        case .unlinked: "cardUnlinked"
        }
    }

    private static func data(_ card: NolPaymentCard?, _ mobileNumber: String?) -> CollectableData? {
        guard card != nil || mobileNumber != nil else { return nil }
        return .cardAndPhoneData(nolPaymentCard: card ?? NolPaymentCard(cardNumber: "", expiredTime: ""), mobileNumber: mobileNumber ?? "")
    }

    /// The card-number error first, then the phone-number error, as a form lists them.
    static func errors(cardNumber: String?, mobileNumber: String?) -> [NolPayValidationError] {
        var errors: [NolPayValidationError] = []
        if case let .failure(error) = NolPayValidator.cardNumber(cardNumber) { errors.append(error) }
        if case let .failure(error) = NolPayValidator.mobileNumber(mobileNumber) { errors.append(error) }
        return errors
    }
}
