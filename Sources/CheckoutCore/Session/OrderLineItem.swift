/// One line of the order a client session pays for: what is bought, how many, at what price.
///
/// The fields are those of the client session's `order.lineItems[]` (Primer iOS SDK 2.51.1,
/// Sources/PrimerSDK/Classes/Data Models/ClientSession.swift, `ClientSession.Order.LineItem`:
/// `itemId`, `quantity`, `amount`, `discountAmount`, `name`, `description`, `taxAmount`); Primer's
/// Client Session API reference (POST /client-session, `order.lineItems`) gives the meaning:
/// `amount` is the price of one, in minor units; `discountAmount` and `taxAmount` apply to the
/// whole line, not to each one. A line's total is therefore amount × quantity − discount + tax,
/// the sum the SDK's Apple Pay summary item shows (ApplePayOrderItem.swift, `applePayItem`).
///
///     let bread = OrderLineItem(description: "Sourdough loaf", quantity: 2, amount: 450)
///     bread.total   // 900
public struct OrderLineItem: Sendable, Equatable, Hashable {
    public var itemId: String?
    /// What the SDK names the item by (its Apple Pay and Klarna summaries use `description`).
    public var description: String?
    public var name: String?
    /// How many; the SDK's field is a required integer, the API's optional (one when absent).
    public var quantity: Int
    /// The price of one, in minor units; nil when the session does not give it.
    public var amount: Int?
    /// Taken off the whole line, in minor units.
    public var discountAmount: Int?
    /// Added to the whole line, in minor units.
    public var taxAmount: Int?

    public init(itemId: String? = nil, description: String? = nil, name: String? = nil, quantity: Int = 1, amount: Int? = nil,
                discountAmount: Int? = nil, taxAmount: Int? = nil) {
        self.itemId = itemId
        self.description = description
        self.name = name
        self.quantity = quantity
        self.amount = amount
        self.discountAmount = discountAmount
        self.taxAmount = taxAmount
    }

    /// What the line costs: amount × quantity − discount + tax; nil without an amount, or when the
    /// sum does not fit an `Int` (a session is outside input).
    public var total: Int? {
        guard let amount else { return nil }
        let (gross, overflow) = amount.multipliedReportingOverflow(by: quantity)
        let (discounted, under) = gross.subtractingReportingOverflow(discountAmount ?? 0)
        let (total, over) = discounted.addingReportingOverflow(taxAmount ?? 0)
        return overflow || under || over ? nil : total
    }

    /// How a person reads the item: its description, else its name, else its id (the SDK falls back
    /// to the merchant name and then "Item"; a screen shows what the session has).
    public var title: String { description ?? name ?? itemId ?? "Item" }
}
