import CheckoutCore
import CheckoutEngine
import CheckoutPlain
import CheckoutStore
import CheckoutTestSupport
import Foundation
import NolPay
import Testing
@testable import CheckoutApp

/// Random keys, pastes, clicks, wheel turns, resizes and engine events through the whole app model,
/// from every screen, checking after every step what must always hold.
///
/// Seeded and reproducible: the same seed replays the same steps. `CHECKOUT_FUZZ_STEPS` sets the
/// number of steps (50,000 by default, the fewest with this seed that reach every place checked
/// below; 1,000,000 with `CHECKOUT_FUZZ_LONG=1`), `CHECKOUT_FUZZ_SEED` the seed; a failure names both.
///
/// The rendered-row check renders the whole screen, a hundred times the cost of a step in a debug
/// build: it runs after every resize and every 16th step (`CHECKOUT_FUZZ_RENDER_EVERY=1` for all).
///
///     CHECKOUT_FUZZ_STEPS=10000000 swift test --filter ModelFuzzTests
@Suite struct ModelFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let steps = environment["CHECKOUT_FUZZ_STEPS"].flatMap(Int.init) ?? FuzzBudget.cases(short: 50_000, long: 1_000_000)
    static let seed = environment["CHECKOUT_FUZZ_SEED"].flatMap { UInt64($0.replacingOccurrences(of: "0x", with: ""), radix: 16) }
        ?? 0x5EED_0008

    @Test func randomInputsNeverBreakTheApp() async throws {
        var fuzzer = try ModelFuzzer(seed: Self.seed)
        let started = ContinuousClock.now
        do {
            try await fuzzer.run(steps: Self.steps)
        } catch {
            Issue.record("\(error)")
            return
        }
        let elapsed = ContinuousClock.now - started
        print("model fuzz: \(fuzzer.stepsTaken) steps in \(elapsed), seed \(String(Self.seed, radix: 16)), " +
              "\(fuzzer.runs) runs, \(fuzzer.submits) card submits, \(fuzzer.results) results, \(fuzzer.nolCalls) Nol calls, " +
              "\(fuzzer.nolFinished) Nol flows finished, \(fuzzer.confirmations) questions, \(fuzzer.renders) renders, " +
              "\(fuzzer.panelRenders) with the event panel, " +
              "\(fuzzer.targetedClicks) clicks on targets, \(fuzzer.plainAnswers) plain-mode answers, \(fuzzer.autoAdvances) moves on by themselves, " +
              "\(fuzzer.holds) held steps (\(fuzzer.heldForNetworks) for the BIN answer, \(fuzzer.heldForSession) for the session's total), " +
              "\(fuzzer.releases) holds released by an answer, \(fuzzer.confirmedTotals) changed totals confirmed, " +
              "\(fuzzer.absorbedTabs) Tabs absorbed after a move, \(fuzzer.chooserDigits) digits typed on the chooser")
        #expect(fuzzer.stepsTaken >= Self.steps)
        // The fuzzer must reach the places where things can go wrong, or it proves little.
        #expect(fuzzer.submits > 0 && fuzzer.results > 0, "some runs paid and saw the result")
        #expect(fuzzer.nolFinished > 0, "some Nol flows went to their end")
        #expect(fuzzer.nolCalls > 0, "some runs called the Nol system")
        #expect(fuzzer.confirmations > 0, "some runs were asked before discarding")
        #expect(fuzzer.tooSmallKeys > 0, "some keys met a terminal too small")
        #expect(fuzzer.panelRenders > 0, "some renders showed the event panel")
        #expect(fuzzer.targetedClicks > 0, "some clicks landed on what was drawn")
        #expect(fuzzer.plainAnswers > 0 && fuzzer.plainQuestions > 0, "plain mode's questions were asked and answered")
        #expect(fuzzer.autoAdvances > 0, "some fields moved the focus on by themselves")
        #expect(fuzzer.heldForNetworks > 0, "some Pays were held for a BIN answer")
        #expect(fuzzer.heldForSession > 0, "some Pays were held for the client session's total")
        #expect(fuzzer.releases > 0, "some held Pays went when their answers came")
        #expect(fuzzer.confirmedTotals > 0, "some totals the session changed were confirmed and paid")
        #expect(fuzzer.absorbedTabs > 0, "some Tabs came right after the focus moved on by itself")
        #expect(fuzzer.chooserDigits > 0, "some digits were typed on the co-badge chooser")
    }
}

/// One input of the fuzzer.
enum FuzzInput: CustomStringConvertible {
    case key(Key)
    /// A mouse event as the terminal decoder hands it on; `target` says a click was aimed at a
    /// target drawn on screen (its id, for the report).
    case mouse(MouseEvent, target: String?)
    case paste(String)
    case resize(Int, Int)
    case event(CheckoutEvent)
    case tick
    /// Plain mode's "Home" (``AppModel/goHome()``).
    case home

    var description: String {
        switch self {
        case .key(let key): "key \(key)"
        case .mouse(let event, let target): "mouse \(event.kind) at \(event.row),\(event.column)\(target.map { " on \($0)" } ?? "")"
        case .paste(let text): "paste \(text.prefix(40).debugDescription)\(text.count > 40 ? "…(\(text.count))" : "")"
        case .resize(let width, let height): "resize \(width)x\(height)"
        case .event(let event): "event \(event.name)"
        case .tick: "tick"
        case .home: "home"
        }
    }
}

struct FuzzFailure: Error, CustomStringConvertible {
    var description: String
}

/// The fuzzer's state: the generator, the Nol system every Nol screen shares, the model of the run.
struct ModelFuzzer {
    let seed: UInt64
    var random: SplitMix64
    let nol: NolSystem
    /// Transit answers made and not handed over yet: a tick hands them over, so the fuzzer plays
    /// in the window while a call is out.
    var answers: [(serial: Int, answer: NolTransitAnswer)] = []
    /// The Transit calls the last step's commands asked for, made before the next step.
    var callsOut: [TransitRequest] = []
    let registry: ScreenRegistry
    var clock = EventClock.stopped
    var model: AppModel
    var typing: [Key] = []
    /// The inputs of a plain-mode answer still to hand on, in order.
    var answering: [FuzzInput] = []
    var plainAnswers = 0, plainQuestions = 0
    var recent: [FuzzInput] = []
    var runs = 0, stepsTaken = 0, submits = 0, nolCalls = 0, renders = 0, confirmations = 0, tooSmallKeys = 0, panelRenders = 0, targetedClicks = 0
    /// Steps where focus moved on by itself, and steps with Pay held (for each reason).
    var autoAdvances = 0, holds = 0, heldForNetworks = 0, heldForSession = 0
    /// Held Pays that an answer let go, and totals the client session changed that Pay paid once confirmed.
    var releases = 0, confirmedTotals = 0
    /// Tabs and Enters absorbed right after the focus moved on by itself, and digits typed on the
    /// co-badge chooser that went to the field after it (issue 29).
    var absorbedTabs = 0, chooserDigits = 0
    /// The event clock of every run: each step moves it on by up to 300 ms.
    let time = TestTime()
    /// Screens reached: a card result, a finished Nol flow.
    var results = 0, nolFinished = 0

    static let routes: [Route] = [.home, .pay, .nolLink, .nolCards, .nolPay, .nolUnlink, .settings]
    static let renderEvery = ProcessInfo.processInfo.environment["CHECKOUT_FUZZ_RENDER_EVERY"].flatMap(Int.init) ?? 16

    init(seed: UInt64) throws {
        self.seed = seed
        random = SplitMix64(seed: seed)
        let database = try Database(path: ":memory:")
        let moment = Date(timeIntervalSince1970: 1_800_000_000)
        let nol = try NolSystem.simulated(database: database, now: { moment }, makeCode: { "123456" })
        self.nol = nol
        registry = ScreenRegistry.standard.withNolScreens(nol)
        model = AppModel(route: .home, catalogue: Fixtures.catalogue, settings: Fixtures.settings, registry: registry)
        clock = time.clock
    }

    mutating func run(steps: Int) async throws {
        startRun()
        while stepsTaken < steps {
            // Minutes of steps on the test pool's two threads: the other tests get their turn (tests
            // that measure time against a loopback server were starved by seconds).
            if stepsTaken % 64 == 0 { await Task.yield() }
            let input = nextInput()
            recent.append(input)
            if recent.count > 25 { recent.removeFirst() }
            let quit = try step(input)
            for request in callsOut { answers.append((request.serial, await nol.perform(request.call))) }
            callsOut = []
            stepsTaken += 1
            if quit || random.next() % 4000 == 0 { startRun() }
        }
    }

    /// A fresh model on the next route in turn, in Unicode or ASCII, at a usable size.
    mutating func startRun() {
        callsOut = []
        answers = []
        let route = Self.routes[runs % Self.routes.count]
        let glyphs: GlyphSet = random.next() % 3 == 0 ? .ascii : .unicode
        let size = TerminalSize(width: 50 + Int(random.next() % 100), height: 17 + Int(random.next() % 40))
        // Half the runs on a session with surcharges: its client session is told each network, and Pay waits for its total.
        let settings = chance(50) ? Fixtures.settings : CheckoutSettings(session: Fixtures.surchargedSession)
        model = AppModel(route: route, catalogue: Fixtures.catalogue, settings: settings, registry: registry,
                         glyphs: glyphs, size: size, clock: clock)
        _ = model.takeCommands()
        typing = []
        answering = []
        runs += 1
    }

    // MARK: Checks

    /// Applies one input and checks every invariant; returns whether the app quit.
    mutating func step(_ input: FuzzInput) throws -> Bool {
        let wasTooSmall = model.isTooSmall
        let hadQuestion = model.confirmation != nil
        let depth = model.stack.count
        let focused = model.top?.focusedText
        let onPay = (model.top as? CardFormScreen)?.focus == .pay
        // What a click lands on in the frame on show, decided before the input: the Pay button,
        // or a footer hint, which presses its key.
        var clickedPay = false
        var clickedKey: Key?
        if case .mouse(let event, _) = input, event.kind == .press, let id = model.render().target(row: event.row, column: event.column)?.id {
            clickedPay = model.top is CardFormScreen && id as? CardFormScreen.Click == .field(.pay)
            clickedKey = (id as? AppModel.HintKey)?.key
        }
        let onNol = model.top is NolFlowScreen
        let nolCode = (model.top as? NolFlowScreen).map { $0.stage == .code } ?? false
        let form = model.top as? CardFormScreen
        // A held Pay may go through under the help or the event log: the form is still the one Pay was pressed on.
        let heldForm = model.stack.compactMap { $0 as? CardFormScreen }.last
        let held = heldForm?.hold
        // What Pay showed before the input, and whether it read Confirm for a total the session changed.
        let shownTotal = heldForm?.amountDue(context: model.context).total
        let wasChanged = heldForm?.changedTotal != nil
        let askedHold = heldForm.flatMap { $0.yesNoQuestion(context: model.context) } != nil && form != nil
        let calls = model.transitCallsMade
        let wasOnResult = model.top is ResultScreen
        let wasFinished = (model.top as? NolFlowScreen)?.isFinished == true
        let step = Int(random.next() % 300)
        time.advance(step)
        let commands: [AppCommand]
        switch input {
        case .key(let key): commands = model.press(key)
        case .mouse(let event, _): commands = model.mouse(event)
        case .paste(let text): commands = model.paste(text)
        case .resize(let width, let height): model.resize(width: width, height: height); commands = []
        case .event(let event): commands = model.receive(event)
        case .tick:
            var delivered: [AppCommand] = []
            for (serial, answer) in answers { delivered += model.receive(answer, for: serial) }
            answers = []
            commands = delivered + model.tick()
        case .home:
            model.goHome()
            commands = model.takeCommands()
        }
        callsOut += commands.compactMap(\.transitRequest)
        if model.confirmation != nil, !hadQuestion { confirmations += 1 }
        if model.top is ResultScreen, !wasOnResult { results += 1 }
        if (model.top as? NolFlowScreen)?.isFinished == true, !wasFinished { nolFinished += 1 }

        // Nothing pays, submits, opens or types unseen.
        let isKeyOrPaste: Bool
        switch input {
        case .key, .paste, .mouse: isKeyOrPaste = true
        default: isKeyOrPaste = false
        }
        if wasTooSmall, isKeyOrPaste {
            tooSmallKeys += 1
            guard commands.isEmpty else { throw failure("a key or paste acted while the terminal was too small: \(commands)") }
            guard model.stack.count == depth else { throw failure("the screen changed while the terminal was too small") }
            guard model.top?.focusedText == focused else { throw failure("a field changed while the terminal was too small") }
        }
        let asked = commands.compactMap { command -> Int?? in if case .submit(let total) = command { total } else { nil } }
        if let submitted = asked.first {
            submits += 1
            let pressedPay = ((input.isKey(.enter) || clickedKey == .enter) && onPay || clickedPay) && !wasTooSmall && !hadQuestion
            // A held Pay goes through when its answers come (an event), or on yes to its question.
            let answeredYes = askedHold && (input.isKey(.character("y")) || input.isKey(.character("Y")) || input.isPress)
            let releasedHold = held != nil && (input.isEvent || input.isTick || answeredYes)
            guard pressedPay || releasedHold else { throw failure("a payment was submitted without Enter on, or a click on, a visible Pay button, or its hold ending") }
            let paying = model.stack.compactMap({ $0 as? CardFormScreen }).last
            if let held, !pressedPay {
                // Never a price the person did not see: what goes is what Pay showed.
                guard let paying, paying.shownDue(context: model.context) == held.seen, submitted == held.seen.total else {
                    throw failure("a held Pay went through at another price than the one seen: \(held.seen), asked \(String(describing: submitted))")
                }
                // An answer lets a hold go only once nothing holds it: neither the BIN answer nor the session's total is due.
                let reasons = paying.holdReasons(context: model.context)
                if !answeredYes, !reasons.isEmpty { throw failure("a held Pay went through while \(reasons) still held it") }
                releases += 1
            } else if submitted != shownTotal {
                throw failure("Pay asked the engine for \(String(describing: submitted)), not the \(String(describing: shownTotal)) its button showed")
            }
            if wasChanged {
                // A total the client session changed is paid only by pressing Pay on "Confirm".
                guard pressedPay || answeredYes else { throw failure("a changed total was paid without being confirmed") }
                confirmedTotals += 1
            }
        }
        let newCalls = model.transitCallsMade - calls
        if newCalls > 0 {
            nolCalls += newCalls
            // The code sends itself at its sixth digit, typed or pasted.
            let completedCode = nolCode && (input.isCharacter || input.isPaste)
            guard (input.isKey(.enter) || input.isKey(.function(5)) || input.isKey(.ctrl(.character("r"))) || input.isPress || completedCode)
                && !wasTooSmall && !hadQuestion && onNol else { throw failure("a Nol call started without Enter (or F5) or a click on a visible Nol screen") }
        }

        // A Tab or Enter right after the focus moved on by itself is absorbed: the person is where they meant to go.
        if let before = form, let after = model.top as? CardFormScreen, before.arrivedByItself == before.focus,
           input.isKey(.tab) || input.isKey(.enter), !wasTooSmall, !hadQuestion, model.top?.yesNoQuestion(context: model.context) == nil {
            guard after.focus == before.focus else { throw failure("a Tab right after an automatic move went on from \(before.focus) to \(after.focus)") }
            absorbedTabs += 1
        }
        // A digit typed on the chooser goes to the field after it.
        if let before = form, before.focus == .network, let after = model.top as? CardFormScreen, input.isDigit, !wasTooSmall, !hadQuestion {
            // The expiry takes it, or says why not (it holds MMYYYY already).
            guard after.focus != .network, after.expiryDigits.count > before.expiryDigits.count || after.notice != nil || after.focus != .expiry else {
                throw failure("a digit typed on the chooser did not go to the expiry: \(after.focus), \(after.expiryText)")
            }
            chooserDigits += 1
        }
        // Focus moves on by itself only from a field that the key completed (or from a number that
        // is complete by the rule, what follows it going on; from the chooser, a digit going on to
        // the expiry), or back from an empty field on Backspace.
        if let before = form, let after = model.top as? CardFormScreen, before.focus != after.focus, input.isCharacter || input.isPaste {
            let numberWent = before.focus == .number && after.completeness(context: model.context).state != .incomplete
            guard after.isComplete(before.focus, context: model.context) || numberWent || before.focus == .network || before.focus == .pay else {
                throw failure("focus moved on from \(before.focus) to \(after.focus) though \(before.focus) is not complete")
            }
            autoAdvances += 1
        }
        if let after = model.top as? CardFormScreen, let hold = after.hold {
            holds += 1
            if hold.reasons.contains(where: { if case .networksUnknown = $0 { true } else { false } }) { heldForNetworks += 1 }
            if hold.reasons.contains(where: { if case .sessionUpdating = $0 { true } else { false } }) { heldForSession += 1 }
            guard !hold.reasons.isEmpty, after.isAnimating, !after.paying else { throw failure("a hold without a reason or its spinner: \(hold)") }
            guard hold.asking || model.context.now < hold.deadline || !input.isTick else { throw failure("a hold outlived its deadline without asking") }
            // The hold waits for what the form lacks now, every reason of it, and nothing else.
            guard hold.reasons == after.holdReasons(context: model.context) else {
                throw failure("a hold waits for \(hold.reasons) though the form lacks \(after.holdReasons(context: model.context))")
            }
        }

        // Event times never go back, and identical events in a row are one line.
        let entries = model.context.eventLog.entries
        if entries.count >= 2 {
            let (before, last) = (entries[entries.count - 2], entries[entries.count - 1])
            if let earlier = before.lastElapsed, let later = last.elapsed, later < earlier { throw failure("event times went back: \(earlier) then \(later)") }
            guard before.name != last.name || before.summary != last.summary else { throw failure("two identical events in a row were not collapsed") }
        }

        // The caret is inside its field.
        if let text = model.top?.focusedText {
            guard (0...text.count).contains(text.caret) && text.count == text.text.count else { throw failure("caret \(text.caret) outside its field of \(text.text.count) characters") }
        }

        // Every rendered row fits the size: checked after every resize and on a sample of the other
        // steps (a render is the costly part of a step).
        if case .resize = input { try checkRender() } else if stepsTaken % Self.renderEvery == 0 { try checkRender() }
        try checkPlain()
        return commands.contains { if case .quit = $0 { true } else { false } }
    }

    /// What plain mode would say and ask now: its options and defaults make sense, and no card
    /// number the form holds, nor its security code, is in any sentence.
    mutating func checkPlain() throws {
        guard let question = model.question() else { return }
        plainQuestions += 1
        var texts = model.narration.map(\.text) + [question.prompt] + question.lead + question.error + question.refusal + question.help
        switch question.kind {
        case .choice(let choice):
            guard !choice.options.isEmpty else { throw failure("plain mode: a choice without options (\(question.step))") }
            if let index = choice.defaultIndex, !choice.options.indices.contains(index) {
                throw failure("plain mode: the default \(index) of \(choice.options.count) options (\(question.step))")
            }
            texts += choice.options.map(\.label) + [choice.heading ?? ""]
        case .text(let answer):
            texts += [answer.shownCurrent ?? ""]
        case .confirm, .notice:
            break
        }
        if let form = model.top as? CardFormScreen {
            for text in texts where form.digits.count >= 12 && text.contains(form.digits) {
                throw failure("plain mode says the whole card number: \(text)")
            }
            if form.focus == .cvv, case .text(let answer) = question.kind, let shown = answer.shownCurrent, shown.contains(where: \.isNumber) {
                throw failure("plain mode shows the security code as the default: \(shown)")
            }
        }
    }

    /// A plain-mode answer to the question on screen, as the inputs it is handed as: an option
    /// (sometimes the default), a word that fits the field or any word, or `back`.
    mutating func plainAnswer() -> [FuzzInput] {
        guard let question = model.question() else { return [] }
        plainAnswers += 1
        var steps: [AnswerStep]
        if chance(10) {
            steps = question.back
        } else {
            switch question.kind {
            case .choice(let choice):
                let index = chance(30) ? (choice.defaultIndex ?? 0) : Int(random.next() % UInt64(choice.options.count))
                steps = choice.options[index].steps
            case .confirm(let confirm):
                steps = chance(50) ? confirm.yes.steps : confirm.no.steps
            case .text(let answer):
                steps = answer.steps(chance(70) ? fittingWord() : pick(Self.words + Self.hostile))
            case .notice(let notice):
                steps = notice
            }
        }
        return steps.compactMap { step in
            switch step {
            case .key(let key): .key(key)
            case .paste(let text): .paste(text)
            case .home: .home
            case .goOn: .key(.enter)
            case .check: nil
            }
        }
    }

    mutating func checkRender() throws {
        renders += 1
        let canvas = model.render()
        let size = model.size
        guard canvas.width == size.width && canvas.height == size.height else { throw failure("the canvas is not the terminal's size") }
        // Each row is exactly its cells: a wide character's right half is the next cell of the same
        // row and nothing else is a right half, so what the terminal is sent takes the row's width.
        // Read in place: copying each cell out (a Character inside) would cost more than the render.
        let broken: (row: Int, column: Int, orphan: Bool)? = canvas.cells.withUnsafeBufferPointer { cells in
            let base = cells.baseAddress!
            for row in 0..<canvas.height {
                var expectingHalf = false
                for column in 0..<canvas.width {
                    let cell = base + row * canvas.width + column
                    if cell.pointee.isContinuation != expectingHalf { return (row, column, !expectingHalf) }
                    expectingHalf = cell.pointee.isWide
                }
                if expectingHalf { return (row, canvas.width, false) }
            }
            return nil
        }
        if let broken {
            throw failure("row \(broken.row), column \(broken.column): \(broken.orphan ? "an orphan right half" : "a wide character without its right half"): \(canvas.lines[broken.row].debugDescription)")
        }
        // The parts drawn once and stamped (the footer, the badges) read as drawing them afresh:
        // the cells, the cursor and the click targets.
        let fresh = KeptDrawings.$bypassed.withValue(true) { model.render() }
        if fresh != canvas {
            let row = (0..<canvas.height).first { fresh.lines[$0] != canvas.lines[$0] }
            throw failure("a kept part is stale: row \(row.map(String.init) ?? "(styles or cursor)"): \(row.map { canvas.lines[$0].debugDescription } ?? "") drawn afresh \(row.map { fresh.lines[$0].debugDescription } ?? "")")
        }
        let targets = { (canvas: Canvas) in canvas.targets.map { "\($0.rect) \($0.id)" } }
        if targets(fresh) != targets(canvas) { throw failure("a kept part's click targets are stale: \(targets(canvas)) drawn afresh \(targets(fresh))") }
        if model.eventPanelWidth > 0 {
            panelRenders += 1
            let rule = size.width - model.eventPanelWidth
            let glyph = Character(model.context.glyphs.vertical)
            for row in 1..<(size.height - 1) where canvas[row, rule].character != glyph {
                throw failure("row \(row): the event panel's rule is broken: \(canvas.lines[row].debugDescription)")
            }
            if let cursor = canvas.cursor, cursor.column >= rule { throw failure("the cursor \(cursor) is in the event panel") }
        }
        if let cursor = canvas.cursor {
            guard cursor.row > 0 && cursor.row < size.height - 1 && cursor.column >= 0 && cursor.column < size.width else { throw failure("the cursor \(cursor) is outside the screen body \(size.width)x\(size.height)") }
            guard model.top?.focusedText != nil else { throw failure("a cursor without a text field") }
        }
    }

    /// The failure to report: what broke, how to replay it, and the inputs that led there.
    func failure(_ message: String) -> FuzzFailure {
        FuzzFailure(description: """
            \(message)
            seed \(String(seed, radix: 16)) (replay: CHECKOUT_FUZZ_SEED=\(String(seed, radix: 16)) CHECKOUT_FUZZ_STEPS=\(stepsTaken + 1)), \
            run \(runs), step \(stepsTaken) on \(model.top?.title ?? "-") at \(model.size.width)x\(model.size.height), \
            focused text \(model.top?.focusedText.map { "\($0.text.unicodeScalars.map { String($0.value, radix: 16) }) caret \($0.caret)" } ?? "none")
            last inputs:
              \(recent.map(\.description).joined(separator: "\n  "))
            """)
    }

    // MARK: Inputs

    mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }

    mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

    mutating func nextInput() -> FuzzInput {
        if !answering.isEmpty { return answering.removeFirst() }
        if !typing.isEmpty { return .key(typing.removeFirst()) }
        // A held Pay is often answered before the next key, as the engine would, so holds reach their end.
        if (model.top as? CardFormScreen)?.hold != nil, chance(40) { return .event(randomEvent()) }
        if let form = model.top as? CardFormScreen, !model.isTooSmall, model.confirmation == nil {
            // The fast typist's Tab (or Enter) right after a field moved the focus on by itself.
            if form.arrivedByItself == form.focus, chance(60) { return .key(pick([.tab, .tab, .enter])) }
            // The expiry typed on past the number while the chooser has the focus.
            if form.focus == .network, chance(40) {
                typing = pick(["1230", "12/30", "0930"]).map(Key.character)
                return .key(typing.removeFirst())
            }
        }
        let roll = random.next() % 100
        switch roll {
        case 88..<92:
            answering = plainAnswer()
            return answering.isEmpty ? .tick : answering.removeFirst()
        case 0..<47: return .key(randomKey())
        case 47..<50: return randomMouse()
        case 50..<60:
            // A word typed key by key: whole characters, or one scalar per key as a terminal sends
            // them; half the time one that fits the focused field, so that flows get to their end.
            let fitting = chance(50)
            let word = fitting ? fittingWord() : pick(Self.words + Self.unicodeKinds)
            typing = chance(50) ? word.map(Key.character) : word.unicodeScalars.map { .character(Character($0)) }
            // Typed to fit, it is often sent at once, as a person would.
            if fitting, chance(60) { typing.append(.enter) }
            return typing.isEmpty ? .key(.enter) : .key(typing.removeFirst())
        case 60..<67: return .paste(randomPaste())
        case 67..<71:
            if chance(60) { return .resize(50 + Int(random.next() % 110), 17 + Int(random.next() % 40)) }
            return .resize(1 + Int(random.next() % 300), 1 + Int(random.next() % 100))
        case 71..<88: return .event(randomEvent())
        default: return .tick
        }
    }

    static let keys: [Key] = [
        .enter, .enter, .enter, .enter, .tab, .tab, .tab, .backTab, .escape, .escape, .escape, .up, .down, .down, .left, .right,
        .home, .end, .backspace, .backspace, .delete, .space, .function(1), .function(2), .function(2), .function(5), .function(7),
        .character("?"), .alt(.character("e")), .ctrl(.character("r")),
        .pageUp, .pageDown,
        .character("y"), .character("n"), .character("q"), .character("/"), .character("+"), .character("-"),
        // Readline's editing keys and the other modified keys the decoder produces.
        .ctrl(.character("a")), .ctrl(.character("e")), .ctrl(.character("u")), .ctrl(.character("k")), .ctrl(.character("w")),
        .ctrl(.character("y")), .ctrl(.character("d")), .ctrl(.character("g")), .alt(.character("b")), .alt(.character("f")),
        .alt(.character("d")), .alt(.backspace), .alt(.up), .alt(.down), .ctrl(.left), .ctrl(.right),
    ]

    static let characters: [Character] = Array("0123456789abcxyzAZ -'.") + [
        "\u{301}", "\u{308}", "\u{200D}", "\u{FE0F}", "\u{20E3}", "\u{1F1EB}", "\u{1F1F7}", "👨", "👩", "👧", "🏽", "\u{1100}",
        "\u{1161}", "\u{11A8}", "カ", "漢", "\u{200B}", "\u{202E}", "ש", "م", "٤", "０", "é", "\u{1b}", "\u{7}", "\u{85}", "\n", "\r\n",
        "\u{FFFD}", "\u{E000}",
    ]

    mutating func randomKey() -> Key {
        chance(55) ? pick(Self.keys) : .character(pick(Self.characters))
    }

    /// What a person types or pastes into these screens, and the text this issue is about.
    static let words = [
        "4000002500001001", "4242424242424242", "378282246310005", "4000000000000002", "5555555555554444", "1230", "12/30",
        "12/2030", "12 / 30", "12 / 2027", "1234567812345678", "42424242424242424242", "5017679210000700",
        "123", "1234", "Jane Doe", "0501234567", "050 123 4567", "+971 50 123 4567", "123456", "654321",
        "http://bins.example/v1",
    ]

    /// What the focused field takes, as a person filling the form in would type it.
    mutating func fittingWord() -> String {
        if let nol = model.top as? NolFlowScreen {
            switch nol.focus {
            case .phone: return pick(["0501234567", "050 123 4567", "0507654321"])
            case .code: return pick(["123456", "123456", "654321"])
            case .card: return pick(["3084100125", "3084100233", "3084100567"])
            }
        }
        if let form = model.top as? CardFormScreen {
            switch form.focus {
            case .number: return pick(["4000002500001001", "4242424242424242", "4000000000000002", "5555555555554444", "5017679210000700"])
            case .expiry: return pick(["1230", "12/2030", "12 / 30"])
            case .cvv: return "123"
            case .name: return "Jane Doe"
            case .network, .pay: return ""
            }
        }
        return pick(Self.words)
    }

    static let unicodeKinds = [
        "e\u{301}", "a\u{308}\u{304}", "🇫🇷🇩🇪", "👨‍👩‍👧‍👦", "👍🏽", "❤️", "\u{1100}\u{1161}\u{11A8}", "カード漢字", "a\u{200B}b\u{200D}c",
        "שלום", "مرحبا", "٤٢٤٢ ٤٢٤٢", "１２３４", "1\u{FE0F}\u{20E3}", "\u{202E}evil",
    ]

    static let hostile = [
        "\u{1b}[31mred\u{1b}[0m", "\u{1b}]0;title\u{7}", "\u{1b}[200~nested\u{1b}[201~", "line1\nline2\r\nline3", "\t\t", "\u{1b}",
        "\u{1b}P+q\u{1b}\\", "\u{1b}[1;5P", "\u{7f}\u{8}\u{0}", "e" + String(repeating: "\u{301}", count: 200),
    ]

    mutating func randomPaste() -> String {
        switch random.next() % 4 {
        case 0: return pick(Self.words)
        case 1: return pick(Self.unicodeKinds)
        case 2: return pick(Self.hostile)
        default:
            let length = chance(10) ? Int(random.next() % 5000) : Int(random.next() % 60)
            var text = ""
            for _ in 0..<length { text.append(pick(Self.characters)) }
            return text
        }
    }

    /// A click on something drawn (most of the time), a click or release anywhere, or the wheel.
    mutating func randomMouse() -> FuzzInput {
        let size = model.size
        let row = Int(random.next() % UInt64(max(1, size.height + 4))) - 2
        let column = Int(random.next() % UInt64(max(1, size.width + 4))) - 2
        switch random.next() % 10 {
        case 0..<6:
            let targets = model.takesUserInput ? model.render().targets : []
            guard !targets.isEmpty else { return .mouse(MouseEvent(.press, row: row, column: column), target: nil) }
            let target = pick(targets)
            targetedClicks += 1
            let event = MouseEvent(.press, row: target.rect.top + Int(random.next() % UInt64(target.rect.height)),
                                   column: target.rect.left + Int(random.next() % UInt64(target.rect.width)))
            return .mouse(event, target: "\(target.id)")
        case 6: return .mouse(MouseEvent(.press, row: row, column: column), target: nil)
        case 7: return .mouse(MouseEvent(.release, row: row, column: column), target: nil)
        case 8: return .mouse(MouseEvent(.wheelUp, row: row, column: column), target: nil)
        default: return .mouse(MouseEvent(.wheelDown, row: row, column: column), target: nil)
        }
    }

    static let networks: [CardNetwork] = [.visa, .cartesBancaires, .mastercard, .amex, .maestro, .dankort]

    /// An engine event about the number on the form, or about another one, as an engine might send.
    mutating func randomEvent() -> CheckoutEvent {
        let digits = model.stack.compactMap { ($0 as? CardFormScreen)?.digits }.last ?? ""
        let number = chance(80) ? digits : pick(Self.words)
        let state = CardNumberEntryState(cardNumber: number)
        switch random.next() % 13 {
        case 10: return .willUpdateClientSession(network: chance(90) ? pick(Self.networks) : nil)
        case 11:
            // Mostly about the network the form would pay with, as an engine's would be; most often
            // the session's own surcharge for it, sometimes a total the session changed.
            let current = model.stack.compactMap { $0 as? CardFormScreen }.last?.sessionNetwork(context: model.context)
            let network = chance(70) ? current ?? pick(Self.networks) : pick(Self.networks)
            var due = model.context.session.amountDue(for: network)
            if chance(30) { due.surcharge = pick([0, 35, 45]) }
            return .didUpdateClientSession(due)
        case 12: return .clientSessionUpdateFailed(CheckoutError(errorId: "client-session-update-failed", description: "The client session did not confirm the amount"))
        case 0: return .willFetchMetadata(state)
        case 1, 2, 3:
            let count = 1 + Int(random.next() % 3)
            let items = (0..<count).map { _ in pick(Self.networks) }.map { Fixtures.network($0, allowed: chance(80)) }
            let selectable = items.filter(\.allowed)
            let metadata = CardNumberEntryMetadata(
                source: pick([.local, .remote, .remote, .localFallback]),
                detectedCardNetworks: CardNetworksMetadata(items: items, preferred: items.first),
                selectableCardNetworks: selectable.count >= 2 && chance(70) ? CardNetworksMetadata(items: selectable, preferred: selectable.first) : nil)
            return .didReceiveMetadata(metadata, state)
        case 4, 5:
            let all: [ValidationError] = [
                ValidationError(errorId: "invalid-card-number", inputElementType: .cardNumber, description: "Card number can not be blank."),
                ValidationError(errorId: "unsupported-card-type", inputElementType: .cardNumber, description: "American Express is not accepted here: use another card."),
                ValidationError(errorId: "invalid-expiry-date", inputElementType: .expiryDate, description: "Card expiry date is not valid. Valid expiry date formats are MM/YY or MM/YYYY."),
                ValidationError(errorId: "invalid-cvv", inputElementType: .cvv, description: "CVV cannot be blank."),
                ValidationError(errorId: "invalid-cardholder-name", inputElementType: .cardholderName, description: "Cardholder name may contain only letters, spaces, apostrophes, hyphens and periods."),
            ]
            let errors = all.filter { _ in chance(40) }
            return .dataIsValid(isValid: errors.isEmpty, errors: errors)
        case 6:
            return .didReceiveBinData(BinData(status: .complete, firstDigits: String(number.prefix(8)), preferred: nil, alternatives: []))
        case 7, 8:
            let status: Payment.Status = pick([.authorized, .declined, .failed])
            return .checkoutCompleted(Payment(id: "pay_fuzz", status: status, amount: 4999, currency: "EUR", network: pick(Self.networks),
                                              firstDigits: String(number.prefix(6)), last4Digits: String(number.suffix(4)),
                                              declineReason: status == .authorized ? nil : "insufficient funds"))
        default:
            return .checkoutFailed(CheckoutError(errorId: pick(["payment-failed", "invalid-card-number", "unsupported-card-type"]),
                                                 description: "The sandbox processor is unavailable (amounts ending in 0099 fail); try another amount."))
        }
    }
}

extension FuzzInput {
    func isKey(_ key: Key) -> Bool {
        if case .key(let pressed) = self { return pressed == key }
        return false
    }

    /// Whether the input types a character (space included) into a field.
    var isCharacter: Bool {
        switch self {
        case .key(.character), .key(.space): return true
        default: return false
        }
    }

    var isPaste: Bool {
        if case .paste = self { return true }
        return false
    }

    /// An ASCII digit key.
    var isDigit: Bool {
        if case .key(.character(let character)) = self { return character.isASCII && character.isNumber }
        return false
    }

    var isEvent: Bool {
        if case .event = self { return true }
        return false
    }

    var isTick: Bool {
        if case .tick = self { return true }
        return false
    }

    /// Whether the input is a press of the left button.
    var isPress: Bool {
        if case .mouse(let event, _) = self { return event.kind == .press }
        return false
    }
}
