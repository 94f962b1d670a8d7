import CheckoutCore
import CheckoutStore
import FoundationEssentials

/// Payments as a value (``ScreenModel``): the page's payments as the `payments` table, under
/// its filter, the chosen one's receipt as the `receipt` table, and the file name while one is asked for.
extension PaymentsScreen {
    public func model(context: ScreenContext) -> ScreenModel {
        let text = context.localizer
        let glyphs = context.glyphs
        var shown = ScreenModel(screen: "payments", title: title(context: context))
        let rows = entries.map { entry in
            let receipt = Receipt(entry: entry, networkName: Self.networkName(entry.network, context: context),
                                  mask: CardNumberMask.hidden(4, ascii: glyphs.isASCII))
            return [Receipt.time(entry.createdAt.timeIntervalSince1970, text), receipt.network, receipt.card,
                    context.money(entry.amount + entry.surcharge, currency: entry.currency), entry.status]
        }
        let position = total == 0 ? nil : text.counted(.paymentsCount, total) + glyphs.separator
            + text.text(.paymentsPage, text.format.number(page + 1), text.format.number(pageCount))
        shown.tables.append(.init(id: "payments", columns: [text.text(.paymentsColumnTime), text.text(.paymentsColumnNetwork), text.text(.paymentsColumnCard),
                                                            text.text(.paymentsColumnTotal), text.text(.paymentsColumnStatus)],
                                  rows: rows, marked: entries.isEmpty ? nil : selected, filter: filter.title(text), position: position))
        if let receipt = receipt(context: context) {
            let lines = receipt.lines(glyphs: glyphs, localizer: text, writesMoney: { context.money($0, currency: $1) })
            shown.tables.append(.init(id: "receipt", columns: ["", ""], rows: lines.map { [$0.shownLabel(text), $0.value] }))
        }
        if let field = keeping.field(context: context) { shown.fields = [field] }
        if let note = context.exportNote {
            shown.status = note.text
        } else if let problem {
            shown.status = text.text(.paymentsUnreadable, problem)
        } else if entries.isEmpty {
            shown.status = filter.none(text)
        }
        return shown
    }
}
