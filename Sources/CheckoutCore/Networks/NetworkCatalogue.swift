import Foundation
// PLACEHOLDER (Core work replaces): signatures per CONTRACT.md
public struct NetworkCatalogue: Sendable {
    public var networks: [NetworkInfo]
    public init(json: Data) throws { networks = [] }
    public func info(_ network: CardNetwork) -> NetworkInfo {
        networks.first { $0.network == network } ?? NetworkInfo(network: network, displayName: network.rawValue, ranges: [], lengths: [], cvvLength: nil, cvvLabel: "CVV", badge: BadgeColours(foreground: "white", background: "black"))
    }
    public func candidates(forDigits digits: String) -> [CardNetwork] { digits.hasPrefix("4") ? [.visa] : [] }
    public func format(digits: String, as network: CardNetwork?) -> String { digits }
}
