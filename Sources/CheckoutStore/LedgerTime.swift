/// Ledger times (seconds since 1970, UTC, as stored) written as `2026-11-29T17:53:36Z` and read back.
///
/// Done by hand with the proleptic Gregorian calendar rather than with a date formatter: a listing
/// formats one time per row, and a formatter costs more than the rest of the row.
///
///     LedgerTime.iso8601(1_764_438_816)         // "2025-11-29T17:53:36Z"
///     LedgerTime.parse("2025-11-29")            // 1_764_374_400 (midnight UTC)
public enum LedgerTime {
    /// The length of every formatted time.
    public static let length = 20
    /// The times that have four-digit years: 0001-01-01T00:00:00Z through 9999-12-31T23:59:59Z.
    static let range: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

    /// Appends the time, rounded down to the second, as `YYYY-MM-DDTHH:MM:SSZ`; times outside
    /// years 1–9999 (only a hand-edited file holds them) are clamped to that range.
    public static func append(_ seconds: Double, to bytes: inout [UInt8]) {
        let whole: Int64
        if !seconds.isFinite { whole = 0 } else if seconds <= Double(range.lowerBound) { whole = range.lowerBound } else if seconds >= Double(range.upperBound) { whole = range.upperBound } else { whole = Int64(seconds.rounded(.down)) }
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let secondOfDay = whole - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        func digits(_ value: Int64, _ count: Int) {
            var divisor: Int64 = 1
            for _ in 1..<count { divisor *= 10 }
            var value = value
            while divisor > 0 {
                bytes.append(UInt8(48 + value / divisor))
                value %= divisor
                divisor /= 10
            }
        }
        digits(year, 4); bytes.append(0x2D); digits(month, 2); bytes.append(0x2D); digits(day, 2)
        bytes.append(0x54)
        digits(secondOfDay / 3600, 2); bytes.append(0x3A); digits(secondOfDay / 60 % 60, 2); bytes.append(0x3A)
        digits(secondOfDay % 60, 2)
        bytes.append(0x5A)
    }

    /// The time as `YYYY-MM-DDTHH:MM:SSZ`.
    public static func iso8601(_ seconds: Double) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        append(seconds, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads `YYYY-MM-DD` (midnight UTC), or that followed by `T` or a space and `HH:MM` or
    /// `HH:MM:SS`, optionally ending in `Z`; all UTC. Nil for anything else, or a date that does
    /// not exist (`2025-02-30`).
    public static func parse(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int64? {
            guard start + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[start..<(start + count)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return value
        }
        guard bytes.count >= 10, bytes[4] == 0x2D, bytes[7] == 0x2D,
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              year >= 1, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        var seconds = days(fromCivil: year, month, day) * 86_400
        var rest = bytes[10...]
        if rest.last == 0x5A, rest.count > 0 { rest = rest.dropLast() }
        if rest.isEmpty { return Double(seconds) }
        let time = Array(rest)
        guard time.count == 6 || time.count == 9, time[0] == 0x54 || time[0] == 0x20, time[3] == 0x3A else { return nil }
        func field(_ start: Int) -> Int64? {
            guard start + 2 <= time.count, (0x30...0x39).contains(time[start]), (0x30...0x39).contains(time[start + 1]) else { return nil }
            return Int64(time[start] - 0x30) * 10 + Int64(time[start + 1] - 0x30)
        }
        guard let hour = field(1), let minute = field(4), hour < 24, minute < 60 else { return nil }
        var second: Int64 = 0
        if time.count == 9 {
            guard time[6] == 0x3A, let value = field(7), value < 60 else { return nil }
            second = value
        }
        seconds += hour * 3600 + minute * 60 + second
        return Double(seconds)
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a Gregorian date; eras of 400 years (146,097 days) repeat exactly,
    /// and counting years from March puts the leap day last.
    static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The Gregorian date of a day counted from 1970-01-01; the inverse of ``days(fromCivil:_:_:)``.
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
