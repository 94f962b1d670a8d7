import CheckoutCore

/// What the client session says after an update, as the SDK hands it to
/// `primerHeadlessUniversalCheckoutDidUpdateClientSession(_:)`.
///
/// Primer iOS SDK 2.51.1, `Sources/PrimerSDK/Classes/Data Models/PrimerClientSession.swift`:
/// `customerId`, `orderId`, `currencyCode`, `totalAmount`, `lineItems`, `orderDetails`, `customer`,
/// all optional. This engine's session update carries the amount due (order amount plus the
/// surcharge of the network told), so `currencyCode` and `totalAmount` are set and the customer and
/// order details, which the engine does not model, are nil.
public final class PrimerClientSession: Sendable, CustomStringConvertible {
    public let customerId: String?
    public let orderId: String?
    public let currencyCode: String?
    /// The order amount with the surcharge of the network the session was told, in minor units.
    public let totalAmount: Int?

    public init(customerId: String?, orderId: String?, currencyCode: String?, totalAmount: Int?) {
        self.customerId = customerId
        self.orderId = orderId
        self.currencyCode = currencyCode
        self.totalAmount = totalAmount
    }

    convenience init(_ due: AmountDue) {
        self.init(customerId: nil, orderId: nil, currencyCode: due.currency, totalAmount: due.total)
    }

    /// `PrimerClientSession(totalAmount: 5029, currencyCode: EUR)`.
    public var description: String {
        "PrimerClientSession(totalAmount: \(totalAmount.map(String.init) ?? "nil"), currencyCode: \(currencyCode ?? "nil"))"
    }
}
