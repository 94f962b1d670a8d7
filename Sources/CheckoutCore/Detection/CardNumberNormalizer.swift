/// The result of normalising typed card-number text.
public enum NormalizedCardNumber: Sendable, Equatable {
    /// Only digits and separators were typed: the ASCII digits, separators dropped.
    case digits(String)
    /// Something else was typed: the ASCII digits seen before it.
    case malformed(String)

    /// The digits either way.
    public var digits: String {
        switch self {
        case .digits(let digits), .malformed(let digits): return digits
        }
    }

    /// Whether the text held something other than digits and separators.
    public var isMalformed: Bool {
        if case .malformed = self { return true }
        return false
    }
}

/// Turns typed card-number text into ASCII digits.
///
/// Spaces, dashes and dots (including their Unicode variants such as no-break space, en dash and
/// full-width full stop) separate digit groups and are dropped. Every Unicode decimal digit
/// (Arabic-Indic, Devanagari, full-width…) counts as the digit it stands for. Anything else makes the
/// number malformed. Runs in linear time and never traps, whatever the input.
///
///     CardNumberNormalizer.normalize("4111 1111-1111.1111")  // .digits("4111111111111111")
///     CardNumberNormalizer.normalize("٤٢٤٢")                 // .digits("4242")
///     CardNumberNormalizer.normalize("4242x")                // .malformed("4242")
public enum CardNumberNormalizer {
    public static func normalize(_ raw: String) -> NormalizedCardNumber {
        // ASCII digits only, as the form and the engine hand them at every key: the text is its own
        // digits (appending them a scalar at a time was 2.7 k instructions a call, three calls a key).
        if isASCIIDigits(raw) { return .digits(raw) }
        var digits = ""
        for scalar in raw.unicodeScalars {
            switch classify(scalar) {
            case .digit(let value): digits.unicodeScalars.append(Unicode.Scalar(48 + value))
            case .separator: continue
            case .other: return .malformed(digits)
            }
        }
        return .digits(digits)
    }

    /// The first `limit` ASCII digits of `text`, whatever else it holds: every Unicode decimal digit
    /// counts as the digit it stands for (as in ``normalize(_:)``), anything else is dropped. The one
    /// digit filter of the program (a pasted code, a duration, a card number from an event).
    ///
    ///     CardNumberNormalizer.asciiDigits(in: "12 ab ٣٤")          // "1234"
    ///     CardNumberNormalizer.asciiDigits(in: "123456", limit: 4)  // "1234"
    public static func asciiDigits(in text: String, limit: Int = .max) -> String {
        if text.utf8.count <= limit, isASCIIDigits(text) { return text }
        var digits = ""
        var count = 0
        for scalar in text.unicodeScalars where count < limit {
            if case .digit(let value) = classify(scalar) {
                digits.unicodeScalars.append(Unicode.Scalar(48 + value))
                count += 1
            }
        }
        return digits
    }

    /// Whether every byte of `text` is an ASCII digit (true for the empty text).
    static func isASCIIDigits(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
    }

    /// What one character of typed card-number text is.
    public enum ScalarKind: Sendable, Equatable {
        case digit(UInt8)
        case separator
        case other
    }

    /// Classifies one Unicode scalar of typed card-number text.
    public static func classify(_ scalar: Unicode.Scalar) -> ScalarKind {
        let value = scalar.value
        if value < 0x80 {
            switch value {
            case 0x30...0x39: return .digit(UInt8(value - 0x30))
            case 0x20, 0x2D, 0x2E: return .separator
            default: return .other
            }
        }
        let properties = scalar.properties
        if properties.numericType == .decimal, let number = properties.numericValue,
           number >= 0, number <= 9, number == number.rounded() {
            return .digit(UInt8(number))
        }
        switch properties.generalCategory {
        case .spaceSeparator, .dashPunctuation: return .separator
        default: break
        }
        switch value {
        case 0x2212, 0xFF0E, 0x2024, 0x3002, 0xFF61: return .separator
        default: return .other
        }
    }
}

/// The Luhn (mod 10) check every card network applies to its numbers.
public enum Luhn {
    /// Whether ASCII `digits` pass the check; `false` for empty or non-digit input.
    public static func isValid(_ digits: String) -> Bool {
        var sum = 0
        var double = false
        var count = 0
        for byte in digits.utf8.reversed() {
            guard byte >= 48, byte <= 57 else { return false }
            var digit = Int(byte - 48)
            if double {
                digit *= 2
                if digit > 9 { digit -= 9 }
            }
            sum += digit
            double.toggle()
            count += 1
        }
        return count > 0 && sum % 10 == 0
    }
}
