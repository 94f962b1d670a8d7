import CheckoutCore
import CheckoutStore
import FoundationEssentials

/// Payments as a value (``ScreenModel``): the page's payments as the `payments` table, under
/// its filter, the chosen one's receipt as the `receipt` table, and the file name while one is asked for.
extension PaymentsScreen {
    /// One payment as the list shows it, in every front end: its time, network, card
    /// (`40000025…1001`), total and status in the screen's language. The total goes through the
    /// ledger's checked total: a damaged row whose amount and surcharge cannot be added is shown
    /// unreadable, never added (that trapped).
    static func row(_ entry: LedgerEntry, context: ScreenContext) -> (time: String, network: String, card: String, total: String, status: String) {
        let text = context.localizer
        return (Receipt.time(entry.createdAt.timeIntervalSince1970, text), Receipt.networkName(entry.network, context: context),
                CardNumberMask.firstAndLast(entry.firstDigits, entry.last4, ascii: context.glyphs.isASCII),
                entry.checkedTotal.map { context.money($0, currency: entry.currency) } ?? text.text(.paymentsAmountUnreadable),
                text.paymentStatus(entry.status))
    }

    public func model(context: ScreenContext) -> ScreenModel {
        let text = context.localizer
        let glyphs = context.glyphs
        var shown = ScreenModel(screen: "payments", title: title(context: context))
        let rows = entries.map { entry in
            let row = Self.row(entry, context: context)
            return [row.time, row.network, row.card, row.total, row.status]
        }
        let position = total == 0 ? nil : text.counted(.paymentsCount, total) + glyphs.separator
            + text.text(.paymentsPage, text.format.number(page + 1), text.format.number(pageCount))
        shown.tables.append(.init(id: "payments", columns: [text.text(.paymentsColumnTime), text.text(.paymentsColumnNetwork), text.text(.paymentsColumnCard),
                                                            text.text(.paymentsColumnTotal), text.text(.paymentsColumnStatus)],
                                  rows: rows, marked: entries.isEmpty ? nil : selected, filter: filter.title(text), position: position))
        if let receipt = receipt(context: context) {
            let lines = receipt.lines(context: context)
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
        addKeeping(to: &shown, context: context)
        return shown
    }
}

extension PaymentsScreen {
    public var frame: ScreenFrame { ScreenFrame(title: title, focusedText: keeping.fileName) }

    public mutating func respond(to event: ScreenEvent, context: ScreenContext) -> [ScreenEffect] {
        event == .appear ? appear(context: context) : respondKeeping(to: event)
    }
}
