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
        var row = area.top + 1
        let counted = total == 0 ? "" : "\(glyphs.separator)\(total) payment\(total == 1 ? "" : "s")\(glyphs.separator)page \(page + 1) of \(pageCount)"
        let filterLine = "Status \(glyphs.decrease) \(filter.title) \(glyphs.increase)" + counted
        canvas.put(context.truncate(filterLine, to: area.width - 4), row: row, column: left, style: .accent)
        row += 2
        guard problem == nil, !entries.isEmpty else {
            let text = problem ?? (filter == .all ? "No payments yet: they appear here once a card or a Nol card has paid."
                                                  : "No \(filter.title.lowercased()) payments.")
            canvas.putWrapped(glyphs.text(text), row: row, column: left, width: area.width - 4, maxLines: 3,
                              style: problem == nil ? .dim : .error, ellipsis: glyphs.ellipsis)
            return
        }
        let totals = entries.map { context.money($0.amount + $0.surcharge, currency: $0.currency) }
        let columns = Columns(width: listWidth - 2, totalWidth: max(5, totals.map(DisplayWidth.of).max() ?? 0))
        canvas.put(columns.line(time: "TIME", network: "NETWORK", card: "CARD", total: "TOTAL", status: "STATUS"), row: row, column: left + 2,
                   style: .dim, maxWidth: listWidth - 2)
        row += 1
        let listTop = row
        let rows = listRows
        // The list scrolls inside a page taller than the terminal (the terminal shrank since it opened).
        let first = max(0, min(selected - rows + 1, entries.count - rows))
        for (index, entry) in entries.enumerated().dropFirst(first).prefix(rows) {
            let chosen = index == selected
            let receipt = Receipt(entry: entry, networkName: Self.networkName(entry.network, context: context),
                                  mask: CardNumberMask.hidden(4, ascii: glyphs.isASCII))
            let text = columns.line(time: LedgerTime.iso8601(entry.createdAt.timeIntervalSince1970), network: receipt.network,
                                    card: receipt.card, total: context.money(receipt.total, currency: entry.currency), status: entry.status)
            if chosen {
                canvas.put(glyphs.focusBar, row: row, column: left, style: .focus)
                canvas.fill(row: row, column: left + 2, count: min(listWidth - 2, DisplayWidth.of(text)), style: .selection)
            }
            canvas.put(text, row: row, column: left + 2, style: chosen ? .selection : (entry.status == "AUTHORIZED" ? .normal : .dim),
                       maxWidth: listWidth - 2)
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
        canvas.put("Receipt", row: top, column: left, style: .accent)
        var lines = receipt.lines(glyphs: glyphs)
        while lines.count > bottom - top - 1, let lowest = lines.indices.min(by: { lines[$0].priority < lines[$1].priority }) {
            lines.remove(at: lowest)
        }
        for (offset, line) in lines.enumerated() {
            canvas.put(line.label, row: top + 1 + offset, column: left, style: .dim)
            canvas.put(context.truncate(line.value, to: max(1, width - 14)), row: top + 1 + offset, column: left + 14,
                       style: line.label == "Reason" ? .error : .bold)
        }
    }

    /// The list's columns at a width: the time, the total and the status always, then the network
    /// and the card as room allows.
    struct Columns {
        var totalWidth: Int
        var showsNetwork: Bool
        var showsCard: Bool

        init(width: Int, totalWidth: Int) {
            self.totalWidth = totalWidth
            let always = 20 + 2 + totalWidth + 2 + 10
            showsNetwork = width >= always + 2 + 16
            showsCard = width >= always + 2 + 16 + 2 + 13
        }

        func line(time: String, network: String, card: String, total: String, status: String) -> String {
            func pad(_ text: String, _ width: Int) -> String {
                text + String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
            }
            var parts = [pad(time, 20)]
            if showsNetwork { parts.append(pad(network, 16)) }
            if showsCard { parts.append(pad(card, 13)) }
            parts.append(String(repeating: " ", count: max(0, totalWidth - DisplayWidth.of(total))) + total)
            parts.append(status)
            return parts.joined(separator: "  ")
        }
    }
}
