import Synchronization

/// Hands every event to every subscriber: each ``subscribe()`` gets its own unbounded stream.
///
/// Subscribers see the events sent after they subscribed, in the order they were sent. After
/// ``finish()`` every stream ends once drained, and new subscriptions end at once.
final class EventBroadcaster<Event: Sendable>: Sendable {
    private struct Subscribers {
        var lastID = 0
        var continuations: [Int: AsyncStream<Event>.Continuation] = [:]
        var isFinished = false
    }

    private let subscribers = Mutex(Subscribers())

    func subscribe() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        let id: Int? = subscribers.withLock { state in
            guard !state.isFinished else { return nil }
            state.lastID += 1
            state.continuations[state.lastID] = continuation
            return state.lastID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    func send(_ event: Event) {
        let continuations = subscribers.withLock { Array($0.continuations.values) }
        for continuation in continuations { continuation.yield(event) }
    }

    func finish() {
        let continuations = subscribers.withLock { state -> [AsyncStream<Event>.Continuation] in
            state.isFinished = true
            defer { state.continuations = [:] }
            return Array(state.continuations.values)
        }
        for continuation in continuations { continuation.finish() }
    }
}
