import CheckoutCore

/// What a demo shows over the app: the caption the audience reads, where the demo is, and the
/// keys the presenter has. ``AppModel`` draws it: at the top of the event panel where there is
/// one, else on the row above the footer; the footer then lists the demo's keys.
public struct DemoOverlay: Sendable, Equatable {
    /// The caption of the moment ("8th digit: the BIN service is asked for 40000025").
    public var caption: String
    /// Where the demo is: `cobadge 3/9`, `paused`, `×2`.
    public var status: String
    /// The presenter's keys for the footer; `nil` once the person has the keyboard (the app's own
    /// footer is back).
    public var keys: [KeyHint]?

    public init(caption: String, status: String, keys: [KeyHint]?) {
        self.caption = caption
        self.status = status
        self.keys = keys
    }

    /// The keys during a demo, in the language of `text`.
    public static func playingKeys(_ text: Localizer) -> [KeyHint] {
        [KeyHint(keys: "space", help: text.text(.demoKeyPause)), KeyHint(keys: "→", help: text.text(.demoKeyNext)),
         KeyHint(keys: "←", help: text.text(.demoKeyReplay)), KeyHint(keys: "+/-", help: text.text(.demoKeySpeed)),
         KeyHint(keys: "esc/q", help: text.text(.demoKeyLeave)), KeyHint(keys: text.text(.demoKeyAnyKey), help: text.text(.demoKeyTakeOver))]
    }

    /// The caption bar's rows at a terminal width: the status, then the caption wrapped on up to
    /// two rows beside it. A status so long that it would leave the caption less than half the
    /// row (`cobadge 3/12 · paused · skipping` at 50 columns) has the first row to itself, and the
    /// caption the two rows under it, across the whole width: the caption is never cut for it.
    func barLines(width: Int, glyphs: GlyphSet) -> [String] {
        barLayout(width: width, glyphs: glyphs).lines
    }

    /// The caption's lines and the column they start at; `statusAlone` when the status has a row of its own.
    func barLayout(width: Int, glyphs: GlyphSet) -> (lines: [String], column: Int, statusAlone: Bool) {
        let beside = DisplayWidth.of(statusText(glyphs)) + 3
        if width - beside - 1 >= width / 2 {
            return (Canvas.wrap(glyphs.text(caption), width: width - beside - 1, maxLines: 2, ellipsis: glyphs.ellipsis), beside, false)
        }
        let lines = Canvas.wrap(glyphs.text(caption), width: max(10, width - 4), maxLines: 2, ellipsis: glyphs.ellipsis)
        return ([""] + lines, 3, true)
    }

    private func statusText(_ glyphs: GlyphSet) -> String { status.isEmpty ? "" : " \(glyphs.text(status)) " }

    /// The caption bar across the terminal from `row`: the status, then the caption.
    func renderAboveFooter(into canvas: inout Canvas, row: Int, glyphs: GlyphSet) {
        let (lines, x, statusAlone) = barLayout(width: canvas.width, glyphs: glyphs)
        let status = statusText(glyphs)
        for (offset, line) in lines.enumerated() {
            canvas.fill(row: row + offset, column: 0, count: canvas.width, style: .title)
            if offset == 0 {
                canvas.put(status, row: row, column: 0, style: .selection, maxWidth: canvas.width)
            }
            // The pointer marks where the caption starts.
            if offset == (statusAlone ? 1 : 0) { canvas.put(glyphs.pointer, row: row + offset, column: x - 2, style: .title) }
            canvas.put(line, row: row + offset, column: x, style: .title, maxWidth: canvas.width - x - 1)
        }
    }

    /// The caption at the top of the event panel, wrapped on up to three rows under the status;
    /// returns the rest of the panel's area for its events.
    func renderInPanel(into canvas: inout Canvas, area: Rect, glyphs: GlyphSet) -> Rect {
        let width = area.width - 3
        guard width > 4, area.height > 8 else { return area }
        let lines = Canvas.wrap(glyphs.text(caption), width: width - 2, maxLines: 3, ellipsis: glyphs.ellipsis)
        for row in area.top..<(area.top + lines.count + 2) {
            canvas.put(glyphs.vertical, row: row, column: area.left, style: .dim)
            canvas.fill(row: row, column: area.left + 1, count: area.width - 1, style: .title)
        }
        canvas.put(Canvas.truncate(" " + glyphs.text(status), to: width, ellipsis: glyphs.ellipsis), row: area.top, column: area.left + 1,
                   style: .title)
        for (offset, line) in lines.enumerated() {
            if offset == 0 { canvas.put(glyphs.pointer, row: area.top + 1, column: area.left + 2, style: .title) }
            canvas.put(line, row: area.top + 1 + offset, column: area.left + 4, style: .title)
        }
        let used = lines.count + 2
        return Rect(top: area.top + used, left: area.left, width: area.width, height: area.height - used)
    }
}
