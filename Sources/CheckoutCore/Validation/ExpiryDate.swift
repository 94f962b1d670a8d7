import FoundationEssentials

/// A card's expiry month and year, parsed from what a person typed or pasted.
///
/// The one parser every front end and command uses (the card form, plain mode, `--expiry`,
/// `rawData.expiryDate`, `detect`'s JSON input). It takes the spellings people and their password
/// managers produce:
///
/// - `MMYY` and `MMYYYY`: digits only (`1230`, `122030`);
/// - a month of one or two digits, a separator, and a year of two or four digits: the separator is
///   `/`, `-` or `.`, spaces may stand around it, and spaces alone may separate (`12/30`, `12-30`,
///   `12/2030`, `12 / 30` and `12 / 2030`, the display format of Stripe's and Braintree's own
///   fields, `1/30`, `12 30`).
///
/// Digits may be any Unicode decimal digits (Arabic-Indic, full-width); spaces at either end are
/// ignored. A two-digit year is read in the century of the current year. The month is not
/// range-checked here (the validator says "month must be between 01 and 12").
///
///     ExpiryDate(parsing: "12 / 2030", currentYear: 2026)   // month 12, year 2030
///     ExpiryDate.canonicalText("1230", currentYear: 2026)  // "12/30"
public struct ExpiryDate: Sendable, Equatable, Hashable {
    public var month: Int
    public var year: Int

    public init(month: Int, year: Int) {
        self.month = month
        self.year = year
    }

    /// Parses `text`; nil when it has none of the accepted shapes.
    public init?(parsing text: String, now: Date, calendar: Calendar) {
        self.init(parsing: text, currentYear: calendar.component(.year, from: now))
    }

    /// Parses `text`, reading a two-digit year in the century of `currentYear`.
    public init?(parsing text: String, currentYear: Int) {
        guard let spelling = Self.spelling(of: text) else { return nil }
        let year = spelling.year.count == 2 ? Int(spelling.year)! + currentYear - currentYear % 100 : Int(spelling.year)!
        self.init(month: Int(spelling.month)!, year: year)
    }

    /// The month and year digits of an accepted spelling, as written (ASCII): the month one or two
    /// digits, the year two or four; nil for text of no accepted shape.
    public static func spelling(of text: String) -> (month: String, year: String)? {
        enum Place { case month, afterMonth, year, afterYear }
        var place = Place.month
        var month = "", year = ""
        var separated = false
        for scalar in text.unicodeScalars {
            if case .digit(let value) = CardNumberNormalizer.classify(scalar) {
                let digit = Unicode.Scalar(48 + value)
                switch place {
                case .month: month.unicodeScalars.append(digit)
                case .afterMonth, .year: place = .year; year.unicodeScalars.append(digit)
                case .afterYear: return nil
                }
                if month.utf8.count > 6 || year.utf8.count > 4 { return nil }
            } else if scalar == "/" || scalar == "-" || scalar == "." {
                guard !separated, !month.isEmpty, place == .month || place == .afterMonth else { return nil }
                separated = true
                place = .afterMonth
            } else if scalar.properties.isWhitespace {
                switch place {
                case .month: if !month.isEmpty { place = .afterMonth }
                case .year: place = .afterYear
                case .afterMonth, .afterYear: break
                }
            } else {
                return nil
            }
        }
        if year.isEmpty {
            // Digits only: `MMYY` or `MMYYYY`.
            guard !separated, month.utf8.count == 4 || month.utf8.count == 6 else { return nil }
            return (String(month.prefix(2)), String(month.dropFirst(2)))
        }
        guard (1...2).contains(month.utf8.count), year.utf8.count == 2 || year.utf8.count == 4 else { return nil }
        return (month, year)
    }

    /// The expiry as the card form shows it and sends it: the month on two digits, a slash, and the
    /// year as it was written (`12/30`, `01/2030`); nil for text of no accepted shape.
    public static func canonicalText(_ text: String) -> String? {
        guard let spelling = spelling(of: text) else { return nil }
        return (spelling.month.utf8.count == 1 ? "0" + spelling.month : spelling.month) + "/" + spelling.year
    }
}
