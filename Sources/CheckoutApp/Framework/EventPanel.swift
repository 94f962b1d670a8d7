import CheckoutCore

/// The event log beside a screen (the event panel) and the one-line form of a log entry that the
/// panel and the F2 log share.
///
/// The panel lists entries oldest first, newest at the bottom, a summary too long for its row
/// going on under it. When it is full it moves on by half its height at once rather than a row per event: an event then changes one row of the terminal,
/// not every row of the panel, which keeps what a keystroke costs to draw small. A click on a line
/// opens that event in full in the F2 log.
public enum EventPanel {
    /// Draws the panel into `area`: a rule on its left edge, a heading, then the entries.
    static func render(_ log: EventLog, into canvas: inout Canvas, area: Rect, highlight: Int?, glyphs: GlyphSet, localizer text: Localizer) {
        for row in area.top..<area.bottom {
            canvas.put(glyphs.vertical, row: row, column: area.left, style: .dim)
        }
        let left = area.left + 2
        let width = area.width - 3
        guard width > 0, area.height > 1 else { return }
        let heading = glyphs.text(text.text(.panelHeading))
        canvas.put(heading, row: area.top, column: left, style: .accent, maxWidth: width)
        // The note keeps two columns from the heading, which is six wide in English.
        let gap = max(8, DisplayWidth.of(heading) + 2)
        let note = glyphs.text(text.text(.panelSinceFirstKey) + glyphs.separator + text.text(.panelFullLog))
        canvas.put(note, row: area.top, column: max(left + gap, area.left + area.width - 1 - DisplayWidth.of(note)), style: .dim,
                   maxWidth: max(0, width - gap))
        let rows = area.height - 1
        var shown = visibleEntries(log, rows: rows)
        guard !shown.isEmpty else {
            canvas.putWrapped(glyphs.text(text.text(.eventsEmpty)), row: area.top + 2, column: left, width: width, style: .dim,
                              ellipsis: glyphs.ellipsis)
            return
        }
        // A summary too long for its row goes on under it, once: the panel is read whole, and an
        // entry that makes the rows overflow moves the oldest out.
        let heights = shown.map { summaryLines($0, width: width, glyphs: glyphs).count }
        var total = heights.reduce(0, +)
        var dropped = 0
        while total > rows, dropped < heights.count - 1 {
            total -= heights[dropped]
            dropped += 1
        }
        shown = shown.dropFirst(dropped)
        var row = area.top + 1
        for entry in shown where row < area.bottom {
            let lines = summaryLines(entry, width: width, glyphs: glyphs)
            drawLine(entry, row: row, column: left, width: width, highlighted: entry.sequence == highlight, showsSequence: false,
                     summary: lines[0], glyphs: glyphs, into: &canvas)
            if lines.count > 1, row + 1 < area.bottom {
                let indent = 7 + 2
                if entry.sequence == highlight { canvas.fill(row: row + 1, column: left - 1, count: width + 1, style: .selection) }
                canvas.put(lines[1], row: row + 1, column: left + indent, style: entry.sequence == highlight ? .selection : .normal,
                           maxWidth: width - indent)
            }
            let height = min(lines.count, area.bottom - row)
            canvas.addTarget(Rect(top: row, left: area.left + 1, width: area.width - 1, height: height), LineTarget(sequence: entry.sequence))
            row += height
        }
    }

    /// An entry's summary as the panel shows it: what fits on its row after the time and name,
    /// then, when it does not all fit, the rest on one more row (cut there with an ellipsis).
    static func summaryLines(_ entry: EventLog.Entry, width: Int, glyphs: GlyphSet) -> [String] {
        let head = 7 + DisplayWidth.of(entry.name) + (entry.count > 1 ? 1 + DisplayWidth.of(glyphs.text("×\(entry.count)")) : 0)
        let room = width - head - 1
        let summary = glyphs.text(entry.summary)
        guard room > 0, DisplayWidth.of(summary) > room else { return [summary] }
        let wrapped = Canvas.wrap(summary, width: room)
        let rest = wrapped.dropFirst().joined(separator: " ")
        return [wrapped.first ?? "", Canvas.truncate(rest, to: max(1, width - 9), ellipsis: glyphs.ellipsis)]
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
                         summary: String? = nil, glyphs: GlyphSet, into canvas: inout Canvas) {
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
        if room > 0 { put(" " + Canvas.truncate(summary ?? glyphs.text(entry.summary), to: room, ellipsis: glyphs.ellipsis), .normal) }
    }

    /// `text` right-aligned in `width` columns.
    static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}

// The screens whose events are worth watching as they come: the card form and its result, and the
// Nol Pay wizards.
// The card form and its result read whole in 64 columns; the panel gets the rest, so an event's
// summary is not cut at 32 characters beside 30 empty columns.
extension CardFormScreen {
    public var wantsEventPanel: Bool { true }
    public var bodyWidthBesidePanel: Int { 64 }
}

extension ResultScreen {
    public var wantsEventPanel: Bool { true }
    public var bodyWidthBesidePanel: Int { 64 }
}

extension NolFlowScreen {
    public var wantsEventPanel: Bool { true }
}
