import CheckoutCore
import Foundation
import Synchronization

/// Lines for standard output and standard error (Glibc's `stdout` is not usable from Swift 6).
///
/// Standard output goes through ``StandardOutput``: buffered, written in large blocks, and written
/// at once whenever the program waits. A line waits (blocking its thread, as a write to a slow
/// reader would) while the reader is far behind, so a loop printing millions of lines holds only a
/// bounded amount of them. Standard error is written unbuffered, a line at a time.
enum FileHandleOutput {
    static func line(_ text: String) {
        StandardOutput.shared.waitForRoomBlocking()
        StandardOutput.shared.append { json in
            var text = text
            text.withUTF8 { json.raw($0) }
            json.endLine()
        }
    }

    /// Writes one diagnostic line, sanitised (``DiagnosticText``): whatever it quotes, it stays one
    /// line and cannot drive the terminal of whoever reads it.
    static func error(_ text: String) {
        StandardOutput.writeAll(fd: 2, Array((DiagnosticText.sanitized(text) + "\n").utf8))
    }
}

/// Standard output, written in large blocks by a thread of its own, with room for a bounded amount
/// of waiting output.
///
/// Output is appended to a buffer (JSON straight into it, through a ``JSONWriter``) and written:
/// - when a block of ``blockSize`` bytes has gathered;
/// - at once, whatever its size, while the program waits for input or time (between
///   ``beginWaiting()`` and ``endWaiting()``; ``StandardInputLines`` and the commands' sleeps mark
///   their waits), so a reader driving the program line by line never waits for an output that
///   already happened;
/// - and at exit, all of it.
///
/// The writes block (a slow reader holds up only the writing thread); a producer that must not run
/// ahead of its reader awaits ``waitForRoom()``, which returns once less than ``roomLimit`` bytes
/// wait to be written. That is how `checkout events` stops reading input while its reader is not
/// reading, instead of gathering output without bound.
///
/// When the reader has gone (`checkout detect - < numbers | head -1`), the process ends quietly as
/// if by SIGPIPE, even when its parent started it with SIGPIPE ignored: there is nobody left to
/// write for, and going on would read the rest of the input for nothing.
final class StandardOutput: Sendable {
    static let shared = StandardOutput(fd: 1)

    /// Output is written once this much has gathered.
    static let blockSize = 64 * 1024
    /// Producers that await room wait while this much is unwritten.
    static let roomLimit = 1 << 20

    private struct State {
        /// Output appended and not yet taken for writing.
        var pending = JSONWriter(capacity: StandardOutput.blockSize * 2)
        /// Bytes taken for writing and not yet written.
        var writing = 0
        /// Everything pending should be written now.
        var flushWanted = false
        /// How many waits are under way; while any is, every append is written at once.
        var waits = 0
        var roomWaiters: [CheckedContinuation<Void, Never>] = []
        /// Threads blocked in ``StandardOutput/waitForRoomBlocking()``.
        var blockedThreads = 0
        var writerStarted = false

        var unwritten: Int { pending.bytes.count + writing }
        var isDue: Bool {
            !pending.bytes.isEmpty && (flushWanted || waits > 0 || pending.bytes.count >= StandardOutput.blockSize)
        }
    }

    private let fd: Int32
    private let state = Mutex(State())
    /// The buffer being written; its lock also keeps writes in order between the writing thread and
    /// the final flush at exit.
    private let writer = Mutex([UInt8]())
    private let wake = DispatchSemaphore(value: 0)
    private let room = DispatchSemaphore(value: 0)

    private init(fd: Int32) {
        self.fd = fd
        atexit { StandardOutput.shared.writeDue(all: true) }
    }

    /// Appends output: `body` writes into the buffer (JSON Lines records end with
    /// ``JSONWriter/endLine()``). Never blocks on the reader.
    func append(_ body: (inout JSONWriter) -> Void) {
        let startWriter: Bool? = state.withLock { state in
            body(&state.pending)
            guard state.isDue else { return nil }
            defer { state.writerStarted = true }
            return !state.writerStarted
        }
        guard let startWriter else { return }
        if startWriter { startWritingThread() }
        wake.signal()
    }

    /// Asks for everything appended so far to be written now, without waiting for it.
    func flush() {
        let startWriter: Bool? = state.withLock { state in
            guard !state.pending.bytes.isEmpty else { return nil }
            state.flushWanted = true
            defer { state.writerStarted = true }
            return !state.writerStarted
        }
        guard let startWriter else { return }
        if startWriter { startWritingThread() }
        wake.signal()
    }

    /// The program is about to wait for input or time: what is pending is written now, and so is
    /// every append until ``endWaiting()``.
    func beginWaiting() {
        state.withLock { $0.waits += 1 }
        flush()
    }

    func endWaiting() {
        state.withLock { $0.waits -= 1 }
    }

    /// Whether less than ``roomLimit`` bytes of output wait to be written.
    var hasRoom: Bool {
        state.withLock { $0.unwritten < StandardOutput.roomLimit }
    }

    /// Returns once less than ``roomLimit`` bytes of output wait to be written.
    func waitForRoom() async {
        if hasRoom { return }
        beginWaiting()
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state in
                guard state.unwritten >= StandardOutput.roomLimit else { return true }
                state.roomWaiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
        endWaiting()
    }

    /// Blocks the calling thread while ``roomLimit`` bytes or more wait to be written; for
    /// callers outside Swift concurrency's waiting (a synchronous loop of lines).
    func waitForRoomBlocking() {
        while true {
            let blocked = state.withLock { state in
                guard state.unwritten >= StandardOutput.roomLimit else { return false }
                state.blockedThreads += 1
                return true
            }
            guard blocked else { return }
            flush()
            room.wait()
        }
    }

    // MARK: Writing

    private func startWritingThread() {
        let thread = Thread { [self] in
            while true {
                wake.wait()
                writeDue(all: false)
            }
        }
        thread.name = "checkout standard output"
        thread.start()
    }

    /// Writes the pending output while it is due (or all of it), in order, blocking on the reader.
    private func writeDue(all: Bool) {
        writer.withLock { buffer in
            while true {
                let taken: Bool = state.withLock { state in
                    guard all ? !state.pending.bytes.isEmpty : state.isDue else {
                        state.flushWanted = false
                        return false
                    }
                    state.pending.handOver(to: &buffer)
                    state.writing = buffer.count
                    return true
                }
                guard taken else { return }
                Self.writeAll(fd: fd, buffer)
                let (waiters, threads): ([CheckedContinuation<Void, Never>], Int) = state.withLock { state in
                    state.writing = 0
                    guard state.unwritten < StandardOutput.roomLimit else { return ([], 0) }
                    defer {
                        state.roomWaiters = []
                        state.blockedThreads = 0
                    }
                    return (state.roomWaiters, state.blockedThreads)
                }
                for waiter in waiters { waiter.resume() }
                for _ in 0..<threads { room.signal() }
            }
        }
    }

    /// Writes every byte to `fd`, retrying after interruptions; ends the process if the reader has gone.
    static func writeAll(fd: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0, errno == EINTR { continue }
                if n < 0, errno == EPIPE { endBecauseTheReaderHasGone() }
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// Ends the process with the status a shell reports for SIGPIPE (141), printing nothing.
    private static func endBecauseTheReaderHasGone() -> Never {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        _exit(128 + SIGPIPE)
    }
}
