import CheckoutStore
import CheckoutApp
import CheckoutCore
import CNCursesW
import CTerminalRestore
import FoundationEssentials
import Glibc

/// Why the terminal UI could not start.
public enum TerminalStartError: Error, Equatable {
    case notATerminal
    case unknownTerminal(String)

    /// One line a person can act on.
    public var message: String {
        switch self {
        case .notATerminal:
            return "checkout: the terminal UI needs a terminal on stdin and stdout (use `checkout detect` or `checkout events` in scripts)"
        case .unknownTerminal(let term):
            return "checkout: cannot use terminal type '\(term)' (set TERM to one your system knows, e.g. xterm-256color)"
        }
    }
}

/// The only code that calls ncurses: opens the terminal, reads keys, copies canvases to the screen,
/// and gives the terminal back as it found it — on a crash too: before the screen starts, the
/// terminal's settings and the bytes that put it back are handed to the async-signal-safe handler
/// of `CTerminalRestore`.
///
/// Frames are compared with the previous one row by row; only changed rows are redrawn, then one
/// `refresh` lets ncurses send the minimal bytes. Styles become colour pairs, or bold/dim/reverse
/// on monochrome terminals and with `--no-color`/`NO_COLOR`. Every cell goes through
/// ``TerminalCellText`` on its way out: ASCII only in a non-UTF-8 locale.
@MainActor
final class NCursesTerminal {
    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let useColour: Bool
    /// The symbols the locale can show, chosen once at start.
    let glyphs: GlyphSet
    /// Whether the terminal was put in explicit bidi mode at start, to be put back on close.
    private(set) var explicitBidi = false
    private var pairs: [PairKey: Int16] = [:]
    private var previous: Canvas?
    /// True while the window holds nothing (just opened, or cleared for a new size): a frame is
    /// then compared with a blank one, and only what is not blank is written (the first frame's
    /// blank cells were most of what ncurses was given: 0.3 M instructions, callgrind).
    private var windowIsBlank = true
    private var cursorVisible = false
    private var isOpen = true
    /// Whether the terminal reports the mouse (see ``setMouse(_:)``).
    private(set) var mouseOn = false
    /// With a sink: the stream ncurses writes to and the input settings to put back.
    private var tee: (stream: UnsafeMutablePointer<FILE>, input: termios, sink: Unmanaged<TerminalOutputSink>)?
    /// With a sink, the tee's descriptor: the bytes written outside ncurses (mode switches) go
    /// through it too, so the recording has them in the order the terminal got them.
    private static var teeDescriptor: Int32?

    private struct PairKey: Hashable { var foreground: Int16; var background: Int16 }

    private init(screen: OpaquePointer, window: UnsafeMutablePointer<WINDOW>, useColour: Bool, glyphs: GlyphSet,
                 tee: (UnsafeMutablePointer<FILE>, termios, Unmanaged<TerminalOutputSink>)?) {
        self.tee = tee.map { (stream: $0.0, input: $0.1, sink: $0.2) }
        self.screen = screen
        self.window = window
        self.useColour = useColour
        self.glyphs = glyphs
    }

    /// Mouse reporting (any mode), bracketed paste and the keypad's application mode off, the
    /// attributes reset, the cursor shown: what every exit writes before leaving the alternate screen.
    static let modesOff = mouseOff + "\u{1b}[?2004l"

    /// What a crash writes when the terminal type's own strings are not known yet (an xterm's).
    static let genericRestore = modesOff + "\u{1b}[?1l\u{1b}>\u{1b}[0m\u{1b}[?25h\u{1b}[?1049l"

    /// Opens the terminal: the locale's character type from the environment (its character set
    /// chooses the glyphs; `LC_CTYPE` is all ncursesw reads, so no other category is loaded),
    /// the crash handler armed, cbreak, no echo, keypad, 25 ms escape delay, non-blocking reads,
    /// bracketed paste.
    ///
    /// With a `sink` (a recording), every byte written to the terminal is handed to it as well:
    /// ncurses writes to a tee of standard output, and since that stream is not the terminal
    /// itself, the input settings ncurses would make (no echo, no line buffering) are made here and
    /// undone on ``close()``.
    /// With `bidi` ``TerminalBidi/visualOrderAfterExplicitMode`` (a right-to-left language on a
    /// terminal that reorders lines unless told not to), the terminal is put in explicit mode, and
    /// the restore bytes (written on every exit, a crash too) put its implicit mode back.
    static func open(colour wanted: Bool, sink: TerminalOutputSink? = nil, bidi: TerminalBidi = .visualOrder) -> Result<NCursesTerminal, TerminalStartError> {
        let glyphs = GlyphSet(codeset: ProcessLocale.adoptEnvironment(LC_CTYPE))
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return .failure(.notATerminal) }
        let term = ProcessEnvironment.value("TERM") ?? ""
        guard !term.isEmpty, term != "dumb" else { return .failure(.unknownTerminal(term)) }
        // Armed before the screen starts, so that no moment of the UI can end with the terminal broken.
        Array(genericRestore.utf8).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { _ = ctr_arm(STDOUT_FILENO, $0.baseAddress, $0.count) }
        }
        _ = ctr_capture_stderr()
        var tee: (UnsafeMutablePointer<FILE>, termios, Unmanaged<TerminalOutputSink>)?
        if let sink {
            guard let opened = openTee(sink) else {
                ctr_disarm()
                return .failure(.notATerminal)
            }
            tee = opened
        }
        guard let screen = tee.map({ cnc_newterm_output($0.0) }) ?? cnc_newterm_stdio() else {
            if let tee { closeTee(tee) }
            ctr_disarm()
            return .failure(.unknownTerminal(term))
        }
        set_term(screen)
        guard let window = cnc_stdscr() else {
            ctr_disarm()
            return .failure(.unknownTerminal(term))
        }
        // Suspended and resumed once, before anything is drawn, so that every frame goes out in one
        // write: until a screen has been through `endwin` and back, ncurses 6.4 flushes its output
        // at each cursor move inside a refresh (`_nc_mvcur` flushes while `SP->_endwin` is
        // `ewInitial`, ncurses/tty/lib_mvcur.c), which wrote the first frame in some twenty
        // pieces (strace) and a key's frame in two or three. In one write a frame reaches the
        // terminal whole, a key's first byte is not sooner but its last is, and the first frame
        // is 0.5 ms sooner (scripts/bench/tui.py). Done first, so that every mode set below (the
        // keypad's, which ncurses would otherwise send again only at its first read) is the one in
        // force; the terminal leaves the alternate screen and comes back, with nothing on it yet.
        endwin()
        doupdate()
        let explicit = bidi == .visualOrderAfterExplicitMode
        // Added up with `+=`: `[String].joined()` is the stdlib's unspecialized generic, whose first
        // call looks up its associated types at run time (0.18 M instructions before the first frame).
        var restore = modesOff
        for capability in ["rmkx", "sgr0", "cnorm", "rmcup"] { restore += terminfoString(capability) }
        if explicit { restore += TerminalBidi.implicitMode }
        Array(restore.utf8).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { ctr_set_restore_bytes($0.baseAddress, $0.count) }
        }
        // No look for typed-ahead input in the middle of each refresh (two polls of standard input
        // on every frame, seen with strace): the loop reads all input before it draws.
        typeahead(-1)
        cbreak()
        noecho()
        nonl()
        keypad(window, true)
        nodelay(window, true)
        set_escdelay(25)
        curs_set(0)
        var useColour = false
        if wanted, has_colors() {
            start_color()
            use_default_colors()
            useColour = true
        }
        // Ctrl and Alt with the arrows reach the decoder as their bytes, whatever codes the terminal type gives them.
        for sequence in TerminalKeyDecoder.modifiedKeySequences { define_key(sequence, 0) }
        define_key("\u{1b}[200~", TerminalKeyDecoder.pasteStartCode)
        define_key("\u{1b}[201~", TerminalKeyDecoder.pasteEndCode)
        writeRaw("\u{1b}[?2004h")
        if explicit { writeRaw(TerminalBidi.explicitMode) }
        let terminal = NCursesTerminal(screen: screen, window: window, useColour: useColour, glyphs: glyphs, tee: tee)
        terminal.explicitBidi = explicit
        return .success(terminal)
    }

    /// The tee ncurses writes to, and the terminal's input settings before they were changed.
    private static func openTee(_ sink: TerminalOutputSink) -> (UnsafeMutablePointer<FILE>, termios, Unmanaged<TerminalOutputSink>)? {
        // ncurses sizes its screen from LINES and COLUMNS when its output is not the terminal.
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 {
            setenv("LINES", String(size.ws_row), 1)
            setenv("COLUMNS", String(size.ws_col), 1)
        }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        let box = Unmanaged.passRetained(sink)
        let write: ctr_tee_sink = { context, bytes, count in
            guard let context, let bytes else { return }
            Unmanaged<TerminalOutputSink>.fromOpaque(context).takeUnretainedValue().write(UnsafeRawBufferPointer(start: bytes, count: count))
        }
        let descriptor = ctr_tee_start(STDOUT_FILENO, write, box.toOpaque())
        guard descriptor >= 0, let stream = fdopen(descriptor, "w") else {
            if descriptor >= 0 {
                Glibc.close(descriptor)
                ctr_tee_stop()
            }
            box.release()
            return nil
        }
        teeDescriptor = descriptor
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
        raw.c_iflag &= ~tcflag_t(ICRNL | IXON)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        return (stream, saved, box)
    }

    private static func closeTee(_ tee: (UnsafeMutablePointer<FILE>, termios, Unmanaged<TerminalOutputSink>)) {
        var input = tee.1
        tcsetattr(STDIN_FILENO, TCSANOW, &input)
        // Closing the stream closes the pipe's write end; the tee then drains and stops.
        teeDescriptor = nil
        fclose(tee.0)
        ctr_tee_stop()
        tee.2.release()
    }

    /// A terminfo string capability of the terminal, or "" when it has none.
    private static func terminfoString(_ name: String) -> String {
        guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return "" }
        return String(cString: value)
    }

    /// The terminal's size.
    var size: (width: Int, height: Int) { (Int(cnc_cols()), Int(cnc_lines())) }

    /// Everything typed so far, decoded (never blocks).
    ///
    /// In a non-UTF-8 locale the C library cannot decode what a UTF-8 terminal sends for `é`, so
    /// the bytes are read one by one and put together here (see ``TerminalKeyDecoder/assembleUTF8(_:)``).
    func readInputs() -> [TerminalInput] {
        var reads: [RawRead] = []
        if glyphs.isASCII {
            while true {
                let value = wgetch(window)
                if value == ERR { break }
                reads.append(value >= KEY_MIN ? Self.functionKey(value) : .character(UInt32(truncatingIfNeeded: value)))
            }
            return TerminalKeyDecoder.decode(TerminalKeyDecoder.assembleUTF8(reads))
        }
        var value: wint_t = 0
        while true {
            let result = wget_wch(window, &value)
            if result == KEY_CODE_YES {
                reads.append(Self.functionKey(Int32(value)))
            } else if result == OK {
                reads.append(.character(UInt32(value)))
            } else {
                break
            }
        }
        return TerminalKeyDecoder.decode(reads)
    }

    /// A key code as read; for `KEY_MOUSE`, the report `getmouse` holds for it (read at once:
    /// ncurses keeps only a few).
    private static func functionKey(_ code: Int32) -> RawRead {
        guard code == KEY_MOUSE else { return .functionKey(code) }
        var event = MEVENT()
        guard getmouse(&event) == OK else { return .functionKey(code) }
        return .mouse(column: Int(event.x), row: Int(event.y), buttons: UInt32(event.bstate))
    }

    /// Turns mouse reporting on (the left button and the wheel, in the SGR 1006 form, which has no
    /// column limit) or off, so that the terminal's own text selection works again.
    ///
    /// ncurses is told first, so it decodes the reports its terminal type describes; the modes are
    /// then also written straight to the terminal, because a terminal type may describe only the
    /// older form (tmux's does), and the decoder reads the SGR form either way.
    func setMouse(_ on: Bool) {
        guard on != mouseOn else { return }
        mouseOn = on
        if on {
            mouseinterval(0)
            let wanted = cnc_button1_pressed() | cnc_button1_released() | cnc_button4_pressed() | cnc_button5_pressed()
            _ = mousemask(wanted, nil)
            Self.writeRaw("\u{1b}[?1000h\u{1b}[?1006h")
        } else {
            _ = mousemask(0, nil)
            Self.writeRaw(Self.mouseOff)
        }
    }

    /// Every mouse reporting mode off.
    static let mouseOff = "\u{1b}[?1000l\u{1b}[?1002l\u{1b}[?1003l\u{1b}[?1006l"

    /// Adopts the window size the kernel reports and forgets the last frame so the next one is whole.
    func resize() {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 {
            resizeterm(Int32(size.ws_row), Int32(size.ws_col))
        }
        previous = nil
        wclear(window)
        windowIsBlank = true
    }

    /// Copies a canvas to the screen: only rows that changed since the last frame are touched.
    func draw(_ canvas: Canvas) {
        let sameSize = previous.map { $0.width == canvas.width && $0.height == canvas.height } ?? false
        let (was, now) = (previous?.cursor, canvas.cursor)
        var changed = !sameSize || was?.row != now?.row || was?.column != now?.column
        // Taken out for the draw (moved, not copied) and not bound again for each row; the new
        // frame takes its place at the end.
        var previous: Canvas?
        swap(&previous, &self.previous)
        if !sameSize { previous = windowIsBlank ? Canvas(width: canvas.width, height: canvas.height) : nil }
        windowIsBlank = false
        for row in 0..<canvas.height {
            if let previous {
                guard let columns = Self.changedColumns(previous, canvas, row) else { continue }
                drawRow(canvas, row, columns: columns)
            } else {
                drawRow(canvas, row, columns: 0..<canvas.width)
            }
            changed = true
        }
        guard changed else {
            self.previous = previous
            return
        }
        if let cursor = canvas.cursor {
            if !cursorVisible { curs_set(1); cursorVisible = true }
            wmove(window, Int32(cursor.row), Int32(cursor.column))
        } else if cursorVisible {
            curs_set(0)
            cursorVisible = false
        }
        wrefresh(window)
        self.previous = canvas
    }

    /// Gives the terminal back: mouse and bracketed paste off, cursor on, `endwin`; then the crash
    /// handler is disarmed and what was written to standard error meanwhile is shown.
    func close() {
        guard isOpen else { return }
        isOpen = false
        Self.writeRaw(Self.modesOff + (explicitBidi ? TerminalBidi.implicitMode : ""))
        curs_set(1)
        endwin()
        delscreen(screen)
        if let tee { Self.closeTee((tee.stream, tee.input, tee.sink)) }
        ctr_disarm()
    }

    /// Whether a row of two canvases of one size holds the same cells. A cell is one 32-bit word of
    /// plain bits with no padding (its `==` compares exactly those bits), so a row is compared as
    /// memory, in one `memcmp`: a key changes a row or two, and comparing the others cell by cell
    /// was a tenth of a key's frame (48 k instructions at 80x24, callgrind).
    /// Not isolated to the main actor, so its closures carry no check of which executor runs them.
    nonisolated static func rowEqual(_ a: Canvas, _ b: Canvas, _ row: Int) -> Bool {
        let stride = MemoryLayout<Canvas.Cell>.stride
        let offset = row * b.width * stride, count = b.width * stride
        return a.cells.withUnsafeBytes { a in
            b.cells.withUnsafeBytes { b in
                guard let first = a.baseAddress, let second = b.baseAddress else { return a.count == b.count }
                return memcmp(first + offset, second + offset, count) == 0
            }
        }
    }

    /// The columns of a row that changed between two canvases of one size, from the first cell
    /// that differs to the last, widened to take in whole the wide characters at either end (of
    /// either frame); nil when the row is the same. Only those are written: a key changes a few
    /// cells of a row, and ncurses compares and sends what it is given (the whole row was a fifth
    /// of a key's frame, callgrind).
    nonisolated static func changedColumns(_ a: Canvas, _ b: Canvas, _ row: Int) -> Range<Int>? {
        if rowEqual(a, b, row) { return nil }
        let width = b.width, base = row * width
        return a.cells.withUnsafeBufferPointer { a in
            b.cells.withUnsafeBufferPointer { b in
                var start = 0, end = width
                while start < width, a[base + start] == b[base + start] { start += 1 }
                while end > start, a[base + end - 1] == b[base + end - 1] { end -= 1 }
                while start > 0, a[base + start].isContinuation || b[base + start].isContinuation { start -= 1 }
                while end < width, a[base + end].isContinuation || b[base + end].isContinuation { end += 1 }
                return start..<end
            }
        }
    }

    /// The wide characters one row is written with, kept from frame to frame.
    private var line: [wchar_t] = []

    private func drawRow(_ canvas: Canvas, _ row: Int, columns: Range<Int>) {
        // The kept buffer is worked on as a local (a class's stored array is checked for exclusive
        // access at each append: 98 checks a frame), and put back for the next row.
        var line: [wchar_t] = []
        swap(&line, &self.line)
        defer { swap(&line, &self.line) }
        wmove(window, Int32(row), Int32(columns.lowerBound))
        let cells = canvas.cells[row * canvas.width..<(row + 1) * canvas.width]
        var column = columns.lowerBound
        while column < columns.upperBound {
            let first = cells[cells.startIndex + column], style = first.style
            line.removeAll(keepingCapacity: true)
            var width = 0
            while column + width < columns.upperBound, cells[cells.startIndex + column + width].hasStyle(of: first) {
                let cell = cells[cells.startIndex + column + width]
                width += 1
                if cell.isContinuation { continue }
                // Printable ASCII is written as it is; anything else goes through TerminalCellText.
                if let scalar = cell.scalar, scalar.value >= 0x20, scalar.value < 0x7F {
                    line.append(wchar_t(scalar.value))
                    continue
                }
                let text = TerminalCellText.text(for: cell.character, width: cell.isWide ? 2 : 1, ascii: glyphs.isASCII,
                                                 cWidth: { Int(cnc_wcwidth($0.value)) })
                for scalar in text.unicodeScalars { line.append(wchar_t(bitPattern: scalar.value)) }
            }
            // The bottom-right cell would scroll the screen on some terminals: leave it out.
            if row == canvas.height - 1, column + width == canvas.width, line.last == wchar_t(UInt8(ascii: " ")) { line.removeLast() }
            wattrset(window, attributes(for: style))
            line.append(0)
            line.withUnsafeBufferPointer { _ = waddwstr(window, $0.baseAddress) }
            column += width
        }
        wattrset(window, Int32(bitPattern: cnc_a_normal()))
    }

    private func attributes(for style: CellStyle) -> Int32 {
        let bold = cnc_a_bold(), dim = cnc_a_dim(), reverse = cnc_a_reverse(), underline = cnc_a_underline()
        guard useColour else {
            let value: attr_t = switch style {
            case .normal: cnc_a_normal()
            case .dim: dim
            case .bold, .accent, .focus, .success: bold
            case .title, .selection: reverse
            case .error: bold | underline
            case .badge: reverse | bold
            }
            return Int32(bitPattern: value)
        }
        let (pair, extra): (Int16, attr_t) = switch style {
        case .normal: (0, cnc_a_normal())
        case .dim: (0, dim)
        case .bold: (0, bold)
        case .title: (pair(COLOR_WHITE, COLOR_BLUE), bold)
        case .accent: (pair(COLOR_CYAN, -1), bold)
        case .focus: (pair(COLOR_MAGENTA, -1), bold)
        case .error: (pair(COLOR_RED, -1), bold)
        case .success: (pair(COLOR_GREEN, -1), bold)
        case .selection: (0, reverse | bold)
        case .badge(let foreground, let background): (pair(Self.colour(foreground), Self.colour(background)), bold)
        }
        return Int32(bitPattern: extra) | cnc_color_pair(Int32(pair))
    }

    private func pair(_ foreground: Int32, _ background: Int32) -> Int16 {
        let key = PairKey(foreground: Int16(foreground), background: Int16(background))
        if let existing = pairs[key] { return existing }
        let number = Int16(pairs.count + 1)
        guard number < Self.pairLimit else { return 0 }
        init_pair(number, key.foreground, key.background)
        pairs[key] = number
        return number
    }

    /// Pairs beyond this fall back to the default colours (old terminals have 64).
    private static let pairLimit: Int16 = 60

    private static func colour(_ colour: TerminalColour) -> Int32 {
        switch colour {
        case .black: return COLOR_BLACK
        case .red: return COLOR_RED
        case .green: return COLOR_GREEN
        case .yellow: return COLOR_YELLOW
        case .blue: return COLOR_BLUE
        case .magenta: return COLOR_MAGENTA
        case .cyan: return COLOR_CYAN
        case .white: return COLOR_WHITE
        }
    }

    /// Writes control bytes straight to the terminal (stdio buffering would delay them past ncurses).
    static func writeRaw(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            _ = write(teeDescriptor ?? STDOUT_FILENO, buffer.baseAddress, buffer.count)
        }
    }
}
