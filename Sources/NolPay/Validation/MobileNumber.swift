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

    /// The number as a person reads it, in its country's international format: `+971 50 123 4567`,
    /// `+44 7700 900123`, `+33 6 12 34 56 78`, `+1 415-555-0100`.
    ///
    /// The groups of a country's mobile numbers come from ``mobileFormats``; a number of another
    /// country, or of another length, keeps its national number whole rather than be grouped by
    /// a rule that is not its own.
    public var grouped: String {
        guard let format = Self.mobileFormats.first(where: { $0.countryCode == countryCode && $0.matches(nationalNumber) }) else {
            return "+\(countryCode) \(nationalNumber)"
        }
        var groups: [String] = []
        var rest = Substring(nationalNumber)
        for size in format.groups {
            groups.append(String(rest.prefix(size)))
            rest = rest.dropFirst(size)
        }
        return "+\(countryCode) " + groups.joined(separator: format.separator)
    }

    /// How one country writes its mobile numbers internationally: the national number's length,
    /// its leading digits, the sizes of its groups and what stands between them.
    struct MobileFormat: Sendable {
        var countryCode: String
        var length: Int
        var leadingDigits: Set<Character>
        var groups: [Int]
        var separator = " "

        func matches(_ national: String) -> Bool {
            national.count == length && national.first.map(leadingDigits.contains) == true
        }
    }

    /// Mobile formats from Google's libphonenumber metadata, as published in python-phonenumbers
    /// (`python/phonenumbers/data/region_XX.py`, the `number_format` whose `leading_digits_pattern`
    /// covers the `mobile` pattern):
    /// AE `(5[056])(\d{3})(\d{4})`; SA `(5\d)(\d{3})(\d{4})`; GB `(7\d{3})(\d{6})`;
    /// FR `([1-79])(\d{2})(\d{2})(\d{2})(\d{2})`; IN `(\d{5})(\d{5})` for 6–9;
    /// US and the rest of +1 `(\d{3})(\d{3})(\d{4})` as `\1-\2-\3` (its `intl_number_format`).
    static let mobileFormats: [MobileFormat] = [
        MobileFormat(countryCode: "971", length: 9, leadingDigits: ["5"], groups: [2, 3, 4]),
        MobileFormat(countryCode: "966", length: 9, leadingDigits: ["5"], groups: [2, 3, 4]),
        MobileFormat(countryCode: "44", length: 10, leadingDigits: ["7"], groups: [4, 6]),
        MobileFormat(countryCode: "33", length: 9, leadingDigits: ["6", "7"], groups: [1, 2, 2, 2, 2]),
        MobileFormat(countryCode: "91", length: 10, leadingDigits: ["6", "7", "8", "9"], groups: [5, 5]),
        MobileFormat(countryCode: "1", length: 10, leadingDigits: ["2", "3", "4", "5", "6", "7", "8", "9"], groups: [3, 3, 4], separator: "-"),
    ]
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
