import Synchronization

/// Hands every event to every subscriber: a stream each (``subscribe()``), or a handler called as
/// the event is sent (``subscribe(_:)``).
///
/// Subscribers see the events sent after they subscribed, in the order they were sent. After
/// ``finish()`` every stream ends once drained, and new subscriptions end at once.
final class EventBroadcaster<Event: Sendable>: Sendable {
    private struct Subscriber {
        let receive: @Sendable (Event) -> Void
        let finish: @Sendable () -> Void
    }

    private struct Subscribers {
        var lastID = 0
        var all: [Int: Subscriber] = [:]
        var isFinished = false
    }

    private let subscribers = Mutex(Subscribers())

    /// A stream of its own (unbounded: a slow consumer holds up nobody).
    func subscribe() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        guard let id = add(Subscriber(receive: { continuation.yield($0) }, finish: { continuation.finish() })) else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.all.removeValue(forKey: id) }
        }
        return stream
    }

    /// `handler` is called with each event on the sender's thread, before ``send(_:)`` returns: no
    /// task to wake per event.
    func subscribe(_ handler: @escaping @Sendable (Event) -> Void) {
        _ = add(Subscriber(receive: handler, finish: {}))
    }

    private func add(_ subscriber: Subscriber) -> Int? {
        subscribers.withLock { state in
            guard !state.isFinished else { return nil }
            state.lastID += 1
            state.all[state.lastID] = subscriber
            return state.lastID
        }
    }

    func send(_ event: Event) {
        let subscribers = subscribers.withLock { Array($0.all.values) }
        for subscriber in subscribers { subscriber.receive(event) }
    }

    func finish() {
        let subscribers = subscribers.withLock { state -> [Subscriber] in
            state.isFinished = true
            defer { state.all = [:] }
            return Array(state.all.values)
        }
        for subscriber in subscribers { subscriber.finish() }
    }
}
