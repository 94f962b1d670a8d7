/// How many terminal columns a character takes: 0 for combining marks and controls, 2 for East
/// Asian wide and emoji presentation characters, 1 otherwise.
///
/// Pure Swift so that layout and tests do not depend on the process locale (C's `wcwidth` answers
/// -1 for wide characters unless a UTF-8 locale is set, and the locale is process-global).
///
///     DisplayWidth.of("カード") // 6
///     DisplayWidth.of("Café")   // 4
public enum DisplayWidth {
    /// The columns one scalar takes.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value == 0 { return 0 }
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200B || (0xFE00...0xFE0F).contains(value) { return 0 }
        if isWide(value) { return 2 }
        return 1
    }

    /// The columns a character (grapheme cluster) takes: the width of its first scalar, or 2 when
    /// an emoji presentation selector makes it wide or it is a flag (two regional indicators).
    public static func of(_ character: Character) -> Int {
        // ASCII (and CR LF, one character whose scalars are both controls) needs no scalar walk.
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii != 0x7F ? 1 : 0 }
        var scalars = character.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return 0 }
        // Most characters are one scalar: no selector to look for.
        while let next = scalars.next() {
            if next.value == 0xFE0F { return first.properties.isEmoji ? 2 : of(first) }
            if isRegionalIndicator(first.value), isRegionalIndicator(next.value) { return 2 }
        }
        return of(first)
    }

    private static func isRegionalIndicator(_ value: UInt32) -> Bool { (0x1F1E6...0x1F1FF).contains(value) }

    /// The columns a string takes.
    ///
    /// A text of scalars none of which joins a neighbour into a character (``unjoinedWidth(_:)``:
    /// Latin, the punctuation, arrows, box drawing and symbols the screens draw) is measured scalar
    /// by scalar, with no grapheme breaking; any other text character by character.
    public static func of(_ text: String) -> Int {
        var total = 0
        for scalar in text.unicodeScalars {
            guard let width = unjoinedWidth(scalar.value) else { return text.reduce(0) { $0 + of($1) } }
            total += width
        }
        return total
    }

    /// The columns of a scalar that is a character on its own whatever stands beside it, or nil for
    /// one that may join a neighbour (a combining mark, a joiner, a selector, a regional indicator,
    /// Hangul jamo, any script not listed). Below U+0300 none joins (CR LF aside: both controls of
    /// width 0); nor do General Punctuation's dashes, quotes, spaces and marks (U+2010–U+2027,
    /// U+202F–U+205E), the currency signs, and the symbol blocks U+2100–U+27BF (letterlike,
    /// arrows, mathematical, technical, box drawing, blocks, geometric shapes, dingbats), Braille
    /// and U+2B00–U+2BFF: none of them has a Grapheme_Cluster_Break other than Other (UAX #29),
    /// and without a ZWJ or a selector beside it an Extended_Pictographic one stands alone.
    static func unjoinedWidth(_ value: UInt32) -> Int? {
        if value < 0x300 { return value < 0x20 || (0x7F..<0xA0).contains(value) ? 0 : 1 }
        switch value {
        case 0x2010...0x2027, 0x202F...0x205E, 0x20A0...0x20C0, 0x2100...0x27BF, 0x2800...0x28FF, 0x2B00...0x2BFF:
            return isWide(value) ? 2 : 1
        default:
            return nil
        }
    }

    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
             0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
             0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
             0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
             0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
             0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18AFF,
             0x1B000...0x1B2FF, 0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251,
             0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393,
             0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4, 0x1F3F8...0x1F43E,
             0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567,
             0x1F57A, 0x1F595...0x1F596, 0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC,
             0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC,
             0x1F7E0...0x1F7EB, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF,
             0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
