/// What the digits of a card number typed so far say about it: whether it is complete, and how many
/// digits it may take. The one rule of the card form (typing and pasting), plain mode and
/// `checkout drive` (Docs/card-entry.md, "When the number is complete").
///
/// A number is **complete** when it is valid (its network's check digit, a length its networks
/// issue, an accepted network) and has the length its BIN data gives (the embedded table's
/// `number_length`, a BIN service's answer) or, without one, its networks' usual length
/// (`usualLength` in networks.json: Visa 16, Amex 15…). Digits typed after a complete number belong
/// to the next field, as Stripe's and Primer's card fields have it. Where a network issues several
/// lengths and nothing says which (Maestro's 12 to 19), a valid number **may be whole**: the form
/// does not move on by itself and says so.
public struct CardNumberCompleteness: Sendable, Equatable {
    public enum State: Sendable, Equatable {
        /// More digits are needed (or the ones there are wrong).
        case incomplete
        /// Valid at the length its BIN data or its networks' usual length gives: nothing more belongs to it.
        case complete
        /// Valid, and longer numbers are possible: nothing says which length this card has.
        case mayBeWhole
    }

    public var state: State
    /// The most digits the number takes: the BIN data's length, else its networks' usual length,
    /// else the longest length they issue (19 when no network claims the digits).
    public var limit: Int
    /// The networks whose lengths set ``limit`` (for the words said when a digit past it is refused).
    public var networks: [CardNetwork]
    /// True when ``limit`` is a usual length, below the longest its networks issue.
    public var limitIsUsual: Bool

    public init(state: State, limit: Int, networks: [CardNetwork], limitIsUsual: Bool = false) {
        self.state = state
        self.limit = limit
        self.networks = networks
        self.limitIsUsual = limitIsUsual
    }

    public var isComplete: Bool { state == .complete }
}

extension CardValidator {
    /// The completeness of `digits` (ASCII digits) given what the engine last resolved for them:
    /// a BIN answer (`REMOTE`) gives the networks and, where it says, the length; local rules
    /// otherwise.
    public func completeness(ofDigits digits: String, metadata: CardNumberEntryMetadata?) -> CardNumberCompleteness {
        let upper = Self.cardNumberLengths.upperBound
        let count = digits.utf8.count
        let networks = cardNetworks(digits: digits, metadata: metadata).filter { $0 != .other }
        let valid = count > 0 && validateCardNumber(digits, metadata: metadata) == nil
        if let metadata, metadata.source == .remote, let length = metadata.numberLength {
            let limit = min(upper, length)
            return CardNumberCompleteness(state: valid && count >= limit ? .complete : .incomplete, limit: limit, networks: networks)
        }
        let longest = min(upper, networks.compactMap { catalogue.info($0).lengths.max() }.max() ?? upper)
        let usual = networks.map { catalogue.usualLength(of: $0, digits: digits) }
        // Every network agrees on a usual length (co-badged candidates may differ: the longest counts).
        if !usual.isEmpty, !usual.contains(nil), let length = usual.compactMap({ $0 }).max(), length <= longest {
            return CardNumberCompleteness(state: valid && count >= length ? .complete : .incomplete, limit: length,
                                          networks: networks, limitIsUsual: length < longest)
        }
        let state: CardNumberCompleteness.State = !valid ? .incomplete : count >= longest ? .complete : .mayBeWhole
        return CardNumberCompleteness(state: state, limit: longest, networks: networks)
    }
}
