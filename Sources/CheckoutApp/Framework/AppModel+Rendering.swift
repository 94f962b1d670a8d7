import CheckoutCore
import CheckoutEngine

/// Drawing the frame around the screen on top: the title bar, the footer of key hints, a pending
/// question, the event panel beside the screen, and the "terminal too small" notice.
extension AppModel {
    /// The whole terminal, at the size the runtime last reported.
    public func render() -> Canvas {
        render(width: size.width, height: size.height)
    }

    /// The whole terminal as a canvas of `width` x `height`, in the language's direction unless
    /// told (a demo's checks read the rows left to right, in logical order).
    public func render(width: Int, height: Int, direction: Language.Direction? = nil) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        // A card form's frame has 19 click targets at 80x24 and 120x40 (its fields, badges, buttons, the footer's keys).
        canvas.reserveTargets(32)
        canvas.direction = direction ?? context.localizer.language.direction
        canvas.textOrder = textOrder
        guard let top, let shown = topModel(.frame) else { return canvas }
        guard width >= Self.minimumWidth, height >= Self.minimumHeight else {
            Self.renderTooSmall(into: &canvas, glyphs: context.glyphs, localizer: context.localizer)
            return canvas
        }
        let glyphs = context.glyphs
        canvas.fill(row: 0, column: 0, count: width, style: .title)
        // The screen's model (made once for the app's state): its title, its question, what Esc does.
        canvas.put(" " + context.truncate(shown.title, to: width - 22), row: 0, column: 0, style: .title)
        let brand = "TerminalCheckout "
        canvas.put(brand, row: 0, column: width - DisplayWidth.of(brand), style: .title)
        let panelWidth = eventPanelWidth(forWidth: width)
        // A demo's caption sits at the top of the event panel, or above the footer without one.
        let captionRows = panelWidth == 0 ? demo?.barLines(width: width, glyphs: glyphs).count ?? 0 : 0
        let area = Rect(top: 1, left: 0, width: width - panelWidth, height: height - 2 - captionRows)
        top.render(into: &canvas, area: area, context: context)
        if panelWidth > 0 {
            var panel = Rect(top: 1, left: area.width, width: panelWidth, height: height - 2)
            if let demo { panel = demo.renderInPanel(into: &canvas, area: panel, glyphs: glyphs) }
            EventPanel.render(context.eventLog, into: &canvas, area: panel, highlight: highlightedEvent, glyphs: glyphs,
                              localizer: context.localizer)
        } else if let demo {
            demo.renderAboveFooter(into: &canvas, row: height - 1 - captionRows, glyphs: glyphs)
        }
        if let question = yesNoQuestion(over: shown) {
            canvas.cursor = nil
            // Only the answers can be clicked while the question is up.
            canvas.removeTargets()
            Self.renderQuestion(question, into: &canvas, area: area, glyphs: glyphs, localizer: context.localizer)
            Self.renderFooter(Self.questionHints(question), global: [], into: &canvas, row: height - 1, glyphs: glyphs)
        } else if let keys = demo?.keys {
            Self.renderFooter(keys, global: [], into: &canvas, row: height - 1, glyphs: glyphs)
        } else {
            Self.renderFooter(hints(at: stack.count - 1, model: shown), global: globalHints, into: &canvas, row: height - 1, glyphs: glyphs)
        }
        return canvas
    }

    /// The key hints on one row: the global ones (F1, F2) at the right end, always visible; the
    /// screen's own from the left, as many as fit, chosen by rank: Esc first, then the key for the
    /// thing that has focus (Enter, which acts on it, when the table marks none), then the others
    /// in table order, and shown in table order. A hint left out is never cut in half; the F1 help
    /// lists them all.
    static func renderFooter(_ hints: [KeyHint], global: [KeyHint], into canvas: inout Canvas, row: Int, glyphs: GlyphSet) {
        // The same hints at the same width, in the same direction, draw the same row: at every key
        // of a form it is laid out and drawn once, then stamped (``Canvas/drawKept(_:_:row:rows:columns:_:)``).
        let key = FooterKey(hints: hints, global: global, ascii: glyphs.isASCII)
        canvas.drawKept(footerRows, key, row: row) { drawFooter(hints, global: global, into: &$0, row: 0, glyphs: glyphs) }
    }

    static func drawFooter(_ hints: [KeyHint], global: [KeyHint], into canvas: inout Canvas, row: Int, glyphs: GlyphSet) {
        let plan = footerPlan(hints, global: global, width: canvas.width, glyphs: glyphs)
        let (shown, globalShown, layout) = (plan.shown, plan.globalShown, plan.layout)
        var x = max(1, canvas.width - layout.globalWidth)
        for hint in globalShown {
            let start = x
            x += canvas.put(hint.keys, row: row, column: x, style: .bold)
            x += canvas.put(" " + hint.help + "  ", row: row, column: x, style: .dim)
            if let key = hint.key { canvas.addTarget(Rect(top: row, left: start, width: x - start - 2, height: 1), HintKey(key: key)) }
        }
        x = 1
        for index in shown.indices where layout.kept.contains(index) {
            if x > 1 { x += canvas.put(glyphs.separator, row: row, column: x, style: .dim) }
            let hint = shown[index]
            let start = x
            x += canvas.put(glyphs.keys(hint.keys), row: row, column: x, style: .bold)
            x += canvas.put(" " + glyphs.text(hint.help), row: row, column: x, style: .dim)
            if let key = hint.key { canvas.addTarget(Rect(top: row, left: start, width: x - start, height: 1), HintKey(key: key)) }
        }
    }

    private struct FooterKey: Equatable, Sendable {
        var hints: [KeyHint]
        var global: [KeyHint]
        var ascii: Bool
    }

    private struct FooterPlan: Sendable {
        var shown: [KeyHint]
        var globalShown: [KeyHint]
        var layout: (kept: Set<Int>, globalWidth: Int, keepsFirstRanks: Bool)
    }

    private static let footerRows = KeptDrawing<FooterKey>()

    /// Which hints the footer shows, and the global ones in which form (see ``renderFooter(_:global:into:row:glyphs:)``).
    private static func footerPlan(_ hints: [KeyHint], global: [KeyHint], width: Int, glyphs: GlyphSet) -> FooterPlan {
        let shown = hints.filter(\.showsInFooter)
        var globalShown = global.filter(\.showsInFooter)
        var layout = footerLayout(shown, global: globalShown, width: width, glyphs: glyphs)
        // Where the plain alternatives of the global keys (`F1/?`) would push out Esc or the key
        // for what has focus, the global keys are named by their first key only, and then, if need
        // be, only the help's is kept: the help lists them all. Where they would push out only
        // another of the screen's keys, the event log's alone is named by F2, if that makes room
        // for all of them (`?`, the help's, is the one a terminal without F-keys needs first).
        let compact = globalShown.map { hint in
            var short = hint
            short.keys = String(hint.keys.split(separator: "/").first ?? Substring(hint.keys))
            return short
        }
        if layout.kept.count < shown.count, let last = compact.last {
            let fewer = Array(globalShown.dropLast()) + [last]
            let fewerLayout = footerLayout(shown, global: fewer, width: width, glyphs: glyphs)
            if fewerLayout.kept.count == shown.count {
                globalShown = fewer
                layout = fewerLayout
            }
        }
        for fewer in [compact, Array(compact.prefix(1))] where !layout.keepsFirstRanks {
            let fewerLayout = footerLayout(shown, global: fewer, width: width, glyphs: glyphs)
            if fewerLayout.kept.count > layout.kept.count || fewerLayout.keepsFirstRanks {
                globalShown = fewer
                layout = fewerLayout
            }
        }
        return FooterPlan(shown: shown, globalShown: globalShown, layout: layout)
    }

    /// Which of a screen's hints fit beside the global ones in `width` columns, by rank (Esc, then
    /// the key for what has focus, then table order), and whether every hint of the first two ranks did.
    static func footerLayout(_ shown: [KeyHint], global: [KeyHint], width: Int,
                             glyphs: GlyphSet) -> (kept: Set<Int>, globalWidth: Int, keepsFirstRanks: Bool) {
        // Two spaces between the global hints and one at the right edge, matching the one at the left.
        let globalWidth = global.reduce(0) { $0 + DisplayWidth.of($1.keys + " " + $1.help) + 2 } - 1
        // One blank column before the global hints.
        let limit = width - max(0, globalWidth) - 1
        let separatorWidth = DisplayWidth.of(glyphs.separator)
        let widths = shown.map { DisplayWidth.of(glyphs.keys($0.keys) + " " + glyphs.text($0.help)) }
        let marksFocus = shown.contains { $0.rank == .focused }
        func rank(_ hint: KeyHint) -> Int {
            if hint.key == .escape { return 0 }
            if hint.rank == .focused || (!marksFocus && hint.key == .enter) { return 1 }
            return 2
        }
        let order = shown.indices.sorted { a, b in
            rank(shown[a]) != rank(shown[b]) ? rank(shown[a]) < rank(shown[b]) : a < b
        }
        var kept = Set<Int>()
        var used = 0
        for index in order {
            let added = widths[index] + (kept.isEmpty ? 0 : separatorWidth)
            if 1 + used + added <= limit {
                kept.insert(index)
                used += added
            }
        }
        let keepsFirstRanks = shown.indices.allSatisfy { rank(shown[$0]) == 2 || kept.contains($0) }
        return (kept, globalWidth, keepsFirstRanks)
    }

    /// A question in a box over the middle of the screen body.
    static func renderQuestion(_ question: YesNoQuestion, into canvas: inout Canvas, area: Rect, glyphs: GlyphSet,
                               localizer: Localizer = Bundled.english) {
        let yes = localizer.text(.frameYes), no = localizer.text(.frameNo)
        let answer = yes + glyphs.separator + no
        let inner = min(area.width - 6, max(DisplayWidth.of(question.text), DisplayWidth.of(answer)) + 4)
        let questionLines = Canvas.wrap(glyphs.text(question.text), width: inner - 4, maxLines: 3, ellipsis: glyphs.ellipsis)
        let lines = questionLines + ["", answer]
        let boxWidth = inner + 2
        let left = area.left + max(0, (area.width - boxWidth) / 2)
        let top = area.top + max(0, (area.height - lines.count - 2) / 2)
        let horizontal = String(repeating: glyphs.horizontal, count: inner)
        canvas.put(glyphs.topLeft + horizontal + glyphs.topRight, row: top, column: left, style: .accent)
        for (offset, line) in lines.enumerated() {
            let row = top + 1 + offset
            canvas.fill(row: row, column: left + 1, count: inner, style: .normal)
            canvas.put(glyphs.vertical, row: row, column: left, style: .accent)
            canvas.put(line, row: row, column: left + 3, style: offset < questionLines.count ? .bold : .dim, maxWidth: inner - 4)
            canvas.put(glyphs.vertical, row: row, column: left + boxWidth - 1, style: .accent)
        }
        canvas.put(glyphs.bottomLeft + horizontal + glyphs.bottomRight, row: top + lines.count + 1, column: left, style: .accent)
        let answerRow = top + lines.count
        canvas.addTarget(Rect(top: answerRow, left: left + 3, width: DisplayWidth.of(yes), height: 1), Answer.yes)
        canvas.addTarget(Rect(top: answerRow, left: left + 3 + DisplayWidth.of(yes + glyphs.separator), width: DisplayWidth.of(no), height: 1),
                         Answer.no)
    }

    static func renderTooSmall(into canvas: inout Canvas, glyphs: GlyphSet, localizer: Localizer = Bundled.english) {
        let lines = [
            localizer.text(.frameTooSmall),
            localizer.text(.frameTooSmallSize, String(canvas.width), String(canvas.height), String(minimumWidth), String(minimumHeight)),
            localizer.text(.frameTooSmallEnlarge),
            localizer.text(.frameTooSmallQuit),
        ]
        let top = max(0, (canvas.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let text = Canvas.truncate(line, to: canvas.width, ellipsis: glyphs.ellipsis)
            let left = max(0, (canvas.width - DisplayWidth.of(text)) / 2)
            canvas.put(text, row: top + offset, column: left, style: offset == 0 ? .error : .normal)
        }
    }
}
