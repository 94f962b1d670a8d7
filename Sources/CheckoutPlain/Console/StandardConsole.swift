import CheckoutCore
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Standard input and output as a ``PlainConsole``: lines read on a queue of their own (a blocked
/// read never holds up the engine), text written straight to file descriptor 1, and terminal echo
/// turned off for hidden answers when standard input is a terminal.
///
/// Lines are split by ``InputLineSplitter`` (CRLF reads like LF; a line that is not UTF-8 or is
/// over 1 MiB arrives as such). Nothing is read ahead of the question being asked. When standard
/// output is gone (a closed pipe), input reads as ended, so the conversation leaves cleanly.
public final class StandardConsole: PlainConsole {
    public let echoesInput: Bool
    public let canHideInput: Bool
    public let asciiOnly: Bool

    private let queue = DispatchQueue(label: "checkout.plain-input")
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

    public func readLine(hidden: Bool) async -> InputLine? {
        if outputClosed.load(ordering: .relaxed) { return nil }
        let hide = hidden && canHideInput
        return await withCheckedContinuation { continuation in
            queue.async {
                if hide { TerminalEcho.hide() }
                let line = self.reader.withLock { $0.next() }
                if hide { TerminalEcho.restore() }
                continuation.resume(returning: line)
            }
        }
    }
}

/// Reads standard input in chunks and hands out one line at a time.
private struct LineReader {
    var splitter = InputLineSplitter()
    var pending: [InputLine] = []
    var ended = false
    var chunk = [UInt8](repeating: 0, count: 4096)

    mutating func next() -> InputLine? {
        while pending.isEmpty, !ended {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                ended = true
                if let last = splitter.finish() { pending.append(last) }
                break
            }
            pending += chunk.withUnsafeBufferPointer { splitter.feed(UnsafeBufferPointer(rebasing: $0[..<count])) }
        }
        return pending.isEmpty ? nil : pending.removeFirst()
    }
}

/// Terminal echo on standard input: off while a hidden answer is typed, and back on at the end,
/// also when a signal ends the program in between.
enum TerminalEcho {
    private static let saved = Mutex<termios?>(nil)

    /// Turns echo off but keeps the newline echoed, so the cursor moves on when Enter is pressed.
    static func hide() {
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
        saved.withLock { $0 = settings }
        settings.c_lflag &= ~tcflag_t(ECHO)
        settings.c_lflag |= tcflag_t(ECHONL)
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }

    /// Puts back the settings ``hide()`` changed, if it changed any.
    static func restore() {
        guard var settings = saved.withLock({ value -> termios? in defer { value = nil }; return value }) else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }
}
