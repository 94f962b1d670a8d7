import CheckoutCore
import CheckoutStore
import FoundationEssentials

/// Drawing Payments: the filter and where the list is, the columns `checkout payments` prints
/// (time, network, card, total, status), the page's payments, and the chosen one's receipt, beside
/// the list on a wide terminal and under it otherwise.
extension PaymentsScreen {
    public func render(into canvas: inout Canvas, area: Rect, context: ScreenContext) {
        let glyphs = context.glyphs
        let left = area.left + 2
        let sideBySide = area.width >= Self.sideBySideWidth
        let listWidth = sideBySide ? area.width - 6 - Self.sideReceiptWidth : area.width - 4
        let (listRows, receiptRows) = Self.layout(height: area.height, width: area.width)
        let text = context.localizer
        var row = area.top + 1
        let counted = total == 0 ? "" : glyphs.separator + text.counted(.paymentsCount, total)
            + glyphs.separator + text.text(.paymentsPage, text.format.number(page + 1), text.format.number(pageCount))
        let filterLine = text.text(.paymentsStatusLine, glyphs.decrease, filter.title(text), glyphs.increase) + counted
        canvas.put(context.truncate(filterLine, to: area.width - 4), row: row, column: left, style: .accent)
        row += 2
        guard problem == nil, !entries.isEmpty else {
            let said = problem.map { text.text(.paymentsUnreadable, $0) } ?? filter.none(text)
            canvas.putWrapped(glyphs.text(said), row: row, column: left, width: area.width - 4, maxLines: 3,
                              style: problem == nil ? .dim : .error, ellipsis: glyphs.ellipsis)
            return
        }
        // Through the checked total: a damaged row whose amount and surcharge cannot be added is
        // shown unreadable, never added (that trapped).
        let totals = entries.map { entry in
            entry.checkedTotal.map { context.money($0, currency: entry.currency) } ?? text.text(.paymentsAmountUnreadable)
        }
        let times = entries.map { Receipt.time($0.createdAt.timeIntervalSince1970, text) }
        let heading = (time: text.text(.paymentsColumnTime), network: text.text(.paymentsColumnNetwork), card: text.text(.paymentsColumnCard),
                       total: text.text(.paymentsColumnTotal), status: text.text(.paymentsColumnStatus))
        let columns = Columns(width: listWidth - 2, timeWidth: max(20, (times + [heading.time]).map(DisplayWidth.of).max() ?? 0),
                              totalWidth: max(5, (totals + [heading.total]).map(DisplayWidth.of).max() ?? 0))
        columns.put(columns.cells(time: heading.time, network: heading.network, card: heading.card, total: heading.total, status: heading.status),
                    into: &canvas, row: row, column: left + 2, width: listWidth - 2, style: .dim)
        row += 1
        let listTop = row
        let rows = listRows
        // The list scrolls inside a page taller than the terminal (the terminal shrank since it opened).
        let first = max(0, min(selected - rows + 1, entries.count - rows))
        for (index, entry) in entries.enumerated().dropFirst(first).prefix(rows) {
            let chosen = index == selected
            let receipt = Receipt(entry: entry, networkName: Self.networkName(entry.network, context: context),
                                  mask: CardNumberMask.hidden(4, ascii: glyphs.isASCII))
            let cells = columns.cells(time: times[index], network: receipt.network, card: receipt.card, total: totals[index], status: text.paymentStatus(entry.status))
            if chosen {
                canvas.put(glyphs.focusBar, row: row, column: left, style: .focus)
                canvas.fill(row: row, column: left + 2, count: min(listWidth - 2, Columns.width(of: cells)), style: .selection)
            }
            columns.put(cells, into: &canvas, row: row, column: left + 2, width: listWidth - 2,
                        style: chosen ? .selection : (entry.status == "AUTHORIZED" ? .normal : .dim))
            canvas.addTarget(Rect(top: row, left: left, width: listWidth, height: 1), index)
            row += 1
        }
        if let receipt = receipt(context: context) {
            let top = sideBySide ? area.top + 3 : listTop + rows + 1
            let column = sideBySide ? area.left + area.width - 2 - Self.sideReceiptWidth : left
            let width = sideBySide ? Self.sideReceiptWidth : area.width - 4
            let bottom = sideBySide ? area.bottom - 1 : min(area.bottom - 1, top + receiptRows)
            drawReceipt(receipt, top: top, left: column, width: width, bottom: bottom, into: &canvas, context: context)
        }
        keeping.drawMessage(into: &canvas, row: area.bottom - 1, left: left, width: area.width - 4, maxRows: 1, context: context)
    }

    /// The receipt's lines from `top`, the least needed dropped when they do not all fit above `bottom`.
    func drawReceipt(_ receipt: Receipt, top: Int, left: Int, width: Int, bottom: Int, into canvas: inout Canvas, context: ScreenContext) {
        let glyphs = context.glyphs
        canvas.put(context.localizer.text(.receiptHeading), row: top, column: left, style: .accent)
        var lines = receipt.lines(glyphs: glyphs, localizer: context.localizer, writesMoney: { context.money($0, currency: $1) })
        while lines.count > bottom - top - 1, let lowest = lines.indices.min(by: { lines[$0].priority < lines[$1].priority }) {
            lines.remove(at: lowest)
        }
        for (offset, line) in lines.enumerated() {
            canvas.put(line.shownLabel(context.localizer), row: top + 1 + offset, column: left, style: .dim)
            canvas.put(context.truncate(line.value, to: max(1, width - 14)), row: top + 1 + offset, column: left + 14,
                       style: line.label == "Reason" ? .error : .bold)
        }
    }

    /// The list's columns at a width: the time, the total and the status always, then the network
    /// and the card as room allows.
    struct Columns {
        var timeWidth: Int
        var totalWidth: Int
        var showsNetwork: Bool
        var showsCard: Bool

        init(width: Int, timeWidth: Int, totalWidth: Int) {
            self.timeWidth = timeWidth
            self.totalWidth = totalWidth
            let always = timeWidth + 2 + totalWidth + 2 + 10
            showsNetwork = width >= always + 2 + 16
            showsCard = width >= always + 2 + 16 + 2 + 13
        }

        /// A row's cells and the column each starts at, two spaces apart; a value wider than its
        /// column pushes the ones after it along. Each cell is drawn on its own, so that a
        /// right-to-left screen mirrors the columns and keeps each value whole.
        func cells(time: String, network: String, card: String, total: String, status: String) -> [(column: Int, text: String)] {
            var cells: [(column: Int, text: String)] = []
            var column = 0
            func add(_ text: String, _ width: Int) {
                cells.append((column, text))
                column += max(width, DisplayWidth.of(text)) + 2
            }
            add(time, timeWidth)
            if showsNetwork { add(network, 16) }
            if showsCard { add(card, 13) }
            add(String(repeating: " ", count: max(0, totalWidth - DisplayWidth.of(total))) + total, totalWidth)
            add(status, 0)
            return cells
        }

        /// The columns a row's cells cover.
        static func width(of cells: [(column: Int, text: String)]) -> Int {
            cells.last.map { $0.column + DisplayWidth.of($0.text) } ?? 0
        }

        /// Draws a row's cells from `column`, cut at `width` columns.
        func put(_ cells: [(column: Int, text: String)], into canvas: inout Canvas, row: Int, column: Int, width: Int, style: CellStyle) {
            for cell in cells where cell.column < width {
                canvas.put(cell.text, row: row, column: column + cell.column, style: style, maxWidth: width - cell.column)
            }
        }
    }
}
