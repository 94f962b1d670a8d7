/// Who puts a right-to-left screen in visual order: this program, or the terminal.
///
/// Terminals fall in three groups (Docs/languages.md names its sources):
///
/// - Most lay cells out left to right as they arrive and shape nothing: xterm, tmux, GNU screen, the
///   Linux console, kitty, Alacritty, WezTerm by default. The program sends ``BidiText/visual(_:paragraph:)``'s lines.
/// - Some apply the Unicode Bidirectional Algorithm to what they show, and can be told not to with
///   ECMA-48's Bi-Directional Support Mode, as the "BiDi in Terminal Emulators" recommendation
///   (Egmont Koblinger, terminal-wg) specifies: VTE from 0.57.3 (GNOME Terminal, Tilix, Terminator…)
///   and mintty. The program sends `CSI 8 l` (explicit mode: the application orders the cells) on
///   start, its visual lines, and `CSI 8 h` (implicit mode, their default) on exit.
/// - Some do their own bidi with no standard way to stop them (Konsole, mlterm, macOS Terminal): the
///   program leaves the ordering to them and sends each line in logical order. PuTTY is one too, but
///   sets no variable to know it by (its own setting turns its bidi off).
///
/// Inside tmux or screen the multiplexer is the terminal the program talks to: it does no bidi and
/// does not pass mode 8 on, so the first case applies whatever terminal shows tmux.
public enum TerminalBidi: Sendable, Equatable {
    /// The terminal shows cells as they arrive: send visual order.
    case visualOrder
    /// The terminal does bidi unless told not to: send ``explicitMode`` first, then visual order,
    /// and ``implicitMode`` when leaving.
    case visualOrderAfterExplicitMode
    /// The terminal reorders every line itself: send logical order.
    case terminalOrders

    /// BDSM reset (ECMA-48 §7.2.1, mode 8): the terminal keeps cells in the order received.
    public static let explicitMode = "\u{1B}[8l"
    /// BDSM set: the terminal's own bidi back on, the default of the terminals that have it.
    public static let implicitMode = "\u{1B}[8h"

    /// The group of the terminal the environment describes (variables the terminals set themselves:
    /// `TMUX`, `STY`, `TERM`, `VTE_VERSION`, `TERM_PROGRAM`, `KONSOLE_VERSION`, `MLTERM`).
    public static func of(environment: [String: String]) -> TerminalBidi {
        let set: (String) -> Bool = { !(environment[$0] ?? "").isEmpty }
        if set("TMUX") || set("STY") || (environment["TERM"] ?? "").hasPrefix("screen") || (environment["TERM"] ?? "").hasPrefix("tmux") {
            return .visualOrder
        }
        // VTE_VERSION is major * 10000 + minor * 100 + micro: 5703 is 0.57.3, the first with bidi.
        if let vte = environment["VTE_VERSION"].flatMap({ Int($0) }), vte >= 5703 { return .visualOrderAfterExplicitMode }
        if environment["TERM_PROGRAM"] == "mintty" { return .visualOrderAfterExplicitMode }
        if set("KONSOLE_VERSION") || set("MLTERM") || environment["TERM_PROGRAM"] == "Apple_Terminal" { return .terminalOrders }
        return .visualOrder
    }

    /// Who orders the characters of a right-to-left phrase for this terminal: the canvas, except for
    /// a terminal that reorders every line itself.
    public var textOrder: Canvas.TextOrder { self == .terminalOrders ? .logical : .visual }

    /// The variables ``of(environment:)`` reads, for ``ProcessEnvironment/values(_:)``.
    public static let variables = ["TMUX", "STY", "TERM", "VTE_VERSION", "TERM_PROGRAM", "KONSOLE_VERSION", "MLTERM"]
}
