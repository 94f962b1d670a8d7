/// One of the eight colours every colour terminal has.
public enum TerminalColour: String, Sendable, Hashable, CaseIterable {
    case black, red, green, yellow, blue, magenta, cyan, white

    /// Parses a catalogue colour name such as `"blue"`; unknown names are `nil`.
    public init?(name: String) {
        self.init(rawValue: name.lowercased())
    }
}

/// What a cell means, not how it looks: the terminal adapter maps each style to colours, or to
/// bold, dim and reverse on a monochrome terminal (or with `--no-color`), so screens stay readable
/// everywhere.
public enum CellStyle: Sendable, Hashable {
    /// Ordinary text.
    case normal
    /// Secondary text: hints, candidate networks, placeholders.
    case dim
    /// Emphasised text.
    case bold
    /// The title bar.
    case title
    /// Headings and the amount: coloured, or bold on monochrome terminals.
    case accent
    /// The focused field's bar and label.
    case focus
    /// Validation errors and refusals.
    case error
    /// A successful outcome.
    case success
    /// The highlighted item of a list or a pressed button (reverse video).
    case selection
    /// A network badge in its own colours (reverse video on monochrome terminals).
    case badge(foreground: TerminalColour, background: TerminalColour)
}
