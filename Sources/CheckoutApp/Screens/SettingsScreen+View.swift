import CheckoutCore
import CheckoutEngine

/// Drawing Settings: the setting rows, then the network list, scrolled to keep the focused network
/// in view (`↑ more` and `↓ more` say when it is), and at the foot a row of its own for what the
/// screen has to say (an error, a refused key, what the focused row takes) above the row saying
/// where the settings came from or went.
extension SettingsScreen {
    public func render(into canvas: inout Canvas, area: Rect, context: ScreenContext) {
        let glyphs = context.glyphs
        let left = area.left + 2
        var row = area.top + 1
        let valueColumn = left + 22
        let valueWidth = max(1, area.width - valueColumn - 1)
        let topRows = settingRows
        // The message rows wrap (up to three); the list gives up a row for each.
        let noteWidth = area.width - 6
        let note = self.note(glyphs: glyphs, text: context.localizer)
        let noteLines = note.map { Canvas.wrap($0.text, width: noteWidth - DisplayWidth.of($0.prefix), maxLines: 3).count } ?? 0
        // Where the settings went is read whole (a saved file's path is long): up to two rows.
        let savedLines = context.settingsNote.map { Canvas.wrap($0.text(glyphs), width: area.width - 4, maxLines: 2, ellipsis: glyphs.ellipsis) } ?? []
        let footRows = max(1, noteLines) + savedLines.count
        // The top margin, the setting rows, a blank row, the list heading, the "more" row, the foot.
        let listRows = max(2, area.height - 1 - topRows.count - 2 - 1 - footRows)
        let networkIndex = networkOrder.firstIndex { current == .network($0) } ?? 0
        // Keep the focused network in view: the list scrolls, never the settings above it; once
        // scrolled its first row says there is more above.
        let scroll = networkIndex < listRows ? 0 : min(networkIndex - listRows + 2, networkOrder.count - listRows + 1)
        let shownRows = scroll > 0 ? listRows - 1 : listRows

        for item in topRows {
            drawRow(item, into: &canvas, row: row, left: left, valueColumn: valueColumn, valueWidth: valueWidth, context: context)
            row += 1
        }
        row += 1
        canvas.put(context.truncate(context.localizer.text(.settingsAccepted), to: area.width - 6), row: row, column: left + 2, style: .accent)
        row += 1
        if scroll > 0 {
            canvas.put(glyphs.moreAbove(context.localizer), row: row, column: left + 2, style: .dim)
            row += 1
        }
        for network in networkOrder.dropFirst(scroll).prefix(shownRows) {
            drawRow(.network(network), into: &canvas, row: row, left: left, valueColumn: valueColumn, valueWidth: valueWidth,
                    context: context)
            row += 1
        }
        if scroll + shownRows < networkOrder.count {
            canvas.put(glyphs.moreBelow(context.localizer), row: row, column: left + 2, style: .dim)
        }
        // The foot: the message row, then where the settings in use came from, or how the last save went.
        var footRow = area.bottom - footRows
        if let note {
            canvas.putWrapped(note.text, prefix: note.prefix, row: footRow, column: left + 2, width: noteWidth, maxLines: 3,
                              style: note.style, ellipsis: glyphs.ellipsis)
        }
        footRow += max(1, noteLines)
        if let settingsNote = context.settingsNote {
            for (offset, line) in savedLines.enumerated() {
                canvas.put(line, row: footRow + offset, column: left, style: settingsNote.style)
            }
        }
    }

    /// The line under the settings: why the last Enter did not save, a refused key, a value out of
    /// range as it is typed, or what the focused row takes.
    func note(glyphs: GlyphSet, text: Localizer) -> (prefix: String, text: String, style: CellStyle)? {
        if let error { return (glyphs.failure + " ", glyphs.text(error), .error) }
        if let notice { return (glyphs.noteMark + " ", notice, .accent) }
        switch current {
        case .binURL:
            return ("", text.text(.settingsURLNote), .dim)
        case .latency, .debounce:
            guard let rule = Self.rule(of: current), let path = Self.text(of: current) else { return nil }
            if let problem = Self.problem(with: self[keyPath: path].text, rule: rule, text) { return (glyphs.failure + " ", problem, .error) }
            return ("", glyphs.text(text.text(.settingsDurationNote, String(rule.range.lowerBound), String(rule.range.upperBound), String(rule.step))),
                    .dim)
        case .mouse:
            return ("", text.text(.settingsMouseNote), .dim)
        default:
            return nil
        }
    }

    /// One row: the focus bar, its label and its value.
    func drawRow(_ item: Row, into canvas: inout Canvas, row: Int, left: Int, valueColumn: Int, valueWidth: Int, context: ScreenContext) {
        let glyphs = context.glyphs
        let text = context.localizer
        let selected = item == current
        if selected { canvas.put(glyphs.focusBar, row: row, column: left, style: .focus) }
        canvas.addTarget(Rect(top: row, left: left, width: valueColumn - left + valueWidth, height: 1), Click.row(item))
        let labelStyle: CellStyle = selected ? .focus : .normal
        let valueStyle: CellStyle = selected ? .selection : .bold
        switch item {
        case .binSource:
            canvas.put(text.text(.settingsBinSource), row: row, column: left + 2, style: labelStyle)
            drawStepper(item, Self.sourceName(draft.binSource, text), into: &canvas, row: row, column: valueColumn, width: valueWidth,
                        style: valueStyle, glyphs: glyphs)
        case .binURL:
            canvas.put(text.text(.settingsServiceURL), row: row, column: left + 2, style: labelStyle)
            drawText(item, unit: nil, into: &canvas, row: row, column: valueColumn, width: valueWidth, selected: selected, glyphs: glyphs)
        case .latency:
            canvas.put(text.text(.settingsLatency), row: row, column: left + 2, style: labelStyle)
            drawText(item, unit: "ms", into: &canvas, row: row, column: valueColumn, width: valueWidth, selected: selected, glyphs: glyphs)
        case .debounce:
            canvas.put(text.text(.settingsDebounce), row: row, column: left + 2, style: labelStyle)
            drawText(item, unit: "ms", into: &canvas, row: row, column: valueColumn, width: valueWidth, selected: selected, glyphs: glyphs)
        case .mouse:
            canvas.put(text.text(.settingsMouse), row: row, column: left + 2, style: labelStyle)
            drawStepper(item, text.text(draft.mouse ? .settingsOn : .settingsOff), into: &canvas, row: row, column: valueColumn, width: valueWidth,
                        style: valueStyle, glyphs: glyphs)
        case .language:
            canvas.put(text.text(.settingsLanguage), row: row, column: left + 2, style: labelStyle)
            drawStepper(item, glyphs.isASCII ? draft.language.asciiName : draft.language.nativeName, into: &canvas, row: row, column: valueColumn, width: valueWidth,
                        style: valueStyle, glyphs: glyphs)
        case .reset:
            canvas.put(text.text(.settingsReset), row: row, column: left + 2, style: selected ? .selection : .normal)
        case .network(let network):
            let on = accepted.contains(network)
            let position = networkOrder.filter { accepted.contains($0) }.firstIndex(of: network).map { "\($0 + 1)." } ?? "  "
            let name = context.catalogue.info(network).displayName
            canvas.put("\(glyphs.checkBox(on: on)) \(position + String(repeating: " ", count: max(0, 3 - position.count))) \(name)",
                       row: row, column: left + 2, style: selected ? .selection : (on ? .normal : .dim))
            canvas.addTarget(Rect(top: row, left: left + 2, width: DisplayWidth.of(glyphs.checkBox(on: on)), height: 1),
                             Click.toggle(network))
        }
    }

    /// How the source row names a source (the URL itself is on the row under it).
    static func sourceName(_ source: BinSource, _ text: Localizer) -> String {
        switch source {
        case .url: text.text(.settingsHTTPService)
        default: source.shownLabel(text)
        }
    }

    /// A value between ◀ and ▶, each a click target that steps it.
    func drawStepper(_ item: Row, _ value: String, into canvas: inout Canvas, row: Int, column: Int, width: Int, style: CellStyle,
                     glyphs: GlyphSet) {
        let end = column + width
        var x = column
        let decrease = canvas.put(glyphs.decrease, row: row, column: x, style: style, maxWidth: end - x)
        canvas.addTarget(Rect(top: row, left: x, width: decrease, height: 1), Click.step(item, by: -1))
        x += decrease
        x += canvas.put(" " + glyphs.text(value) + " ", row: row, column: x, style: style, maxWidth: max(0, end - x - 1))
        let increase = canvas.put(glyphs.increase, row: row, column: x, style: style, maxWidth: max(0, end - x))
        canvas.addTarget(Rect(top: row, left: x, width: increase, height: 1), Click.step(item, by: 1))
    }

    /// A text field: the URL across the row, or a duration with its unit between its - and +
    /// steppers; the caret is shown while the row has focus.
    func drawText(_ item: Row, unit: String?, into canvas: inout Canvas, row: Int, column: Int, width: Int, selected: Bool,
                  glyphs: GlyphSet) {
        guard let path = Self.text(of: item) else { return }
        let field = self[keyPath: path]
        let style: CellStyle = selected ? .bold : .normal
        var x = column
        // A duration steps with - and +, so those are what stand beside it (◀ ▶ would say ← →, which move the caret).
        if unit != nil {
            x += canvas.put("- ", row: row, column: x, style: .dim)
            canvas.addTarget(Rect(top: row, left: column, width: x - column, height: 1), Click.step(item, by: -1))
        }
        let suffix = unit.map { " " + $0 + " " } ?? ""
        let fieldWidth = unit == nil ? max(1, column + width - x) : Self.maximumDurationDigits + 1
        let window = EditableText.window(field.text, caretColumn: field.caretColumn(in: field.text) { _ in true }, width: fieldWidth)
        let shownWidth = unit == nil ? fieldWidth : max(1, DisplayWidth.of(window.text) + (selected ? 1 : 0))
        canvas.put(window.text, row: row, column: x, style: style, maxWidth: fieldWidth)
        canvas.addTarget(Rect(top: row, left: x, width: shownWidth, height: 1), Click.text(item, start: window.start))
        if selected { canvas.cursor = (row, x + window.caretColumn) }
        if field.text.isEmpty, !selected, unit == nil {
            canvas.put("http://host/…", row: row, column: x, style: .dim, maxWidth: fieldWidth)
        }
        guard unit != nil else { return }
        // A caret after the last digit stands on the space before the unit.
        x += DisplayWidth.of(window.text)
        x += canvas.put(suffix, row: row, column: x, style: .dim)
        let increase = canvas.put("+", row: row, column: x, style: .dim)
        canvas.addTarget(Rect(top: row, left: x, width: increase, height: 1), Click.step(item, by: 1))
    }
}
