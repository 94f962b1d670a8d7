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
    @Test("a changed row is written from its first changed cell to its last, never from or to half of a wide character: random rows of both frames")
    func changedColumnsOfRandomRows() {
        var random = SplitMix64(seed: 33)
        let pieces = ["a", "4000 0025", "日本", "€", " ", "é", "🇫🇷", "│", "Visa", "😀", "x"]
        let styles: [CellStyle] = [.normal, .dim, .bold, .focus]
        func drawn(_ random: inout SplitMix64) -> Canvas {
            var canvas = Canvas(width: 12, height: 1)
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                canvas.put(pieces.randomElement(using: &random)!, row: 0, column: Int.random(in: -1...12, using: &random),
                           style: styles.randomElement(using: &random)!)
            }
            return canvas
        }
        var seen = (same: 0, changed: 0)
        for _ in 0..<4000 {
            let a = drawn(&random)
            // Half the time the next frame is the last with a little drawn over it.
            var b = Bool.random(using: &random) ? a : drawn(&random)
            if Bool.random(using: &random) {
                b.put(pieces.randomElement(using: &random)!, row: 0, column: Int.random(in: 0..<12, using: &random))
            }
            guard let columns = NCursesTerminal.changedColumns(a, b, 0) else {
                #expect(a.cells == b.cells)
                seen.same += 1
                continue
            }
            seen.changed += 1
            #expect(a.cells != b.cells)
            // Every cell outside the columns is the same in both frames, and the cells at both
            // ends of the columns differ or belong to a wide character that does.
            for column in 0..<12 where !columns.contains(column) {
                #expect(a.cells[column] == b.cells[column], "column \(column) outside \(columns)")
            }
            for canvas in [a, b] {
                #expect(!canvas.cells[columns.lowerBound].isContinuation, "starts on a wide character's right half")
                if columns.upperBound < 12 { #expect(!canvas.cells[columns.upperBound].isContinuation, "ends inside a wide character") }
            }
        }
        #expect(seen.same > 100 && seen.changed > 1000)
        // A key's change is a few cells of a row: only they are written.
        var before = Canvas(width: 30, height: 1), after = Canvas(width: 30, height: 1)
        before.put("4000 002", row: 0, column: 2, style: .bold)
        after.put("4000 0025", row: 0, column: 2, style: .bold)
        #expect(NCursesTerminal.changedColumns(before, after, 0) == 10..<11)
        after.put("日", row: 0, column: 12)
        before.put("ab", row: 0, column: 11)
        #expect(NCursesTerminal.changedColumns(before, after, 0) == 10..<14)
    }
}
