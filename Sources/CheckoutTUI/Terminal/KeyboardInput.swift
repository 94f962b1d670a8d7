import CheckoutApp
import Glibc

/// The terminal's keyboard (and mouse) as the loop's input: whatever standard input holds when it
/// is readable, decoded, pastes put together, handed to the app in order.
@MainActor
public final class KeyboardInput: AppInput, PresenterKeyboard {
    let terminal: NCursesTerminal
    private var paste = PasteAssembler()
    /// Whether the pages only the start used have been given back (``StartPages``).
    private var startPagesReleased = false

    init(terminal: NCursesTerminal) {
        self.terminal = terminal
    }

    public var descriptor: Int32? { STDIN_FILENO }

    /// The first time the loop is idle, the start is over (the first frame shown, the ledger open,
    /// the engine built): the pages only the start used are given back.
    public func idle(_ loop: AppLoop) {
        guard !startPagesReleased else { return }
        startPagesReleased = true
        StartPages.release()
    }

    public func take(_ loop: AppLoop, readable: Bool) async {
        guard readable else { return }
        let inputs = read()
        // A terminal that has hung up stays readable and gives nothing. When the session's leader
        // ignores SIGHUP (a wrapper, a tracer) none comes, and the loop would spin on it at full
        // CPU: it ends as the hang-up would have ended it.
        if inputs.isEmpty, Self.hasHungUp(STDIN_FILENO) {
            loop.interrupt(by: SIGHUP)
            return
        }
        for input in inputs {
            loop.take(input)
            if loop.exitCode != nil { return }
        }
    }

    static func hasHungUp(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    /// What the keyboard holds now, decoded, pastes put together.
    public func read() -> [PasteAssembler.Output] {
        terminal.readInputs().compactMap { paste.feed($0) }
    }
}

/// The terminal as the loop's display: the frame the app renders, drawn by ncurses (only the rows
/// that changed), and the mouse reporting the settings ask for.
@MainActor
final class TerminalDisplay: AppDisplay {
    let terminal: NCursesTerminal
    /// True while what is drawn is recorded: card-like digits are masked on the screen itself
    /// (``Canvas/maskingCardLikeDigits()``), since the terminal is sent a field's digits one at a
    /// time and the recorder, which masks each block of output, never sees them as one number.
    let masksCardNumbers: @MainActor () -> Bool

    init(terminal: NCursesTerminal, masksCardNumbers: @escaping @MainActor () -> Bool = { false }) {
        self.terminal = terminal
        self.masksCardNumbers = masksCardNumbers
    }

    var size: TerminalSize { TerminalSize(width: terminal.size.width, height: terminal.size.height) }

    func show(_ model: AppModel) {
        // Saved settings may have turned the mouse on or off.
        terminal.setMouse(model.context.settings.mouse)
        var canvas = model.render()
        if masksCardNumbers() { canvas.maskCardLikeDigits() }
        terminal.draw(canvas)
    }

    func resize() {
        terminal.resize()
    }

    func sendToTerminal(_ text: String) {
        NCursesTerminal.writeRaw(text)
    }
}
