/// An inclusive range of IIN prefixes of one length, such as 2221–2720 (4 digits) or 401178 (6).
public struct IINRange: Sendable, Equatable, Hashable {
    public var low: UInt64
    public var high: UInt64
    /// How many leading digits the bounds cover.
    public var digits: Int

    public init(low: UInt64, high: UInt64, digits: Int) {
        self.low = low
        self.high = high
        self.digits = digits
    }
}

/// A length for the numbers of an IIN range (nil: several, and nothing says which).
public struct RangeLength: Sendable, Equatable, Hashable {
    public var range: IINRange
    public var length: Int?

    public init(range: IINRange, length: Int?) {
        self.range = range
        self.length = length
    }
}

extension IINRange {
    /// Whether the ASCII `digits` begin with a prefix in this range (they need at least ``digits`` of them).
    public func matches(_ digits: String) -> Bool {
        guard digits.utf8.count >= self.digits else { return false }
        var value: UInt64 = 0
        for byte in digits.utf8.prefix(self.digits) {
            guard byte >= 48, byte <= 57 else { return false }
            value = value * 10 + UInt64(byte - 48)
        }
        return (low...high).contains(value)
    }
}

/// A badge's colours, as terminal colour names (`black red green yellow blue magenta cyan white`).
public struct BadgeColours: Sendable, Equatable, Hashable {
    public var foreground: String
    public var background: String
    public init(foreground: String, background: String) {
        self.foreground = foreground
        self.background = background
    }
}

/// Everything the catalogue knows about one network.
public struct NetworkInfo: Sendable, Equatable {
    public var network: CardNetwork
    public var displayName: String
    /// Local IIN ranges; empty for networks known only from BIN data (Cartes Bancaires, eftpos…).
    public var ranges: [IINRange]
    /// IIN ranges carved out of this network (Maestro's Elo and Verve BINs).
    public var excludedRanges: [IINRange]
    /// Allowed PAN lengths.
    public var lengths: [Int]
    /// The length this network's numbers have unless BIN data says otherwise: a number is complete
    /// at it (``CardValidator/completeness(ofDigits:metadata:)``); nil where the network issues
    /// several lengths and nothing says which (Maestro's 12 to 19).
    public var usualLength: Int?
    /// IIN ranges whose numbers usually have another length (JCB's 1800 and 2131: 15; Diners
    /// Club's 36: 14); the first range the digits begin with wins over ``usualLength``.
    public var usualLengthByRange: [RangeLength]
    /// Digit groups for display, by PAN length (`[15: [4,6,5]]`); `defaultGrouping` otherwise.
    public var groupingByLength: [Int: [Int]]
    public var defaultGrouping: [Int]
    /// The security code's length and its name on this network's cards (CVV, CVC, CID, CVN, CVE, CVP2).
    public var cvvLength: Int?
    public var cvvLabel: String
    public var badge: BadgeColours

    public init(network: CardNetwork, displayName: String, ranges: [IINRange], excludedRanges: [IINRange] = [],
                lengths: [Int], usualLength: Int? = nil, usualLengthByRange: [RangeLength] = [], groupingByLength: [Int: [Int]] = [:], defaultGrouping: [Int] = [4, 4, 4, 4, 3],
                cvvLength: Int?, cvvLabel: String, badge: BadgeColours) {
        self.network = network
        self.displayName = displayName
        self.ranges = ranges
        self.excludedRanges = excludedRanges
        self.lengths = lengths
        self.usualLength = usualLength
        self.usualLengthByRange = usualLengthByRange
        self.groupingByLength = groupingByLength
        self.defaultGrouping = defaultGrouping
        self.cvvLength = cvvLength
        self.cvvLabel = cvvLabel
        self.badge = badge
    }
}
