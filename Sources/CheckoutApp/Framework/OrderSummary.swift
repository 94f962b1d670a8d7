import CheckoutCore

/// What a client session says is being bought, in the words the screens use: the merchant, the
/// order's reference, its lines with quantities and amounts, and the order's total, the money as
/// the screen's language writes it (``ScreenContext/money(_:currency:)``: there is no other way). A
/// session that gives no merchant or items gives what it has (an amount always).
///
///     let summary = OrderSummary(session, context: context)
///     summary.headline(context: context)  // "Corner Bakery · 2 items · €13.90" ("… · 13,90 €" in French)
///     summary.itemLines                  // ["2 × Sourdough loaf  €9.00", "1 × Apricot jam  €4.90"]
public struct OrderSummary: Sendable, Equatable {
    public var merchantName: String?
    public var orderId: String?
    /// Each line: `2 × Sourdough loaf`, and what it costs (`€9.00`) when the session says.
    public var items: [(what: String, amount: String?)]
    /// The order amount, before any surcharge: what the session says is due.
    public var total: String
    /// What the lines add up to, when that is not ``total`` (shipping, fees, or a session whose
    /// lines do not add up): both are said, so neither passes for the other.
    public var itemsTotal: String?

    /// The summary of `session` with its amounts in `context`'s language and glyphs.
    public init(_ session: ClientSession, context: ScreenContext) {
        merchantName = session.merchantName
        orderId = session.orderId
        items = session.lineItems.map { Self.item($0, currency: session.currency, context: context) }
        total = context.money(session.amount, currency: session.currency)
        itemsTotal = session.itemsDifferFromAmount ? session.itemsTotal.map { context.money($0, currency: session.currency) } : nil
    }

    /// The total as said: `€49.99`, or `items €1.00, order total €100.00` when the lines add up to another amount.
    public func totalText(_ localizer: Localizer) -> String {
        itemsTotal.map { localizer.text(.cardOrderItemsAndTotal, $0, total) } ?? total
    }

    /// An order line in two parts: `2 × Sourdough loaf`, and what it costs (`€9.00`) when the session says.
    static func item(_ item: OrderLineItem, currency: String, context: ScreenContext) -> (what: String, amount: String?) {
        ("\(item.quantity) × \(item.title)", item.total.map { context.money($0, currency: currency) })
    }

    /// An order line in one: `2 × Sourdough loaf  €9.00` (the receipt's items too).
    static func itemLine(_ item: OrderLineItem, currency: String, context: ScreenContext) -> String {
        line(Self.item(item, currency: currency, context: context))
    }

    private static func line(_ item: (what: String, amount: String?)) -> String { item.what + (item.amount.map { "  " + $0 } ?? "") }

    /// Each line as `2 × Sourdough loaf  €9.00`.
    public var itemLines: [String] { items.map(Self.line) }

    /// Whether the session says anything beyond its amount.
    public var hasDetails: Bool { merchantName != nil || !items.isEmpty }

    public static func == (lhs: OrderSummary, rhs: OrderSummary) -> Bool {
        lhs.merchantName == rhs.merchantName && lhs.orderId == rhs.orderId && lhs.itemLines == rhs.itemLines && lhs.total == rhs.total
            && lhs.itemsTotal == rhs.itemsTotal
    }

    /// One line: who, what (the one item, or how many), and the total: `Boulangerie Demo · 1 × Weekly
    /// bread basket · €49.99`, in `context`'s language and separator; `nil` when the session names
    /// neither a merchant nor items.
    public func headline(context: ScreenContext) -> String? {
        headlineLead(context: context).map { $0 + context.glyphs.separator + totalText(context.localizer) }
    }

    /// ``headline(context:)`` without its total: who and what. A screen short of room cuts this
    /// part and keeps the total whole, so a merchant's text never takes its place.
    public func headlineLead(context: ScreenContext) -> String? {
        guard hasDetails else { return nil }
        var parts: [String] = []
        if let merchantName { parts.append(merchantName) }
        if items.count == 1, let only = items.first {
            // The one item's own amount is (about) the total, said once.
            parts.append(only.what)
        } else if !items.isEmpty {
            parts.append(context.localizer.counted(.cardOrderItems, items.count))
        }
        return parts.joined(with: context.glyphs.separator)
    }

    /// Label and value rows for the F1 help and a receipt-like block, labelled in `text`'s
    /// language: merchant, order, each item, total.
    public func rows(_ text: Localizer) -> [(label: String, value: String)] {
        var rows: [(label: String, value: String)] = []
        if let merchantName { rows.append((text.text(.resultMerchant), merchantName)) }
        if let orderId { rows.append((text.text(.resultOrder), orderId)) }
        for (index, line) in itemLines.enumerated() { rows.append((index == 0 ? text.text(.resultItems) : "", line)) }
        rows.append((text.text(.cardOrderTotal), totalText(text)))
        return rows
    }
}
