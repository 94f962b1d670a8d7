import Synchronization

/// A clock that moves only when its owner calls ``advance(by:)``: time in tests never comes from
/// sleeping, and a demo's time runs at the speed its player sets (or at once, headless).
///
/// Sleepers whose deadline is reached are resumed in deadline order. `advance` then yields a few
/// times so the resumed tasks can run before the test asserts.
///
///     let clock = ManualClock()
///     Task { try await clock.sleep(for: .milliseconds(200)) ; print("woke") }
///     await clock.advance(by: .milliseconds(200))   // prints "woke"
public final class ManualClock: Clock, Sendable {
    public struct Instant: InstantProtocol, Sendable {
        public var offset: Duration
        public init(offset: Duration) { self.offset = offset }
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var id: UInt64
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        var cancelled: Set<UInt64> = []
    }

    private let state = Mutex(State())

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on this clock right now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline a task sleeps until, if any: what a loop moving this clock waits for
    /// (the demo's debounce and BIN latency timers run on it).
    public var nextDeadline: Instant? { state.withLock { $0.sleepers.map(\.deadline).min() } }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { s -> UInt64 in s.nextID += 1; return s.nextID }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Result<Void, any Error>? = state.withLock { s in
                    if s.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= s.now { return .success(()) }
                    s.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let resumeNow { continuation.resume(with: resumeNow) }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLock { s in
                if let index = s.sleepers.firstIndex(where: { $0.id == id }) {
                    return s.sleepers.remove(at: index)
                }
                s.cancelled.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration`, waking every sleeper whose deadline has come, in order.
    public func advance(by duration: Duration) async {
        let target = now.advanced(by: duration)
        while true {
            let due: Sleeper? = state.withLock { s in
                guard let index = s.sleepers.indices.min(by: { s.sleepers[$0].deadline < s.sleepers[$1].deadline }),
                      s.sleepers[index].deadline <= target else { return nil }
                let sleeper = s.sleepers.remove(at: index)
                s.now = max(s.now, sleeper.deadline)
                return sleeper
            }
            guard let due else { break }
            due.continuation.resume()
            await settle()
        }
        state.withLock { $0.now = max($0.now, target) }
        await settle()
    }

    /// Lets tasks that are ready run (a bounded number of yields).
    public func settle(_ rounds: Int = 50) async {
        for _ in 0..<rounds { await Task.yield() }
    }
}
