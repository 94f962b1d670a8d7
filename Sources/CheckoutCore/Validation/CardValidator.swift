import Foundation
// PLACEHOLDER (Core work replaces): signatures per CONTRACT.md
public struct CardValidator: Sendable {
    public let catalogue: NetworkCatalogue
    public let session: ClientSession
    public init(catalogue: NetworkCatalogue, session: ClientSession) { self.catalogue = catalogue; self.session = session }
    public func validate(_ data: CardData, metadata: CardNumberEntryMetadata?, now: Date, calendar: Calendar) -> [ValidationError] { [] }
}
