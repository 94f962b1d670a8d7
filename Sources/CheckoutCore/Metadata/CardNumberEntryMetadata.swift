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
/// accepts it, and the issuer fields a BIN answer carried.
public struct DetectedCardNetwork: Sendable, Equatable {
    public var network: CardNetwork
    public var displayName: String
    public var allowed: Bool
    public var issuer: IssuerDetails

    public init(network: CardNetwork, displayName: String, allowed: Bool, issuer: IssuerDetails = IssuerDetails()) {
        self.network = network
        self.displayName = displayName
        self.allowed = allowed
        self.issuer = issuer
    }
}

/// The issuer fields of a BIN answer; every one is optional.
public struct IssuerDetails: Sendable, Equatable, Hashable {
    public var issuerCountryCode: String?
    public var issuerName: String?
    public var accountFundingType: String?
    public var prepaidReloadableIndicator: String?
    public var productUsageType: String?
    public var productCode: String?
    public var productName: String?
    public var issuerCurrencyCode: String?
    public var regionalRestriction: String?
    public var accountNumberType: String?

    public init(
        issuerCountryCode: String? = nil, issuerName: String? = nil, accountFundingType: String? = nil,
        prepaidReloadableIndicator: String? = nil, productUsageType: String? = nil, productCode: String? = nil,
        productName: String? = nil, issuerCurrencyCode: String? = nil, regionalRestriction: String? = nil,
        accountNumberType: String? = nil
    ) {
        self.issuerCountryCode = issuerCountryCode
        self.issuerName = issuerName
        self.accountFundingType = accountFundingType
        self.prepaidReloadableIndicator = prepaidReloadableIndicator
        self.productUsageType = productUsageType
        self.productCode = productCode
        self.productName = productName
        self.issuerCurrencyCode = issuerCurrencyCode
        self.regionalRestriction = regionalRestriction
        self.accountNumberType = accountNumberType
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
/// `PrimerCardNumberEntryMetadata`).
public struct CardNumberEntryMetadata: Sendable, Equatable {
    public var source: CardValidationSource
    /// Every network the number may belong to, allowed ones first, most specific first.
    public var detectedCardNetworks: CardNetworksMetadata
    /// Non-nil only for a co-badged card with at least two allowed, user-selectable networks.
    public var selectableCardNetworks: CardNetworksMetadata?

    public init(source: CardValidationSource, detectedCardNetworks: CardNetworksMetadata,
                selectableCardNetworks: CardNetworksMetadata?) {
        self.source = source
        self.detectedCardNetworks = detectedCardNetworks
        self.selectableCardNetworks = selectableCardNetworks
    }
}

/// The number a metadata event is about (the seed's `PrimerCardNumberEntryState`): digits only.
public struct CardNumberEntryState: Sendable, Equatable, Hashable {
    public var cardNumber: String
    public init(cardNumber: String) { self.cardNumber = cardNumber }
}
