/// What a Nol Pay component tells its listeners: the next step, a validation status, or an error.
public enum NolPayComponentEvent<Step: Sendable & Equatable, CollectableData: Sendable & Equatable>: Sendable, Equatable {
    case step(Step)
    case validation(NolPayValidationStatus, CollectableData?)
    case error(NolPayError)
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
