/// Drawing the frame around the screen on top: the title bar, the footer of key hints, and the
/// "terminal too small" notice.
extension AppModel {
    /// The whole terminal as a canvas of `width` x `height`.
    public func render(width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        guard let top else { return canvas }
        guard width >= Self.minimumWidth, height >= Self.minimumHeight else {
            Self.renderTooSmall(into: &canvas)
            return canvas
        }
        canvas.fill(row: 0, column: 0, count: width, style: .title)
        canvas.put(" " + Canvas.truncate(top.title, to: width - 22), row: 0, column: 0, style: .title)
        let brand = "TerminalCheckout "
        canvas.put(brand, row: 0, column: width - DisplayWidth.of(brand), style: .title)
        let area = Rect(top: 1, left: 0, width: width, height: height - 2)
        top.render(into: &canvas, area: area, context: context)
        Self.renderFooter(top.hints(context: context), global: Self.globalHints, into: &canvas, row: height - 1)
        return canvas
    }

    /// The key hints on one row: the global ones (F1, F2) at the right end, always visible; the
    /// screen's own from the left, cut with `…` where they would run into them.
    static func renderFooter(_ hints: [KeyHint], global: [KeyHint], into canvas: inout Canvas, row: Int) {
        let globalShown = global.filter(\.showsInFooter)
        // Two spaces between the global hints and one at the right edge, matching the one at the left.
        let globalWidth = globalShown.reduce(0) { $0 + DisplayWidth.of($1.keys + " " + $1.help) + 2 } - 1
        var x = max(1, canvas.width - globalWidth)
        for hint in globalShown {
            x += canvas.put(hint.keys, row: row, column: x, style: .bold)
            x += canvas.put(" " + hint.help + "  ", row: row, column: x, style: .dim)
        }
        let limit = canvas.width - globalWidth - 1
        x = 1
        for (index, hint) in hints.filter(\.showsInFooter).enumerated() {
            let separator = index == 0 ? "" : " · "
            if x + DisplayWidth.of(separator + hint.keys + " " + hint.help) > limit {
                canvas.put(" …", row: row, column: x, style: .dim)
                return
            }
            x += canvas.put(separator, row: row, column: x, style: .dim)
            x += canvas.put(hint.keys, row: row, column: x, style: .bold)
            x += canvas.put(" " + hint.help, row: row, column: x, style: .dim)
        }
    }

    static func renderTooSmall(into canvas: inout Canvas) {
        let lines = [
            "Terminal too small",
            "\(canvas.width)x\(canvas.height): needs \(minimumWidth)x\(minimumHeight)",
            "Enlarge the window;",
            "ctrl+c quits.",
        ]
        let top = max(0, (canvas.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let text = Canvas.truncate(line, to: canvas.width)
            let left = max(0, (canvas.width - DisplayWidth.of(text)) / 2)
            canvas.put(text, row: top + offset, column: left, style: offset == 0 ? .error : .normal)
        }
    }
}
