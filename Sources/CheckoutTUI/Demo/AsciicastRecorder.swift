import CheckoutCore
import FoundationEssentials
import Glibc
import Synchronization

/// Writes what the terminal was sent as an asciicast v2 file: a JSON header (version, width,
/// height, title, command), then one `[time, "o", data]` line per block of output, the time in
/// seconds on the demo's clock.
///
/// The blocks are exactly the bytes written to the terminal, in order; a block that ends inside a
/// UTF-8 character keeps that character's first bytes for the next one, so every line's data is
/// valid UTF-8 and the bytes as a whole are unchanged.
///
///     let recorder = try AsciicastRecorder(path: "demo.cast", width: 80, height: 24,
///                                          title: "checkout demo cobadge", command: "checkout demo cobadge") { clock.now.offset }
public final class AsciicastRecorder: Sendable {
    private struct State {
        var file: Int32
        var carry: [UInt8] = []
        var lastTime: Double = 0
    }

    private let state: Mutex<State>
    private let time: @Sendable () -> Duration

    public init(path: String, width: Int, height: Int, title: String, command: String,
                time: @escaping @Sendable () -> Duration) throws {
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw RecordingError(reason: String(cString: strerror(errno))) }
        let header: JSONValue = .object([
            ("version", .integer(2)), ("width", .integer(width)), ("height", .integer(height)),
            ("timestamp", .integer(Int(Date().timeIntervalSince1970))), ("title", .string(title)), ("command", .string(command)),
            ("env", .object([("TERM", .string(ProcessEnvironment.value("TERM") ?? "xterm-256color"))])),
        ])
        Self.write(header.serialized() + "\n", to: file)
        state = Mutex(State(file: file))
        self.time = time
    }

    /// The sink to hand the terminal adapter.
    public var sink: TerminalOutputSink { TerminalOutputSink { [self] bytes in record(bytes) } }

    /// Adds one block of output.
    public func record(_ bytes: UnsafeRawBufferPointer) {
        let offset = time()
        state.withLock { state in
            var block = state.carry + Array(bytes)
            let cut = Self.completeUTF8Prefix(block)
            state.carry = Array(block[cut...])
            block.removeSubrange(cut...)
            guard !block.isEmpty else { return }
            let seconds = max(state.lastTime, Double(offset.components.seconds) + Double(offset.components.attoseconds) / 1e18)
            state.lastTime = seconds
            let text = String(decoding: block, as: UTF8.self)
            let line: JSONValue = .array([.number((seconds * 1_000_000).rounded() / 1_000_000), .string("o"), .string(text)])
            Self.write(line.serialized() + "\n", to: state.file)
        }
    }

    /// Writes what is left and closes the file.
    public func finish() {
        state.withLock { state in
            if !state.carry.isEmpty {
                let line: JSONValue = .array([.number(state.lastTime), .string("o"), .string(String(decoding: state.carry, as: UTF8.self))])
                Self.write(line.serialized() + "\n", to: state.file)
                state.carry = []
            }
            close(state.file)
        }
    }

    /// Why the recording file cannot be written.
    public struct RecordingError: Error, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// Writes all of `text`, retrying after interruptions (a recording is best effort: a full disk
    /// leaves it short).
    private static func write(_ text: String, to file: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(file, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
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
