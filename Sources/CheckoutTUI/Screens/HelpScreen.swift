/// The F1 help: every key of the screen underneath, from its own binding table, plus the global keys.
public struct HelpScreen: Screen {
    public enum Action: Sendable { case close }
    public var screenTitle: String
    public var hints: [KeyHint]
    public var title: String { "Help · \(screenTitle)" }

    public init(screenTitle: String, hints: [KeyHint]) {
        self.screenTitle = screenTitle
        self.hints = hints
    }

    public func keyMap(context: ScreenContext) -> KeyMap<Action> {
        KeyMap([KeyBinding([.enter], "enter", "close", .close, footer: false)])
    }

    public mutating func perform(_ action: Action, context: ScreenContext) -> [ScreenEffect] { [.pop] }
    public mutating func receive(_ input: ScreenInput, context: ScreenContext) -> [ScreenEffect] { [] }

    public func render(into canvas: inout Canvas, area: Rect, context: ScreenContext) {
        let glyphs = context.glyphs
        let left = area.left + 2
        let width = area.width - 4
        canvas.put(context.truncate("Keys on \(screenTitle)", to: width), row: area.top + 1, column: left, style: .accent)
        let keyNames = (hints.map(\.keys) + Self.editingKeys.map(\.0)).map { glyphs.keys($0) }
        let keyWidth = min(18, (keyNames.map(DisplayWidth.of).max() ?? 0) + 2)
        // The rules at the foot are read whole: they wrap, and the key lists give up rows to them.
        let notes = Self.notes.map { Canvas.wrap(glyphs.text($0), width: width, maxLines: 3, ellipsis: glyphs.ellipsis) }
        let noteRows = notes.reduce(0) { $0 + $1.count }
        let listBottom = area.bottom - noteRows - 1
        var row = area.top + 3
        for hint in hints where row < listBottom {
            canvas.put(glyphs.keys(hint.keys), row: row, column: left, style: .bold, maxWidth: keyWidth)
            canvas.put(context.truncate(hint.help, to: width - keyWidth), row: row, column: left + keyWidth)
            row += 1
        }
        // Field editing is the same in every text field, so it is listed here rather than in each
        // screen's binding table (where it would crowd the footer).
        row += 1
        for (keys, help) in Self.editingKeys where row < listBottom {
            canvas.put(glyphs.keys(keys), row: row, column: left, style: .bold, maxWidth: keyWidth)
            canvas.put(context.truncate(help, to: width - keyWidth), row: row, column: left + keyWidth)
            row += 1
        }
        row = area.bottom - noteRows
        for line in notes.joined() {
            canvas.put(line, row: row, column: left, style: .dim)
            row += 1
        }
    }

    /// The keys of every text field (card number, expiry, CVV, name, phone, code).
    static let editingKeys = [
        ("←/→", "move the cursor in a text field"),
        ("home/end", "start or end of the field"),
        ("bksp/del", "erase before or after the cursor"),
    ]

    /// The rules that hold on every screen.
    static let notes = [
        AppModel.escapeRule,
        "Pasted text arrives as one input. Card numbers are masked outside their own field.",
    ]
}
