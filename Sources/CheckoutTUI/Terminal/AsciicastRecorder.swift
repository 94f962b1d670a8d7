import CheckoutStore
import CheckoutApp
import CheckoutCore
import FoundationEssentials
import Glibc
import Synchronization

/// Writes what the terminal was sent as an asciicast v2 file: a JSON header (version, width,
/// height, title, command), then one `[time, "o", data]` line per block of output, the time in
/// seconds on the demo's clock.
///
/// The blocks are the bytes written to the terminal, in order, with two changes: card-like digit
/// runs are masked (``CardLikeDigits``; a run a block ends inside waits for the next block, so a
/// number written in two pieces is masked whole), and nothing is recorded once ``stop()`` is called
/// (the demo calls it when the person takes the keyboard: what is typed by hand, a digit at a time,
/// is never in the file). A block that ends inside a UTF-8 character keeps that character's first
/// bytes for the next one, so every line's data is valid UTF-8.
///
/// The file is created private (0600), never through a link (`O_NOFOLLOW`) and only as a regular
/// file (`/dev/full` or a FIFO is refused); a write that fails (a full disk) stops the recording and
/// is kept in ``failure`` for the caller to report.
///
///     let recorder = try AsciicastRecorder(path: "demo.cast", width: 80, height: 24,
///                                          title: "checkout demo cobadge", command: "checkout demo cobadge") { clock.now.offset }
public final class AsciicastRecorder: Sendable {
    private struct State {
        var file: Int32
        var carry: [UInt8] = []
        var lastTime: Double = 0
        var stopped = false
        /// Why a write failed (`No space left on device`); nil while all is written.
        var failure: String?
    }

    private let state: Mutex<State>
    private let time: @Sendable () -> Duration

    public init(path: String, width: Int, height: Int, title: String, command: String,
                time: @escaping @Sendable () -> Duration) throws {
        // Non-blocking open: a FIFO nobody reads is refused (ENXIO) rather than waited on.
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard file >= 0 else {
            throw RecordingError(reason: errno == ELOOP ? "it is a symbolic link; checkout does not write a recording through one"
                                                        : String(cString: strerror(errno)))
        }
        // A recording is a file: a FIFO, a device (/dev/full, /dev/zero) or a socket is refused.
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            let kind = info.st_mode & S_IFMT == S_IFIFO ? "a FIFO" : info.st_mode & S_IFMT == S_IFCHR ? "a character device" : "not a file"
            close(file)
            throw RecordingError(reason: "\(kind), not a regular file")
        }
        _ = fcntl(file, F_SETFL, fcntl(file, F_GETFL) & ~O_NONBLOCK)
        // An existing file keeps its mode through O_CREAT: narrowed here, as a new one is.
        fchmod(file, 0o600)
        let header: JSONValue = .object([
            ("version", .integer(2)), ("width", .integer(width)), ("height", .integer(height)),
            ("timestamp", .integer(Int(Date().timeIntervalSince1970))), ("title", .string(title)), ("command", .string(command)),
            ("env", .object([("TERM", .string(ProcessEnvironment.value("TERM") ?? "xterm-256color"))])),
        ])
        var initial = State(file: file)
        Self.write(header.serialized() + "\n", to: &initial)
        if let failure = initial.failure {
            close(file)
            throw RecordingError(reason: failure)
        }
        state = Mutex(initial)
        self.time = time
    }

    /// The sink to hand the terminal adapter.
    public var sink: TerminalOutputSink { TerminalOutputSink { [self] bytes in record(bytes) } }

    /// Why the recording could not be written, or nil.
    public var failure: String? { state.withLock { $0.failure } }

    /// Adds one block of output.
    public func record(_ bytes: UnsafeRawBufferPointer) {
        let offset = time()
        state.withLock { state in
            guard !state.stopped else { return }
            var block = state.carry + Array(bytes)
            var cut = Self.completeUTF8Prefix(block)
            if let open = CardLikeDigits.openRunStart(in: Array(block[..<cut])) { cut = open }
            state.carry = Array(block[cut...])
            block.removeSubrange(cut...)
            guard !block.isEmpty else { return }
            let seconds = max(state.lastTime, Double(offset.components.seconds) + Double(offset.components.attoseconds) / 1e18)
            state.lastTime = seconds
            Self.writeEvent(block, at: (seconds * 1_000_000).rounded() / 1_000_000, to: &state)
        }
    }

    /// Records nothing more from now on (what is held back is written first).
    public func stop() {
        state.withLock { state in
            Self.writeCarry(&state)
            state.stopped = true
        }
    }

    /// Writes what is left and closes the file.
    public func finish() {
        state.withLock { state in
            Self.writeCarry(&state)
            state.stopped = true
            close(state.file)
        }
    }

    /// Why the recording file cannot be written.
    public struct RecordingError: Error, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    private static func writeCarry(_ state: inout State) {
        guard !state.stopped, !state.carry.isEmpty else { return }
        writeEvent(state.carry, at: state.lastTime, to: &state)
        state.carry = []
    }

    /// One `[time, "o", data]` line, its card-like digits masked.
    private static func writeEvent(_ block: [UInt8], at seconds: Double, to state: inout State) {
        let text = CardLikeDigits.masked(String(decoding: block, as: UTF8.self), mask: "*", terminalOutput: true)
        let line: JSONValue = .array([.number(seconds), .string("o"), .string(text)])
        write(line.serialized() + "\n", to: &state)
    }

    /// Writes all of `text`, retrying after interruptions; a failure stops the recording and is kept.
    private static func write(_ text: String, to state: inout State) {
        guard state.failure == nil else { return }
        var text = text
        let file = state.file
        let failure: String? = text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(file, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return written < 0 ? String(cString: strerror(errno)) : "nothing could be written" }
                offset += written
            }
            return nil
        }
        if let failure {
            state.failure = failure
            state.stopped = true
        }
    }

    /// How many bytes from the start of `bytes` end on a character boundary: an incomplete UTF-8
    /// sequence at the end is left out (up to three bytes).
    static func completeUTF8Prefix(_ bytes: [UInt8]) -> Int {
        var index = bytes.count
        var back = 0
        while index > 0, back < 4 {
            let byte = bytes[index - 1]
            if byte & 0xC0 == 0x80 {
                index -= 1
                back += 1
                continue
            }
            if byte >= 0xC0 {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                // The lead byte and its continuations: complete when all are there.
                return back + 1 >= length ? bytes.count : index - 1
            }
            return bytes.count
        }
        return bytes.count
    }
}

extension Canvas {
    /// Every card-like digit run of every row masked as a recording masks it (``CardLikeDigits``,
    /// `*`), the cells keeping their styles and columns. Each row is read as it is shown, so a
    /// number is found whole however it was drawn, and in whichever direction.
    public mutating func maskCardLikeDigits() {
        let direction = self.direction
        self.direction = .leftToRight
        defer { self.direction = direction }
        for row in 0..<height {
            let columns = (0..<width).filter { !self[row, $0].isContinuation }
            let shown = String(columns.map { self[row, $0].character })
            let masked = Array(CardLikeDigits.masked(shown, mask: "*"))
            guard masked.count == columns.count else { continue }
            for (column, character) in zip(columns, masked) where character != self[row, column].character {
                put(String(character), row: row, column: column, style: self[row, column].style)
            }
        }
    }
}
