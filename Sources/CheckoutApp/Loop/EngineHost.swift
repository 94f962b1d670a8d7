import CheckoutCore
import CheckoutEngine
import Synchronization

/// The engine the loop talks to: built from the settings by the one ``EngineFactory``, fed the
/// app's commands in order, its events collected for the loop.
///
/// Events arrive on the engine's actor one turn at a time (``RawDataManager/events(turns:)``): each
/// turn's events go into the inbox at once, tagged with the engine's generation, and the loop is
/// woken. The loop takes them after its wait, so a replaced engine's stragglers are dropped there,
/// and it always reads whole turns (never a BIN answer without the validity it changes): what the
/// loop has read is settled, with no mark to wait for. Commands go to the engine one at a time, in
/// order, on a task of their own; until the engine has taken every one sent, the engine is
/// ``isBusy`` (the events a command emits are in the inbox before it counts as taken).
@MainActor
final class EngineHost {
    let makeEngine: EngineFactory
    /// The settings of the engine in use.
    private(set) var running: CheckoutSettings
    private var link: EngineLink?
    private var generation = 0
    private let inbox = EventInbox()
    private let wake: @Sendable () -> Void

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
        link = EngineLink(manager: manager, generation: generation, inbox: inbox, wake: wake)
    }

    /// Hands a command to the engine.
    func send(_ command: AppCommand) {
        link?.send(command)
    }

    /// True while the engine has not taken every command sent.
    var isBusy: Bool { link?.isBusy ?? false }

    /// Returns once the engine in use runs no turn (``RawDataManager/settled(on:)``).
    func settled(on clock: ManualClock) async {
        await link?.manager.settled(on: clock)
    }

    /// The events of the engine in use that came since the last call, in order: whole turns.
    func takeEvents() -> [CheckoutEvent] {
        let current = generation
        return inbox.drain().filter { $0.generation == current }.flatMap(\.events)
    }

    func close() {
        link?.close()
        link = nil
    }
}

/// The engine's turns waiting for the loop, each with the generation of the engine that emitted it.
final class EventInbox: Sendable {
    private let events = Mutex<[(generation: Int, events: [CheckoutEvent])]>([])

    func append(_ turn: [CheckoutEvent], generation: Int) { events.withLock { $0.append((generation, turn)) } }

    func drain() -> [(generation: Int, events: [CheckoutEvent])] {
        events.withLock { events in
            defer { events = [] }
            return events
        }
    }
}

/// One engine and the task that hands it the app's commands.
final class EngineLink: Sendable {
    let manager: RawDataManager
    private let commands: AsyncStream<AppCommand>.Continuation
    private let task: Task<Void, Never>
    private let outstanding = Outstanding()

    /// How many commands were sent and not taken yet, from either side.
    private final class Outstanding: Sendable {
        let count = Atomic<Int>(0)
    }

    init(manager: RawDataManager, generation: Int, inbox: EventInbox, wake: @escaping @Sendable () -> Void) {
        self.manager = manager
        manager.events(turns: { turn in
            inbox.append(turn, generation: generation)
            wake()
        })
        let (stream, continuation) = AsyncStream<AppCommand>.makeStream(bufferingPolicy: .unbounded)
        commands = continuation
        let outstanding = outstanding
        task = Task {
            for await command in stream {
                switch command {
                case .setRawData(let data): await manager.setRawData(data)
                case .submit(let total): await manager.submit(expectedTotal: total)
                case .rebuildEngine, .export, .quit, .transit: break
                }
                outstanding.count.subtract(1, ordering: .releasing)
                wake()
            }
        }
    }

    var isBusy: Bool { outstanding.count.load(ordering: .acquiring) > 0 }

    func send(_ command: AppCommand) {
        outstanding.count.add(1, ordering: .relaxed)
        commands.yield(command)
    }

    func close() {
        commands.finish()
        task.cancel()
    }
}
