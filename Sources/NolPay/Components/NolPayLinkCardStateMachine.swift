/// The steps of linking a Nol card to a mobile number.
public enum NolPayLinkCardStep: Sendable, Equatable {
    /// Scan the card: `submit()` starts the reader.
    case collectTagData
    /// The card was read; collect the mobile number that receives the code.
    case collectPhoneData(cardNumber: String)
    /// The code went out by SMS to `phoneNumber` ("+971 501234567"); collect it.
    case collectOtpData(phoneNumber: String)
    /// Done: the card is linked and ready to pay with (the SDK's step has no payload: the card
    /// comes as the ``NolPayOutcome/cardLinked(_:)`` outcome, and in ``NolPayLinkCardStateMachine/linkedCard``).
    case cardLinked

    /// The seed's name for the step.
    public var name: String {
        switch self {
        case .collectTagData: "collectTagData"
        case .collectPhoneData: "collectPhoneData"
        case .collectOtpData: "collectOtpData"
        case .cardLinked: "cardLinked"
        }
    }
}

/// The data the link flow collects.
public enum NolPayLinkCollectableData: Sendable, Equatable {
    case phoneData(mobileNumber: String)
    case otpData(otpCode: String)
}

/// The link flow as a pure state machine: collectTagData → collectPhoneData → collectOtpData → cardLinked.
public struct NolPayLinkCardStateMachine: NolPayStateMachine {
    public typealias Step = NolPayLinkCardStep
    public typealias CollectableData = NolPayLinkCollectableData

    /// The Transit calls the link flow makes.
    public enum Effect: Sendable, Equatable {
        /// Read the card and ask for a linking token.
        case scanCard
        /// Send (or resend) the code for `linkToken` to `mobileNumber`.
        case sendCode(mobileNumber: MobileNumber, linkToken: String)
        case linkCard(otpCode: String, linkToken: String)
    }

    /// What came back from Transit.
    public enum Completion: Sendable {
        case scanned(Result<(cardNumber: String, linkToken: String), NolPayError>)
        case codeSent(Result<Void, NolPayError>)
        case linked(Result<NolPaymentCard, NolPayError>)
    }

    enum State: Sendable, Equatable {
        case idle
        case collectingTag(scanning: Bool)
        case collectingPhone(cardNumber: String, linkToken: String, mobileNumber: String?, sending: MobileNumber?)
        case collectingOtp(cardNumber: String, linkToken: String, code: NolPayCodeEntry)
        case linked(NolPaymentCard)
    }

    private(set) var state: State = .idle

    public init() {}

    /// The card linked, once the flow is done.
    public var linkedCard: NolPaymentCard? {
        if case let .linked(card) = state { return card }
        return nil
    }

    /// The code step, while the code is collected.
    public var codeEntry: NolPayCodeEntry? {
        if case let .collectingOtp(_, _, code) = state { return code }
        return nil
    }

    public var isAwaitingTransit: Bool {
        switch state {
        case .collectingTag(scanning: true): true
        case .collectingPhone(_, _, _, sending: .some): true
        case let .collectingOtp(_, _, code): code.isAwaitingTransit
        default: false
        }
    }

    public mutating func start() -> [Action] {
        state = .collectingTag(scanning: false)
        return [.emit(.step(.collectTagData))]
    }

    public mutating func update(_ data: CollectableData) -> [Action] {
        switch (state, data) {
        case (.idle, _):
            return Self.notStarted()
        case let (.collectingPhone(card, token, _, sending), .phoneData(mobileNumber)):
            state = .collectingPhone(cardNumber: card, linkToken: token, mobileNumber: mobileNumber, sending: sending)
            return Self.validationActions(Self.errors(phone: mobileNumber), for: data)
        case (.collectingOtp(let card, let token, var code), .otpData(let otpCode)):
            let errors = code.type(otpCode)
            state = .collectingOtp(cardNumber: card, linkToken: token, code: code)
            return Self.validationActions(errors, for: data)
        case (_, .phoneData):
            return Self.outOfPlace("mobileNumber", step: stepName)
        case (_, .otpData):
            return Self.outOfPlace("otpCode", step: stepName)
        }
    }

    public mutating func submit() -> [Action] {
        guard !isAwaitingTransit else { return [] }
        switch state {
        case .idle:
            return Self.notStarted()
        case .collectingTag:
            state = .collectingTag(scanning: true)
            return [.perform(.scanCard)]
        case let .collectingPhone(card, token, mobileNumber, _):
            switch NolPayValidator.mobileNumber(mobileNumber) {
            case let .failure(error):
                return [.emit(.validation(.invalid([error]), mobileNumber.map { .phoneData(mobileNumber: $0) }))]
            case let .success(number):
                state = .collectingPhone(cardNumber: card, linkToken: token, mobileNumber: mobileNumber, sending: number)
                return [.perform(.sendCode(mobileNumber: number, linkToken: token))]
            }
        case .collectingOtp(let card, let token, var code):
            switch code.check() {
            case let .failure(error):
                return [.emit(.validation(.invalid([error]), code.typed.map { .otpData(otpCode: $0) }))]
            case let .success(digits):
                state = .collectingOtp(cardNumber: card, linkToken: token, code: code)
                return [.perform(.linkCard(otpCode: digits, linkToken: token))]
            }
        case .linked:
            return [.emit(.error(.invalidValue("step", "The card is already linked.", next: "Call start() to link another card.")))]
        }
    }

    public mutating func resendCode() -> [Action] {
        guard case .collectingOtp(let card, let token, var code) = state else {
            return isAwaitingTransit ? [] : Self.nothingToResend(step: stepName)
        }
        guard code.resend() else { return [] }
        state = .collectingOtp(cardNumber: card, linkToken: token, code: code)
        return [.perform(.sendCode(mobileNumber: code.sentTo, linkToken: token))]
    }

    public mutating func complete(_ completion: Completion) -> [Action] {
        switch (state, completion) {
        case let (.collectingTag(scanning: true), .scanned(result)):
            switch result {
            case let .success((card, token)):
                state = .collectingPhone(cardNumber: card, linkToken: token, mobileNumber: nil, sending: nil)
                return [.emit(.step(.collectPhoneData(cardNumber: card)))]
            case let .failure(error):
                state = .collectingTag(scanning: false)
                return [.emit(.error(error))]
            }
        case let (.collectingPhone(card, token, mobileNumber, .some(number)), .codeSent(result)):
            switch result {
            case .success:
                state = .collectingOtp(cardNumber: card, linkToken: token, code: NolPayCodeEntry(sentTo: number))
                return [.emit(.step(.collectOtpData(phoneNumber: number.display)))]
            case let .failure(error):
                state = .collectingPhone(cardNumber: card, linkToken: token, mobileNumber: mobileNumber, sending: nil)
                return [.emit(.error(error))]
            }
        case (.collectingOtp(let card, let token, var code), .codeSent(let result)) where code.request == .resending:
            // A new code makes the one typed so far useless.
            code.resent(result)
            state = .collectingOtp(cardNumber: card, linkToken: token, code: code)
            switch result {
            case .success: return [.emit(.step(.collectOtpData(phoneNumber: code.sentTo.display)))]
            case let .failure(error): return [.emit(.error(error))]
            }
        case (.collectingOtp(let card, let token, var code), .linked(let result)) where code.request == .checking:
            switch result {
            case let .success(linkedCard):
                state = .linked(linkedCard)
                return [.emit(.step(.cardLinked)), .emit(.outcome(.cardLinked(linkedCard)))]
            case let .failure(error):
                code.refused(error)
                state = .collectingOtp(cardNumber: card, linkToken: token, code: code)
                return [.emit(.error(error))]
            }
        default:
            preconditionFailure("a Transit answer \(completion) arrived in state \(state) that asked for none")
        }
    }

    private var stepName: String {
        switch state {
        case .idle: "none"
        case .collectingTag: "collectTagData"
        case .collectingPhone: "collectPhoneData"
        case .collectingOtp: "collectOtpData"
        case .linked: "cardLinked"
        }
    }

    static func errors(phone: String) -> [NolPayValidationError] {
        if case let .failure(error) = NolPayValidator.mobileNumber(phone) { return [error] }
        return []
    }
}
