/// Where a card's networks came from.
public enum CardValidationSource: String, Sendable, Equatable, Codable {
    /// Local IIN rules (fewer than 8 digits).
    case local = "LOCAL"
    /// The BIN data service answered.
    case remote = "REMOTE"
    /// The BIN data service failed, timed out or knew nothing: local rules again.
    case localFallback = "LOCAL_FALLBACK"
}

/// One network of a card as presented to the integrator: id, display name, whether the session
/// accepts it, the surcharge the session puts on it, and the issuer fields a BIN answer carried.
public struct DetectedCardNetwork: Sendable, Equatable {
    public var network: CardNetwork
    public var displayName: String
    public var allowed: Bool
    /// What paying with this network adds to the order amount, in minor units (0 when nothing).
    public var surcharge: Int
    public var issuer: IssuerDetails

    public init(network: CardNetwork, displayName: String, allowed: Bool, surcharge: Int = 0, issuer: IssuerDetails = IssuerDetails()) {
        self.network = network
        self.displayName = displayName
        self.allowed = allowed
        self.surcharge = surcharge
        self.issuer = issuer
    }

    /// Whether the cardholder may pick this network on a co-badged card (false only for eftpos).
    public var allowsUserSelection: Bool { network.allowsUserSelection }
}

/// The issuer fields of a BIN answer; every one is optional.
public struct IssuerDetails: Sendable, Equatable, Hashable {
    /// The ten fields as one value.
    private struct Values: Sendable, Hashable {
        var issuerCountryCode: String?
        var issuerName: String?
        var accountFundingType: String?
        var prepaidReloadableIndicator: String?
        var productUsageType: String?
        var productCode: String?
        var productName: String?
        var issuerCurrencyCode: String?
        var regionalRestriction: String?
        var accountNumberType: String?
    }

    /// The fields live in one shared box (``Shared``): a card's metadata is copied a dozen times a
    /// frame (the badges, the chooser, the amounts), and ten optional strings held inline were ten
    /// retains and releases at every copy of every network (callgrind).
    private var box: Shared<Values>

    /// The box of an issuer nothing is known about: every local detection's, shared.
    private static let empty = Shared(Values())

    public var issuerCountryCode: String? { get { box.fields.issuerCountryCode } set { box.change { $0.issuerCountryCode = newValue } } }
    public var issuerName: String? { get { box.fields.issuerName } set { box.change { $0.issuerName = newValue } } }
    public var accountFundingType: String? { get { box.fields.accountFundingType } set { box.change { $0.accountFundingType = newValue } } }
    public var prepaidReloadableIndicator: String? { get { box.fields.prepaidReloadableIndicator } set { box.change { $0.prepaidReloadableIndicator = newValue } } }
    public var productUsageType: String? { get { box.fields.productUsageType } set { box.change { $0.productUsageType = newValue } } }
    public var productCode: String? { get { box.fields.productCode } set { box.change { $0.productCode = newValue } } }
    public var productName: String? { get { box.fields.productName } set { box.change { $0.productName = newValue } } }
    public var issuerCurrencyCode: String? { get { box.fields.issuerCurrencyCode } set { box.change { $0.issuerCurrencyCode = newValue } } }
    public var regionalRestriction: String? { get { box.fields.regionalRestriction } set { box.change { $0.regionalRestriction = newValue } } }
    public var accountNumberType: String? { get { box.fields.accountNumberType } set { box.change { $0.accountNumberType = newValue } } }

    public init(
        issuerCountryCode: String? = nil, issuerName: String? = nil, accountFundingType: String? = nil,
        prepaidReloadableIndicator: String? = nil, productUsageType: String? = nil, productCode: String? = nil,
        productName: String? = nil, issuerCurrencyCode: String? = nil, regionalRestriction: String? = nil,
        accountNumberType: String? = nil
    ) {
        let values = Values(issuerCountryCode: issuerCountryCode, issuerName: issuerName, accountFundingType: accountFundingType, prepaidReloadableIndicator: prepaidReloadableIndicator, productUsageType: productUsageType, productCode: productCode, productName: productName, issuerCurrencyCode: issuerCurrencyCode, regionalRestriction: regionalRestriction, accountNumberType: accountNumberType)
        box = values == Self.empty.fields ? Self.empty : Shared(values)
    }

    /// The fields in wire order, as (JSON key, value) pairs; absent ones are left out.
    public var fields: [(String, String)] {
        let all: [(String, String?)] = [
            ("issuerCountryCode", issuerCountryCode), ("issuerName", issuerName),
            ("accountFundingType", accountFundingType), ("prepaidReloadableIndicator", prepaidReloadableIndicator),
            ("productUsageType", productUsageType), ("productCode", productCode), ("productName", productName),
            ("issuerCurrencyCode", issuerCurrencyCode), ("regionalRestriction", regionalRestriction),
            ("accountNumberType", accountNumberType),
        ]
        return all.compactMap { key, value in value.map { (key, $0) } }
    }
}

/// A list of networks and the one to pre-select.
public struct CardNetworksMetadata: Sendable, Equatable {
    public var items: [DetectedCardNetwork]
    public var preferred: DetectedCardNetwork?

    public init(items: [DetectedCardNetwork], preferred: DetectedCardNetwork?) {
        self.items = items
        self.preferred = preferred
    }
}

/// What the engine knows about the networks of the number being typed (the seed's
/// `PrimerCardNumberEntryMetadata`), and what paying with the pre-selected one costs.
///
/// Its fields are kept in one shared box (``Shared``): a screen copies the metadata into its
/// facts, its kept parts' keys and its model at every frame, and compares it with the kept one,
/// where the fields held inline were a dozen retains a copy and a walk of every network to
/// compare (some 8 k instructions of a key's frame, callgrind).
public struct CardNumberEntryMetadata: Sendable, Equatable {
    private struct Fields: Sendable, Equatable {
        var source: CardValidationSource
        var detectedCardNetworks: CardNetworksMetadata
        var selectableCardNetworks: CardNetworksMetadata?
        var autoSelectedCardNetwork: DetectedCardNetwork?
        var amountDue: AmountDue?
        var numberLength: Int?
        var fallbackReason: FallbackReason?
    }

    private var shared: Shared<Fields>

    public var source: CardValidationSource { get { shared.fields.source } set { shared.change { $0.source = newValue } } }
    /// Every network the number may belong to, allowed ones first, most specific first.
    public var detectedCardNetworks: CardNetworksMetadata { get { shared.fields.detectedCardNetworks } set { shared.change { $0.detectedCardNetworks = newValue } } }
    /// Non-nil only for a co-badged card (a BIN answer) with at least two allowed networks: those,
    /// in the merchant's order. Listed even when eftpos is among them (see ``autoSelectedCardNetwork``).
    public var selectableCardNetworks: CardNetworksMetadata? { get { shared.fields.selectableCardNetworks } set { shared.change { $0.selectableCardNetworks = newValue } } }
    /// The network paid with, chosen for the cardholder: the first selectable one when eftpos is
    /// among the selectable networks (eftpos routing is the merchant's); nil otherwise.
    public var autoSelectedCardNetwork: DetectedCardNetwork? { get { shared.fields.autoSelectedCardNetwork } set { shared.change { $0.autoSelectedCardNetwork = newValue } } }
    /// The order amount, the surcharge and the total for the network paid with if the cardholder
    /// chooses nothing (the auto-selected or preferred one); nil only when built without a session.
    public var amountDue: AmountDue? { get { shared.fields.amountDue } set { shared.change { $0.amountDue = newValue } } }
    /// How many digits the card number has, when a BIN answer says (``BinAnswer/numberLength``);
    /// the card is complete at that length only. Not part of the seed's JSON shape.
    public var numberLength: Int? { get { shared.fields.numberLength } set { shared.change { $0.numberLength = newValue } } }
    /// Why the networks come from local rules at 8 digits or more (source `LOCAL_FALLBACK`); nil
    /// for the other sources. Not on the wire: the seed's metadata has no such field, a screen says it.
    public var fallbackReason: FallbackReason? { get { shared.fields.fallbackReason } set { shared.change { $0.fallbackReason = newValue } } }

    /// Why a BIN lookup ended in local rules.
    public enum FallbackReason: Sendable, Equatable {
        /// The BIN service answered and knows nothing of the card (an embedded table without its row).
        case noBinData
        /// The BIN service failed or did not answer in time.
        case serviceUnavailable
    }

    public init(source: CardValidationSource, detectedCardNetworks: CardNetworksMetadata,
                selectableCardNetworks: CardNetworksMetadata?, autoSelectedCardNetwork: DetectedCardNetwork? = nil,
                amountDue: AmountDue? = nil, numberLength: Int? = nil, fallbackReason: FallbackReason? = nil) {
        shared = Shared(Fields(source: source, detectedCardNetworks: detectedCardNetworks, selectableCardNetworks: selectableCardNetworks,
                               autoSelectedCardNetwork: autoSelectedCardNetwork, amountDue: amountDue, numberLength: numberLength,
                               fallbackReason: fallbackReason))
    }

    /// The networks a chooser offers the cardholder: the selectable ones, unless a network was
    /// auto-selected (eftpos), when a screen shows that network and why instead of a chooser.
    public var chooserNetworks: CardNetworksMetadata? {
        guard autoSelectedCardNetwork == nil, let selectable = selectableCardNetworks, selectable.items.count >= 2 else { return nil }
        return selectable
    }
}

/// The number a metadata event is about (the seed's `PrimerCardNumberEntryState`): digits only.
public struct CardNumberEntryState: Sendable, Equatable, Hashable {
    public var cardNumber: String
    public init(cardNumber: String) { self.cardNumber = cardNumber }
}
