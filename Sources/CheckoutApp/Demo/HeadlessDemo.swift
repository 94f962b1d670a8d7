import CheckoutCore
import CheckoutEngine

/// Plays a demo script without a terminal, as fast as the machine goes: the app's loop with the
/// demo's driver as its input, a canvas in memory as its display, and a ``VirtualLoopClock``, so
/// time jumps to the next timer once what is under way has come out and every event is stamped
/// when it would have come.
///
/// This is `checkout demo --check`, and what the tests run: the screens, engine and Nol system are
/// the real ones, only time is not.
///
///     let run = HeadlessDemo(world: try .bundled(), size: TerminalSize(width: 80, height: 24))
///     try await run.play(.shipped("cobadge"))
@MainActor
public final class HeadlessDemo {
    public let world: DemoWorld
    public let size: TerminalSize
    public let glyphs: GlyphSet
    /// The app as it is now.
    public private(set) var model: AppModel
    /// Called after every move, once the app has settled, with the app as it is then (tests take their frames here).
    public var onMove: ((DemoPilot.Move, AppModel) -> Void)?

    public init(world: DemoWorld, size: TerminalSize, glyphs: GlyphSet = .unicode) {
        self.world = world
        self.size = size
        self.glyphs = glyphs
        model = world.makeModel(route: .home, settings: world.baseSettings, size: size, glyphs: glyphs)
    }

    /// Plays `script` to its end; throws at the first step whose check fails.
    public func play(_ script: DemoScript, seed: UInt64 = 0x5EED_DE30) async throws(DemoFailure) {
        let driver = DemoDriver(world: world, script: script, seed: seed, checks: true)
        driver.onMove = onMove
        let loop = AppLoop(model: model, settings: world.baseSettings, makeEngine: world.recipe.factory, input: driver,
                           display: CanvasDisplay(size: size), clock: VirtualLoopClock(world.clock), waiter: SuspendingWaiter())
        _ = await loop.run()
        model = loop.model
        if let failure = driver.failure { throw failure }
    }
}
