/// Card-like digit runs in text that leaves the program (a plain-mode echo or message, a demo
/// recording), masked: a full card number never reaches a transcript or a `.cast` file, whatever
/// question or screen it was typed at.
///
/// A run is card-like when it has 12 digits or more (the shortest card number, Maestro's 12, to
/// the longest, 19, and beyond), with single spaces, dashes or dots allowed between digit groups
/// (`4000 0025 0000 1001`), standing alone as a word: not right after a letter, digit, `_` or `+`
/// (a payment id such as `pay_123456789012`, an international phone number `+971501234567`) and
/// not right before a letter, digit or `_`. In terminal output (``masked(_:mask:terminalOutput:)``
/// with `terminalOutput`), where escape sequences end in letters right before the text they style,
/// only `+` rules a run out. Every digit but the last four becomes `mask`; the separators stay, so
/// the text keeps its width. Unicode decimal digits (Arabic-Indic, full-width) count, as the
/// card-number normaliser counts them.
///
/// An amount is no card number: digits right after a currency symbol (`€9999999999.99`, as
/// ``MoneyText`` writes English money) or an ISO 4217 code and a space (`EUR 9999999999.99`, its
/// ASCII form), with a decimal part of two or three digits, are left as they are; digits that
/// follow the amount are looked at again (`€49.99 4000 0025 0000 1001` masks the card number).
///
///     CardLikeDigits.masked("There is no choice \"1234567890121001\"")
///     // "There is no choice \"••••••••••••1001\""
public enum CardLikeDigits {
    /// The fewest digits a run needs to be masked.
    public static let minimumDigits = 12

    /// `text` with every card-like run masked.
    public static func masked(_ text: String, mask: Unicode.Scalar = "•", terminalOutput: Bool = false) -> String {
        // Most text is ASCII with few digits: nothing to look at closely.
        var asciiDigits = 0
        var ascii = true
        for byte in text.utf8 {
            if byte >= 0x80 { ascii = false; break }
            if byte >= 0x30 && byte <= 0x39 { asciiDigits += 1 }
        }
        if ascii && asciiDigits < minimumDigits { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        result.reserveCapacity(scalars.count)
        var index = 0
        while index < scalars.count {
            guard isDigit(scalars[index]), index == 0 || (terminalOutput || !isWordLike(scalars[index - 1])) && scalars[index - 1] != "+" else {
                result.append(scalars[index])
                index += 1
                continue
            }
            if let length = amountLength(scalars, at: index) {
                result.append(contentsOf: scalars[index..<(index + length)])
                index += length
                continue
            }
            // The longest run of digits with single separators between them, from here.
            var end = index
            var digits: [Int] = []
            var cursor = index
            while cursor < scalars.count {
                if isDigit(scalars[cursor]) {
                    digits.append(cursor)
                    cursor += 1
                    end = cursor
                } else if isSeparator(scalars[cursor]), cursor + 1 < scalars.count, isDigit(scalars[cursor + 1]) {
                    cursor += 1
                } else {
                    break
                }
            }
            let standsAlone = terminalOutput || end == scalars.count || !isWordLike(scalars[end])
            let masking = standsAlone && digits.count >= minimumDigits ? Set(digits.dropLast(4)) : []
            for position in index..<end { result.append(masking.contains(position) ? mask : scalars[position]) }
            index = end
        }
        return String(result)
    }

    /// Whether `text` ends inside what may be the start of a card-like run (digits and separators
    /// after a word boundary), so a writer that cuts text into blocks can hold that tail back.
    /// Returns where that tail starts, or nil.
    public static func openRunStart(in bytes: [UInt8]) -> Int? {
        var start = bytes.count
        while start > 0, bytes[start - 1] >= 0x30 && bytes[start - 1] <= 0x39 || [0x20, 0x2D, 0x2E].contains(bytes[start - 1]) {
            start -= 1
            // A run is at most 19 digits and 18 separators; a longer tail is no open number.
            if bytes.count - start > 40 { return nil }
        }
        return start < bytes.count && bytes[start...].contains(where: { $0 >= 0x30 && $0 <= 0x39 }) ? start : nil
    }

    /// How many scalars from `start` are a formatted amount's number (`9999999999.99` after `€`
    /// or `EUR `), or nil: a currency symbol or code right before, digits, a dot and two or three
    /// digits, then no further digit.
    static func amountLength(_ scalars: [Unicode.Scalar], at start: Int) -> Int? {
        let afterSymbol = start >= 1 && scalars[start - 1].properties.generalCategory == .currencySymbol
        let afterCode = start >= 4 && scalars[start - 1] == " " && scalars[(start - 4)..<(start - 1)].allSatisfy { ("A"..."Z").contains($0) }
            && (start == 4 || !isWordLike(scalars[start - 5]))
        guard afterSymbol || afterCode else { return nil }
        var cursor = start
        while cursor < scalars.count, isDigit(scalars[cursor]) { cursor += 1 }
        guard cursor + 1 < scalars.count, scalars[cursor] == "." else { return nil }
        let fraction = cursor + 1
        cursor = fraction
        while cursor < scalars.count, isDigit(scalars[cursor]) { cursor += 1 }
        guard (2...3).contains(cursor - fraction) else { return nil }
        return cursor - start
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.numericType == .decimal
    }

    static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "-" || scalar == "."
    }

    static func isWordLike(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || isDigit(scalar)
    }
}
