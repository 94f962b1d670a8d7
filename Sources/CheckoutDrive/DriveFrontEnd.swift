import CheckoutApp
import Glibc

/// `checkout drive`: the app's screens as JSON Lines, for QA scripts and GUI shells.
///
/// Each line read is one ``ScriptedInput`` (`{"type":"4000…"}`, `{"press":"tab"}`,
/// `{"paste":"…"}`, `{"wait":"idle"}`, `{"size":[100,30]}`); after each, exactly one JSON object is
/// written and flushed: the screen model (``ScreenModel/json``), or `{"error":…,"line":N}` for a
/// line that is not an input (the session goes on). End of input ends the session with status 0.
///
/// It is the app's one loop with this as its input and display, on a ``VirtualLoopClock``: time
/// moves only while the app has something due, never while a line is read. So every run of a
/// script gives the same answers, however loaded the machine:
///
/// - after a key, a paste, a text typed or a size, the object is written once what the input
///   started is done: the engine has taken every command and answered it (its events are whole
///   turns), its timers have fired (the debounce, the BIN service's latency), the Transit calls
///   have answered, and no screen waits for an answer it must show (a payment);
/// - `{"wait":"idle"}` does the same and also lets the screens' own timers run out (a spinner, a
///   held Pay's countdown), up to ``longestWait`` of the app's time.
///
/// The loop, the engine, the screens and their rules are the terminal's; nothing here knows a screen.
@MainActor
public final class DriveFrontEnd: AppInput, AppDisplay {
    /// The size the app is laid out at; `{"size":…}` changes it.
    public private(set) var size: TerminalSize
    private let clock: VirtualLoopClock
    private let readLine: () -> String?
    private let write: (String) -> Void
    /// Reading the next line, or waiting until the last one's work is done (and whether the wait
    /// is a `wait idle`, and whether an object is owed for it).
    private enum Phase: Equatable {
        case reading
        case settling(full: Bool, answer: Bool)
    }
    private var phase = Phase.settling(full: false, answer: false)
    /// When the current wait began, on the app's clock.
    private var waitStart: Duration = .zero
    /// The loop, once it has given this its first turn.
    private weak var loop: AppLoop?
    /// How many lines have been read.
    public private(set) var lineNumber = 0

    /// The longest a `{"wait":"idle"}` lets the screens' own timers run, in the app's time.
    public static let longestWait: Duration = .seconds(600)

    /// A front end reading lines with `readLine` and writing each object with `write` (its text
    /// and newline); by default standard input and standard output, flushed after each object.
    public init(size: TerminalSize, clock: VirtualLoopClock, readLine: @escaping () -> String? = { Swift.readLine() },
                write: @escaping (String) -> Void = DriveFrontEnd.writeToStandardOutput) {
        self.size = size
        self.clock = clock
        self.readLine = readLine
        self.write = write
    }

    /// Runs `model` until input ends or the app quits; the exit status.
    public static func run(model: AppModel, makeEngine: @escaping EngineFactory, clock: VirtualLoopClock,
                           storage: SettingsStorage? = nil) async -> Int32 {
        let drive = DriveFrontEnd(size: model.size, clock: clock)
        let loop = AppLoop(model: model, makeEngine: makeEngine, input: drive, display: drive, clock: clock, waiter: SuspendingWaiter(),
                           storage: storage)
        return await loop.run()
    }

    public var descriptor: Int32? { nil }

    /// Now while a line is to be read, so that the clock holds still; while a line's work is under
    /// way, the next timer of the engine or the Nol system, then nothing (the loop's own timer, or
    /// the answer it waits for) while a `wait idle` lets the screens run or a screen waits.
    public var deadline: Duration? {
        guard case .settling(let full, _) = phase else { return clock.now }
        if let timer = clock.nextTimer { return max(timer, clock.now) }
        if loop?.model.top?.isBusy == true { return nil }
        if full, loop?.model.isAnimating == true, clock.now - waitStart < Self.longestWait { return nil }
        return clock.now
    }

    public func show(_ model: AppModel) {}

    public func take(_ loop: AppLoop, readable: Bool) async {
        self.loop = loop
        switch phase {
        case .settling(let full, let answer):
            guard !loop.isBusy, loop.model.top?.isBusy != true else { return }
            await clock.settle()
            // What the engine said while it settled (a BIN answer that ended its lookup and its
            // timer) is taken into the model before the model is read: without it an object was
            // written between the answer and the model's taking it, now and then under load.
            loop.receiveAnswers()
            guard !loop.isBusy, loop.model.top?.isBusy != true, clock.nextTimer == nil else { return }
            if full, loop.model.isAnimating, clock.now - waitStart < Self.longestWait { return }
            if answer { write(loop.model.screenModel.jsonLine + "\n") }
            phase = .reading
        case .reading:
            guard let line = readLine() else {
                loop.quit(0)
                return
            }
            lineNumber += 1
            let input: ScriptedInput
            do {
                input = try ScriptedInput.parse(line)
            } catch {
                write(ScriptedInput.errorLine(error.description, line: lineNumber) + "\n")
                return
            }
            hand(input, to: loop)
            if loop.exitCode != nil {
                // The app has left (Esc on its first screen, Quit): what it shows last is said at once.
                write(loop.model.screenModel.jsonLine + "\n")
                return
            }
            waitStart = clock.now
            phase = .settling(full: input == .waitIdle, answer: true)
        }
    }

    /// Hands an input to the app as the terminal hands its keys and pastes.
    private func hand(_ input: ScriptedInput, to loop: AppLoop) {
        switch input {
        case .type(let text):
            for character in text { loop.press(character == " " ? .space : .character(character)) }
        case .press(let key):
            loop.press(key)
        case .paste(let text):
            loop.paste(text)
        case .waitIdle:
            break
        case .size(let width, let height):
            size = TerminalSize(width: width, height: height)
            loop.model.resize(width: width, height: height)
            loop.noteChange()
        }
    }

    /// Writes `text` to standard output whole, at once: a script reading the pipe gets each
    /// object as soon as it is answered.
    public nonisolated static func writeToStandardOutput(_ text: String) {
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }
}
