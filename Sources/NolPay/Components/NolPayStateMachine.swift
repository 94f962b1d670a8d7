/// What a Nol Pay component tells its listeners: the next step, a validation status, an error, or
/// what the flow produced.
public enum NolPayComponentEvent<Step: Sendable & Equatable, CollectableData: Sendable & Equatable>: Sendable, Equatable {
    /// The SDK's step delegate: `didReceiveStep`.
    case step(Step)
    case validation(NolPayValidationStatus, CollectableData?)
    case error(NolPayError)
    /// What the flow produced, right after its last step: the SDK's last steps carry nothing, so the
    /// richer data a front end shows (the card linked, the payment made) comes here.
    case outcome(NolPayOutcome)
}

/// What a Nol Pay flow produced, beside the SDK's payload-free last steps (Primer iOS SDK 2.51.1,
/// `Sources/PrimerSDK/Classes/Core/PrimerHeadlessUniversalCheckout/Composable/NolPay/`:
/// `NolPayLinkCardStep.cardLinked` and `NolPayUnlinkDataStep.cardUnlinked` have no payload, and the
/// payment component's steps end at `paymentRequested`, its result going to the checkout delegate).
public enum NolPayOutcome: Sendable, Equatable {
    /// After `cardLinked`: the card now linked to the number.
    case cardLinked(NolPaymentCard)
    /// After `cardUnlinked`: the card no longer linked.
    case cardUnlinked(NolPaymentCard)
    /// After `paymentRequested`, the payment's result as the SDK gives it to the checkout delegate:
    /// `primerHeadlessUniversalCheckoutDidCompleteCheckoutWithData` when it was authorized.
    case checkoutCompleted(NolPayment)
    /// The declined payment (its balance is the card's, unchanged): the checkout delegate's `didFail`,
    /// after the component's error.
    case checkoutFailed(NolPayment)
}

/// What a state machine asks its component to do: tell listeners something, or call Transit.
public enum NolPayAction<Step: Sendable & Equatable, CollectableData: Sendable & Equatable, Effect: Sendable & Equatable>: Sendable, Equatable {
    case emit(NolPayComponentEvent<Step, CollectableData>)
    case perform(Effect)
}

/// The pure core of a Nol Pay component: its state, and what each input does to it.
///
/// A machine never waits and never calls Transit. It returns ``NolPayAction`` values: events to
/// publish, and effects (Transit calls) whose results come back through ``complete(_:)``. While an
/// effect is out, ``isAwaitingTransit`` is true and a second `submit()` asks for nothing, so a
/// double submit makes one request.
public protocol NolPayStateMachine: Sendable {
    associatedtype Step: Sendable & Equatable
    associatedtype CollectableData: Sendable & Equatable
    associatedtype Effect: Sendable & Equatable
    associatedtype Completion: Sendable

    typealias Action = NolPayAction<Step, CollectableData, Effect>

    /// Moves to the first step, forgetting anything collected.
    mutating func start() -> [Action]
    /// Validates and keeps data for the current step.
    mutating func update(_ data: CollectableData) -> [Action]
    /// Acts on the data of the current step.
    mutating func submit() -> [Action]
    /// Asks for another one-time code (only where a code is being collected).
    mutating func resendCode() -> [Action]
    /// Takes the result of an effect.
    mutating func complete(_ completion: Completion) -> [Action]
    /// Whether a Transit call is out.
    var isAwaitingTransit: Bool { get }
}

extension NolPayStateMachine {
    /// The validation events for `data`: validating, then valid or invalid.
    static func validationActions(_ errors: [NolPayValidationError], for data: CollectableData) -> [Action] {
        [.emit(.validation(.validating, data)), .emit(.validation(errors.isEmpty ? .valid : .invalid(errors), data))]
    }

    static func notStarted() -> [Action] {
        [.emit(.error(.invalidValue("step", "The component has not been started.", next: "Call start() first.")))]
    }

    static func outOfPlace(_ key: String, step: String) -> [Action] {
        [.emit(.error(.invalidValue(key, "This value is not collected on the \(step) step.",
                                    next: "Send the data the \(step) step asks for.")))]
    }

    static func nothingToResend(step: String) -> [Action] {
        [.emit(.error(.invalidValue("otpCode", "No code is being collected on the \(step) step.",
                                    next: "Ask for a new code while the code step is shown.")))]
    }
}
