/// What the merchant's client session says about this checkout: which networks it accepts, in
/// which order of preference, and what is being paid.
public struct ClientSession: Sendable, Equatable {
    /// The accepted networks in the merchant's order of preference; `nil` accepts every network in
    /// catalogue order (the seed SDK accepted none in that case: a known fault we do not copy).
    public var orderedAllowedCardNetworks: [CardNetwork]?
    /// The amount in minor units (cents).
    public var amount: Int
    /// ISO 4217 currency code.
    public var currency: String

    public init(orderedAllowedCardNetworks: [CardNetwork]? = nil, amount: Int = 1000, currency: String = "EUR") {
        self.orderedAllowedCardNetworks = orderedAllowedCardNetworks
        self.amount = amount
        self.currency = currency
    }

    /// The networks in allowed order: the explicit list, or every real network in catalogue order.
    public var allowedNetworks: [CardNetwork] {
        orderedAllowedCardNetworks ?? CardNetwork.allCases.filter { $0 != .other }
    }

    /// Whether `network` may be used for this session.
    public func allows(_ network: CardNetwork) -> Bool {
        network != .other && (orderedAllowedCardNetworks?.contains(network) ?? true)
    }
}
