import Synchronization

/// The actor that runs a Nol Pay state machine: it publishes the machine's steps, validation
/// statuses and errors on async streams and makes the Transit calls the machine asks for.
///
/// The seed's components are this actor over their machines: ``NolPayLinkCardComponent``,
/// ``NolPayUnlinkCardComponent`` and ``NolPayPaymentComponent``.
///
///     let link = NolPayLinkCardComponent(transit: transit)
///     Task { for await step in link.stepStream() { print(step) } }
///     await link.start()                                        // collectTagData
///     await link.submit()                                       // scans the card
///     await link.updateCollectedData(.phoneData(mobileNumber: "050 123 4567"))
///     await link.submit()                                       // sends the code by SMS
public actor NolPayComponent<Machine: NolPayStateMachine> {
    public typealias Event = NolPayComponentEvent<Machine.Step, Machine.CollectableData>

    private var machine: Machine
    private let perform: @Sendable (Machine.Effect) async -> Machine.Completion
    private let listeners = NolPayListeners<Event>()
    private var eventHandler: (@Sendable (Event) -> Void)?
    /// Bumped by `start()`, so a Transit answer for an abandoned flow is dropped.
    private var generation = 0
    private var work: [Int: Task<Void, Never>] = [:]
    private var nextWorkID = 0

    /// A component over `machine` that runs effects with `perform`.
    public init(machine: Machine, perform: @escaping @Sendable (Machine.Effect) async -> Machine.Completion) {
        self.machine = machine
        self.perform = perform
    }

    // MARK: Listening

    /// Every event, in the order the component emits them; each call is a new subscription.
    public nonisolated func events() -> AsyncStream<Event> {
        listeners.subscribe()
    }

    /// The steps the person has to go through (the seed's step delegate).
    public nonisolated func stepStream() -> AsyncStream<Machine.Step> {
        listeners.subscribe { if case let .step(step) = $0 { step } else { nil } }
    }

    /// Validation statuses with the data they are about (the seed's validation delegate).
    public nonisolated func validationStream() -> AsyncStream<(NolPayValidationStatus, Machine.CollectableData?)> {
        listeners.subscribe { if case let .validation(status, data) = $0 { (status, data) } else { nil } }
    }

    /// Errors (the seed's error delegate).
    public nonisolated func errorStream() -> AsyncStream<NolPayError> {
        listeners.subscribe { if case let .error(error) = $0 { error } else { nil } }
    }

    /// Calls `handler` with every event as it is emitted, before the streams see it (the seed's
    /// delegates); `nil` removes it. Callers that must interleave other output in a fixed order use this.
    public func setEventHandler(_ handler: (@Sendable (Event) -> Void)?) {
        eventHandler = handler
    }

    // MARK: Driving

    /// Moves to the first step, abandoning any flow in progress.
    public func start() {
        generation += 1
        for task in work.values { task.cancel() }
        work = [:]
        run(machine.start())
    }

    /// Validates and keeps data for the current step.
    public func updateCollectedData(_ data: Machine.CollectableData) {
        run(machine.update(data))
    }

    /// Acts on the current step's data; ignored while a request for it is out.
    public func submit() {
        run(machine.submit())
    }

    /// Asks for another one-time code on a code step.
    public func resendCode() {
        run(machine.resendCode())
    }

    /// Whether a Transit call is out.
    public var isBusy: Bool { machine.isAwaitingTransit }

    /// Waits until every Transit call made so far has answered and its events are published.
    public func waitUntilIdle() async {
        while let task = work.values.first {
            await task.value
        }
    }

    /// Ends every subscription; events already published are still delivered.
    public func finish() {
        listeners.finish()
    }

    private func run(_ actions: [Machine.Action]) {
        for action in actions {
            switch action {
            case let .emit(event):
                eventHandler?(event)
                listeners.yield(event)
            case let .perform(effect):
                nextWorkID += 1
                let id = nextWorkID, generation = self.generation, perform = self.perform
                work[id] = Task {
                    let completion = await perform(effect)
                    self.completed(completion, id: id, generation: generation)
                }
            }
        }
    }

    private func completed(_ completion: Machine.Completion, id: Int, generation: Int) {
        work[id] = nil
        guard generation == self.generation else { return }
        run(machine.complete(completion))
    }
}

/// The subscribers of one component; each gets its own unbounded stream.
final class NolPayListeners<Event: Sendable>: Sendable {
    private let sinks = Mutex<(next: Int, all: [Int: @Sendable (Event) -> Void], finishers: [Int: @Sendable () -> Void], finished: Bool)>(
        (0, [:], [:], false))

    func subscribe() -> AsyncStream<Event> {
        subscribe { $0 }
    }

    func subscribe<Value: Sendable>(_ pick: @escaping @Sendable (Event) -> Value?) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream<Value>.makeStream()
        let alreadyFinished = sinks.withLock { sinks -> Bool in
            if sinks.finished { return true }
            sinks.next += 1
            sinks.all[sinks.next] = { event in if let value = pick(event) { continuation.yield(value) } }
            sinks.finishers[sinks.next] = { continuation.finish() }
            return false
        }
        if alreadyFinished { continuation.finish() }
        return stream
    }

    func yield(_ event: Event) {
        let all = sinks.withLock { $0.all.sorted { $0.key < $1.key }.map(\.value) }
        for sink in all { sink(event) }
    }

    func finish() {
        let finishers = sinks.withLock { sinks -> [@Sendable () -> Void] in
            sinks.finished = true
            defer { sinks.all = [:]; sinks.finishers = [:] }
            return Array(sinks.finishers.values)
        }
        for finish in finishers { finish() }
    }
}
