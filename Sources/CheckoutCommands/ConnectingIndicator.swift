import CheckoutPlain
import CheckoutApp
import CheckoutTUI
import Dispatch
import Glibc
import Synchronization

/// "Connecting to Primer… (Esc cancels)" with the UI's spinner, on the terminal, while a client
/// token's configuration loads before the screen opens (it may take up to its 15 s timeout: the
/// terminal stayed blank meanwhile). Esc or Ctrl-C cancels the work.
///
/// It shows only when standard input and standard error are a terminal and the work is still going
/// after a moment, so a run without a client token (or with a quick answer) draws nothing. While it
/// shows, the terminal does not echo and hands over keys one by one; its settings are put back when
/// the work ends, and on SIGINT, SIGTERM and SIGHUP before the process ends.
enum ConnectingIndicator {
    /// How long the work runs before the line appears.
    static let delay: DispatchTimeInterval = .milliseconds(150)

    /// Runs `work` with the indicator; nil when the person cancelled it.
    @MainActor
    /// `message` is asked for only when the line is drawn (after ``delay``), so a quick start reads no catalogue.
    static func run<T: Sendable>(_ message: @escaping @Sendable () -> String, _ work: @escaping @Sendable () async -> T) async -> T? {
        let task = Task { await work() }
        guard isatty(STDIN_FILENO) == 1, isatty(STDERR_FILENO) == 1 else { return await task.value }
        let state = Flags()
        let loop = DispatchQueue(label: "checkout.connecting")
        let ended = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        // In a locale that is not UTF-8 (or a dumb terminal's), ASCII only.
        let unicode = PlainText.localeIsUTF8()
        let frames = (unicode ? GlyphSet.unicode : GlyphSet.ascii).spinner
        loop.async {
            show({ unicode ? message() : message().replacing("…", with: "...") }, frames: frames, state: state, done: done, ended: ended) { task.cancel() }
        }
        let value = await task.value
        state.finished.store(true, ordering: .sequentiallyConsistent)
        done.signal()
        let cancelled = state.cancelled.load(ordering: .sequentiallyConsistent)
        // The loop notices within one frame; waiting for it keeps the terminal's settings in order.
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                ended.wait()
                continuation.resume()
            }
        }
        return cancelled ? nil : value
    }

    private final class Flags: Sendable {
        let finished = Atomic(false)
        let cancelled = Atomic(false)
    }

    /// The terminal's settings while the indicator shows, for a signal handler to put back.
    nonisolated(unsafe) private static var saved = termios()

    /// Waits `delay` for the work, then draws a frame every 100 ms and reads keys until it has finished.
    private static func show(_ message: () -> String, frames: [String], state: Flags, done: DispatchSemaphore, ended: DispatchSemaphore,
                             cancel: @escaping @Sendable () -> Void) {
        defer { ended.signal() }
        // Work that ends within the delay (no client token, a quick answer) draws nothing and waits for nothing.
        guard done.wait(timeout: .now() + delay) == .timedOut, tcgetattr(STDIN_FILENO, &saved) == 0 else { return }
        let message = message()
        // Spaces over the line, not an erase sequence: a dumb terminal has none.
        let blank = "\r" + String(repeating: " ", count: message.count + 16) + "\r"
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        let signals = [SIGINT, SIGTERM, SIGHUP]
        let previous = signals.map { signal($0, SIG_IGN) }
        let sources = signals.map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                tcsetattr(STDIN_FILENO, TCSANOW, &saved)
                write(text: blank)
                exit(128 + number)
            }
            source.resume()
            return source
        }
        var frame = 0
        while !state.finished.load(ordering: .sequentiallyConsistent) {
            write(text: "\r\(frames[frame % frames.count]) \(message)")
            frame += 1
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            var bytes = [UInt8](repeating: 0, count: 64)
            let count = read(STDIN_FILENO, &bytes, bytes.count)
            if count > 0, bytes[..<count].contains(where: { $0 == 0x1B || $0 == 0x03 }) {
                state.cancelled.store(true, ordering: .sequentiallyConsistent)
                cancel()
                break
            }
        }
        write(text: blank)
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        for index in signals.indices {
            sources[index].cancel()
            signal(signals[index], previous[index])
        }
    }

    private static func write(text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
