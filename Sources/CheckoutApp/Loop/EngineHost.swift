import CheckoutCore
import CheckoutEngine
import Synchronization

/// The engine the loop talks to: built from the settings by the one ``EngineFactory``, fed the
/// app's commands in order, its events collected for the loop.
///
/// Events arrive on the engine's actor as they are emitted (``RawDataManager/events(_:)``): each
/// goes into an inbox tagged with its engine's generation, and the loop is woken. The loop takes
/// them after its wait, so a replaced engine's stragglers are dropped there. Commands go to the
/// engine one at a time, in order, on a task of their own; until the engine has taken every one
/// sent, the engine is ``isBusy`` (the events a command emits are in the inbox before it counts as taken).
///
/// Events come from the engine's thread while the loop reads them, so the loop may read the first
/// events of an engine turn before its last ones (a BIN answer before the validity it changes).
/// A front end that decides from what the engine said (plain mode checking an answer) waits until
/// the engine ``isSettled``: every event it read came before a mark the engine's task left after a
/// whole turn (after each command, or after ``settle()``'s empty one).
@MainActor
final class EngineHost {
    let makeEngine: EngineFactory
    /// The settings of the engine in use.
    private(set) var running: CheckoutSettings
    private var link: EngineLink?
    private var generation = 0
    private let inbox = EventInbox()
    private let wake: @Sendable () -> Void
    /// Whether every event read so far came before a mark, and whether a mark has been asked for.
    private(set) var isSettled = true
    private var markAsked = false

    init(makeEngine: @escaping EngineFactory, settings: CheckoutSettings, wake: @escaping @Sendable () -> Void) {
        self.makeEngine = makeEngine
        running = settings
        self.wake = wake
    }

    /// Builds an engine for `settings` and puts it in place of the one in use; throws (keeping the
    /// engine in use) when it cannot be built.
    func connect(_ settings: CheckoutSettings) throws {
        let manager = try makeEngine(settings)
        running = settings
        link?.close()
        generation += 1
        isSettled = true
        markAsked = false
        link = EngineLink(manager: manager, generation: generation, inbox: inbox, wake: wake)
    }

    /// Hands a command to the engine.
    func send(_ command: AppCommand) {
        link?.send(.app(command))
    }

    /// Asks the engine for a mark after the turn it may be in, unless every event read is before one.
    func settle() {
        guard !isSettled, !markAsked, let link else { return }
        markAsked = true
        link.send(.mark)
    }

    /// True while the engine has not taken every command sent.
    var isBusy: Bool { link?.isBusy ?? false }

    /// The events of the engine in use that came since the last call, in order.
    func takeEvents() -> [CheckoutEvent] {
        let current = generation
        var events: [CheckoutEvent] = []
        for item in inbox.drain() where item.generation == current {
            if let event = item.event {
                events.append(event)
                isSettled = false
            } else {
                isSettled = true
                markAsked = false
            }
        }
        return events
    }

    func close() {
        link?.close()
        link = nil
    }
}

/// Events waiting for the loop, each with the generation of the engine that emitted it; an item
/// without an event is a mark: the engine's turns before it were whole.
final class EventInbox: Sendable {
    private let events = Mutex<[(generation: Int, event: CheckoutEvent?)]>([])

    func append(_ event: CheckoutEvent?, generation: Int) { events.withLock { $0.append((generation, event)) } }

    func drain() -> [(generation: Int, event: CheckoutEvent?)] {
        events.withLock { events in
            defer { events = [] }
            return events
        }
    }
}

/// One engine and the task that hands it the app's commands.
final class EngineLink: Sendable {
    /// An app command, or only a mark after the engine's current turn.
    enum Command: Sendable {
        case app(AppCommand)
        case mark
    }

    private let commands: AsyncStream<Command>.Continuation
    private let task: Task<Void, Never>
    private let outstanding = Outstanding()

    /// How many commands were sent and not taken yet, from either side.
    private final class Outstanding: Sendable {
        let count = Atomic<Int>(0)
    }

    init(manager: RawDataManager, generation: Int, inbox: EventInbox, wake: @escaping @Sendable () -> Void) {
        manager.events { event in
            inbox.append(event, generation: generation)
            wake()
        }
        let (stream, continuation) = AsyncStream<Command>.makeStream(bufferingPolicy: .unbounded)
        commands = continuation
        let outstanding = outstanding
        task = Task {
            for await command in stream {
                switch command {
                case .app(.setRawData(let data)): await manager.setRawData(data)
                case .app(.submit(let total)): await manager.submit(expectedTotal: total)
                case .app(.rebuildEngine), .app(.export), .app(.quit), .app(.transit): break
                // A call on the actor waits for the turn it is in to end.
                case .mark: _ = await manager.currentMetadata
                }
                inbox.append(nil, generation: generation)
                outstanding.count.subtract(1, ordering: .releasing)
                wake()
            }
        }
    }

    var isBusy: Bool { outstanding.count.load(ordering: .acquiring) > 0 }

    func send(_ command: Command) {
        outstanding.count.add(1, ordering: .relaxed)
        commands.yield(command)
    }

    func close() {
        commands.finish()
        task.cancel()
    }
}
