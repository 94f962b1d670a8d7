import CheckoutCore
import CheckoutEngine

/// The card engine's events and the Nol flows' as they fired, newest last, with every card number masked.
public struct EventLog: Sendable, Equatable {
    /// One logged event: its position in the run, its seed name and a one-line summary.
    public struct Entry: Sendable, Equatable {
        public var sequence: Int
        public var name: String
        public var summary: String
    }

    public private(set) var entries: [Entry] = []
    private var nextSequence = 1
    /// Older entries are dropped beyond this many.
    public let capacity: Int

    public init(capacity: Int = 500) { self.capacity = capacity }

    /// Appends an event.
    public mutating func append(_ event: CheckoutEvent) {
        let (name, summary) = Self.describe(event)
        append(name: name, summary: summary)
    }

    /// Appends an event that did not come from the card engine (a Nol Pay step, an SMS); the caller
    /// masks any card number in `summary`.
    public mutating func append(name: String, summary: String) {
        entries.append(Entry(sequence: nextSequence, name: name, summary: summary))
        nextSequence += 1
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
    }

    static func describe(_ event: CheckoutEvent) -> (String, String) {
        switch event {
        case .dataIsValid(let isValid, let errors):
            let ids = errors.map(\.errorId).joined(separator: ", ")
            return ("dataIsValid", isValid ? "valid" : "invalid: \(ids)")
        case .willFetchMetadata(let state):
            return ("willFetchMetadata", CardNumberMask.mask(state.cardNumber))
        case .didReceiveMetadata(let metadata, let state):
            let networks = metadata.detectedCardNetworks.items.map(\.network.rawValue).joined(separator: ",")
            let choice = metadata.selectableCardNetworks.map { " selectable:" + $0.items.map(\.network.rawValue).joined(separator: ",") } ?? ""
            return ("didReceiveMetadata", "\(CardNumberMask.mask(state.cardNumber)) \(metadata.source.rawValue) [\(networks)]\(choice)")
        case .didReceiveBinData(let binData):
            let preferred = binData.preferred?.network.rawValue ?? "none"
            return ("didReceiveBinData", "\(binData.status.rawValue) \(binData.firstDigits ?? "-") preferred:\(preferred)")
        case .checkoutCompleted(let payment):
            return ("checkoutCompleted", "\(payment.id) \(payment.status.rawValue) \(payment.network.rawValue) •••• \(payment.last4Digits)")
        case .checkoutFailed(let error):
            return ("checkoutFailed", "\(error.errorId): \(error.description)")
        }
    }
}

/// Masks a card number for display outside its field: the first six and, for a number of 13 digits
/// or more, the last four stay; every other digit becomes `•`, in groups of four.
///
///     CardNumberMask.mask("4111111111111111") // "4111 11•• •••• 1111"
///     CardNumberMask.mask("40000025")         // "4000 00••"
public enum CardNumberMask {
    public static func mask(_ number: String) -> String {
        let digits = Array(number.filter(\.isNumber))
        let keepTail = digits.count >= 13 ? 4 : 0
        var masked = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, index % 4 == 0 { masked.append(" ") }
            masked.append(index < 6 || index >= digits.count - keepTail ? digit : "•")
        }
        return masked
    }

    /// How a finished payment names its card: `•••• 1001`.
    public static func lastFour(_ last4: String) -> String { "•••• " + last4 }
}
