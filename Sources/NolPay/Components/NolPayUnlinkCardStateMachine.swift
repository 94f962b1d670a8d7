/// The steps of unlinking a Nol card from a mobile number.
public enum NolPayUnlinkCardStep: Sendable, Equatable {
    /// Collect the linked card and its mobile number.
    case collectCardAndPhoneData
    /// The code went out by SMS to `phoneNumber`; collect it.
    case collectOtpData(phoneNumber: String)
    /// Done: the card is no longer linked.
    case cardUnlinked(cardNumber: String)

    /// The seed's name for the step.
    public var name: String {
        switch self {
        case .collectCardAndPhoneData: "collectCardAndPhoneData"
        case .collectOtpData: "collectOtpData"
        case .cardUnlinked: "cardUnlinked"
        }
    }
}

/// The data the unlink flow collects.
public enum NolPayUnlinkCollectableData: Sendable, Equatable {
    case cardAndPhoneData(cardNumber: String, mobileNumber: String)
    case otpData(otpCode: String)
}

/// The unlink flow as a pure state machine: collectCardAndPhoneData → collectOtpData → cardUnlinked.
public struct NolPayUnlinkCardStateMachine: NolPayStateMachine {
    public typealias Step = NolPayUnlinkCardStep
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
        case collectingCardAndPhone(cardNumber: String?, mobileNumber: String?, sending: Bool)
        case collectingOtp(cardNumber: String, unlinkToken: String, mobileNumber: MobileNumber, otpCode: String?, request: OtpRequest?)
        case unlinked(cardNumber: String)
    }

    enum OtpRequest: Sendable, Equatable { case resending, unlinking }

    private(set) var state: State = .idle

    public init() {}

    public var isAwaitingTransit: Bool {
        switch state {
        case .collectingCardAndPhone(_, _, sending: true): true
        case .collectingOtp(_, _, _, _, request: .some): true
        default: false
        }
    }

    public mutating func start() -> [Action] {
        state = .collectingCardAndPhone(cardNumber: nil, mobileNumber: nil, sending: false)
        return [.emit(.step(.collectCardAndPhoneData))]
    }

    public mutating func update(_ data: CollectableData) -> [Action] {
        switch (state, data) {
        case (.idle, _):
            return Self.notStarted()
        case let (.collectingCardAndPhone(_, _, sending), .cardAndPhoneData(cardNumber, mobileNumber)):
            state = .collectingCardAndPhone(cardNumber: cardNumber, mobileNumber: mobileNumber, sending: sending)
            return Self.validationActions(Self.errors(cardNumber: cardNumber, mobileNumber: mobileNumber), for: data)
        case let (.collectingOtp(card, token, mobile, _, request), .otpData(otpCode)):
            state = .collectingOtp(cardNumber: card, unlinkToken: token, mobileNumber: mobile, otpCode: otpCode, request: request)
            return Self.validationActions(NolPayLinkCardStateMachine.errors(otp: otpCode), for: data)
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
        case let .collectingCardAndPhone(cardNumber, mobileNumber, _):
            let errors = Self.errors(cardNumber: cardNumber, mobileNumber: mobileNumber)
            guard errors.isEmpty, case let .success(card) = NolPayValidator.cardNumber(cardNumber),
                  case let .success(number) = NolPayValidator.mobileNumber(mobileNumber) else {
                return [.emit(.validation(.invalid(errors), Self.data(cardNumber, mobileNumber)))]
            }
            state = .collectingCardAndPhone(cardNumber: cardNumber, mobileNumber: mobileNumber, sending: true)
            return [.perform(.sendCode(cardNumber: card, mobileNumber: number))]
        case let .collectingOtp(card, token, mobile, otpCode, _):
            switch NolPayValidator.otpCode(otpCode) {
            case let .failure(error):
                return [.emit(.validation(.invalid([error]), otpCode.map { .otpData(otpCode: $0) }))]
            case let .success(code):
                state = .collectingOtp(cardNumber: card, unlinkToken: token, mobileNumber: mobile, otpCode: otpCode, request: .unlinking)
                return [.perform(.unlinkCard(cardNumber: card, otpCode: code, unlinkToken: token))]
            }
        case .unlinked:
            return [.emit(.error(.invalidValue("step", "The card is already unlinked.", next: "Call start() to unlink another card.")))]
        }
    }

    public mutating func resendCode() -> [Action] {
        guard case let .collectingOtp(card, token, mobile, otpCode, nil) = state else {
            return isAwaitingTransit ? [] : Self.nothingToResend(step: stepName)
        }
        state = .collectingOtp(cardNumber: card, unlinkToken: token, mobileNumber: mobile, otpCode: otpCode, request: .resending)
        return [.perform(.resendCode(unlinkToken: token))]
    }

    public mutating func complete(_ completion: Completion) -> [Action] {
        switch (state, completion) {
        case let (.collectingCardAndPhone(cardNumber, mobileNumber, sending: true), .codeSent(result)):
            switch result {
            case let .success(token):
                guard case let .success(card) = NolPayValidator.cardNumber(cardNumber),
                      case let .success(number) = NolPayValidator.mobileNumber(mobileNumber) else {
                    preconditionFailure("a code was sent for data that does not validate")
                }
                state = .collectingOtp(cardNumber: card, unlinkToken: token, mobileNumber: number, otpCode: nil, request: nil)
                return [.emit(.step(.collectOtpData(phoneNumber: number.display)))]
            case let .failure(error):
                state = .collectingCardAndPhone(cardNumber: cardNumber, mobileNumber: mobileNumber, sending: false)
                return [.emit(.error(error))]
            }
        case let (.collectingOtp(card, token, mobile, _, .resending), .codeResent(result)):
            state = .collectingOtp(cardNumber: card, unlinkToken: token, mobileNumber: mobile, otpCode: nil, request: nil)
            switch result {
            case .success: return [.emit(.step(.collectOtpData(phoneNumber: mobile.display)))]
            case let .failure(error): return [.emit(.error(error))]
            }
        case let (.collectingOtp(card, token, mobile, otpCode, .unlinking), .unlinked(result)):
            switch result {
            case .success:
                state = .unlinked(cardNumber: card)
                return [.emit(.step(.cardUnlinked(cardNumber: card)))]
            case let .failure(error):
                state = .collectingOtp(cardNumber: card, unlinkToken: token, mobileNumber: mobile, otpCode: otpCode, request: nil)
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

    private static func data(_ cardNumber: String?, _ mobileNumber: String?) -> CollectableData? {
        guard cardNumber != nil || mobileNumber != nil else { return nil }
        return .cardAndPhoneData(cardNumber: cardNumber ?? "", mobileNumber: mobileNumber ?? "")
    }

    /// The card-number error first, then the phone-number error, as a form lists them.
    static func errors(cardNumber: String?, mobileNumber: String?) -> [NolPayValidationError] {
        var errors: [NolPayValidationError] = []
        if case let .failure(error) = NolPayValidator.cardNumber(cardNumber) { errors.append(error) }
        if case let .failure(error) = NolPayValidator.mobileNumber(mobileNumber) { errors.append(error) }
        return errors
    }
}
