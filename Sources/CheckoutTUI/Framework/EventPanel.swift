/// The event log beside a screen (the event panel) and the one-line form of a log entry that the
/// panel and the F2 log share.
///
/// The panel lists entries oldest first, newest at the bottom. When it is full it moves on by half
/// its height at once rather than a row per event: an event then changes one row of the terminal,
/// not every row of the panel, which keeps what a keystroke costs to draw small. A click on a line
/// opens that event in full in the F2 log.
public enum EventPanel {
    /// Draws the panel into `area`: a rule on its left edge, a heading, then the entries.
    static func render(_ log: EventLog, into canvas: inout Canvas, area: Rect, highlight: Int?, glyphs: GlyphSet) {
        for row in area.top..<area.bottom {
            canvas.put(glyphs.vertical, row: row, column: area.left, style: .dim)
        }
        let left = area.left + 2
        let width = area.width - 3
        guard width > 0, area.height > 1 else { return }
        canvas.put("Events", row: area.top, column: left, style: .accent)
        let note = "ms since 1st key" + glyphs.separator + "F2 hides"
        canvas.put(note, row: area.top, column: max(left + 8, area.left + area.width - 1 - DisplayWidth.of(note)), style: .dim,
                   maxWidth: max(0, width - 8))
        let rows = area.height - 1
        let shown = visibleEntries(log, rows: rows)
        guard !shown.isEmpty else {
            canvas.putWrapped(EventLogScreen.emptyMessage, row: area.top + 2, column: left, width: width, style: .dim,
                              ellipsis: glyphs.ellipsis)
            return
        }
        for (offset, entry) in shown.enumerated() {
            drawLine(entry, row: area.top + 1 + offset, column: left, width: width, highlighted: entry.sequence == highlight,
                     showsSequence: false, glyphs: glyphs, into: &canvas)
            canvas.addTarget(Rect(top: area.top + 1 + offset, left: area.left + 1, width: area.width - 1, height: 1),
                             LineTarget(sequence: entry.sequence))
        }
    }

    /// A line of the panel as a click target: the app opens that event in the F2 log.
    struct LineTarget: Hashable, Sendable { var sequence: Int }

    /// The entries the panel shows in `rows` rows: all of them while they fit; then from a start
    /// that moves by half the rows at a time, counted on sequence numbers so it never drifts.
    static func visibleEntries(_ log: EventLog, rows: Int) -> ArraySlice<EventLog.Entry> {
        let total = log.lastSequence
        guard rows > 0 else { return [] }
        guard total > rows else { return log.entries[...] }
        let step = max(1, rows / 2)
        let first = (total - rows + step - 1) / step * step + 1
        return log.entries.drop { $0.sequence < first }
    }

    /// Draws one entry on one row: its time (ms since the first key), optionally its number, its
    /// name and repeat count, and its summary cut to the room left.
    static func drawLine(_ entry: EventLog.Entry, row: Int, column: Int, width: Int, highlighted: Bool, showsSequence: Bool,
                         glyphs: GlyphSet, into canvas: inout Canvas) {
        if highlighted { canvas.fill(row: row, column: column - 1, count: width + 1, style: .selection) }
        let end = column + width
        var x = column
        func put(_ text: String, _ style: CellStyle) {
            guard x < end else { return }
            x += canvas.put(text, row: row, column: x, style: highlighted ? .selection : style, maxWidth: end - x)
        }
        if showsSequence { put(pad(String(entry.sequence), 4) + " ", .dim) }
        put(pad(EventLog.milliseconds(entry.elapsed), 6) + " ", .dim)
        put(entry.name, entry.name == "checkoutFailed" || entry.name == "nolError" ? .error : .accent)
        if entry.count > 1 { put(" " + glyphs.text("×\(entry.count)"), .bold) }
        let room = end - x - 1
        if room > 0 { put(" " + Canvas.truncate(glyphs.text(entry.summary), to: room, ellipsis: glyphs.ellipsis), .normal) }
    }

    /// `text` right-aligned in `width` columns.
    static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}

// The screens whose events are worth watching as they come: the card form and its result, and the
// Nol Pay wizards.
extension CardFormScreen {
    public var wantsEventPanel: Bool { true }
}

extension ResultScreen {
    public var wantsEventPanel: Bool { true }
}

extension NolFlowScreen {
    public var wantsEventPanel: Bool { true }
}
