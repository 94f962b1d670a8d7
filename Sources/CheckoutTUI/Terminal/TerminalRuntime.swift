import CheckoutApp
import CheckoutCore
import CheckoutEngine
import CheckoutStore
import FoundationEssentials
import Glibc

/// The app's loop in the terminal: the keyboard as its input, ncurses as its display, real time
/// (or a demo's clock) as its clock, one `poll(2)` as its wait.
///
/// Runs until the user quits or a signal arrives, and returns the exit code: 0 on quit, 2 when
/// there is no usable terminal. Ctrl-C, SIGTERM and SIGHUP end the loop, the terminal is given
/// back, and the signal is raised again with its default action, so the process ends as killed by
/// it (the shell reports 130, 143, 129); any other fatal signal is handled by the crash handler
/// ``NCursesTerminal`` arms before the screen starts.
@MainActor
public enum TerminalRuntime {
    public static func run(route: Route, settings: CheckoutSettings, catalogue: NetworkCatalogue,
                           registry: ScreenRegistry = .standard, colour: Bool, storage: SettingsStorage? = nil,
                           makeEngine: @escaping EngineFactory, afterFirstFrame: (@MainActor (AppLoop) -> Void)? = nil) async -> Int32 {
        let bidi = bidi(settings.language)
        return await inTerminal(colour: colour, sink: nil, bidi: bidi) { terminal, waiter in
            var model = AppModel(route: route, catalogue: catalogue, settings: settings, registry: registry, glyphs: terminal.glyphs,
                                 size: TerminalSize(width: terminal.size.width, height: terminal.size.height), defaults: storage?.defaults,
                                 settingsNote: storage?.note, clock: .continuous())
            model.textOrder = bidi.textOrder
            let loop = AppLoop(model: model, makeEngine: makeEngine, input: KeyboardInput(terminal: terminal),
                               display: TerminalDisplay(terminal: terminal), clock: RealLoopClock(), waiter: waiter, storage: storage)
            loop.afterFirstFrame = afterFirstFrame
            return loop
        }
    }

    /// Plays a demo in the terminal (`checkout demo`): the same loop, screens and engine, with the
    /// ``DemoDriver`` as its input, seeing the keyboard first, and the demo's clock at the speed the
    /// presenter sets; with a `recorder`, every byte written to the terminal is recorded too.
    public static func runDemo(_ driver: DemoDriver, colour: Bool, recorder: AsciicastRecorder? = nil) async -> Int32 {
        var bidi = bidi(driver.world.baseSettings.language)
        // A recording of visual lines may be replayed in a terminal that does bidi of its own (VTE,
        // mintty): it carries the explicit mode that tells such a terminal not to, as it would be told live.
        if recorder != nil, bidi == .visualOrder, driver.world.baseSettings.language.direction == .rightToLeft { bidi = .visualOrderAfterExplicitMode }
        let code = await inTerminal(colour: colour, sink: recorder?.sink, bidi: bidi) { terminal, waiter in
            let world = driver.world
            driver.keyboard = KeyboardInput(terminal: terminal)
            var model = world.makeModel(route: .home, settings: world.baseSettings,
                                        size: TerminalSize(width: terminal.size.width, height: terminal.size.height), glyphs: terminal.glyphs)
            model.textOrder = bidi.textOrder
            // Recorded, the screen itself masks card numbers until the person has the keyboard (the recording stops there).
            let display = TerminalDisplay(terminal: terminal) { recorder != nil && !driver.handedOver }
            return AppLoop(model: model, makeEngine: world.recipe.factory, input: driver, display: display,
                           clock: DemoLoopClock(world.clock) { driver.rate }, waiter: waiter)
        }
        recorder?.finish()
        return code
    }

    /// How a terminal must be told about the lines of `language`: only right to left asks the
    /// environment which terminal this is.
    private static func bidi(_ language: Language) -> TerminalBidi {
        language.direction == .rightToLeft ? TerminalBidi.of(environment: ProcessEnvironment.values(TerminalBidi.variables)) : .visualOrder
    }

    /// Opens the terminal, runs the loop `makeLoop` builds, gives the terminal back (then says why
    /// the loop failed, if it did), and ends the way a signal that ended the loop would have ended
    /// the process.
    private static func inTerminal(colour: Bool, sink: TerminalOutputSink?, bidi: TerminalBidi,
                                   makeLoop: (NCursesTerminal, PollWaiter) -> AppLoop) async -> Int32 {
        // The signals are the loop's before the screen starts, so none can end it with the terminal broken.
        guard let waiter = PollWaiter() else {
            FileHandleError.write("checkout: cannot make the pipes the terminal UI waits on")
            return 2
        }
        let terminal: NCursesTerminal
        switch NCursesTerminal.open(colour: colour, sink: sink, bidi: bidi) {
        case .success(let opened): terminal = opened
        case .failure(let error):
            waiter.close()
            // The message names $TERM, which the environment controls: shown escaped, on one line.
            FileHandleError.write(DiagnosticText.sanitized(error.message))
            return 2
        }
        let loop = makeLoop(terminal, waiter)
        let code = await loop.run()
        terminal.close()
        waiter.close()
        if let failure = loop.failure { FileHandleError.write(failure) }
        // The terminal is back: end the way the signal would have ended the process, once a
        // payment a processor has is finished (its answer recorded, issue 35).
        if let signalNumber = loop.endingSignal {
            Ledger.finishPayments("checkout", say: FileHandleError.write)
            signal(signalNumber, SIG_DFL)
            raise(signalNumber)
        }
        return code
    }
}

/// One line on standard error, outside the screen.
enum FileHandleError {
    static func write(_ message: String) {
        let line = Array((message + "\n").utf8)
        _ = line.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
