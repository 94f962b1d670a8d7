import CheckoutCore

/// The F1 help: the keys of the screen underneath (from its own binding tables), what Esc does
/// there, the global keys, and the editing keys when that screen has a text field; nothing else,
/// each key once. Scrolls when it does not fit.
public struct HelpScreen: Screen {
    public enum Action: Sendable { case close, up, down }
    public var screenTitle: String
    /// The screen's own keys, then Esc, then the global keys.
    public var hints: [KeyHint]
    /// Whether the screen underneath has text fields: then the editing keys are listed.
    public var editingKeys: Bool
    /// What the screen underneath says about itself before its keys (``Screen/helpAbout(context:)``).
    public var about: About?
    /// How many lines the list is scrolled down.
    public var scroll = 0
    public var title: String { "Help · \(screenTitle)" }
    public func title(context: ScreenContext) -> String { context.localizer.text(.titleHelp, screenTitle) }

    /// A section of facts before the keys: a heading and label–value rows.
    public struct About: Sendable, Equatable {
        public var heading: String
        public var rows: [KeyHint]
        public init(heading: String, rows: [KeyHint]) {
            self.heading = heading
            self.rows = rows
        }
    }

    public init(screenTitle: String, hints: [KeyHint], editingKeys: Bool = false, about: About? = nil) {
        self.screenTitle = screenTitle
        self.hints = hints
        self.editingKeys = editingKeys
        self.about = about
    }

    public func keyMap(context: ScreenContext) -> KeyMap<Action> {
        let text = context.localizer
        return KeyMap([
            KeyBinding([.up], "↑↓", text.text(.helpKeyScroll), .up, explain: text.text(.helpKeyScrollUp)),
            KeyBinding([.down], "↓", text.text(.helpKeyScrollDown), .down, footer: false),
            KeyBinding([.enter], "enter", text.text(.helpKeyClose), .close, footer: false, explain: text.text(.helpKeyCloseExplain)),
        ])
    }

    public mutating func perform(_ action: Action, context: ScreenContext) -> [ScreenEffect] {
        switch action {
        case .close: return [.pop]
        case .up: scroll = max(0, scroll - 1)
        case .down: scroll = min(scroll + 1, maximumScroll(context: context))
        }
        return []
    }

    public mutating func receive(_ input: ScreenInput, context: ScreenContext) -> [ScreenEffect] {
        if case .scroll(let offset) = input { scroll = max(0, min(scroll + offset, maximumScroll(context: context))) }
        return []
    }

    /// The lines of the list: section headings (`keys` empty) and keys.
    func lines(context: ScreenContext) -> [KeyHint] {
        var lines: [KeyHint] = []
        let text = context.localizer
        if let about { lines += [KeyHint(keys: "", help: about.heading)] + about.rows + [KeyHint(keys: "", help: "")] }
        lines += [KeyHint(keys: "", help: text.text(.helpKeysOn, screenTitle))] + hints
        if editingKeys { lines += [KeyHint(keys: "", help: ""), KeyHint(keys: "", help: text.text(.helpInTextField))] + EditableText.Command.helpLines(text) }
        if context.settings.mouse {
            lines += [KeyHint(keys: "", help: ""), KeyHint(keys: text.text(.helpClickName), help: text.text(.helpClick)),
                      KeyHint(keys: text.text(.helpWheelName), help: text.text(.helpWheel))]
        }
        return lines
    }

    /// The help laid out in `area`: its rows (a long explanation wraps under itself, after the key
    /// column), the notes at the foot, and how many rows the list gets.
    func layout(area: Rect, context: ScreenContext) -> (rows: [(keys: String, text: String, heading: Bool)], notes: [String], listRows: Int) {
        let glyphs = context.glyphs
        let width = area.width - 4
        let lines = lines(context: context)
        let keyWidth = Self.keyWidth(lines, glyphs: glyphs)
        var rows: [(keys: String, text: String, heading: Bool)] = []
        for line in lines {
            if line.keys.isEmpty {
                rows.append(("", context.truncate(line.help, to: width), true))
                continue
            }
            let wrapped = Canvas.wrap(glyphs.text(line.help), width: max(1, width - keyWidth), ellipsis: glyphs.ellipsis)
            for (offset, text) in (wrapped.isEmpty ? [""] : wrapped).enumerated() {
                rows.append((offset == 0 ? glyphs.keys(line.keys) : "", text, false))
            }
        }
        // The rules at the foot are read whole: they wrap, and the key list gives up rows to them.
        let notes = Array(Self.notes(context.localizer).map { Canvas.wrap(glyphs.text($0), width: width, maxLines: 3, ellipsis: glyphs.ellipsis) }.joined())
        return (rows, notes, max(1, area.height - notes.count - 2))
    }

    static func keyWidth(_ lines: [KeyHint], glyphs: GlyphSet) -> Int {
        min(24, (lines.map { DisplayWidth.of(glyphs.keys($0.keys)) }.max() ?? 0) + 2)
    }

    /// The furthest the list scrolls at the terminal's size.
    func maximumScroll(context: ScreenContext) -> Int {
        let (rows, _, listRows) = layout(area: context.area, context: context)
        return max(0, rows.count - listRows)
    }

    public func render(into canvas: inout Canvas, area: Rect, context: ScreenContext) {
        let glyphs = context.glyphs
        let left = area.left + 2
        let (rows, notes, listRows) = layout(area: area, context: context)
        let keyWidth = Self.keyWidth(lines(context: context), glyphs: glyphs)
        let listTop = area.top + 1
        let first = min(scroll, max(0, rows.count - listRows))
        var row = listTop
        for (index, line) in rows.enumerated().dropFirst(first).prefix(listRows) {
            if row == listTop + listRows - 1 && index < rows.count - 1 {
                canvas.put(context.localizer.text(.helpScrolls, glyphs.moreBelow(context.localizer), glyphs.keys("↓")), row: row, column: left, style: .dim)
            } else if line.heading {
                canvas.put(line.text, row: row, column: left, style: .accent)
            } else {
                canvas.put(line.keys, row: row, column: left, style: .bold, maxWidth: keyWidth - 1)
                canvas.put(line.text, row: row, column: left + keyWidth)
            }
            row += 1
        }
        row = area.bottom - notes.count
        for line in notes {
            canvas.put(line, row: row, column: left, style: .dim)
            row += 1
        }
    }

    /// The rules that hold on every screen.
    static func notes(_ text: Localizer) -> [String] {
        [AppModel.escapeRule(text), text.text(.helpPasted)]
    }
}
