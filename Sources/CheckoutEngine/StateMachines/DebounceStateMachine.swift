/// A trailing-edge debounce as a pure state machine: the latest value wins, and it is delivered
/// once the input has been quiet for the debounce time (or at once when the input ends).
///
/// The machine owns no timer. ``valueChanged(_:)`` says which timer generation to start; the owner
/// sleeps and reports back with ``timerFired(generation:)``, and a report from an older generation
/// is ignored, so a timer that lost a race with a newer value can never deliver a stale one.
///
///     var debounce = DebounceStateMachine<String?>()
///     let timer = debounce.valueChanged("40000025")   // start timer `timer`
///     debounce.timerFired(generation: timer)          // .some("40000025")
struct DebounceStateMachine<Value: Sendable & Equatable>: Sendable {
    enum State: Sendable, Equatable {
        case idle
        case pending(Value, generation: Int)
    }

    private(set) var state: State = .idle
    private var lastGeneration = 0

    /// Records a new value; the owner must (re)start its timer for the returned generation.
    mutating func valueChanged(_ value: Value) -> Int {
        lastGeneration += 1
        state = .pending(value, generation: lastGeneration)
        return lastGeneration
    }

    /// The value to deliver when the timer of `generation` fires, or nil when that timer is stale.
    mutating func timerFired(generation: Int) -> Value? {
        guard case let .pending(value, pendingGeneration) = state, pendingGeneration == generation else { return nil }
        state = .idle
        return .some(value)
    }

    /// The pending value, delivered at once (end of input); nil when nothing is pending.
    mutating func flush() -> Value? {
        guard case let .pending(value, _) = state else { return nil }
        state = .idle
        return .some(value)
    }

    var isPending: Bool {
        if case .pending = state { return true }
        return false
    }
}
