import Foundation

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
        var digits: [Int] = []
        var slashAt: Int?
        for scalar in text.unicodeScalars {
            if case .digit(let value) = CardNumberNormalizer.classify(scalar) {
                digits.append(Int(value))
            } else if scalar == "/", slashAt == nil {
                slashAt = digits.count
            } else {
                return nil
            }
            if digits.count > 6 { return nil }
        }
        if let slashAt, slashAt != 2 { return nil }
        guard digits.count == 4 || digits.count == 6 else { return nil }
        let month = digits[0] * 10 + digits[1]
        var year = digits[2...].reduce(0) { $0 * 10 + $1 }
        if digits.count == 4 {
            let currentYear = calendar.component(.year, from: now)
            year += currentYear - currentYear % 100
        }
        self.init(month: month, year: year)
    }
}
