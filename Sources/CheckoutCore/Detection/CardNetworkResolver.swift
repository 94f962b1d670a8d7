/// Turns local detection and BIN answers into the metadata and BIN data the engine emits, applying
/// the session's allowed networks.
///
/// Rules (PRODUCT.md, "Detection rules"):
/// - Local metadata lists the local candidates most specific first; nothing is selectable.
/// - A BIN answer lists its allowed networks in `orderedAllowedCardNetworks` order, then the others
///   in the answer's order. `preferred` is the first allowed one, or nil.
/// - `selectableCardNetworks` exists only for a co-badged card with at least two allowed networks:
///   those, in the merchant's order. When eftpos is among them they are still listed, and
///   `autoSelectedCardNetwork` names the first of them, which is paid with (eftpos routing is the
///   merchant's, never the cardholder's choice).
/// - Every network carries the session's surcharge for it, and the metadata carries what paying
///   with the auto-selected or preferred network costs (`amountDue`).
///
///     let resolver = CardNetworkResolver(catalogue: catalogue, session: session)
///     let metadata = resolver.metadata(forDigits: digits, answer: try? await service.lookup(bin: bin))
public struct CardNetworkResolver: Sendable {
    public let catalogue: NetworkCatalogue
    public let session: ClientSession

    /// The number of digits from which the BIN service is asked.
    public static let binLength = 8

    public init(catalogue: NetworkCatalogue, session: ClientSession) {
        self.catalogue = catalogue
        self.session = session
    }

    /// Metadata from local rules: the candidates of `digits`, most specific first; no choice.
    public func localMetadata(forDigits digits: String, source: CardValidationSource) -> CardNumberEntryMetadata {
        localMetadata(candidates: catalogue.candidates(forDigits: digits), source: source)
    }

    /// Metadata from local rules given the candidates (`catalogue.candidates(forDigits:)`): it
    /// depends on nothing else, so a caller holding the candidates it last showed can tell when it
    /// would be the same.
    public func localMetadata(candidates: [CardNetwork], source: CardValidationSource,
                              fallbackReason: CardNumberEntryMetadata.FallbackReason? = nil) -> CardNumberEntryMetadata {
        var metadata = metadata(source: source, items: candidates.map { detected($0) }, selectable: nil)
        if source == .localFallback { metadata.fallbackReason = fallbackReason }
        return metadata
    }

    /// Metadata from a BIN answer: allowed networks in the merchant's order, then the others.
    public func remoteMetadata(for answer: BinAnswer) -> CardNumberEntryMetadata {
        let items = orderedItems(for: answer)
        var metadata = metadata(source: .remote, items: items, selectable: selectable(items))
        metadata.numberLength = answer.numberLength
        return metadata
    }

    /// BIN data from local rules (status `partial`, no first digits).
    public func localBinData(forDigits digits: String) -> BinData {
        localBinData(candidates: catalogue.candidates(forDigits: digits))
    }

    /// BIN data from local rules given the candidates (see ``localMetadata(candidates:source:)``).
    public func localBinData(candidates: [CardNetwork]) -> BinData {
        binData(items: candidates.map { detected($0) }, status: .partial, firstDigits: nil)
    }

    /// BIN data from a BIN answer (status `complete`), with the answer's issuer fields.
    public func remoteBinData(for answer: BinAnswer) -> BinData {
        binData(items: orderedItems(for: answer), status: .complete, firstDigits: answer.firstDigits)
    }

    /// The metadata for `digits` given what the BIN service said: local under 8 digits, remote for an
    /// answer with networks, local fallback when the service failed (`nil`) or knew nothing.
    public func metadata(forDigits digits: String, answer: BinAnswer?) -> CardNumberEntryMetadata {
        if digits.utf8.count < Self.binLength { return localMetadata(forDigits: digits, source: .local) }
        if let answer, !answer.networks.isEmpty { return remoteMetadata(for: answer) }
        return localMetadata(forDigits: digits, source: .localFallback)
    }

    /// The BIN data for `digits` given what the BIN service said (see ``metadata(forDigits:answer:)``).
    public func binData(forDigits digits: String, answer: BinAnswer?) -> BinData {
        if digits.utf8.count >= Self.binLength, let answer, !answer.networks.isEmpty {
            return remoteBinData(for: answer)
        }
        return localBinData(forDigits: digits)
    }

    /// The network a payment would use: the auto-selected one (eftpos routing) whatever the choice,
    /// else the cardholder's choice when it is one of the card's allowed, user-selectable networks,
    /// else the preferred network. `unsupported-card-type` when no network of the card is allowed:
    /// a network the session does not accept is never paid with.
    public func networkForPayment(choice: CardNetwork?, metadata: CardNumberEntryMetadata) -> Result<CardNetwork, ValidationError> {
        let items = metadata.detectedCardNetworks.items
        if let automatic = metadata.autoSelectedCardNetwork, session.allows(automatic.network) {
            return .success(automatic.network)
        }
        if let choice, choice.allowsUserSelection, session.allows(choice),
           items.contains(where: { $0.network == choice }) {
            return .success(choice)
        }
        if let preferred = metadata.detectedCardNetworks.preferred, session.allows(preferred.network) {
            return .success(preferred.network)
        }
        return .failure(CardValidator.unsupported(items))
    }

    /// A network as presented to the integrator, with whether the session accepts it and its surcharge.
    public func detected(_ network: CardNetwork, issuer: IssuerDetails = IssuerDetails()) -> DetectedCardNetwork {
        DetectedCardNetwork(network: network, displayName: catalogue.info(network).displayName,
                            allowed: session.allows(network), surcharge: session.surcharge(for: network), issuer: issuer)
    }

    /// Metadata for `items`: the preferred network, the eftpos auto-selection and the amount due.
    func metadata(source: CardValidationSource, items: [DetectedCardNetwork], selectable: CardNetworksMetadata?) -> CardNumberEntryMetadata {
        let preferred = items.first { $0.allowed }
        let automatic = selectable.flatMap { selectable in
            selectable.items.contains { !$0.allowsUserSelection } ? selectable.items.first : nil
        }
        return CardNumberEntryMetadata(
            source: source,
            detectedCardNetworks: CardNetworksMetadata(items: items, preferred: preferred),
            selectableCardNetworks: selectable,
            autoSelectedCardNetwork: automatic,
            amountDue: session.amountDue(for: (automatic ?? preferred)?.network))
    }

    /// The answer's networks (each once): allowed ones in the merchant's order, then the rest in the
    /// answer's order.
    func orderedItems(for answer: BinAnswer) -> [DetectedCardNetwork] {
        var seen: Set<CardNetwork> = []
        let unique = answer.networks.filter { seen.insert($0.network).inserted }
        var items: [DetectedCardNetwork] = []
        for network in session.allowedNetworks {
            if let entry = unique.first(where: { $0.network == network }) {
                items.append(detected(entry.network, issuer: entry.issuer))
            }
        }
        for entry in unique where !session.allows(entry.network) {
            items.append(detected(entry.network, issuer: entry.issuer))
        }
        return items
    }

    /// The allowed networks of a co-badged card, when there are at least two (eftpos included: it
    /// is listed, and auto-selection then decides, see ``metadata(source:items:selectable:)``).
    func selectable(_ items: [DetectedCardNetwork]) -> CardNetworksMetadata? {
        let choices = items.filter(\.allowed)
        guard choices.count >= 2 else { return nil }
        return CardNetworksMetadata(items: choices, preferred: choices.first)
    }

    func binData(items: [DetectedCardNetwork], status: BinDataStatus, firstDigits: String?) -> BinData {
        guard let index = items.firstIndex(where: { $0.allowed }) else {
            return BinData(status: status, firstDigits: firstDigits, preferred: nil, alternatives: items)
        }
        var alternatives = items
        let preferred = alternatives.remove(at: index)
        return BinData(status: status, firstDigits: firstDigits, preferred: preferred, alternatives: alternatives)
    }
}
