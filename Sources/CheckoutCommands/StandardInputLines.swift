import CheckoutCore
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// The lines of standard input, read on a thread of their own so a blocked read never holds up the
/// engine's or the components' work.
///
/// Lines are split by ``InputLineSplitter``: CRLF reads like LF, a last line without a newline
/// counts, a line that is not UTF-8 or longer than 1 MiB arrives as such rather than as text. The
/// reader stays at most ``aheadLimit`` bytes of lines ahead of the consumer, so a fast producer
/// cannot fill memory. The consumer takes the lines read so far in one batch, so a long input costs
/// a lock per batch rather than per line; a consumer on an actor yields it between batches, so the
/// actor's other work (timers, answers, payments ending) waits at most one batch behind the input. Before it waits for a line that has not arrived, standard
/// output is flushed and kept flushing (see ``StandardOutput/beginWaiting()``).
enum StandardInputLines {
    /// How far, in bytes of line text, the reading thread may run ahead of the consumer.
    static let aheadLimit = 256 * 1024

    static func stream() -> Lines {
        let queue = LineQueue()
        // A serial queue of its own: a thread that may block in read for as long as it likes.
        DispatchQueue(label: "checkout standard input").async {
            var splitter = InputLineSplitter()
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            reading: while true {
                let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break reading }
                let lines = chunk.withUnsafeBufferPointer { splitter.feed(UnsafeBufferPointer(rebasing: $0[..<count])) }
                if !lines.isEmpty { queue.deposit(lines) }
            }
            if let last = splitter.finish() { queue.deposit([last]) }
            queue.finish()
        }
        return Lines(queue: queue)
    }

    /// The lines as an async sequence.
    struct Lines: AsyncSequence {
        let queue: LineQueue

        struct AsyncIterator: AsyncIteratorProtocol {
            let queue: LineQueue
            var batch: [InputLine] = []
            var index = 0

            mutating func next() async -> InputLine? {
                await next(isolation: nil)
            }

            /// The next line, waiting on the caller's actor: a loop on an actor takes each line
            /// without leaving it, and lets the actor's other work run before each new batch.
            mutating func next(isolation actor: isolated (any Actor)?) async -> InputLine? {
                if index < batch.count {
                    defer { index += 1 }
                    return batch[index]
                }
                while true {
                    switch queue.take() {
                    case .lines(let lines):
                        // More lines were waiting as the last batch ran out: the input is streaming
                        // in, and the actor's other work gets its turn now (a wait gives it anyway).
                        let isStreaming = !batch.isEmpty
                        batch = lines
                        index = 1
                        if isStreaming { await Task.yield() }
                        return lines[0]
                    case .finished:
                        batch = []
                        index = 0
                        return nil
                    case .empty:
                        batch = []
                        StandardOutput.shared.beginWaiting()
                        await queue.waitForLines(isolation: actor)
                        StandardOutput.shared.endWaiting()
                    }
                }
            }
        }

        func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(queue: queue)
        }
    }

    /// The lines read and not yet taken, handed from the reading thread to the consumer.
    final class LineQueue: Sendable {
        enum Taken {
            case lines([InputLine])
            case empty
            case finished
        }

        private struct State {
            var lines: [InputLine] = []
            var bytes = 0
            var isFinished = false
            var consumer: CheckedContinuation<Void, Never>?
            var readerIsWaiting = false
        }

        private let state = Mutex(State())
        private let room = DispatchSemaphore(value: 0)

        /// Adds lines, first waiting (on the reading thread) while the consumer is far behind.
        func deposit(_ lines: [InputLine]) {
            let size = lines.reduce(0) { $0 + $1.size }
            while true {
                let consumer: CheckedContinuation<Void, Never>?? = state.withLock { state in
                    if !state.lines.isEmpty, state.bytes >= StandardInputLines.aheadLimit {
                        state.readerIsWaiting = true
                        return .none
                    }
                    state.lines.append(contentsOf: lines)
                    state.bytes += size
                    defer { state.consumer = nil }
                    return .some(state.consumer)
                }
                guard let consumer else {
                    room.wait()
                    continue
                }
                consumer?.resume()
                return
            }
        }

        func finish() {
            let consumer = state.withLock { state in
                state.isFinished = true
                defer { state.consumer = nil }
                return state.consumer
            }
            consumer?.resume()
        }

        /// Every line read so far, or why there is none.
        func take() -> Taken {
            let (taken, wakeReader): (Taken, Bool) = state.withLock { state in
                if !state.lines.isEmpty {
                    let lines = state.lines
                    state.lines = []
                    state.bytes = 0
                    defer { state.readerIsWaiting = false }
                    return (.lines(lines), state.readerIsWaiting)
                }
                return (state.isFinished ? .finished : .empty, false)
            }
            if wakeReader { room.signal() }
            return taken
        }

        /// Returns once lines have arrived or the input has ended.
        func waitForLines(isolation: isolated (any Actor)?) async {
            await withCheckedContinuation(isolation: isolation) { continuation in
                let ready = state.withLock { state in
                    guard state.lines.isEmpty, !state.isFinished else { return true }
                    state.consumer = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
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

    /// Roughly the memory the line holds, for the reader's limit.
    var size: Int {
        if case let .text(text) = self { return text.utf8.count + 16 }
        return 16
    }
}
