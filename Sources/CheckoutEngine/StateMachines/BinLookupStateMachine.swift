import CheckoutCore

/// The BIN lookup bookkeeping of a ``RawDataManager`` as a pure state machine: which BIN the
/// current number has, what is known about it, which lookups are in flight, which answers are cached.
///
/// Rules it enforces:
/// - one lookup per BIN at a time: a BIN already in flight is joined, never asked again;
/// - successes (answers with at least one network) are cached for the life of the machine, even
///   when they arrive too late to be shown, so a BIN that answered is never asked again;
/// - when the input settles (``settle()``), lookups for BINs other than the current one are cancelled;
/// - an answer is shown only while its BIN is the current one, whatever order answers arrive in;
///   an answer for a BIN the user has left is cached (if a success) and otherwise dropped.
///
/// The owner turns the returned ``Outcome``s into events and the ``Settlement`` into tasks.
struct BinLookupStateMachine: Sendable {
    /// Identifies one lookup, so that a late report of a cancelled or timed-out lookup is recognised.
    struct LookupID: Hashable, Sendable, Comparable {
        var rawValue: Int
        static func < (lhs: LookupID, rhs: LookupID) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// What is known about the current number's networks.
    enum Current: Sendable, Equatable {
        /// Fewer than 8 digits (or not a number): local rules.
        case short
        /// A BIN nobody has answered yet, waiting for the input to settle: local rules meanwhile.
        case waiting(bin: String)
        /// A lookup for this BIN runs and the owner has announced it (`willFetchMetadata`).
        case fetching(bin: String)
        /// The BIN service answered for this BIN.
        case remote(BinAnswer)
        /// The lookup failed, timed out or knew nothing: local rules as `LOCAL_FALLBACK`.
        case fallback(bin: String)

        var bin: String? {
            switch self {
            case .short: return nil
            case let .waiting(bin), let .fetching(bin), let .fallback(bin): return bin
            case let .remote(answer): return answer.firstDigits
            }
        }
    }

    /// What the owner should show after an input.
    enum Outcome: Sendable, Equatable {
        /// Nothing changed that the owner must act on.
        case none
        /// Show local metadata for the current digits.
        case showLocal
        /// Show this answer (source REMOTE).
        case showRemote(BinAnswer)
        /// Show local metadata as `LOCAL_FALLBACK`.
        case showFallback
    }

    /// What the owner should do when the input has settled.
    struct Settlement: Sendable, Equatable {
        /// Lookups to cancel: the user has typed away from their BINs.
        var cancel: [LookupID] = []
        /// A lookup to start (its BIN and id), or nil when the current BIN needs none.
        var start: (bin: String, id: LookupID)?
        /// Whether to announce a lookup for the current number (`willFetchMetadata`).
        var announce = false

        static func == (lhs: Settlement, rhs: Settlement) -> Bool {
            lhs.cancel == rhs.cancel && lhs.start?.bin == rhs.start?.bin && lhs.start?.id == rhs.start?.id
                && lhs.announce == rhs.announce
        }
    }

    /// How a lookup ended.
    enum LookupResult: Sendable, Equatable {
        case answered(BinAnswer?)
        case failed
        case timedOut
    }

    private(set) var current: Current = .short
    private(set) var inFlight: [String: LookupID] = [:]
    private(set) var cache: [String: BinAnswer] = [:]
    private var lastID = 0

    /// Whether an announced lookup for the current number is still running.
    var isFetchingCurrent: Bool {
        if case .fetching = current { return true }
        return false
    }

    /// The current number's BIN changed (`nil`: fewer than 8 digits).
    mutating func binChanged(to bin: String?) -> Outcome {
        guard let bin else {
            current = .short
            return .showLocal
        }
        if let answer = cache[bin] {
            current = .remote(answer)
            return .showRemote(answer)
        }
        current = .waiting(bin: bin)
        return .showLocal
    }

    /// The input settled: cancel lookups the user typed away from, and look the current BIN up
    /// unless it is answered or already being looked up.
    mutating func settle() -> Settlement {
        var settlement = Settlement()
        let currentBin = current.bin
        for (bin, id) in inFlight where bin != currentBin {
            settlement.cancel.append(id)
            inFlight[bin] = nil
        }
        settlement.cancel.sort()
        guard case let .waiting(bin) = current else { return settlement }
        current = .fetching(bin: bin)
        settlement.announce = true
        if inFlight[bin] == nil {
            lastID += 1
            let id = LookupID(rawValue: lastID)
            inFlight[bin] = id
            settlement.start = (bin, id)
        }
        return settlement
    }

    /// A lookup ended. Reports of lookups that were cancelled or already ended are ignored.
    mutating func lookupEnded(bin: String, id: LookupID, result: LookupResult) -> Outcome {
        var answer: BinAnswer?
        if case let .answered(.some(received)) = result, !received.networks.isEmpty {
            // The cache key is the BIN asked for, whatever `firstDigits` the service echoed. An answer
            // that came too late to be shown is still true, so it is kept for the next time.
            let normalised = BinAnswer(firstDigits: bin, networks: received.networks, numberLength: received.numberLength)
            cache[bin] = normalised
            answer = normalised
        }
        guard inFlight[bin] == id else { return .none }
        inFlight[bin] = nil
        switch current {
        case .fetching(bin):
            if let answer {
                current = .remote(answer)
                return .showRemote(answer)
            }
            current = .fallback(bin: bin)
            return .showFallback
        case .waiting(bin):
            // The user came back to this BIN while its old lookup ran; the input has not settled yet.
            if let answer {
                current = .remote(answer)
                return .showRemote(answer)
            }
            return .none
        default:
            return .none
        }
    }
}
