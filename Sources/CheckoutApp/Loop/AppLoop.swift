import CheckoutCore
import CheckoutEngine
import Glibc

/// Where the loop's input comes from: the keyboard, a demo's pilot, plain lines, a script.
///
/// An input says what the loop should wait for on its behalf (a readable descriptor, a moment on
/// the loop's clock) and, when the loop gives it its turn, hands the app what came in through the
/// loop's ``AppLoop/press(_:)``, ``AppLoop/paste(_:)`` and ``AppLoop/mouse(_:)``, exactly as the
/// terminal's keys are handed.
@MainActor
public protocol AppInput: AnyObject {
    /// The descriptor the loop waits on for this input right now, if any.
    var descriptor: Int32? { get }
    /// When this input next has something to do by itself, on the loop's clock (a demo's move).
    var deadline: Duration? { get }
    /// A moment in real time to be given a turn at (a demo's check looking at the screen again).
    var realDeadline: ContinuousClock.Instant? { get }
    /// The input's turn: after every wake-up, `readable` when its descriptor can be read.
    func take(_ loop: AppLoop, readable: Bool) async
    /// Called when the loop is about to sleep with nothing of its own under way.
    func idle(_ loop: AppLoop)
}

extension AppInput {
    public var deadline: Duration? { nil }
    public var realDeadline: ContinuousClock.Instant? { nil }
    public func idle(_ loop: AppLoop) {}
}

/// Where the loop shows the app: the terminal (ncurses), a canvas kept in memory, plain lines.
@MainActor
public protocol AppDisplay: AnyObject {
    /// The size the app is laid out at.
    var size: TerminalSize { get }
    /// Shows the app as it is now; called at most once per wake-up, when something changed.
    func show(_ model: AppModel)
    /// Takes the size the terminal now has (after SIGWINCH).
    func resize()
    /// Writes bytes meant for the terminal itself, outside a frame (OSC 52, the clipboard); a
    /// display without a terminal drops them.
    func sendToTerminal(_ text: String)
}

extension AppDisplay {
    public func resize() {}
    public func sendToTerminal(_ text: String) {}
}

/// The one loop of the app: the terminal, a demo in the terminal, the headless demo and plain mode
/// are this loop with a different input, display and clock.
///
/// Each turn it waits once (``LoopWaiter``: a blocking `poll(2)` over the input's descriptor, a
/// wake-up pipe and the signal pipe, with the next timer as the timeout), then handles everything
/// that woke it on this thread: signals, the engine's events, the input, the animation frame. Then
/// it shows at most one frame, and only then hands the engine what the turn asked of it, so a key
/// is answered on screen before the engine's work competes with drawing it.
///
///     let loop = AppLoop(model: model, makeEngine: recipe.factory, input: keyboard, display: terminal,
///                        clock: RealLoopClock(), waiter: poller)
///     let status = await loop.run()
@MainActor
public final class AppLoop {
    /// The app as it is now.
    public var model: AppModel
    public let display: any AppDisplay
    public let input: any AppInput
    public let clock: any LoopClock
    public let waiter: any LoopWaiter
    /// Where settings saved in Settings are kept, and what to say about it.
    public let storage: SettingsStorage?
    let engines: EngineHost
    /// The Nol system the Nol screens' calls go to, when the registry has them.
    private(set) var transits: TransitHost?
    /// Set once the app is to end: the exit status.
    public private(set) var exitCode: Int32?
    /// The signal that ended the loop, if one did (SIGINT, SIGTERM, SIGHUP).
    public private(set) var endingSignal: Int32?
    /// Why the loop ended before it could run (``fail(_:code:)``): one line for standard error,
    /// written once the terminal is given back.
    public private(set) var failure: String?
    /// Work the first frame does not need (opening the ledger's database), done once that frame is
    /// shown and before the engine is built or any input is read: it may put in the screens that
    /// need it (``useRegistry(_:)``) or end the loop (``fail(_:code:)``).
    public var afterFirstFrame: (@MainActor (AppLoop) -> Void)?
    /// The engine's commands of the current turn, sent once its frame is shown.
    private var outbox: [AppCommand] = []
    private var holding = false
    private var nextTick: Duration?
    /// Whether something changed since the last frame was shown.
    private var changed = true

    /// How often an animation (a spinner) moves on.
    public static let tickInterval: Duration = .milliseconds(80)

    public init(model: AppModel, settings: CheckoutSettings? = nil, makeEngine: @escaping EngineFactory, input: any AppInput,
                display: any AppDisplay, clock: any LoopClock, waiter: any LoopWaiter, storage: SettingsStorage? = nil) {
        self.model = model
        self.display = display
        self.input = input
        self.clock = clock
        self.waiter = waiter
        self.storage = storage
        engines = EngineHost(makeEngine: makeEngine, settings: settings ?? model.context.settings, wake: waiter.wake)
        transits = model.registry.nol.map { TransitHost(system: $0, wake: waiter.wake) }
        if let virtual = clock as? VirtualLoopClock {
            let engines = engines
            virtual.settling = { await engines.settled(on: virtual.clock) }
        }
    }

    /// Whether the engine or the Nol system has something under way.
    public var isBusy: Bool { engines.isBusy || (transits?.isBusy ?? false) }

    /// Runs until the app quits, the input ends it or a signal arrives; the exit status.
    ///
    /// The first frame is shown before the engine is built (its BIN table, its validator): nothing
    /// is typed before the first frame is up, and a person takes longer to type than this takes.
    public func run() async -> Int32 {
        show()
        if let work = afterFirstFrame {
            afterFirstFrame = nil
            work(self)
            if let exitCode { return exitCode }
        }
        let connected = connect(engines.running)
        perform(model.takeCommands())
        if !connected { changed = true }
        show()
        holding = true
        while exitCode == nil {
            if !isBusy { input.idle(self) }
            guard exitCode == nil else { break }
            // Busy for the clock too while the screen waits for the answer it must show (a payment
            // under way): a headless demo does not move its time past a payment the engine is still
            // making on real threads (seen under load: `demo --check` highlighting a checkoutCompleted
            // that had not come yet).
            let wake = await clock.wait(waiter, for: input.descriptor, until: [nextTick, input.deadline].compactMap { $0 }.min(),
                                        cap: input.deadline, orReal: input.realDeadline, busy: isBusy || model.top?.isBusy == true)
            await handle(wake)
        }
        flush()
        engines.close()
        return exitCode ?? 0
    }

    private func handle(_ wake: LoopWake) async {
        for signal in wake.signals {
            if signal == SIGWINCH {
                display.resize()
                model.resize(width: display.size.width, height: display.size.height)
                changed = true
            } else if exitCode == nil {
                exitCode = 128 + signal
                endingSignal = signal
            }
        }
        guard exitCode == nil else { return }
        receiveAnswers()
        if let nextTick, clock.now >= nextTick { tick() }
        // The input has its turn once the app is up to date, so it answers what is on screen.
        await input.take(self, readable: wake.readable)
        // Events the input's keys led to at once (the engine's synchronous answers) are shown with them.
        receiveEngineEvents()
        scheduleTick()
        show()
        flush()
    }

    /// Takes what the engine and the Nol system answered since it last looked, as each turn does
    /// before and after its input: for an input whose turn waits for work to settle and then reads
    /// the model (`checkout drive`), so that what came meanwhile is in the model it reads.
    public func receiveAnswers() {
        receiveEngineEvents()
        receiveTransitAnswers()
    }

    private func receiveEngineEvents() {
        for event in engines.takeEvents() {
            perform(model.receive(event))
            changed = true
        }
    }

    /// Hands each Transit answer that came to the screen that asked for it.
    private func receiveTransitAnswers() {
        guard let transits else { return }
        for (serial, answer) in transits.takeAnswers() {
            perform(model.receive(answer, for: serial))
            changed = true
        }
    }

    private func tick() {
        guard model.isAnimating else { return }
        perform(model.tick())
        changed = true
    }

    /// Animation frames fall on multiples of ``tickInterval`` of the loop's clock, so a headless
    /// run shows the same frame at the same moment every time.
    private func scheduleTick() {
        guard model.isAnimating else {
            nextTick = nil
            return
        }
        let now = clock.now
        if let nextTick, now < nextTick { return }
        nextTick = Self.tickInterval * (Int(now / Self.tickInterval) + 1)
    }

    /// Shows the app when something changed since the last frame.
    public func show() {
        guard changed else { return }
        changed = false
        display.show(model)
    }

    /// Sends the engine the commands held during the turn, in order.
    private func flush() {
        for command in outbox { engines.send(command) }
        outbox.removeAll(keepingCapacity: true)
    }

    // MARK: What inputs hand the app

    /// A key, as the terminal's keys are handled.
    public func press(_ key: Key) {
        perform(model.press(key))
        changed = true
    }

    /// Pasted text, as one input.
    public func paste(_ text: String) {
        perform(model.paste(text))
        changed = true
    }

    public func mouse(_ event: MouseEvent) {
        perform(model.mouse(event))
        changed = true
    }

    /// What a keyboard read: a key, a click or a paste.
    public func take(_ input: PasteAssembler.Output) {
        switch input {
        case .key(let key): press(key)
        case .mouse(let event): mouse(event)
        case .paste(let text): paste(text)
        }
    }

    /// Says the model changed outside the loop's own calls (a demo's caption).
    public func noteChange() {
        changed = true
    }

    /// Ends the loop with `code` once the current turn is done.
    public func quit(_ code: Int32) {
        if exitCode == nil { exitCode = code }
    }

    /// Ends the loop before it runs: `message` is said once the terminal is given back (a data
    /// directory that cannot be used, found after the first frame).
    public func fail(_ message: String, code: Int32 = 2) {
        guard exitCode == nil else { return }
        failure = message
        exitCode = code
    }

    /// Puts in the screens of `registry` (the Nol and Payments screens over the ledger, once it is
    /// open); the screens already on the stack stay.
    public func useRegistry(_ registry: ScreenRegistry) {
        model.registry = registry
        transits = registry.nol.map { TransitHost(system: $0, wake: waiter.wake) }
    }

    /// Ends the loop as a signal the input saw ends it (SIGINT while plain mode reads a line).
    public func interrupt(by signal: Int32) {
        guard exitCode == nil else { return }
        exitCode = 128 + signal
        endingSignal = signal
    }

    /// Hands one step of an answer to the app (a line-by-line front end's answer).
    public func hand(_ step: AnswerStep) {
        perform(model.hand(step))
        changed = true
    }

    /// Starts the app again as `model` with an engine for `settings` (a demo's `start`).
    public func restart(_ model: AppModel, settings: CheckoutSettings) {
        flush()
        self.model = model
        changed = true
        if !connect(settings) { return }
        perform(self.model.takeCommands())
    }

    /// Hands the engine the app's commands, the Nol system its Transit calls, builds a new engine
    /// for saved settings, or ends.
    public func perform(_ commands: [AppCommand]) {
        for command in commands {
            switch command {
            case .setRawData, .submit:
                if holding { outbox.append(command) } else { engines.send(command) }
            case .rebuildEngine(let settings, let changes):
                // Only settings the engine could be built from are kept for the next start, and of
                // them only what was changed in Settings.
                let unchanged = settings == engines.running
                guard connect(settings) else { continue }
                // Said in the language the settings just chose.
                let text = model.context.localizer
                model.settingsSaved(storage?.save(changes, text) ?? StatusNote(text.text(unchanged ? .settingsUnchanged : .settingsAppliedForRun)))
            case .export(let text, let destination):
                model.exported(TextExport.perform(text, to: destination, localizer: model.context.localizer,
                                                    write: display.sendToTerminal))
                changed = true
            case .quit(let code):
                quit(code)
            case .transit(let request):
                // At once, not held for the frame: the screen shows it is asking meanwhile.
                transits?.start(request)
            }
        }
    }

    /// Builds the engine for `settings`; when it cannot be, the running engine stays and the
    /// screen says why (a `--bin-table` file gone since the settings were checked).
    @discardableResult
    private func connect(_ settings: CheckoutSettings) -> Bool {
        let running = engines.running
        do {
            // What was asked of the engine in use goes to it before it is replaced.
            flush()
            try engines.connect(settings)
            return true
        } catch {
            model.engineRebuildFailed(settings, keeping: running, reason: String(describing: error))
            changed = true
            return false
        }
    }
}
