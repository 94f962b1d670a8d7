import CheckoutCore
import CheckoutEngine
import Dispatch
import FoundationEssentials
import Glibc

/// Builds a fresh engine for a set of settings (the executable knows how to make BIN services).
public typealias EngineFactory = @Sendable (CheckoutSettings) throws -> RawDataManager

/// Where the settings saved in Settings are kept between runs, and what the app says about them.
public struct SettingsStorage: Sendable {
    /// The settings without the saved ones, for Settings' "Reset to defaults".
    public var defaults: CheckoutSettings
    /// What to say at start: saved settings in use, overridden by options, or refused.
    public var note: StatusNote?
    /// Writes the values changed in Settings for the next start (the others saved stay as they
    /// were); returns what to say ("Saved to …", or why not).
    public var save: @Sendable (SavedSettings) -> StatusNote

    public init(defaults: CheckoutSettings, note: StatusNote?, save: @escaping @Sendable (SavedSettings) -> StatusNote) {
        self.defaults = defaults
        self.note = note
        self.save = save
    }
}

/// Runs the terminal UI until the user quits or a signal arrives, and returns the exit code: 0 on
/// quit, 2 when there is no usable terminal. Ctrl-C, SIGTERM and SIGHUP end the loop, the terminal
/// is given back, and the signal is raised again with its default action, so the process ends as
/// killed by it (the shell reports 130, 143, 129); any other fatal signal is handled by the crash
/// handler ``NCursesTerminal`` arms before the screen starts.
///
/// The loop sleeps on one stream of wake-ups (stdin readable, a signal, an engine event, an
/// animation frame while the spinner turns), so an idle screen uses no CPU. Each wake-up is handled
/// completely, then at most one frame is drawn.
@MainActor
public enum TerminalRuntime {
    enum Wake: Sendable {
        case input
        case resize
        case signal(Int32)
        case engine(generation: Int, CheckoutEvent)
        case tick
        /// An input source other than the keyboard (the demo) has something due.
        case source
    }

    public static func run(route: Route, settings: CheckoutSettings, catalogue: NetworkCatalogue,
                           registry: ScreenRegistry = .standard, colour: Bool, storage: SettingsStorage? = nil,
                           makeEngine: @escaping EngineFactory) async -> Int32 {
        // A parent may have left signals blocked (test runners do); the UI needs them.
        var empty = sigset_t()
        sigemptyset(&empty)
        sigprocmask(SIG_SETMASK, &empty, nil)
        let (code, signalNumber) = await runScreen(route: route, settings: settings, catalogue: catalogue, registry: registry,
                                                   colour: colour, storage: storage, makeEngine: makeEngine)
        // The terminal is back: end the way the signal would have ended the process.
        if let signalNumber {
            signal(signalNumber, SIG_DFL)
            raise(signalNumber)
        }
        return code
    }

    /// Plays a demo in the terminal (`checkout demo`): the same loop, screens and engine, with the
    /// ``DemoDriver`` as a second input source that sees the keyboard first; with a `recorder`,
    /// every byte written to the terminal is recorded too.
    public static func runDemo(_ driver: DemoDriver, colour: Bool, recorder: AsciicastRecorder? = nil) async -> Int32 {
        var empty = sigset_t()
        sigemptyset(&empty)
        sigprocmask(SIG_SETMASK, &empty, nil)
        let world = driver.world
        let (code, signalNumber) = await runScreen(route: .home, settings: world.baseSettings, catalogue: world.catalogue,
                                                   registry: world.registry, colour: colour,
                                                   makeEngine: { settings in try world.makeEngine(settings) }, demo: driver,
                                                   sink: recorder?.sink)
        recorder?.finish()
        if let signalNumber {
            signal(signalNumber, SIG_DFL)
            raise(signalNumber)
        }
        return code
    }

    /// The loop, from opening the terminal to giving it back; the exit code and the signal that ended it, if one did.
    private static func runScreen(route: Route, settings: CheckoutSettings, catalogue: NetworkCatalogue, registry: ScreenRegistry,
                                  colour: Bool, storage: SettingsStorage? = nil, makeEngine: @escaping EngineFactory,
                                  demo: DemoDriver? = nil, sink: TerminalOutputSink? = nil) async -> (Int32, Int32?) {

        let terminal: NCursesTerminal
        switch NCursesTerminal.open(colour: colour, sink: sink) {
        case .success(let opened): terminal = opened
        case .failure(let error):
            // The message names $TERM, which the environment controls: shown escaped, on one line.
            let line = Array((DiagnosticText.sanitized(error.message) + "\n").utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            return (2, nil)
        }
        defer { terminal.close() }

        let (wakes, wake) = AsyncStream<Wake>.makeStream(bufferingPolicy: .unbounded)
        let sources = SignalAndInputSources(wake: wake)
        defer { sources.cancel() }

        let size = TerminalSize(width: terminal.size.width, height: terminal.size.height)
        var model = demo.map { $0.world.makeModel(route: route, settings: settings, size: size, glyphs: terminal.glyphs) }
            ?? AppModel(route: route, catalogue: catalogue, settings: settings, registry: registry, glyphs: terminal.glyphs,
                        size: size, defaults: storage?.defaults, settingsNote: storage?.note, clock: .continuous())
        var engine: EngineLink?
        var generation = 0
        var ticker: Task<Void, Never>?
        var paste = PasteAssembler()
        var exitCode: Int32?
        var endingSignal: Int32?
        var running = settings
        // In the loop, what a wake-up asks of the engine waits until its frame is drawn: the key is
        // answered on screen first, and the engine's work does not compete with drawing it. The
        // commands keep their order: held ones are sent before an engine is replaced (``attach``).
        var holding = false
        var outbox: [AppCommand] = []

        func flushOutbox() {
            for command in outbox { engine?.send(command) }
            outbox.removeAll(keepingCapacity: true)
        }

        // Settings are checked before they are saved, but a build can still fail (a --bin-table file
        // gone or unreadable since): the running engine stays, and the screen says why.
        @discardableResult
        func connect(_ settings: CheckoutSettings) -> Bool {
            let manager: RawDataManager
            do {
                manager = try makeEngine(settings)
            } catch {
                model.engineRebuildFailed(settings, keeping: running, reason: String(describing: error))
                return false
            }
            running = settings
            attach(manager)
            return true
        }

        func attach(_ manager: RawDataManager) {
            // What was asked before goes to the engine it was asked of, before that one is replaced.
            flushOutbox()
            engine?.close()
            generation += 1
            engine = EngineLink(manager: manager, generation: generation, wake: wake)
        }

        /// What the demo asks for: a new engine (its script started a screen), commands, leaving.
        func perform(_ output: DemoDriver.Output) {
            if let (settings, timeout) = output.connect, let world = demo?.world {
                do {
                    running = settings
                    attach(try world.makeEngine(settings, timeout: timeout))
                } catch {
                    model.engineRebuildFailed(settings, keeping: running, reason: String(describing: error))
                }
            }
            perform(output.commands)
            if output.quit { exitCode = 0 }
        }

        func perform(_ commands: [AppCommand]) {
            for command in commands {
                switch command {
                case .setRawData, .submit:
                    if holding { outbox.append(command) } else { engine?.send(command) }
                case .rebuildEngine(let settings, let changes):
                    // Only settings the engine could be built from are kept for the next start.
                    if connect(settings), let storage { model.settingsSaved(storage.save(changes)) }
                case .export(let text, let destination):
                    model.exported(TextExport.perform(text, to: destination, write: NCursesTerminal.writeRaw))
                case .quit(let code): exitCode = code
                }
            }
        }

        if demo == nil {
            // The screen first, then the engine (its BIN table, its validator): nothing is typed
            // before the first frame is up, and a person takes longer to type than this takes.
            terminal.setMouse(model.context.settings.mouse)
            terminal.draw(model.render())
            let connected = connect(settings)
            let commands = model.takeCommands()
            perform(commands)
            if !connected || !commands.isEmpty { terminal.draw(model.render()) }
        } else {
            connect(settings)
            perform(model.takeCommands())
            terminal.setMouse(model.context.settings.mouse)
        }
        demo?.begin { wake.yield(.source) }
        defer { demo?.end() }
        if demo != nil { terminal.draw(model.render()) }

        holding = true
        for await event in wakes {
            // Stdin wakes the loop again once this wake-up's frame is out, not before: re-arming
            // it goes through Dispatch's event thread, which need not compete with the drawing.
            var inputRead = false
            switch event {
            case .input:
                inputRead = true
                for input in terminal.readInputs() {
                    let fed = paste.feed(input)
                    // A demo sees the keyboard first: its keys, or the key that hands it over.
                    if let demo, let fed {
                        var output = DemoDriver.Output()
                        let key: Key = if case .key(let key) = fed { key } else { .character("\u{0}") }
                        if demo.intercept(key, model: &model, output: &output) {
                            perform(output)
                            if exitCode != nil { break }
                            continue
                        }
                    }
                    switch fed {
                    case .key(let key)?: perform(model.press(key))
                    case .mouse(let event)?: perform(model.mouse(event))
                    case .paste(let text)?: perform(model.paste(text))
                    case nil: break
                    }
                    if exitCode != nil { break }
                }
            case .resize:
                terminal.resize()
                model.resize(width: terminal.size.width, height: terminal.size.height)
            case .signal(let number):
                exitCode = 128 + number
                endingSignal = number
            case .engine(let from, let checkoutEvent):
                if from == generation { perform(model.receive(checkoutEvent)) }
            case .tick:
                perform(model.tick())
            case .source:
                if let demo { perform(demo.take(&model)) }
            }
            if exitCode != nil {
                flushOutbox()
                break
            }
            if model.isAnimating, ticker == nil {
                ticker = Task {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: .milliseconds(80))
                        wake.yield(.tick)
                    }
                }
            } else if !model.isAnimating, let ticking = ticker {
                ticking.cancel()
                ticker = nil
            }
            // Saved settings may have turned the mouse on or off.
            terminal.setMouse(model.context.settings.mouse)
            terminal.draw(model.render())
            flushOutbox()
            if inputRead { sources.resumeInput() }
        }
        ticker?.cancel()
        engine?.close()
        return (exitCode ?? 0, endingSignal)
    }
}

/// One engine and the two tasks that connect it to the UI: commands go in one at a time, in order;
/// events come out tagged with the engine's generation so a replaced engine's stragglers are dropped.
final class EngineLink: Sendable {
    private let commands: AsyncStream<AppCommand>.Continuation
    private let tasks: [Task<Void, Never>]

    init(manager: RawDataManager, generation: Int, wake: AsyncStream<TerminalRuntime.Wake>.Continuation) {
        let events = manager.events()
        let (stream, continuation) = AsyncStream<AppCommand>.makeStream(bufferingPolicy: .unbounded)
        commands = continuation
        tasks = [
            Task {
                for await event in events { wake.yield(.engine(generation: generation, event)) }
            },
            Task {
                for await command in stream {
                    switch command {
                    case .setRawData(let data): await manager.setRawData(data)
                    case .submit(let total): await manager.submit(expectedTotal: total)
                    case .rebuildEngine, .export, .quit: break
                    }
                }
            },
        ]
    }

    func send(_ command: AppCommand) { commands.yield(command) }

    func close() {
        commands.finish()
        tasks.forEach { $0.cancel() }
    }
}

/// The Dispatch sources that wake the loop: stdin readable (suspended until the loop has read it,
/// so an unread byte cannot spin), SIGWINCH, SIGINT, SIGTERM and SIGHUP.
///
/// They fire on the main queue, the main actor's executor, where the loop runs: the loop then takes
/// a key on the thread that saw it arrive, with no hand-over to another thread in between.
final class SignalAndInputSources: @unchecked Sendable {
    // Every use of `input` and `inputSuspended` runs on the main queue (the handlers, and the
    // main-actor methods below): a source must never be released while suspended, so the flag and
    // the source change together.
    private let queue = DispatchQueue.main
    private let input: DispatchSourceRead
    private var inputSuspended = false
    private var signals: [DispatchSourceSignal] = []

    init(wake: AsyncStream<TerminalRuntime.Wake>.Continuation) {
        input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: queue)
        input.setEventHandler { [unowned self] in
            input.suspend()
            inputSuspended = true
            wake.yield(.input)
        }
        signals = [SIGWINCH, SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { wake.yield(number == SIGWINCH ? .resize : .signal(number)) }
            source.resume()
            return source
        }
        input.resume()
    }

    /// Lets stdin wake the loop again after it has been read.
    @MainActor
    func resumeInput() {
        if inputSuspended {
            inputSuspended = false
            input.resume()
        }
    }

    @MainActor
    func cancel() {
        signals.forEach { $0.cancel() }
        input.cancel()
        if inputSuspended {
            inputSuspended = false
            input.resume()
        }
    }
}
