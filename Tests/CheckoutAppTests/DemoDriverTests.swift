import CheckoutCore
import CheckoutEngine
import Testing
@testable import CheckoutApp

/// The demo in the terminal: it holds while the terminal is too small and goes on after; → while
/// paused steps to the next caption and stays paused; the key that takes over is typed; a long
/// status never cuts the caption.
@MainActor @Suite struct DemoDriverTests {
    /// The driver as the input of the app's loop in the terminal: the loop it acts on, the demo's clock at its rate.
    func driver() throws -> (DemoDriver, AppLoop) {
        let world = try DemoWorld.bundled()
        let script = try DemoScript(name: "cobadge", text: "start pay\ncaption One\ntype 4000\ncaption Two\n")
        let model = world.makeModel(route: .pay, settings: world.baseSettings, size: TerminalSize(width: 80, height: 24), glyphs: .unicode)
        let driver = DemoDriver(world: world, script: script)
        return (driver, Self.loop(driver, model))
    }

    static func loop(_ driver: DemoDriver, _ model: AppModel) -> AppLoop {
        AppLoop(model: model, makeEngine: driver.world.recipe.factory, input: driver, display: CanvasDisplay(size: model.size),
                clock: DemoLoopClock(driver.world.clock) { driver.rate }, waiter: SuspendingWaiter())
    }

    @Test("too small, the demo holds still (its clock too) and says why; large enough, it goes on")
    func holdsWhileTooSmall() async throws {
        let (driver, loop) = try driver()
        loop.model.demo = DemoOverlay(caption: "One", status: driver.status(Bundled.english), keys: DemoOverlay.playingKeys(Bundled.english))
        loop.model.resize(width: 45, height: 12)
        await driver.take(loop, readable: false)
        #expect(driver.heldBySize)
        #expect(driver.rate == 0, "the engine's timers and the pilot's keys wait")
        #expect(loop.model.demo?.status.contains("waiting for a larger terminal") == true)
        loop.model.resize(width: 80, height: 24)
        await driver.take(loop, readable: false)
        #expect(!driver.heldBySize)
        #expect(driver.rate == 1)
        #expect(loop.model.demo?.status.contains("waiting") == false)
    }

    @Test("paused, → steps on to the next caption at speed and the pause holds there")
    func skipWhilePaused() throws {
        let (driver, loop) = try driver()
        #expect(driver.intercept(.space, loop: loop))
        #expect(driver.rate == 0)
        #expect(driver.intercept(.right, loop: loop))
        #expect(driver.rate == DemoDriver.fastForwardSpeed, "a skip asked for while paused moves")
        #expect(driver.status(Bundled.english).hasSuffix("paused · skipping"))
        #expect(driver.paused, "and stops, paused, at the caption")
    }

    @Test("the key that takes over goes on to the screen: a digit typed is in the number")
    func takeOverKeyIsTyped() throws {
        let (driver, loop) = try driver()
        #expect(!driver.intercept(.character("5"), loop: loop), "not swallowed")
        #expect(driver.handedOver)
        loop.press(.character("5"))
        #expect((loop.model.top as? CardFormScreen)?.digits == "5")
    }

    @Test("a status too long to share its row has the first row to itself; the caption is never cut for it")
    func longStatusKeepsTheCaptionWhole() {
        let overlay = DemoOverlay(caption: "A co-badged test card: 4000 0025 0000 1001 is both a Visa and a Cartes Bancaires card",
                                  status: "cobadge 1/12 · paused · skipping", keys: DemoOverlay.playingKeys(Bundled.english))
        let layout = overlay.barLayout(width: 50, glyphs: .unicode)
        #expect(layout.statusAlone)
        #expect(layout.lines.dropFirst().joined(separator: " ") == overlay.caption, "\(layout.lines)")
        let roomy = overlay.barLayout(width: 120, glyphs: .unicode)
        #expect(!roomy.statusAlone)
        #expect(roomy.lines.joined(separator: " ") == overlay.caption)
    }
}

/// Paused, the demo's clock moves no time however long the loop waits: what the end-to-end test
/// once showed by sleeping 1.5 s and comparing screens.
@MainActor @Suite struct DemoLoopClockTests {
    @Test func aRateOfZeroMovesNoTime() async throws {
        let clock = ManualClock()
        let timer = Task { try await clock.sleep(for: .milliseconds(10)) }
        defer { timer.cancel() }
        while clock.sleeperCount == 0 { await Task.yield() }
        let waiter = SuspendingWaiter()
        let loopClock = DemoLoopClock(clock) { 0 }
        for _ in 0..<3 {
            waiter.wake()
            _ = await loopClock.wait(waiter, for: nil, until: .milliseconds(5), cap: nil, orReal: nil, busy: false)
        }
        #expect(clock.now.offset == .zero && clock.sleeperCount == 1, "paused: the engine's timer still waits")
    }
}
