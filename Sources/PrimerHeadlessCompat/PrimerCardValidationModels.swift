import CheckoutCore

// The metadata the raw-data delegate receives, in the SDK's shapes.
// Primer iOS SDK 2.51.1, `Sources/PrimerSDK/Classes/Core/PrimerHeadlessUniversalCheckout/Models/PrimerCardValidationModels.swift`:
// the protocols `PrimerValidationState` and `PrimerPaymentMethodMetadata` (empty, class-bound), the
// enum `PrimerCardValidationSource: Int { local, localFallback, remote }`, and the final classes
// `PrimerCardNumberEntryState(cardNumber)`, `PrimerCardNetwork`, `PrimerCardNetworksMetadata(items, preferred)`
// and `PrimerCardNumberEntryMetadata(source, selectableCardNetworks, detectedCardNetworks, autoSelectedCardNetwork)`.
// Their values are the engine's metadata, converted; the SDK's initializers are internal, and so are these.

/// What a metadata callback is about; for card data, a ``PrimerCardNumberEntryState``.
public protocol PrimerValidationState: AnyObject, Sendable {}

/// Metadata a callback carries; for card data, a ``PrimerCardNumberEntryMetadata``.
public protocol PrimerPaymentMethodMetadata: AnyObject, Sendable {}

/// Where a card's networks came from.
public enum PrimerCardValidationSource: Int, Sendable {
    /// Local rules, from the first digits (fewer than 8 digits).
    case local
    /// The BIN service was asked and failed, timed out or knew nothing: local rules again.
    case localFallback
    /// The BIN service answered.
    case remote

    init(_ source: CardValidationSource) {
        switch source {
        case .local: self = .local
        case .localFallback: self = .localFallback
        case .remote: self = .remote
        }
    }
}

/// The card number a metadata callback is about, digits only.
public final class PrimerCardNumberEntryState: PrimerValidationState, CustomStringConvertible {
    public let cardNumber: String

    init(cardNumber: String) {
        self.cardNumber = cardNumber
    }

    init(_ state: CardNumberEntryState) {
        cardNumber = state.cardNumber
    }

    /// The number masked (`4000 00•• •••• 1001`), so printing a state never logs a card number.
    public var description: String { "PrimerCardNumberEntryState(cardNumber: \(CardNumberMask.mask(cardNumber)))" }
}

/// One network of a card: its id, its name, whether the session accepts it, and the issuer fields
/// the BIN service sent.
public final class PrimerCardNetwork: Sendable, CustomStringConvertible {
    public let displayName: String
    public let network: CardNetwork
    public let issuerCountryCode: String?
    public let issuerName: String?
    public let accountFundingType: String?
    public let prepaidReloadableIndicator: String?
    public let productUsageType: String?
    public let productCode: String?
    public let productName: String?
    public let issuerCurrencyCode: String?
    public let regionalRestriction: String?
    public let accountNumberType: String?
    /// Whether the session's `orderedAllowedCardNetworks` accepts this network.
    public let allowed: Bool
    /// Whether the cardholder may pick it on a co-badged card (false for eftpos).
    public let allowsUserSelection: Bool

    /// The network, under the name Primer's co-badge guide uses (`let selectedCardNetwork: CardNetwork
    /// = primerCardNetwork.value`, seed 000, step 3); the SDK 2.51.1 source names it ``network``.
    public var value: CardNetwork { network }

    init(_ detected: DetectedCardNetwork) {
        displayName = detected.displayName
        network = CardNetwork(engine: detected.network)
        let issuer = detected.issuer
        issuerCountryCode = issuer.issuerCountryCode
        issuerName = issuer.issuerName
        accountFundingType = issuer.accountFundingType
        prepaidReloadableIndicator = issuer.prepaidReloadableIndicator
        productUsageType = issuer.productUsageType
        productCode = issuer.productCode
        productName = issuer.productName
        issuerCurrencyCode = issuer.issuerCurrencyCode
        regionalRestriction = issuer.regionalRestriction
        accountNumberType = issuer.accountNumberType
        allowed = detected.allowed
        allowsUserSelection = detected.allowsUserSelection
    }

    convenience init?(_ detected: DetectedCardNetwork?) {
        guard let detected else { return nil }
        self.init(detected)
    }

    /// As the SDK writes it: `PrimerCardNetwork(displayName: Visa, network: visa, allowed: true)`.
    public var description: String {
        "PrimerCardNetwork(displayName: \(displayName), network: \(network), allowed: \(allowed))"
    }
}

/// A list of networks and the one to pre-select.
public final class PrimerCardNetworksMetadata: Sendable {
    public let items: [PrimerCardNetwork]
    public let preferred: PrimerCardNetwork?

    init(_ metadata: CardNetworksMetadata) {
        items = metadata.items.map(PrimerCardNetwork.init)
        preferred = PrimerCardNetwork(metadata.preferred)
    }
}

/// The networks of the card number being typed: every detected one, the ones the cardholder may
/// choose from (non-nil only for a co-badged card the BIN service answered for, with two allowed
/// networks or more), and the one chosen for the cardholder when eftpos is among them.
public final class PrimerCardNumberEntryMetadata: PrimerPaymentMethodMetadata {
    public let source: PrimerCardValidationSource
    public let selectableCardNetworks: PrimerCardNetworksMetadata?
    public let detectedCardNetworks: PrimerCardNetworksMetadata
    public let autoSelectedCardNetwork: PrimerCardNetwork?

    init(_ metadata: CardNumberEntryMetadata) {
        source = PrimerCardValidationSource(metadata.source)
        selectableCardNetworks = metadata.selectableCardNetworks.map(PrimerCardNetworksMetadata.init)
        detectedCardNetworks = PrimerCardNetworksMetadata(metadata.detectedCardNetworks)
        autoSelectedCardNetwork = PrimerCardNetwork(metadata.autoSelectedCardNetwork)
    }
}
