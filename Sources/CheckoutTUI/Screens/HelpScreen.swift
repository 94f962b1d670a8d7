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
        KeyMap([KeyBinding([.escape, .enter], "esc", "close", .close)])
    }

    public mutating func perform(_ action: Action, context: ScreenContext) -> [ScreenEffect] { [.pop] }
    public mutating func receive(_ input: ScreenInput, context: ScreenContext) -> [ScreenEffect] { [] }

    public func render(into canvas: inout Canvas, area: Rect, context: ScreenContext) {
        let left = area.left + 2
        canvas.put("Keys on \(screenTitle)", row: area.top + 1, column: left, style: .accent)
        let keyWidth = min(18, ((hints.map(\.keys) + Self.editingKeys.map(\.0)).map(DisplayWidth.of).max() ?? 0) + 2)
        var row = area.top + 3
        for hint in hints where row < area.bottom - 1 {
            canvas.put(hint.keys, row: row, column: left, style: .bold, maxWidth: keyWidth)
            canvas.put(Canvas.truncate(hint.help, to: area.width - left - keyWidth - 2), row: row, column: left + keyWidth)
            row += 1
        }
        // Field editing is the same in every text field, so it is listed here rather than in each
        // screen's binding table (where it would crowd the footer).
        row += 1
        for (keys, help) in Self.editingKeys where row < area.bottom - 3 {
            canvas.put(keys, row: row, column: left, style: .bold, maxWidth: keyWidth)
            canvas.put(Canvas.truncate(help, to: area.width - left - keyWidth - 2), row: row, column: left + keyWidth)
            row += 1
        }
        for (offset, note) in Self.notes.enumerated() {
            canvas.put(Canvas.truncate(note, to: area.width - 4), row: area.bottom - 2 + offset, column: left, style: .dim)
        }
    }

    /// The keys of every text field (card number, expiry, CVV, name, phone, code).
    static let editingKeys = [
        ("←/→", "move the cursor in a text field"),
        ("home/end", "start or end of the field"),
        ("bksp/del", "erase before or after the cursor"),
    ]

    static let notes = [
        "Pasted text arrives as one input.",
        "Card numbers are masked outside their own field.",
    ]
}

/// The F2 event log: the engine's and the Nol flows' events as they fired, newest last, card numbers masked.
public struct EventLogScreen: Screen {
    public enum Action: Sendable { case close, older, newer }
    /// How many entries up from the newest the view is scrolled.
    public var scrollBack = 0
    public var title: String { "Event log" }

    public init() {}

    public func keyMap(context: ScreenContext) -> KeyMap<Action> {
        KeyMap([
            KeyBinding([.up], "older", .older),
            KeyBinding([.down], "newer", .newer),
            KeyBinding([.escape, .enter], "esc", "close", .close),
        ])
    }

    public mutating func perform(_ action: Action, context: ScreenContext) -> [ScreenEffect] {
        switch action {
        case .close: return [.pop]
        case .older: scrollBack = min(scrollBack + 1, max(0, context.eventLog.entries.count - 1))
        case .newer: scrollBack = max(0, scrollBack - 1)
        }
        return []
    }

    public mutating func receive(_ input: ScreenInput, context: ScreenContext) -> [ScreenEffect] { [] }

    /// What an empty log says: the card form and the Nol Pay screens both log here.
    static let emptyMessage = "No events yet: they appear here as the card form or a Nol Pay screen works."

    public func render(into canvas: inout Canvas, area: Rect, context: ScreenContext) {
        let left = area.left + 1
        let entries = context.eventLog.entries
        canvas.put("\(entries.count) events, newest last", row: area.top, column: left, style: .dim)
        let rows = area.height - 1
        guard !entries.isEmpty else {
            canvas.putWrapped(Self.emptyMessage, row: area.top + 2, column: left + 1, width: area.width - left - 2)
            return
        }
        let end = entries.count - scrollBack
        let start = max(0, end - rows)
        var row = area.top + 1
        for entry in entries[start..<end] {
            let number = String(entry.sequence)
            let label = String(repeating: " ", count: max(0, 4 - number.count)) + number + " "
            var x = left + canvas.put(label, row: row, column: left, style: .dim)
            x += canvas.put(entry.name, row: row, column: x, style: entry.name == "checkoutFailed" ? .error : .accent)
            canvas.put(" " + Canvas.truncate(entry.summary, to: max(1, area.width - x - 2)), row: row, column: x)
            row += 1
        }
    }
}
