import CheckoutCore
import CheckoutStore
import Dispatch
import FoundationEssentials
import Glibc
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
        // Nowhere is left to report a failure to write standard error itself.
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
/// Output that is due is written by the thread that made it due when nothing else is being written
/// and the write cannot wait on the reader (standard output is a file, or a pipe the reader has
/// emptied with room for it): a program answering a reader line by line wakes no thread of its
/// own to do it. Otherwise the writing thread is woken to write it.
///
/// The writes block (a slow reader holds up only the writing thread); a producer that must not run
/// ahead of its reader awaits ``waitForRoom()``, which returns once less than ``roomLimit`` bytes
/// wait to be written. That is how `checkout events` stops reading input while its reader is not
/// reading, instead of gathering output without bound.
///
/// When the reader has gone (`checkout detect - < numbers | head -1`), the process ends quietly as
/// if by SIGPIPE, even when its parent started it with SIGPIPE ignored: there is nobody left to
/// write for, and going on would read the rest of the input for nothing. Any other failure to write
/// (`checkout events > /dev/full`: a full disk, a closed descriptor, an I/O error) ends it at once
/// with `checkout: write error: No space left on device` on standard error and exit status 1, so a
/// script never takes a run whose output was lost for a good one.
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
    /// What standard output is, for whether a write of so many bytes would wait on its reader.
    private let kind: Kind
    private let state = Mutex(State())
    /// The buffer being written; its lock also keeps writes in order between the writing thread and
    /// the final flush at exit.
    private let writer = Mutex([UInt8]())
    private let wake = DispatchSemaphore(value: 0)
    private let room = DispatchSemaphore(value: 0)

    private init(fd: Int32) {
        self.fd = fd
        kind = Kind(fd: fd)
        atexit { StandardOutput.shared.writeDue(all: true) }
    }

    /// Standard output's kind of file, as far as waiting on writes goes.
    private enum Kind {
        /// A regular file: a write never waits on a reader.
        case file
        /// A pipe holding this many bytes: a write of at most that many into an empty pipe never waits.
        case pipe(capacity: Int)
        /// A terminal, socket or anything else: left to the writing thread.
        case other

        init(fd: Int32) {
            var info = stat()
            guard fstat(fd, &info) == 0 else {
                self = .other
                return
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: self = .file
            case S_IFIFO:
                let capacity = fcntl(fd, Self.getPipeSize)
                self = capacity > 0 ? .pipe(capacity: Int(capacity)) : .other
            default: self = .other
            }
        }

        /// Linux's F_GETPIPE_SZ (a _GNU_SOURCE name the Glibc module leaves out).
        private static let getPipeSize: Int32 = 1032

        /// Whether writing `count` bytes to `fd` now returns without waiting for its reader.
        func writesAtOnce(_ count: Int, fd: Int32) -> Bool {
            switch self {
            case .file: return true
            case let .pipe(capacity):
                guard count <= capacity else { return false }
                var unread: Int32 = 0
                return ioctl(fd, UInt(FIONREAD), &unread) == 0 && unread == 0
            case .other: return false
            }
        }
    }

    /// Appends output: `body` writes into the buffer (JSON Lines records end with
    /// ``JSONWriter/endLine()``). Never blocks on the reader.
    func append(_ body: (inout JSONWriter) -> Void) {
        let isDue = state.withLock { state in
            body(&state.pending)
            return state.isDue
        }
        if isDue { writeDueOutput() }
    }

    /// Asks for everything appended so far to be written now, without waiting for it.
    func flush() {
        let isDue = state.withLock { state in
            guard !state.pending.bytes.isEmpty else { return false }
            state.flushWanted = true
            return true
        }
        if isDue { writeDueOutput() }
    }

    /// Writes the due output here when that cannot wait on the reader, else wakes the writing thread.
    private func writeDueOutput() {
        let written = writer.withLockIfAvailable { buffer in drain(into: &buffer, all: false, atOnce: true) }
        guard written != true else { return }
        let startWriter = state.withLock { state in
            defer { state.writerStarted = true }
            return !state.writerStarted
        }
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
    func waitForRoom(isolation: isolated (any Actor)? = #isolation) async {
        if hasRoom { return }
        beginWaiting()
        await withCheckedContinuation(isolation: isolation) { continuation in
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
        // A serial queue of its own: a thread that may block on the reader for as long as it likes.
        DispatchQueue(label: "checkout standard output").async { [self] in
            while true {
                wake.wait()
                writeDue(all: false)
            }
        }
    }

    /// Writes the pending output while it is due (or all of it), in order, blocking on the reader.
    private func writeDue(all: Bool) {
        writer.withLock { buffer in _ = drain(into: &buffer, all: all, atOnce: false) }
    }

    /// Writes the pending output through `buffer` (the writer lock's) while it is due, or all of
    /// it; with `atOnce`, only while a write cannot wait on the reader. Returns whether nothing due
    /// is left.
    private func drain(into buffer: inout [UInt8], all: Bool, atOnce: Bool) -> Bool {
        while true {
            let taken: Bool? = state.withLock { state in
                guard all ? !state.pending.bytes.isEmpty : state.isDue else {
                    state.flushWanted = false
                    return nil
                }
                if atOnce, !kind.writesAtOnce(state.pending.bytes.count, fd: fd) { return false }
                state.pending.handOver(to: &buffer)
                state.writing = buffer.count
                return true
            }
            guard let taken else { return true }
            guard taken else { return false }
            if let error = Self.writeAll(fd: fd, buffer) { Self.endBecauseOutputCannotBeWritten(error) }
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

    /// Writes every byte to `fd`, retrying after interruptions; ends the process if the reader has
    /// gone. Returns the `errno` of a write that failed otherwise, nil when all was written.
    @discardableResult
    static func writeAll(fd: Int32, _ bytes: [UInt8]) -> Int32? {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0, errno == EINTR { continue }
                if n < 0, errno == EPIPE { endBecauseTheReaderHasGone() }
                if n < 0 { return errno }
                if n == 0 { return EIO }
                offset += n
            }
            return nil
        }
    }

    /// Ends the process with status 1 after one line on standard error naming why standard output
    /// cannot be written (called with the writer's lock held, so nothing else is flushed).
    private static func endBecauseOutputCannotBeWritten(_ error: Int32) -> Never {
        writeAll(fd: 2, Array("checkout: write error: \(String(cString: strerror(error)))\n".utf8))
        _exit(1)
    }

    /// Ends the process with the status a shell reports for SIGPIPE (141), printing nothing.
    private static func endBecauseTheReaderHasGone() -> Never {
        // A payment a processor has now is finished first: its answer goes in the ledger (issue 35).
        Ledger.finishPayments("checkout")
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        _exit(128 + SIGPIPE)
    }
}
