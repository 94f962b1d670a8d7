// PLACEHOLDER (Core work replaces): signatures per CONTRACT.md
public struct CardNetworkResolver: Sendable {
    public let catalogue: NetworkCatalogue
    public let session: ClientSession
    public init(catalogue: NetworkCatalogue, session: ClientSession) { self.catalogue = catalogue; self.session = session }
    public func localMetadata(forDigits digits: String, source: CardValidationSource) -> CardNumberEntryMetadata {
        CardNumberEntryMetadata(source: source, detectedCardNetworks: CardNetworksMetadata(items: [], preferred: nil), selectableCardNetworks: nil)
    }
    public func remoteMetadata(for answer: BinAnswer) -> CardNumberEntryMetadata {
        CardNumberEntryMetadata(source: .remote, detectedCardNetworks: CardNetworksMetadata(items: [], preferred: nil), selectableCardNetworks: nil)
    }
    public func localBinData(forDigits digits: String) -> BinData { BinData(status: .partial, firstDigits: nil, preferred: nil, alternatives: []) }
    public func remoteBinData(for answer: BinAnswer) -> BinData { BinData(status: .complete, firstDigits: answer.firstDigits, preferred: nil, alternatives: []) }
    public func networkForPayment(choice: CardNetwork?, metadata: CardNumberEntryMetadata) -> Result<CardNetwork, ValidationError> {
        .failure(ValidationError(errorId: "unsupported-card-type", inputElementType: .cardNumber, description: "placeholder"))
    }
}
