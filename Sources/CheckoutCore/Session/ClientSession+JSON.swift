import Foundation

extension ClientSession {
    /// Reads session defaults from JSON such as `Resources/data/session.json`:
    /// `{"orderedAllowedCardNetworks":["VISA",…],"amount":4999,"currency":"EUR"}`. Every key is
    /// optional (an absent allowed list accepts every network); other keys are ignored.
    public init(json: Data) throws {
        let value = try JSONValue(parsing: String(decoding: json, as: UTF8.self))
        guard case .object = value else { throw CatalogueError("session defaults must be a JSON object") }
        var session = ClientSession()
        if let list = value["orderedAllowedCardNetworks"], !list.isNull {
            guard let items = list.arrayValue else { throw CatalogueError("orderedAllowedCardNetworks must be a list of network ids") }
            session.orderedAllowedCardNetworks = try items.map { item in
                guard let id = item.stringValue, let network = CardNetwork(identifier: id), network != .other else {
                    throw CatalogueError("orderedAllowedCardNetworks: \(item.serialized()) is not a network id")
                }
                return network
            }
        }
        if let amount = value["amount"] {
            guard let minor = amount.intValue, minor >= 0 else { throw CatalogueError("amount must be a whole number of minor units") }
            session.amount = minor
        }
        if let currency = value["currency"] {
            guard let code = currency.stringValue, code.count == 3 else { throw CatalogueError("currency must be a 3-letter ISO 4217 code") }
            session.currency = code.uppercased()
        }
        self = session
    }

    /// Parses a comma-separated list of network ids (`VISA,CARTES_BANCAIRES`); throws naming the
    /// first id that is not a network.
    public static func parseNetworkList(_ text: String) throws -> [CardNetwork] {
        var result: [CardNetwork] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let id = part.trimmingCharacters(in: .whitespaces)
            guard let network = CardNetwork(identifier: id), network != .other else {
                throw CatalogueError("unknown network id \"\(id)\"; known ids: \(CardNetwork.allCases.filter { $0 != .other }.map(\.rawValue).joined(separator: " "))")
            }
            if !result.contains(network) { result.append(network) }
        }
        return result
    }
}
