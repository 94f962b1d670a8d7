/// What the terminal adapter writes for one cell of a canvas, so that the terminal shows exactly
/// the columns the canvas laid out and nothing it cannot display.
///
/// - In ASCII mode (a non-UTF-8 locale) only printable ASCII is written: any other character
///   becomes `?` (a wide one `? `), so no byte of UTF-8 reaches a terminal that would show it as
///   garbage. Screens already draw their own symbols in ASCII there; this guard catches what the
///   user typed (an `é` in a name shows as `?`).
/// - In Unicode mode a character is written whole when the C library's widths of its scalars add
///   up to the canvas width (a letter and its accents; a flag, two regional indicators of one
///   column each, over its two cells). Otherwise its first scalar and the zero-width scalars that
///   follow it are written, up to the four combining characters a curses cell holds (a ZWJ family
///   shows its first person), as long as the C library measures that first scalar as the canvas
///   did; a character it measures differently (an emoji newer than its tables) becomes `?`, padded
///   to the canvas width, so the rest of the row never shifts.
public enum TerminalCellText {
    /// The text for `cell` of display width `width` (1 or 2); `cWidth` is the C library's `wcwidth`.
    public static func text(for character: Character, width: Int, ascii: Bool, cWidth: (Unicode.Scalar) -> Int) -> String {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return " " }
        let placeholder = "?" + String(repeating: " ", count: max(0, width - 1))
        if ascii {
            return first.isASCII && first.value >= 0x20 && first.value < 0x7F && scalars.count == 1 ? String(character) : placeholder
        }
        let widths = scalars.map(cWidth)
        let combining = widths.dropFirst().filter { $0 == 0 }.count
        if widths.allSatisfy({ $0 >= 0 }), widths.reduce(0, +) == width, combining <= 4,
           !scalars.contains(where: { $0.value == 0x200D }) {
            return String(character)
        }
        guard cWidth(first) == width else { return placeholder }
        var text = String(first)
        var marks = 0
        for scalar in scalars.dropFirst() {
            guard cWidth(scalar) == 0, marks < 4 else { break }
            // A zero-width joiner would join the next cell's character: it is not written.
            if scalar.value == 0x200D { break }
            text.unicodeScalars.append(scalar)
            marks += 1
        }
        return text
    }
}
