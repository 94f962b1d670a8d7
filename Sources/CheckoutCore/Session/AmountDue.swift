/// What a payment with one network costs: the order amount and that network's surcharge, apart,
/// and their total.
///
/// Metadata carries the one for the network that would be paid with if the cardholder chose
/// nothing (``CardNumberEntryMetadata/amountDue``); a payment carries the one it was made for.
///
///     let due = AmountDue(network: .visa, amount: 4999, surcharge: 30, currency: "EUR")
///     due.total   // 5029
public struct AmountDue: Sendable, Equatable, Hashable {
    /// The network the surcharge is for; nil when no network of the card can be paid with yet.
    public var network: CardNetwork?
    /// The order amount in minor units, before the surcharge.
    public var amount: Int
    /// What the network adds, in minor units (0 when nothing).
    public var surcharge: Int
    /// ISO 4217 currency code.
    public var currency: String

    public init(network: CardNetwork?, amount: Int, surcharge: Int, currency: String) {
        self.network = network
        self.amount = amount
        self.surcharge = surcharge
        self.currency = currency
    }

    /// The amount plus the surcharge: what the cardholder pays.
    public var total: Int { MinorUnits.total(amount: amount, surcharge: surcharge) }
}
