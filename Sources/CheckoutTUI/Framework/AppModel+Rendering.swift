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
        Self.renderFooter(top.hints(context: context) + Self.globalHints, into: &canvas, row: height - 1)
        return canvas
    }

    /// The key hints on one row: screen hints first, truncated with `…` when they do not fit.
    static func renderFooter(_ hints: [KeyHint], into canvas: inout Canvas, row: Int) {
        var x = 1
        let shown = hints.filter(\.showsInFooter)
        for (index, hint) in shown.enumerated() {
            let separator = index == 0 ? "" : " · "
            let piece = DisplayWidth.of(separator + hint.keys + " " + hint.help)
            if x + piece > canvas.width - 1 {
                canvas.put("…", row: row, column: min(x + 1, canvas.width - 1), style: .dim)
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
