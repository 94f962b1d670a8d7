import CheckoutCore
import CheckoutEngine
import Testing
@testable import CheckoutTUI

/// The demo in the terminal: it holds while the terminal is too small and goes on after; → while
/// paused steps to the next caption and stays paused; the key that takes over is typed; a long
/// status never cuts the caption.
@MainActor @Suite struct DemoDriverTests {
    func driver() throws -> (DemoDriver, AppModel) {
        let world = try DemoWorld.bundled()
        let script = try DemoScript(name: "cobadge", text: "start pay\ncaption One\ntype 4000\ncaption Two\n")
        let model = world.makeModel(route: .pay, settings: world.baseSettings, size: TerminalSize(width: 80, height: 24), glyphs: .unicode)
        return (DemoDriver(world: world, script: script), model)
    }

    @Test("too small, the demo holds still (its clock too) and says why; large enough, it goes on")
    func holdsWhileTooSmall() throws {
        var (driver, model) = try driver()
        model.demo = DemoOverlay(caption: "One", status: driver.status, keys: DemoOverlay.playingKeys)
        model.resize(width: 45, height: 12)
        _ = driver.take(&model)
        #expect(driver.heldBySize)
        #expect(driver.rate == 0, "the engine's timers and the pilot's keys wait")
        #expect(model.demo?.status.contains("waiting for a larger terminal") == true)
        model.resize(width: 80, height: 24)
        _ = driver.take(&model)
        #expect(!driver.heldBySize)
        #expect(driver.rate == 1)
        #expect(model.demo?.status.contains("waiting") == false)
    }

    @Test("paused, → steps on to the next caption at speed and the pause holds there")
    func skipWhilePaused() throws {
        var (driver, model) = try driver()
        var output = DemoDriver.Output()
        #expect(driver.intercept(.space, model: &model, output: &output))
        #expect(driver.rate == 0)
        #expect(driver.intercept(.right, model: &model, output: &output))
        #expect(driver.rate == DemoDriver.fastForwardSpeed, "a skip asked for while paused moves")
        #expect(driver.status.hasSuffix("paused · skipping"))
        #expect(driver.paused, "and stops, paused, at the caption")
    }

    @Test("the key that takes over goes on to the screen: a digit typed is in the number")
    func takeOverKeyIsTyped() throws {
        var (driver, model) = try driver()
        var output = DemoDriver.Output()
        #expect(!driver.intercept(.character("5"), model: &model, output: &output), "not swallowed")
        #expect(driver.handedOver)
        _ = model.press(.character("5"))
        #expect((model.top as? CardFormScreen)?.digits == "5")
    }

    @Test("a status too long to share its row has the first row to itself; the caption is never cut for it")
    func longStatusKeepsTheCaptionWhole() {
        let overlay = DemoOverlay(caption: "A co-badged test card: 4000 0025 0000 1001 is both a Visa and a Cartes Bancaires card",
                                  status: "cobadge 1/12 · paused · skipping", keys: DemoOverlay.playingKeys)
        let layout = overlay.barLayout(width: 50, glyphs: .unicode)
        #expect(layout.statusAlone)
        #expect(layout.lines.dropFirst().joined(separator: " ") == overlay.caption, "\(layout.lines)")
        let roomy = overlay.barLayout(width: 120, glyphs: .unicode)
        #expect(!roomy.statusAlone)
        #expect(roomy.lines.joined(separator: " ") == overlay.caption)
    }
}
