extension String {
    /// The text without the whitespace Foundation's `CharacterSet.whitespaces` holds at either end:
    /// exactly what `trimmingCharacters(in: .whitespaces)` returns, without a trip through
    /// `NSString` (validation runs this on every edit of a card form).
    ///
    /// Those characters are the tab and the space separators (Unicode category Zs), and U+200B
    /// ZERO WIDTH SPACE, which Foundation still counts as one.
    ///
    ///     "\u{00A0} Jane Doe\t".trimmingWhitespace()   // "Jane Doe"
    public func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !Self.isWhitespace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !Self.isWhitespace($0) })!
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }

    /// The text without `CharacterSet.whitespacesAndNewlines` at either end: what
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` returns (``isWhitespace(_:)`` and the line
    /// breaks U+000A–U+000D, U+0085, U+2028 and U+2029).
    public func trimmingWhitespaceAndNewlines() -> String {
        let scalars = unicodeScalars
        let trimmed: (Unicode.Scalar) -> Bool = { Self.isWhitespace($0) || Self.isNewline($0) }
        guard let first = scalars.firstIndex(where: { !trimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !trimmed($0) })!
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }

    /// Whether `scalar` is one of `CharacterSet.newlines`.
    public static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Whether `scalar` is one of `CharacterSet.whitespaces`.
    public static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09: return true
        case 0..<0x80: return false
        case 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
