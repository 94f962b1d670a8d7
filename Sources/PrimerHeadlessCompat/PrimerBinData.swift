import CheckoutCore

// Primer iOS SDK 2.51.1, `Sources/PrimerSDK/Classes/Core/PrimerHeadlessUniversalCheckout/Models/PrimerBinData.swift`:
// `enum PrimerBinDataStatus: Int { partial, complete }` and `final class PrimerBinData(preferred,
// alternatives, status, firstDigits)`, whose description is
// `PrimerBinData(preferred: Visa, alternatives: [Cartes Bancaires], status: complete, firstDigits: 40000025)`.

/// Whether BIN data came from the BIN service (`complete`) or from local rules (`partial`).
public enum PrimerBinDataStatus: Int, Sendable {
    case partial
    case complete
}

/// The BIN data of the card number: the preferred network, the others, and where they came from.
public final class PrimerBinData: Sendable, CustomStringConvertible {
    /// The first allowed network, in the merchant's order; nil when none is allowed.
    public let preferred: PrimerCardNetwork?
    /// Every other network, allowed or not.
    public let alternatives: [PrimerCardNetwork]
    public let status: PrimerBinDataStatus
    /// The BIN the service answered for; nil for local data.
    public let firstDigits: String?

    init(_ binData: BinData) {
        preferred = PrimerCardNetwork(binData.preferred)
        alternatives = binData.alternatives.map(PrimerCardNetwork.init)
        status = binData.status == .complete ? .complete : .partial
        firstDigits = binData.firstDigits
    }

    public var description: String {
        "PrimerBinData(preferred: \(preferred?.displayName ?? "nil"), alternatives: [\(alternatives.map(\.displayName).joined(separator: ", "))], "
            + "status: \(status == .complete ? "complete" : "partial"), firstDigits: \(firstDigits ?? "nil"))"
    }
}
