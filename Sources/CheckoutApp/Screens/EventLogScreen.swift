import CheckoutCore

/// The F2 event log: the engine's and the Nol flows' events as they fired, newest last, card
/// numbers masked, each with the time since the first keystroke.
///
/// One line is current (highlighted); ↑ ↓ PgUp PgDn Home End and the wheel move it, and while it
/// is the newest it follows new events. Enter, or a click on a line, opens it in full (the detail
/// view: the whole event, JSON-like, wrapped); `/` filters the lines by event name. Esc closes the detail, then clears the filter,
/// then leaves.
public struct EventLogScreen: Screen {
    public enum Action: Sendable { case older, newer, pageOlder, pageNewer, oldest, newest, open, filter, endFilter, previousEvent, nextEvent,
                                  togglePanel }

    /// The current line's sequence number; `nil` follows the newest.
    public internal(set) var selected: Int?
    /// The text event names are filtered by.
    public internal(set) var filter = EditableText()
    /// True while `/` has the filter taking the keys typed.
    public internal(set) var editingFilter = false
    /// The event shown in full, by sequence number.
    public internal(set) var detail: Int?
    /// How many rows the detail view is scrolled down.
    public internal(set) var detailScroll = 0

    public var title: String { detail == nil ? "Event log" : "Event log · Detail" }
    public func title(context: ScreenContext) -> String { context.localizer.text(detail == nil ? .titleEventLog : .titleEventLogDetail) }

    public init() {}

    /// The log with one event open in full (a click on a line of the event panel).
    public init(opening sequence: Int) {
        selected = sequence
        detail = sequence
    }

    public var focusedText: EditableText? { editingFilter && detail == nil ? filter : nil }

    public func keyMap(context: ScreenContext) -> KeyMap<Action> {
        let text = context.localizer
        if detail != nil {
            return KeyMap([
                KeyBinding([.up], "↑/↓", text.text(.eventsKeyScroll), .older),
                KeyBinding([.down], "↓", text.text(.eventsKeyScrollDown), .newer, footer: false),
                KeyBinding([.pageUp], "pgup", text.text(.eventsKeyPageUp), .pageOlder, footer: false),
                KeyBinding([.pageDown], "pgdn", text.text(.eventsKeyPageDown), .pageNewer, footer: false),
                KeyBinding([.home], "home", text.text(.eventsKeyTop), .oldest, footer: false),
                KeyBinding([.end], "end", text.text(.eventsKeyBottom), .newest, footer: false),
                KeyBinding([.left], "←/→", text.text(.eventsKeyOtherEvent), .previousEvent),
                KeyBinding([.right], "→", text.text(.eventsKeyNewerEvent), .nextEvent, footer: false),
                KeyBinding([.enter], "enter", text.text(.eventsKeyBackToList), .open, footer: false),
            ])
        }
        var bindings: [KeyBinding<Action>] = [
            KeyBinding([.up], "↑/↓", text.text(.eventsKeyMove), .older),
            KeyBinding([.down], "↓", text.text(.eventsKeyNewer), .newer, footer: false),
            KeyBinding([.pageUp], "pgup/dn", text.text(.eventsKeyPage), .pageOlder),
            KeyBinding([.pageDown], "pgdn", text.text(.eventsKeyPageNewer), .pageNewer, footer: false),
        ]
        if editingFilter {
            bindings.append(KeyBinding([.enter], "enter", text.text(.eventsKeyKeepFilter), .endFilter))
        } else {
            bindings.append(KeyBinding([.home], "home", text.text(.eventsKeyOldest), .oldest, footer: false))
            bindings.append(KeyBinding([.end], "end", text.text(.eventsKeyNewest), .newest, footer: false))
            bindings.append(KeyBinding([.enter], "enter", text.text(.eventsKeyOpen), .open))
            bindings.append(KeyBinding([.character("/")], "/", text.text(.eventsKeyFilter), .filter))
            // The panel beside the form and the Nol screens exists only where the terminal is wide enough.
            if context.size.width >= AppModel.eventPanelMinimumWidth {
                bindings.append(KeyBinding([.character("p")], "p", text.text(context.eventPanelHidden ? .eventsKeyShowPanel : .eventsKeyHidePanel),
                                           .togglePanel, explain: text.text(.eventsKeyPanelExplain)))
            }
        }
        return KeyMap(bindings)
    }

    /// The lines the list shows: every entry, or those whose name matches the filter.
    func lines(context: ScreenContext) -> [EventLog.Entry] {
        context.eventLog.entries(matching: filter.text)
    }

    /// The current line's index in `lines`, or `nil` when there are none.
    func selectedIndex(in lines: [EventLog.Entry]) -> Int? {
        guard !lines.isEmpty else { return nil }
        guard let selected else { return lines.count - 1 }
        return lines.firstIndex { $0.sequence >= selected } ?? lines.count - 1
    }

    /// Rows in a page: what the list shows at the terminal's height.
    func pageRows(context: ScreenContext) -> Int { max(1, context.size.height - 4) }

    public mutating func perform(_ action: Action, context: ScreenContext) -> [ScreenEffect] {
        if let shown = detail {
            let total = detailLines(shown, width: context.size.width - 4, context: context).count
            let room = max(1, context.size.height - 7)
            let bottom = max(0, total - room)
            switch action {
            case .older: detailScroll = max(0, detailScroll - 1)
            case .newer: detailScroll = min(bottom, detailScroll + 1)
            case .pageOlder: detailScroll = max(0, detailScroll - room)
            case .pageNewer: detailScroll = min(bottom, detailScroll + room)
            case .oldest: detailScroll = 0
            case .newest: detailScroll = bottom
            case .open: detail = nil
            case .previousEvent, .nextEvent:
                let list = lines(context: context)
                if let index = list.firstIndex(where: { $0.sequence == shown }) {
                    let next = action == .previousEvent ? max(0, index - 1) : min(list.count - 1, index + 1)
                    detail = list[next].sequence
                    selected = list[next].sequence
                    detailScroll = 0
                }
            case .filter, .endFilter, .togglePanel: break
            }
            return []
        }
        let list = lines(context: context)
        switch action {
        case .togglePanel: return [.toggleEventPanel]
        case .filter: editingFilter = true
        case .endFilter: editingFilter = false
        case .open:
            if let index = selectedIndex(in: list) {
                detail = list[index].sequence
                detailScroll = 0
            }
        case .newest: selected = nil
        case .oldest: selected = list.first?.sequence
        case .older, .newer, .pageOlder, .pageNewer:
            guard let index = selectedIndex(in: list) else { break }
            let page = pageRows(context: context)
            let step = switch action {
            case .older: -1
            case .newer: 1
            case .pageOlder: -page
            default: page
            }
            let target = index + step
            selected = target >= list.count - 1 ? nil : list[max(0, target)].sequence
        case .previousEvent, .nextEvent: break
        }
        return []
    }

    /// A line of the list as a click target.
    public struct LineTarget: Hashable, Sendable { var sequence: Int }

    /// A click opens the line, as Enter does on the current one.
    public mutating func click(_ line: LineTarget, column: Int, context: ScreenContext) -> [ScreenEffect] {
        editingFilter = false
        selected = line.sequence
        detail = line.sequence
        detailScroll = 0
        return []
    }

    public mutating func receive(_ input: ScreenInput, context: ScreenContext) -> [ScreenEffect] {
        switch input {
        case .scroll(let lines):
            for _ in 0..<abs(lines) { _ = perform(lines < 0 ? .older : .newer, context: context) }
            return []
        default:
            break
        }
        guard editingFilter, detail == nil else { return [] }
        switch input {
        case .key(.character(let character)):
            filter.insert(String(character), limit: 40) { !$0.isWhitespace && !$0.isNewline }
        case .key(let key):
            _ = filter.apply(key)
        case .paste(let text):
            filter.insert(EditableText.printable(text, keepSpaces: false, limit: 160), limit: 40)
        default:
            return []
        }
        // A new filter starts from the newest line that matches.
        selected = nil
        return []
    }

    public func stepBackLabel(context: ScreenContext) -> String? {
        if detail != nil { return context.localizer.text(.eventsStepList) }
        if editingFilter || !filter.isEmpty { return context.localizer.text(.eventsStepClearFilter) }
        return nil
    }

    public mutating func stepBack(context: ScreenContext) -> [ScreenEffect] {
        if detail != nil {
            detail = nil
        } else {
            editingFilter = false
            filter = EditableText()
            selected = nil
        }
        return []
    }

    public func render(into canvas: inout Canvas, area: Rect, context: ScreenContext) {
        if let shown = detail, let entry = context.eventLog.entry(shown) {
            renderDetail(entry, into: &canvas, area: area, context: context)
            return
        }
        let glyphs = context.glyphs
        let text = context.localizer
        let left = area.left + 1
        let width = area.width - 2
        let all = context.eventLog.entries
        let list = lines(context: context)
        let count = filter.isEmpty ? text.counted(.eventsCount, all.count) : text.counted(.eventsCountFiltered, all.count, text.format.number(list.count))
        var headingEnd = area.left + area.width - 1
        if editingFilter || !filter.isEmpty {
            // The filter takes the right of the heading row; the count gives up room to it.
            let label = glyphs.text(text.text(.eventsFilterLabel)) + " "
            let fieldWidth = max(4, min(20, area.width / 2 - DisplayWidth.of(label) - 2))
            let column = area.left + area.width - 1 - fieldWidth - DisplayWidth.of(label)
            let fieldColumn = column + canvas.put(label, row: area.top, column: column, style: editingFilter ? .focus : .dim)
            let window = EditableText.window(filter.text, caretColumn: filter.caretColumn(in: filter.text) { _ in true }, width: fieldWidth - 1)
            canvas.put(window.text, row: area.top, column: fieldColumn, style: .bold, maxWidth: fieldWidth)
            if editingFilter { canvas.cursor = (area.top, fieldColumn + window.caretColumn) }
            headingEnd = column - 2
        }
        canvas.put(glyphs.text(count + glyphs.separator + text.text(.eventsSinceFirstKey)), row: area.top, column: left, style: .dim,
                   maxWidth: max(0, headingEnd - left))
        guard !list.isEmpty else {
            let message = all.isEmpty ? text.text(.eventsEmpty) : text.text(.eventsNoMatch, filter.text)
            canvas.putWrapped(glyphs.text(message), row: area.top + 2, column: left + 1, width: width - 1, ellipsis: glyphs.ellipsis)
            return
        }
        let rows = area.height - 1
        let current = selectedIndex(in: list) ?? list.count - 1
        // The newest lines fill the screen; a line chosen further up is kept in view.
        let start = selected == nil ? max(0, list.count - rows) : min(max(0, list.count - rows), max(0, current - rows / 2))
        for (offset, entry) in list[start..<min(list.count, start + rows)].enumerated() {
            EventPanel.drawLine(entry, row: area.top + 1 + offset, column: left + 1, width: width - 1,
                                highlighted: start + offset == current, showsSequence: true, glyphs: glyphs, into: &canvas)
            canvas.addTarget(Rect(top: area.top + 1 + offset, left: left, width: width, height: 1), LineTarget(sequence: entry.sequence))
        }
    }

    /// The detail of an event as rows of at most `width` columns: its JSON-like lines, wrapped with
    /// their indentation kept.
    func detailLines(_ sequence: Int, width: Int, context: ScreenContext) -> [String] {
        guard let entry = context.eventLog.entry(sequence) else { return [] }
        var rows: [String] = []
        for line in EventLog.lines(of: entry.detail) {
            let text = context.glyphs.text(line)
            let indent = text.prefix { $0 == " " }.count
            let wrapped = Canvas.wrap(String(text.dropFirst(indent)), width: max(1, width - indent - 2))
            for (index, part) in wrapped.enumerated() {
                rows.append(String(repeating: " ", count: indent + (index == 0 ? 0 : 2)) + part)
            }
        }
        return rows
    }

    private func renderDetail(_ entry: EventLog.Entry, into canvas: inout Canvas, area: Rect, context: ScreenContext) {
        let glyphs = context.glyphs
        let text = context.localizer
        let left = area.left + 2
        let width = area.width - 4
        canvas.put(context.truncate(text.text(.eventsDetailHeading, text.format.localizedDigits(String(entry.sequence))) + glyphs.separator + entry.name, to: width),
                   row: area.top + 1, column: left, style: .accent)
        var when = entry.elapsed == nil ? text.text(.eventsBeforeFirstKey) : text.text(.eventsAfterFirstKey, EventLog.milliseconds(entry.elapsed))
        if entry.count > 1 {
            when += glyphs.separator + text.counted(.eventsRepeated, entry.count, EventLog.milliseconds(entry.lastElapsed))
        }
        canvas.put(context.truncate(when, to: width), row: area.top + 2, column: left, style: .dim)
        let rows = detailLines(entry.sequence, width: width, context: context)
        let room = max(1, area.height - 5)
        let scroll = min(detailScroll, max(0, rows.count - room))
        for (offset, line) in rows.dropFirst(scroll).prefix(room).enumerated() {
            canvas.putLeftToRight(line, row: area.top + 4 + offset, column: left, width: width)
        }
        if scroll + room < rows.count {
            let more = glyphs.moreBelow(text)
            canvas.put(more, row: area.bottom - 1, column: left + width - DisplayWidth.of(more), style: .dim)
        }
    }
}
