import CheckoutCore
/// The simulated NFC reader: a person taps a card on it, a scan reads the tapped card.
///
/// A tap before the scan starts waits on the reader (the card is already held to the phone). Tests
/// script failures with ``failNextRead(_:)``; a scan nobody taps for ends after the read timeout,
/// measured on the injected clock.
public actor SimulatedNolReader {
    /// A scripted failure for the next scan.
    public enum Fault: Sendable, Equatable {
        /// The card answers garbage: the read fails at once.
        case readError
        /// The card never answers: the read fails after the timeout.
        case noResponse
    }

    private let clock: any Clock<Duration>
    private let timeout: Duration
    private var heldCard: String?
    private var faults: [Fault] = []
    private var waiter: (id: Int, continuation: CheckedContinuation<String, any Error>)?
    private var nextWaiterID = 0

    public init(clock: any Clock<Duration>, timeout: Duration) {
        self.clock = clock
        self.timeout = timeout
    }

    /// Whether a scan is waiting for a card to be tapped.
    public var isWaitingForTap: Bool { waiter != nil }

    /// Whether the next scan ends without waiting for a tap (a card is held, or a failure is scripted).
    public var answersWithoutTap: Bool { heldCard != nil || !faults.isEmpty }

    /// Holds `cardNumber` to the reader; a waiting scan reads it at once.
    public func tap(_ cardNumber: String) {
        if let waiter {
            self.waiter = nil
            waiter.continuation.resume(returning: cardNumber)
        } else {
            heldCard = cardNumber
        }
    }

    /// Makes the next scan fail in the given way.
    public func failNextRead(_ fault: Fault) {
        faults.append(fault)
    }

    /// Reads the tapped card, waiting for a tap up to the timeout.
    func read() async throws -> String {
        if !faults.isEmpty {
            switch faults.removeFirst() {
            case .readError:
                throw Self.readFailed
            case .noResponse:
                try await clock.sleep(for: timeout)
                throw Self.timedOut
            }
        }
        if let card = heldCard {
            heldCard = nil
            return card
        }
        nextWaiterID += 1
        let id = nextWaiterID
        let timer = Task { [clock, timeout] in
            do { try await clock.sleep(for: timeout) } catch { return }
            self.expire(id, with: Self.timedOut)
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiter = (id, continuation)
                }
            }
        } onCancel: {
            Task { await self.expire(id, with: CancellationError()) }
        }
    }

    private func expire(_ id: Int, with error: any Error) {
        guard let waiter, waiter.id == id else { return }
        self.waiter = nil
        waiter.continuation.resume(throwing: error)
    }

    static let readFailed = TransitError(code: "tag-read-failed", message: "The card could not be read.",
                                         recoverySuggestion: "Hold the card still against the reader and scan again.")
        .saying(LocalizedText(.nolErrReadFailed), LocalizedText(.nolErrReadFailedAdvice))
    static let timedOut = TransitError(code: "tag-read-timeout", message: "No card was tapped in time.",
                                       recoverySuggestion: "Scan again and tap the card while the reader is waiting.")
        .saying(LocalizedText(.nolErrTimedOut), LocalizedText(.nolErrTimedOutAdvice))
}
