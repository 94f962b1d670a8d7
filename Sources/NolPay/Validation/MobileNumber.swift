/// A mobile number in E.164 form, split into country calling code and national number.
///
/// National and international spellings of the same number normalise to one value; with the
/// default country +971, all of these are `+971501234567`:
///
///     MobileNumber.parse("050 123 4567")        // national, with the trunk 0
///     MobileNumber.parse("0501234567")
///     MobileNumber.parse("+971 50 123 4567")    // international
///     MobileNumber.parse("00971501234567")      // international, 00 prefix
public struct MobileNumber: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The country calling code without the plus, such as `971`.
    public var countryCode: String
    /// The national significant number, without the trunk 0, such as `501234567`.
    public var nationalNumber: String

    /// The default country for numbers typed without one: the United Arab Emirates, where Nol cards live.
    public static let defaultCountryCode = "971"

    public init(countryCode: String, nationalNumber: String) {
        self.countryCode = countryCode
        self.nationalNumber = nationalNumber
    }

    /// The number in E.164 form: `+971501234567`.
    public var e164: String { "+\(countryCode)\(nationalNumber)" }
    /// The number as the headless SDK shows it on its one-time-code step: `+971 501234567`.
    public var display: String { "+\(countryCode) \(nationalNumber)" }

    /// The number as a person reads it, in international groups: `+971 50 123 4567`.
    ///
    /// A UAE mobile is grouped as it is written there (5X XXX XXXX); other national numbers in
    /// threes, the last group taking a fourth digit rather than leaving one alone:
    /// `+1 415 555 0100`, `+44 770 090 0123`.
    public var grouped: String {
        let digits = Array(nationalNumber)
        var sizes: [Int]
        if countryCode == "971", digits.count == 9 {
            sizes = [2, 3, 4]
        } else {
            sizes = Array(repeating: 3, count: digits.count / 3)
            switch digits.count % 3 {
            case 0: break
            case 1 where !sizes.isEmpty: sizes[sizes.count - 1] += 1
            default: sizes.append(digits.count % 3)
            }
        }
        var groups: [String] = []
        var start = 0
        for size in sizes {
            groups.append(String(digits[start..<min(digits.count, start + size)]))
            start += size
        }
        return (["+\(countryCode)"] + groups).joined(separator: " ")
    }
    public var description: String { e164 }

    /// Why a typed number is not a mobile number.
    public enum Problem: Error, Sendable, Equatable {
        case blank
        case notValid
    }

    /// Normalises `text` to E.164, or says why it cannot.
    ///
    /// Spaces, dashes, dots and parentheses are separators; Unicode decimal digits count as digits;
    /// a leading `+` or `00` starts an international number, a leading `0` a national one.
    public static func parse(_ text: String, defaultCountryCode: String = defaultCountryCode) -> Result<MobileNumber, Problem> {
        var digits = ""
        var plus = false
        for character in text {
            if character == " " || character == "-" || character == "." || character == "(" || character == ")" || character == "\u{00A0}" {
                continue
            }
            if character == "+" && digits.isEmpty && !plus {
                plus = true
                continue
            }
            guard let value = character.wholeNumberValue, character.isNumber, (0...9).contains(value),
                  character.unicodeScalars.count == 1,
                  character.unicodeScalars.first?.properties.numericType == .decimal else {
                return .failure(.notValid)
            }
            digits.append(String(value))
            if digits.count > 20 { return .failure(.notValid) }
        }
        if digits.isEmpty { return plus ? .failure(.notValid) : .failure(.blank) }

        let international: String
        if plus {
            international = digits
        } else if digits.hasPrefix("00") {
            international = String(digits.dropFirst(2))
        } else if digits.hasPrefix("0") {
            international = defaultCountryCode + digits.dropFirst()
        } else {
            international = defaultCountryCode + digits
        }
        guard let first = international.first, first != "0" else { return .failure(.notValid) }

        let codeLength = callingCodeLength(international)
        let code = String(international.prefix(codeLength))
        let national = String(international.dropFirst(codeLength))
        guard international.count >= 8, international.count <= 15 else { return .failure(.notValid) }
        if code == "971" {
            // UAE mobile numbers are 5X XXX XXXX; landlines and short codes receive no SMS.
            guard national.count == 9, national.hasPrefix("5") else { return .failure(.notValid) }
        }
        return .success(MobileNumber(countryCode: code, nationalNumber: national))
    }

    /// How many leading digits of an international number are its country calling code (ITU-T E.164 zones).
    static func callingCodeLength(_ digits: String) -> Int {
        if digits.hasPrefix("1") || digits.hasPrefix("7") { return 1 }
        let two: Set<String> = ["20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45", "46",
                                "47", "48", "49", "51", "52", "53", "54", "55", "56", "57", "58", "60", "61", "62", "63",
                                "64", "65", "66", "81", "82", "84", "86", "90", "91", "92", "93", "94", "95", "98"]
        return two.contains(String(digits.prefix(2))) ? 2 : 3
    }
}
