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
    /// Digit groups for display, by PAN length (`[15: [4,6,5]]`); `defaultGrouping` otherwise.
    public var groupingByLength: [Int: [Int]]
    public var defaultGrouping: [Int]
    /// The security code's length and its name on this network's cards (CVV, CVC, CID, CVN, CVE, CVP2).
    public var cvvLength: Int?
    public var cvvLabel: String
    public var badge: BadgeColours

    public init(network: CardNetwork, displayName: String, ranges: [IINRange], excludedRanges: [IINRange] = [],
                lengths: [Int], groupingByLength: [Int: [Int]] = [:], defaultGrouping: [Int] = [4, 4, 4, 4, 3],
                cvvLength: Int?, cvvLabel: String, badge: BadgeColours) {
        self.network = network
        self.displayName = displayName
        self.ranges = ranges
        self.excludedRanges = excludedRanges
        self.lengths = lengths
        self.groupingByLength = groupingByLength
        self.defaultGrouping = defaultGrouping
        self.cvvLength = cvvLength
        self.cvvLabel = cvvLabel
        self.badge = badge
    }
}
