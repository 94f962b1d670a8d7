import CheckoutCore
import Synchronization

extension RawDataManager {
    /// Something a caller hands the manager without waiting: raw data as typed, or a submit.
    public enum Input: Sendable, Equatable {
        case rawData(CardData)
        case submit
    }

    /// The raw data as last set through this property, which a synchronous caller (a text field's
    /// change handler, a delegate callback, any thread) sets without `await`.
    ///
    /// Each set is applied in the order it was made, after every earlier one, however the threads
    /// and tasks that made them are scheduled: a keystroke can never overtake the one before it.
    /// The setter returns at once; the events follow on the stream. The getter returns the newest
    /// value set, applied or not, so `manager.rawData.cardNumber += "1"` types one more digit.
    ///
    ///     manager.rawData = CardData(cardNumber: "4000 0025", expiryDate: "12/30", cvv: "123")
    ///     manager.rawData.cardNumber += " 0000 1001"
    ///     manager.post(.submit)            // pays with the sixteen digits, never with eight
    public nonisolated var rawData: CardData {
        get { inbox.latest }
        set { post(.rawData(newValue)) }
    }

    /// Queues `input` behind every input posted before it and returns at once: the ordered,
    /// synchronous way in (``setRawData(_:)`` and ``submit()`` are its awaited equivalents, and
    /// apply whatever was posted before them first).
    public nonisolated func post(_ input: Input) {
        if inbox.post(input) {
            Task { await self.applyInbox() }
        }
    }

    /// Forgets the card for the next one: the raw data becomes empty (posted like any other
    /// input). The manager keeps its subscribers, delegates, BIN answers and processor, unlike
    /// ``finish()``, which ends it for good.
    public nonisolated func reset() {
        rawData = CardData()
    }

    /// Applies every input posted so far, now: when `await manager.applyPosted()` returns, their
    /// events have been emitted (a test or a script moving time on can wait for that first).
    public func applyPosted() {
        applyInbox()
    }

    /// Applies the posted inputs, oldest first. Every isolated entry point calls it before doing its
    /// own work, so a call made after a post sees that post; the calls it makes itself return here
    /// without applying (an input is never applied before the one in progress has finished).
    func applyInbox() {
        guard inbox.beginApplying() else { return }
        while let input = inbox.next() {
            switch input {
            case let .rawData(data): setRawData(data)
            case .submit: submit()
            }
        }
    }

    /// The queue behind ``post(_:)``: a lock-protected list, so posting needs no actor hop.
    final class Inbox: Sendable {
        private struct State {
            var pending: [Input] = []
            var latest = CardData()
            /// A task that will apply the queue has been started and has not found it empty yet.
            var applyScheduled = false
            var isApplying = false
        }

        private let state = Mutex(State())

        var latest: CardData { state.withLock { $0.latest } }

        /// Whether an input is posted and not applied yet.
        var hasPending: Bool { state.withLock { !$0.pending.isEmpty } }

        /// Queues `input`; true when the caller must start a task to apply the queue.
        func post(_ input: Input) -> Bool {
            state.withLock { state in
                if case let .rawData(data) = input { state.latest = data }
                state.pending.append(input)
                defer { state.applyScheduled = true }
                return !state.applyScheduled
            }
        }

        /// False when the queue is being applied already (a call from an input being applied).
        func beginApplying() -> Bool {
            state.withLock { state in
                guard !state.isApplying else { return false }
                state.isApplying = true
                return true
            }
        }

        /// The oldest queued input; nil, and applying over, when there is none.
        func next() -> Input? {
            state.withLock { state in
                guard !state.pending.isEmpty else {
                    state.isApplying = false
                    state.applyScheduled = false
                    return nil
                }
                return state.pending.removeFirst()
            }
        }
    }
}
