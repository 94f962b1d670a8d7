import CheckoutCore
import CheckoutEngine
import Synchronization

/// Plays a demo script without a terminal, as fast as the machine goes: the demo's clock is moved
/// by hand (5 ms at a time, so every event is stamped when it would have come), keys go to the app
/// model as the terminal's would, and engine events and Nol answers are fed back as they come.
///
/// This is `checkout demo --check`, and what the tests run: the screens, engine and Nol system are
/// the real ones, only time is not.
///
///     let run = try HeadlessDemo(world: .bundled(), size: TerminalSize(width: 80, height: 24))
///     try await run.play(.shipped("cobadge"))
@MainActor
public final class HeadlessDemo {
    public let world: DemoWorld
    public let size: TerminalSize
    public let glyphs: GlyphSet
    /// The app as it is now.
    public private(set) var model: AppModel
    private var engine: RawDataManager?
    private var subscription: Task<Void, Never>?
    private let inbox = EventInbox()
    /// Called after every move, with the app as it is then (tests take their frames here).
    public var onMove: ((DemoPilot.Move, AppModel) -> Void)?
    /// Virtual time since the last animation tick.
    private var sinceTick: Duration = .zero
    /// How many Nol calls had been started when their answers were last collected.
    private var collectedCalls = 0

    public init(world: DemoWorld, size: TerminalSize, glyphs: GlyphSet = .unicode) {
        self.world = world
        self.size = size
        self.glyphs = glyphs
        model = world.makeModel(route: .home, settings: world.baseSettings, size: size, glyphs: glyphs)
    }

    /// Plays `script` to its end; throws at the first step whose check fails.
    public func play(_ script: DemoScript, seed: UInt64 = 0x5EED_DE30) async throws(DemoFailure) {
        var pilot = DemoPilot(script: script, seed: seed)
        defer { stop() }
        while let move = pilot.next() {
            await advance(by: move.delay)
            let progress = pilot.captionProgress
            switch move.action {
            case .start(let route, let changes):
                do {
                    try start(route, changes)
                } catch {
                    throw DemoFailure(step: move.step, message: "the engine could not be built: \(error)")
                }
                await perform(model.takeCommands())
            default:
                let commands = try move.apply(to: &model, world: world, status: "\(script.name) \(progress.current)/\(progress.total)",
                                              keys: DemoOverlay.playingKeys)
                await perform(commands)
            }
            await settle()
            onMove?(move, model)
        }
    }

    private func start(_ route: Route, _ changes: DemoPilot.DemoSettings) throws {
        stop()
        let settings = changes.applied(to: world.baseSettings)
        let overlay = model.demo
        model = world.makeModel(route: route, settings: settings, size: size, glyphs: glyphs)
        model.demo = overlay
        connect(try world.makeEngine(settings, timeout: .milliseconds(changes.binTimeoutMilliseconds ?? 3000)))
    }

    private func connect(_ manager: RawDataManager) {
        subscription?.cancel()
        engine = manager
        let events = manager.events()
        let inbox = inbox
        subscription = Task { for await event in events { inbox.append(event) } }
    }

    private func stop() {
        subscription?.cancel()
        subscription = nil
        engine = nil
        inbox.drain()
    }

    private func perform(_ commands: [AppCommand]) async {
        for command in commands {
            switch command {
            case .setRawData(let data): await engine?.setRawData(data)
            case .submit(let total): await engine?.submit(expectedTotal: total)
            case .rebuildEngine(let settings, _):
                if let manager = try? world.makeEngine(settings) { connect(manager) }
            case .export, .quit: break
            }
        }
    }

    /// Moves the demo's clock on in 5 ms steps, settling after each, ticking animations every 80 ms.
    private func advance(by duration: Duration) async {
        var left = duration
        while left > .zero {
            let step = min(left, .milliseconds(5))
            await world.clock.advance(by: step)
            left -= step
            sinceTick += step
            if sinceTick >= .milliseconds(80) {
                sinceTick = .zero
                if model.isAnimating { await perform(model.tick()) }
            }
            await settle()
        }
    }

    /// Lets what is under way come out: engine events, Nol answers (collected on a tick, as the
    /// runtime does while a screen waits).
    private func settle() async {
        for _ in 0..<50 {
            await world.clock.settle(20)
            // A Nol call answers on its own time; its answer is collected at once, so what the
            // screen shows never depends on how fast the call was.
            if world.worker.isWaiting { await world.worker.waitUntilAnswered() }
            let moved = world.worker.callsStarted != collectedCalls
            if moved {
                collectedCalls = world.worker.callsStarted
                if model.isAnimating { await perform(model.tick()) }
            }
            let events = inbox.drain()
            for event in events { await perform(model.receive(event)) }
            if events.isEmpty, !moved { return }
        }
    }
}

/// Engine events waiting for the player, filled by the subscription task.
final class EventInbox: Sendable {
    private let events = Mutex<[CheckoutEvent]>([])
    func append(_ event: CheckoutEvent) { events.withLock { $0.append(event) } }
    @discardableResult
    func drain() -> [CheckoutEvent] { events.withLock { events in defer { events = [] }; return events } }
}
