import CheckoutCore
import CheckoutApp
import CTerminalRestore
import CheckoutStore
import FoundationEssentials
import Glibc
import Synchronization

/// Standard input and output as a ``PlainConsole``: text written straight to file descriptor 1,
/// lines read from file descriptor 0 when the app loop's `poll(2)` says it is readable (so the
/// loop sees a signal while a line is typed), terminal echo turned off for hidden answers when
/// standard input is a terminal.
///
/// Lines are split by ``InputLineSplitter`` (CRLF reads like LF; a line that is not UTF-8 or is
/// over 1 MiB arrives as such). Nothing is read ahead of the question being asked. When standard
/// output is gone (a closed pipe), input reads as ended, so the conversation leaves cleanly.
public final class StandardConsole: PlainConsole {
    public let echoesInput: Bool
    public let canHideInput: Bool
    public let asciiOnly: Bool
    public let canRewriteLine: Bool

    private let reader = Mutex(LineReader())
    private let outputClosed = Atomic<Bool>(false)
    /// The `errno` of the write that closed the output, 0 while it is open.
    private let failure = Atomic<Int32>(0)

    /// Why standard output could not be written, when a write failed for a reason other than the
    /// reader having gone (EPIPE, the quiet end): the run reports it and exits non-zero.
    public var writeError: Int32? {
        let code = failure.load(ordering: .relaxed)
        return code == 0 || code == EPIPE ? nil : code
    }

    /// A console over this process's standard streams; `asciiOnly` comes from the locale
    /// (see ``PlainText/localeIsUTF8()``).
    public init(asciiOnly: Bool) {
        let terminal = isatty(STDIN_FILENO) == 1
        echoesInput = terminal
        canHideInput = terminal
        // A dumb terminal (or none) cannot move the cursor up; a pipe on stdout must get no escapes.
        let term = ProcessEnvironment.value("TERM") ?? ""
        canRewriteLine = terminal && isatty(STDOUT_FILENO) == 1 && !term.isEmpty && term != "dumb"
        self.asciiOnly = asciiOnly
    }

    public func write(_ text: String) {
        guard !outputClosed.load(ordering: .relaxed) else { return }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                failure.store(written < 0 ? errno : EIO, ordering: .relaxed)
                outputClosed.store(true, ordering: .relaxed)
                return
            }
            offset += written
        }
    }

    /// A line read with blocking reads, for a caller without the app loop.
    public func readLine(hidden: Bool) async -> InputLine? {
        if outputClosed.load(ordering: .relaxed) { return nil }
        let hide = hidden && canHideInput
        if hide { TerminalEcho.hide() }
        defer { if hide { TerminalEcho.restore() } }
        while true {
            switch reader.withLock({ $0.next(blocking: true) }) {
            case .line(let line): return line
            case .ended: return nil
            case .waiting: continue
            }
        }
    }

    /// The next line, waiting for standard input in the app loop's `poll(2)` (beside its wake-up
    /// and signal pipes); `nil` at end of input, or when a signal that ends the program came
    /// (it is handed to `interrupted`).
    @MainActor
    func readLine(hidden: Bool, waiter: PollWaiter, interrupted: (Int32) -> Void) async -> InputLine? {
        if outputClosed.load(ordering: .relaxed) { return nil }
        let hide = hidden && canHideInput
        if hide { TerminalEcho.hide() }
        defer { if hide { TerminalEcho.restore() } }
        while true {
            switch reader.withLock({ $0.next(blocking: false) }) {
            case .line(let line): return line
            case .ended: return nil
            case .waiting:
                let wake = await waiter.wait(for: STDIN_FILENO, until: nil)
                if let signal = wake.signals.first(where: { $0 != SIGWINCH }) {
                    interrupted(signal)
                    return nil
                }
                if wake.readable { reader.withLock { $0.fill() } }
            }
        }
    }
}

/// Reads standard input in chunks and hands out one line at a time.
private struct LineReader {
    enum Next { case line(InputLine), ended, waiting }

    var splitter = InputLineSplitter()
    var pending: [InputLine] = []
    var ended = false
    var chunk = [UInt8](repeating: 0, count: 4096)

    /// The next line if one is complete; with `blocking`, reads until one is.
    mutating func next(blocking: Bool) -> Next {
        while pending.isEmpty, !ended, blocking { fill() }
        if !pending.isEmpty { return .line(pending.removeFirst()) }
        return ended ? .ended : .waiting
    }

    /// One read of what standard input holds (it is readable, or the caller may block).
    mutating func fill() {
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { return }
            if count <= 0 {
                ended = true
                if let last = splitter.finish() { pending.append(last) }
                return
            }
            pending += chunk.withUnsafeBufferPointer { splitter.feed(UnsafeBufferPointer(rebasing: $0[..<count])) }
            return
        }
    }
}

/// Terminal echo on standard input: off while a hidden answer is typed, off again when the job is
/// resumed in between (Ctrl-Z, then `fg`: the shell may have put echo back on), and back on at the
/// end, also when a signal ends the program in between. The settings and the SIGCONT handler live
/// in `CTerminalRestore`, where a signal handler may reach them.
enum TerminalEcho {
    /// Turns echo off on `descriptor` but keeps the newline echoed, so the cursor moves on when
    /// Enter is pressed; nothing when it is not a terminal.
    static func hide(_ descriptor: Int32 = STDIN_FILENO) {
        _ = ctr_echo_hide(descriptor)
    }

    /// Puts back the settings ``hide(_:)`` changed, if it changed any.
    static func restore() {
        ctr_echo_restore()
    }
}
