import CheckoutCore
import CheckoutEngine
import Synchronization
import Testing
@testable import CheckoutApp
@testable import CheckoutTUI

/// What the loop does after its first frame (the terminal UI opens the ledger there), and the
/// terminal's row comparison that decides which rows a frame redraws.
@MainActor @Suite struct FirstFrameTests {
    /// A display that counts the frames it is shown.
    final class CountingDisplay: AppDisplay {
        let size = TerminalSize(width: 80, height: 24)
        var frames = 0
        func show(_ model: AppModel) { frames += 1 }
    }

    /// An input that quits the loop the first time it has its turn.
    final class QuittingInput: AppInput {
        var descriptor: Int32? { nil }
        func take(_ loop: AppLoop, readable: Bool) async { loop.quit(0) }
    }

    final class Count: Sendable {
        let value = Atomic(0)
    }

    func loop(engines: Count) throws -> (AppLoop, CountingDisplay) {
        let world = try DemoWorld.bundled()
        let model = world.makeModel(route: .pay, settings: world.baseSettings, size: TerminalSize(width: 80, height: 24), glyphs: .unicode)
        let recipe = world.recipe
        let display = CountingDisplay()
        let loop = AppLoop(model: model, makeEngine: { settings in
            engines.value.add(1, ordering: .relaxed)
            return try recipe.make(settings)
        }, input: QuittingInput(), display: display, clock: DemoLoopClock(world.clock) { 1 }, waiter: SuspendingWaiter())
        return (loop, display)
    }

    @Test("work that fails after the first frame ends the loop with its status and line, before any engine or input")
    func failureAfterFirstFrame() async throws {
        let engines = Count()
        let (loop, display) = try loop(engines: engines)
        var ran = 0
        loop.afterFirstFrame = { loop in
            ran += 1
            #expect(display.frames == 1, "the first frame is up before the work")
            loop.fail("checkout: the data directory cannot be used")
        }
        let status = await loop.run()
        #expect(status == 2)
        #expect(ran == 1)
        #expect(loop.failure == "checkout: the data directory cannot be used")
        #expect(engines.value.load(ordering: .relaxed) == 0, "no engine is built for a run that cannot go on")
        #expect(display.frames == 1)
    }

    @Test("work after the first frame runs once, before the engine is built; the screens it puts in are the model's")
    func workBeforeEngine() async throws {
        let engines = Count()
        let (loop, _) = try loop(engines: engines)
        var enginesWhenRun: Int?
        loop.afterFirstFrame = { loop in
            enginesWhenRun = engines.value.load(ordering: .relaxed)
            var registry = ScreenRegistry.standard
            registry.register(.settings) { _ in ComingSoonScreen(route: .nolLink) }
            loop.useRegistry(registry)
        }
        let status = await loop.run()
        #expect(status == 0)
        #expect(enginesWhenRun == 0)
        #expect(engines.value.load(ordering: .relaxed) == 1)
        #expect(loop.failure == nil)
        #expect(loop.model.registry.makeScreen(.settings, context: loop.model.context) is ComingSoonScreen)
        #expect(loop.afterFirstFrame == nil, "it runs once")
    }

    @Test("rows of two canvases compare by their cells: equal rows with characters stored apart are equal, a changed cell is not")
    func rowComparison() {
        // A family emoji is longer than a small string: each canvas holds its own copy of it.
        let family = "👩\u{200D}👩\u{200D}👧\u{200D}👦"
        var a = Canvas(width: 20, height: 3), b = Canvas(width: 20, height: 3)
        for canvas in [0, 1] {
            var drawn = Canvas(width: 20, height: 3)
            drawn.put("Card number", row: 0, column: 1)
            drawn.put(String(decoding: Array(family.utf8), as: UTF8.self), row: 1, column: 2)
            if canvas == 0 { a = drawn } else { b = drawn }
        }
        #expect(NCursesTerminal.rowEqual(a, b, 0))
        #expect(NCursesTerminal.rowEqual(a, b, 1), "the same characters in storage of their own")
        #expect(NCursesTerminal.rowEqual(a, b, 2))
        b.put("X", row: 2, column: 19)
        #expect(!NCursesTerminal.rowEqual(a, b, 2))
        #expect(NCursesTerminal.rowEqual(a, b, 0))
        // The rows are compared as memory: every way two rows can differ is seen, and agrees with
        // the cells' own `==`: the same text in another style, a wide character's halves.
        b.put("Card number", row: 0, column: 1, style: .focus)
        #expect(!NCursesTerminal.rowEqual(a, b, 0), "the same characters in another style")
        var wide = Canvas(width: 20, height: 3), narrow = Canvas(width: 20, height: 3)
        wide.put("日", row: 1, column: 0)
        narrow.put("日", row: 1, column: 0)
        #expect(NCursesTerminal.rowEqual(wide, narrow, 1))
        narrow.put("a", row: 1, column: 1)
        #expect(!NCursesTerminal.rowEqual(wide, narrow, 1), "a wide character's right half is not a letter")
        for row in 0..<3 {
            let cells = { (canvas: Canvas) in Array(canvas.cells[row * 20..<(row + 1) * 20]) }
            #expect(NCursesTerminal.rowEqual(a, b, row) == (cells(a) == cells(b)))
            #expect(NCursesTerminal.rowEqual(wide, narrow, row) == (cells(wide) == cells(narrow)))
        }
        #expect(MemoryLayout<Canvas.Cell>.size == MemoryLayout<Canvas.Cell>.stride, "a cell has no padding for memcmp to compare")
    }
}
