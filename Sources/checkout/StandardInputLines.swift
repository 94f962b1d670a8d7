import CheckoutCore
import Foundation

/// The lines of standard input, read on a thread of their own so a blocked read never holds up the
/// engine's or the components' work.
///
/// Lines are split by ``InputLineSplitter``: CRLF reads like LF, a last line without a newline
/// counts, a line that is not UTF-8 or longer than 1 MiB arrives as such rather than as text. The
/// reader stays at most a few lines ahead of the consumer, so a fast producer cannot fill memory.
enum StandardInputLines {
    static func stream() -> Lines {
        let (stream, continuation) = AsyncStream<InputLine>.makeStream()
        let room = DispatchSemaphore(value: 16)
        let thread = Thread {
            var splitter = InputLineSplitter()
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            func deliver(_ line: InputLine) {
                room.wait()
                continuation.yield(line)
            }
            reading: while true {
                let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break reading }
                for line in chunk.withUnsafeBufferPointer({ splitter.feed(UnsafeBufferPointer(rebasing: $0[..<count])) }) {
                    deliver(line)
                }
            }
            if let last = splitter.finish() { deliver(last) }
            continuation.finish()
        }
        thread.start()
        return Lines(stream: stream, room: room)
    }

    /// The lines as an async sequence; taking a line lets the reader read one more.
    struct Lines: AsyncSequence {
        let stream: AsyncStream<InputLine>
        let room: DispatchSemaphore

        struct AsyncIterator: AsyncIteratorProtocol {
            var base: AsyncStream<InputLine>.AsyncIterator
            let room: DispatchSemaphore

            mutating func next() async -> InputLine? {
                let line = await base.next()
                if line != nil { room.signal() }
                return line
            }
        }

        func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(base: stream.makeAsyncIterator(), room: room)
        }
    }
}

extension InputLine {
    /// Why the line cannot be read, for a one-line message that never quotes the line; nil for text.
    var problem: String? {
        switch self {
        case .text: return nil
        case .notUTF8: return "not UTF-8 text; skipped"
        case let .tooLong(bytes): return "\(bytes) bytes, longer than the 1 MiB a line may have; skipped"
        }
    }
}
