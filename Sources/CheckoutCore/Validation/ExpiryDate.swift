import FoundationEssentials

/// A card's expiry month and year, parsed from what a person typed.
///
/// Accepts `MM/YY`, `MM/YYYY`, `MMYY` and `MMYYYY` (any Unicode decimal digits). A two-digit year
/// is read in the century of `now`.
public struct ExpiryDate: Sendable, Equatable, Hashable {
    public var month: Int
    public var year: Int

    public init(month: Int, year: Int) {
        self.month = month
        self.year = year
    }

    /// Parses `text`; nil when it has none of the accepted shapes. The month is not range-checked.
    public init?(parsing text: String, now: Date, calendar: Calendar) {
        self.init(parsing: text, currentYear: calendar.component(.year, from: now))
    }

    /// Parses `text`, reading a two-digit year in the century of `currentYear`.
    public init?(parsing text: String, currentYear: Int) {
        var count = 0
        var month = 0
        var year = 0
        var slashAt: Int?
        for scalar in text.unicodeScalars {
            if case .digit(let value) = CardNumberNormalizer.classify(scalar) {
                if count < 2 { month = month * 10 + Int(value) } else { year = year * 10 + Int(value) }
                count += 1
            } else if scalar == "/", slashAt == nil {
                slashAt = count
            } else {
                return nil
            }
            if count > 6 { return nil }
        }
        if let slashAt, slashAt != 2 { return nil }
        guard count == 4 || count == 6 else { return nil }
        if count == 4 {
            year += currentYear - currentYear % 100
        }
        self.init(month: month, year: year)
    }
}
