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

extension CellStyle {
    /// The style as a number, for a cell to keep as plain bits: the plain styles 0 to 8, a badge
    /// 16 + 8 × its foreground + its background (by ``TerminalColour``'s order).
    var code: UInt16 {
        switch self {
        case .normal: 0
        case .dim: 1
        case .bold: 2
        case .title: 3
        case .accent: 4
        case .focus: 5
        case .error: 6
        case .success: 7
        case .selection: 8
        case .badge(let foreground, let background): 16 + 8 * UInt16(foreground.index) + UInt16(background.index)
        }
    }

    init(code: UInt16) {
        switch code {
        case 1: self = .dim
        case 2: self = .bold
        case 3: self = .title
        case 4: self = .accent
        case 5: self = .focus
        case 6: self = .error
        case 7: self = .success
        case 8: self = .selection
        case 16..<80: self = .badge(foreground: TerminalColour.allCases[Int(code - 16) / 8], background: TerminalColour.allCases[Int(code - 16) % 8])
        default: self = .normal
        }
    }
}

extension TerminalColour {
    var index: Int {
        switch self {
        case .black: 0
        case .red: 1
        case .green: 2
        case .yellow: 3
        case .blue: 4
        case .magenta: 5
        case .cyan: 6
        case .white: 7
        }
    }
}
