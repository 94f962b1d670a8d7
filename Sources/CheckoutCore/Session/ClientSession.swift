/// What the merchant's client session says about this checkout: which networks it accepts, in
/// which order of preference, what is being paid, and the surcharge each network adds.
///
/// A session file in the headless SDK's shape loads with ``read(json:defaults:)``
/// (`ClientSession+JSON.swift`); in code:
///
///     let session = ClientSession(orderedAllowedCardNetworks: [.cartesBancaires, .visa], amount: 4999,
///                                 currency: "EUR", surcharges: [.visa: 30])
///     session.total(for: .visa)              // 5029
///     session.total(for: .cartesBancaires)   // 4999
public struct ClientSession: Sendable, Equatable {
    private struct Fields: Sendable, Equatable {
        var orderedAllowedCardNetworks: [CardNetwork]?
        var amount: Int
        var currency: String
        var surcharges: [CardNetwork: Int]
        var merchantName: String?
        var orderId: String?
        var lineItems: [OrderLineItem]
        var collectsCardholderName: Bool
    }

    /// The fields, in one shared box (``Shared``): a session rides in every screen's context and in
    /// the kept parts' keys, copied and compared several times a frame (callgrind: some 5 k
    /// instructions of a key's frame held inline).
    private var shared: Shared<Fields>

    /// The accepted networks in the merchant's order of preference; `nil` accepts every network in
    /// catalogue order (the seed SDK accepted none in that case: a known fault we do not copy).
    public var orderedAllowedCardNetworks: [CardNetwork]? { get { shared.fields.orderedAllowedCardNetworks } set { shared.change { $0.orderedAllowedCardNetworks = newValue } } }
    /// The order amount in minor units (cents), before any surcharge.
    public var amount: Int { get { shared.fields.amount } set { shared.change { $0.amount = newValue } } }
    /// ISO 4217 currency code.
    public var currency: String { get { shared.fields.currency } set { shared.change { $0.currency = newValue } } }
    /// What paying with a network adds to ``amount``, in minor units; a network not listed adds
    /// nothing, and so does a value that is not positive (the SDK ignores those too).
    public var surcharges: [CardNetwork: Int] { get { shared.fields.surcharges } set { shared.change { $0.surcharges = newValue } } }
    /// The name the cardholder is paying, when the session gives one.
    public var merchantName: String? { get { shared.fields.merchantName } set { shared.change { $0.merchantName = newValue } } }
    /// The merchant's reference for the order (`order.orderId`, or the Client Session API's `orderId`).
    public var orderId: String? { get { shared.fields.orderId } set { shared.change { $0.orderId = newValue } } }
    /// What the order is made of (`order.lineItems`); empty when the session lists nothing.
    public var lineItems: [OrderLineItem] { get { shared.fields.lineItems } set { shared.change { $0.lineItems = newValue } } }

    /// What the line items add up to, when every line has an amount (nil otherwise, or with no
    /// lines). Primer's client session may charge another `amount` than its lines (its own
    /// `PATCH /client-session` example sends `amount` 500 with ten items of 100, and `amount`
    /// 650 for an item of 500, shipping of 50 and a surcharge fee of 100: Primer API reference
    /// v2.4, Client Session API), so a difference is shown, never hidden: see ``itemsDifferFromAmount``.
    public var itemsTotal: Int? {
        guard !lineItems.isEmpty else { return nil }
        var sum = 0
        for item in lineItems {
            guard let total = item.total else { return nil }
            let (next, overflow) = sum.addingReportingOverflow(total)
            if overflow { return nil }
            sum = next
        }
        return sum
    }

    /// Whether the lines add up to something other than the order amount (shipping, fees or a
    /// merchant's own total): then screens say both, "items €1.00, order total €100.00".
    public var itemsDifferFromAmount: Bool { itemsTotal.map { $0 != amount } ?? false }
    /// Whether the cardholder's name is asked for and required. A configuration's
    /// `checkoutModules` entry `{"type":"CARD_INFORMATION","options":{"cardHolderName":false}}` turns
    /// it off: the name is then neither required nor checked, and a form hides its field (Primer iOS
    /// SDK 2.51.1, `PrimerRawCardDataTokenizationBuilder.swift` `requiredInputElementTypes`,
    /// `CardholderNameField.swift` `isCardholderNameFieldEnabled`; absent means true).
    public var collectsCardholderName: Bool { get { shared.fields.collectsCardholderName } set { shared.change { $0.collectsCardholderName = newValue } } }

    public init(orderedAllowedCardNetworks: [CardNetwork]? = nil, amount: Int = 1000, currency: String = "EUR",
                surcharges: [CardNetwork: Int] = [:], merchantName: String? = nil, orderId: String? = nil,
                lineItems: [OrderLineItem] = [], collectsCardholderName: Bool = true) {
        shared = Shared(Fields(orderedAllowedCardNetworks: orderedAllowedCardNetworks, amount: amount, currency: currency,
                               surcharges: surcharges, merchantName: merchantName, orderId: orderId, lineItems: lineItems,
                               collectsCardholderName: collectsCardholderName))
    }

    /// Whether a payment with a card of this session adds a surcharge for some network: the SDK
    /// sends client-session actions only then (Primer iOS SDK 2.51.1, `ClientSessionActionsModule.swift`
    /// guards on `PrimerConfiguration.swift` `hasSurchargeEnabled`).
    public var hasSurcharges: Bool { surcharges.values.contains { $0 > 0 } }

    /// The networks in allowed order: the explicit list, or every real network in catalogue order.
    public var allowedNetworks: [CardNetwork] {
        orderedAllowedCardNetworks ?? CardNetwork.allCases.filter { $0 != .other }
    }

    /// Whether `network` may be used for this session.
    public func allows(_ network: CardNetwork) -> Bool {
        network != .other && (orderedAllowedCardNetworks?.contains(network) ?? true)
    }

    /// The surcharge paying with `network` adds, in minor units; 0 when none (or no network).
    public func surcharge(for network: CardNetwork?) -> Int {
        max(0, network.flatMap { surcharges[$0] } ?? 0)
    }

    /// The amount to pay with `network`: the order amount plus that network's surcharge.
    public func total(for network: CardNetwork?) -> Int {
        MinorUnits.total(amount: amount, surcharge: surcharge(for: network))
    }

    /// The largest amount or surcharge in minor units (10^15 − 1, a little under 2^53): a JSON
    /// number that size is still exact in every reader, and the sum of two is far from `Int.max`.
    /// `--amount`, session files and Primer's client sessions are refused above it.
    public static let maximumAmount = 999_999_999_999_999

    /// Why a payment with `network` cannot be asked for, or nil: the amount must be 1 to
    /// ``maximumAmount`` and so must the total with the surcharge (a library caller may set any
    /// values; the command line and session files cannot).
    public func amountProblem(for network: CardNetwork?) -> String? {
        let range = 1...Self.maximumAmount
        guard range.contains(amount) else {
            return "The amount \(amount) is not payable: an amount is 1 to \(Self.maximumAmount) minor units."
        }
        let (total, overflow) = amount.addingReportingOverflow(surcharge(for: network))
        guard !overflow, range.contains(total) else {
            return "The amount with its surcharge is not payable: a total is at most \(Self.maximumAmount) minor units."
        }
        return nil
    }

    /// What paying with `network` costs, amount and surcharge apart (see ``AmountDue``).
    public func amountDue(for network: CardNetwork?) -> AmountDue {
        AmountDue(network: network, amount: amount, surcharge: surcharge(for: network), currency: currency)
    }
}
