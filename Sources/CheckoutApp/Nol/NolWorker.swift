import CheckoutStore
import NolPay
import Synchronization

/// Runs the Nol screens' Transit calls off the UI loop and keeps their answers until the screen
/// collects them on its next animation tick.
///
/// Screens stay plain values: they hand an effect to the worker, say they are animating while it
/// is out (so the runtime ticks them), and feed each answer back into their state machine.
public final class NolWorker: Sendable {
    /// An answer for a screen: the flow's completion and the newest SMS at that moment.
    public struct Answer: Sendable {
        public var completion: any Sendable
        public var sms: NolSMSRecord?
    }

    public let transit: SimulatedTransit
    public let amount: Int
    private let state = Mutex<(answers: [Answer], running: [Int: Task<Void, Never>], next: Int)>(([], [:], 0))

    public init(transit: SimulatedTransit, amount: Int) {
        self.transit = transit
        self.amount = amount
    }

    /// How many Transit calls were started so far: every one answers a key the person pressed.
    public var callsStarted: Int { state.withLock { $0.next } }

    /// Whether a call started is still out.
    public var isWaiting: Bool { state.withLock { !$0.running.isEmpty } }

    /// Starts `job`; its answer comes out of ``collect()``.
    func run(_ job: @escaping @Sendable () async -> any Sendable) {
        let transit = self.transit
        state.withLock { state in
            state.next += 1
            let id = state.next
            state.running[id] = Task { [weak self] in
                let completion = await job()
                let sms = try? transit.store.messages().last
                self?.state.withLock { state in
                    state.running[id] = nil
                    state.answers.append(Answer(completion: completion, sms: sms))
                }
            }
        }
    }

    /// The answers that arrived since the last call.
    func collect() -> [Answer] {
        state.withLock { state in
            defer { state.answers = [] }
            return state.answers
        }
    }

    /// Waits until every call made so far has answered (for tests).
    public func waitUntilAnswered() async {
        while let task = state.withLock({ $0.running.values.first }) {
            await task.value
        }
    }
}

extension NolWorker {
    /// The worker's calls as work the loop waits for: busy while one is out, and settled by waiting
    /// for every answer, so a headless run shows each answer at once, whatever the call took.
    @MainActor
    public func loopWork() -> (isBusy: @MainActor () -> Bool, settle: @MainActor () async -> Bool) {
        var collected = callsStarted
        return (isBusy: { self.isWaiting }, settle: {
            if self.isWaiting { await self.waitUntilAnswered() }
            let moved = self.callsStarted != collected
            collected = self.callsStarted
            return moved
        })
    }
}
