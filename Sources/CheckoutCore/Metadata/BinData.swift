/// Whether BIN data came from the BIN service (`complete`) or from local rules (`partial`).
public enum BinDataStatus: String, Sendable, Equatable, Codable {
    case complete
    case partial
}

/// The BIN data event's payload: the preferred network, the others, and where they came from.
public struct BinData: Sendable, Equatable {
    public var status: BinDataStatus
    /// The BIN the answer was for (8 digits), nil for local data.
    public var firstDigits: String?
    /// The first allowed network in `orderedAllowedCardNetworks` order; nil when none is allowed.
    public var preferred: DetectedCardNetwork?
    /// Every other network, allowed or not.
    public var alternatives: [DetectedCardNetwork]

    public init(status: BinDataStatus, firstDigits: String?, preferred: DetectedCardNetwork?,
                alternatives: [DetectedCardNetwork]) {
        self.status = status
        self.firstDigits = firstDigits
        self.preferred = preferred
        self.alternatives = alternatives
    }
}

/// One network in a BIN service's answer, with its issuer fields.
public struct BinNetwork: Sendable, Equatable, Hashable {
    public var network: CardNetwork
    public var displayName: String?
    public var issuer: IssuerDetails

    public init(network: CardNetwork, displayName: String? = nil, issuer: IssuerDetails = IssuerDetails()) {
        self.network = network
        self.displayName = displayName
        self.issuer = issuer
    }
}

/// A BIN data service's answer for one 8-digit BIN: its networks in issuer order (co-badged cards
/// have more than one). An empty list means the service knows nothing of the BIN.
///
/// `firstDigits` is what the service said the answer is about, as it said it: the 8 digits asked, a
/// shorter prefix of them (Primer answers with 6), or nil when it named none (Primer iOS SDK 2.51.1,
/// `Modules/PrimerNetworking/.../APIModels/Bin.swift`: `firstDigits: String?`, passed through).
public struct BinAnswer: Sendable, Equatable, Hashable {
    public var firstDigits: String?
    public var networks: [BinNetwork]
    /// How many digits the card number has, when the BIN data says (binlist's `number_length`):
    /// a card is then complete at that length only (a 13-digit Visa, say). Primer's BIN API does
    /// not say (`APIModels/Bin.swift` has no length), so its answers leave it nil.
    public var numberLength: Int?

    public init(firstDigits: String?, networks: [BinNetwork], numberLength: Int? = nil) {
        self.firstDigits = firstDigits
        self.networks = networks
        self.numberLength = numberLength
    }
}
