import NolPay
import Synchronization

/// The Nol system the loop talks to: it makes the Transit calls the screens ask for, each on a
/// task of its own, and keeps their answers for the loop, as ``EngineHost`` keeps the engine's
/// events. An answer wakes the loop; the loop hands it to the screen that asked.
///
/// A call counts as under way until the loop has taken its answer, so the headless clock holds
/// still and plain mode asks nothing while one is out.
@MainActor
final class TransitHost {
    let system: NolSystem
    private let inbox = TransitInbox()
    private let wake: @Sendable () -> Void
    /// Calls started whose answers the loop has not taken.
    private var outstanding = 0

    init(system: NolSystem, wake: @escaping @Sendable () -> Void) {
        self.system = system
        self.wake = wake
    }

    var isBusy: Bool { outstanding > 0 }

    /// Starts the call; its answer comes out of ``takeAnswers()``.
    func start(_ request: TransitRequest) {
        outstanding += 1
        let (system, inbox, wake) = (system, inbox, wake)
        // Off the main actor: the loop's thread sleeps in poll(2) until this wakes it.
        Task.detached {
            let answer = await system.perform(request.call)
            inbox.append(request.serial, answer)
            wake()
        }
    }

    /// The answers that came since the last call, in the order they came.
    func takeAnswers() -> [(serial: Int, answer: NolTransitAnswer)] {
        let answers = inbox.drain()
        outstanding -= answers.count
        return answers
    }
}

/// Answers waiting for the loop, each with the serial of the screen that asked.
final class TransitInbox: Sendable {
    private let answers = Mutex<[(serial: Int, answer: NolTransitAnswer)]>([])

    func append(_ serial: Int, _ answer: NolTransitAnswer) { answers.withLock { $0.append((serial, answer)) } }

    func drain() -> [(serial: Int, answer: NolTransitAnswer)] {
        answers.withLock { answers in
            defer { answers = [] }
            return answers
        }
    }
}
