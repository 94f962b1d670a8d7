/// Unicode isolates around the numbers in a right-to-left sentence, so each number reads left to
/// right as one piece wherever a reader shows it.
///
/// Plain mode prints sentences in logical order: screen readers, braille displays and terminals
/// that do their own bidi (see Docs/languages.md) apply the Unicode Bidirectional Algorithm
/// themselves. In an Arabic sentence that algorithm keeps each run of digits left to right but lays
/// runs separated by spaces or bullets out from right to left (digits count as right-to-left for the
/// neutral characters between them, UAX #9 rule N1), so `4000 0025 0000 1001` would read
/// `1001 0000 0025 4000` and `•••• 1001` would read `1001 ••••`. A LEFT-TO-RIGHT ISOLATE (U+2066)
/// … POP DIRECTIONAL ISOLATE (U+2069) around the whole number keeps it in place (UAX #9 §2.7).
///
/// A number here is digits of any script, with mask bullets (`•`), joined by single separators
/// (space, no-break spaces, `.` `,` `/` `-` `:` and the Arabic decimal and thousands separators)
/// between them: card numbers and their masked forms, amounts, dates, times, codes, phone numbers
/// with their leading `+`, and a currency symbol written against the number (`€49.99`). Text
/// already inside an isolate is left as it is, so applying this twice changes nothing.
///
///     BidiIsolation.isolatingNumbers("البطاقة •••• 1001")   // "البطاقة \u{2066}•••• 1001\u{2069}"
///     BidiIsolation.isolatingNumbers("رمز التحقق 123456")    // "رمز التحقق \u{2066}123456\u{2069}"
public enum BidiIsolation {
    public static let leftToRightIsolate: Unicode.Scalar = "\u{2066}"
    public static let rightToLeftIsolate: Unicode.Scalar = "\u{2067}"
    public static let firstStrongIsolate: Unicode.Scalar = "\u{2068}"
    public static let popDirectionalIsolate: Unicode.Scalar = "\u{2069}"

    public static let rightToLeftMark: Unicode.Scalar = "\u{200F}"

    /// `line` as a right-to-left paragraph for a reader that takes each line's direction from
    /// its first strong character outside isolates (UAX #9 rules P2 and P3: what VTE, Konsole and
    /// mlterm do with bidi on, and screen readers): a RIGHT-TO-LEFT MARK first when that character is
    /// not already right to left, so an Arabic sentence that starts with `Visa`, a number or a
    /// bracket is laid out from the right as the rest are. A line with no letter at all gets one too.
    ///
    ///     BidiIsolation.startingRightToLeft("Visa مقبولة")     // "\u{200F}Visa مقبولة"
    ///     BidiIsolation.startingRightToLeft("البطاقة مقبولة")  // unchanged
    public static func startingRightToLeft(_ line: String) -> String {
        var depth = 0
        for scalar in line.unicodeScalars {
            switch scalar {
            case leftToRightIsolate, rightToLeftIsolate, firstStrongIsolate: depth += 1; continue
            case popDirectionalIsolate: depth = max(0, depth - 1); continue
            case rightToLeftMark, "\u{061C}": if depth == 0 { return line }
            case "\u{200E}": if depth == 0 { return String(rightToLeftMark) + line }
            default: break
            }
            guard depth == 0, scalar.properties.isAlphabetic else { continue }
            return isRightToLeftLetter(scalar) ? line : String(rightToLeftMark) + line
        }
        return line.isEmpty ? line : String(rightToLeftMark) + line
    }

    /// Hebrew, Arabic, Syriac, Thaana, N’Ko… and their presentation forms: the scripts whose
    /// letters are strong right to left (Bidi_Class R or AL). Digits are not letters, so never here.
    static func isRightToLeftLetter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value) || (0xFE70...0xFEFF).contains(value)
            || (0x10800...0x10FFF).contains(value) || (0x1E800...0x1EFFF).contains(value)
    }

    /// `text` with every number outside an isolate wrapped in LRI … PDI.
    public static func isolatingNumbers(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var depth = 0
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case leftToRightIsolate, rightToLeftIsolate, firstStrongIsolate: depth += 1
            case popDirectionalIsolate: depth = max(0, depth - 1)
            default: break
            }
            if depth == 0, let end = numberEnd(scalars, from: index) {
                result.append(leftToRightIsolate)
                result.append(contentsOf: scalars[index..<end])
                result.append(popDirectionalIsolate)
                index = end
            } else {
                result.append(scalar)
                index += 1
            }
        }
        return String(result)
    }

    /// Where the number starting at `start` ends (exclusive); nil when none starts there.
    static func numberEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        // A leading + (a phone number) or currency symbol, right against the number.
        if isLead(scalars[index]) {
            guard index + 1 < scalars.count, isUnit(scalars[index + 1]) else { return nil }
            index += 1
        }
        guard isUnit(scalars[index]) else { return nil }
        // Only a number that starts here: not the tail of a word ("ISO4217") or of a run refused before.
        if start > 0, isPartOfWord(scalars[start - 1]) || isUnit(scalars[start - 1]) { return nil }
        var hasDigit = false
        var end = index
        while index < scalars.count {
            if isUnit(scalars[index]) {
                hasDigit = hasDigit || isDigit(scalars[index])
                index += 1
                end = index
            } else if isSeparator(scalars[index]), index + 1 < scalars.count, isUnit(scalars[index + 1]) {
                index += 1
            } else {
                break
            }
        }
        guard hasDigit else { return nil }
        // A currency symbol or percent sign written right after the number belongs to it.
        if end < scalars.count, isTrail(scalars[end]) { end += 1 }
        // Digits that begin a word ("3DS", "2FA") are part of the word.
        if end < scalars.count, isPartOfWord(scalars[end]) { return nil }
        return end
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.numericType == .decimal }

    static func isUnit(_ scalar: Unicode.Scalar) -> Bool { isDigit(scalar) || scalar == "•" }

    static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\u{00A0}", "\u{202F}", "\u{2009}", ".", ",", "/", "-", ":", "\u{066B}", "\u{066C}": true
        default: false
        }
    }

    static func isLead(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "+" || scalar.properties.generalCategory == .currencySymbol
    }

    static func isTrail(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "%" || scalar.properties.generalCategory == .currencySymbol
    }

    static func isPartOfWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar == "_"
    }
}
