import Foundation

/// The layout of `networks.json`; its `keys` object describes each field for readers of the file.
struct NetworkCatalogueFile: Decodable {
    struct Entry: Decodable {
        struct Grouping: Decodable {
            var `default`: [Int]?
            var byLength: [Int: [Int]]

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                var byLength: [Int: [Int]] = [:]
                var fallback: [Int]?
                for key in container.allKeys {
                    let groups = try container.decode([Int].self, forKey: key)
                    if key.stringValue == "default" {
                        fallback = groups
                    } else if let length = Int(key.stringValue) {
                        byLength[length] = groups
                    } else {
                        throw CatalogueError("grouping key \"\(key.stringValue)\" is neither \"default\" nor a length")
                    }
                }
                self.default = fallback
                self.byLength = byLength
            }
        }
        struct Code: Decodable { var length: Int?; var label: String }
        struct Badge: Decodable { var foreground: String; var background: String }

        var id: String
        var displayName: String
        var ranges: [String]
        var exclude: [String]?
        var lengths: [String]
        var grouping: Grouping?
        var cvv: Code
        var badge: Badge
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    var networks: [Entry]

    static func decode(_ data: Data) throws -> [NetworkInfo] {
        let file = try JSONDecoder().decode(NetworkCatalogueFile.self, from: data)
        return try file.networks.map { entry in
            guard let network = CardNetwork(rawValue: entry.id) else {
                throw CatalogueError("unknown network id \"\(entry.id)\"")
            }
            return NetworkInfo(
                network: network, displayName: entry.displayName,
                ranges: try entry.ranges.map { try parseRange($0, network: entry.id) },
                excludedRanges: try (entry.exclude ?? []).map { try parseRange($0, network: entry.id) },
                lengths: try entry.lengths.flatMap { try parseLengths($0, network: entry.id) },
                groupingByLength: entry.grouping?.byLength ?? [:],
                defaultGrouping: entry.grouping?.default ?? NetworkInfo.standardGrouping,
                cvvLength: entry.cvv.length, cvvLabel: entry.cvv.label,
                badge: BadgeColours(foreground: entry.badge.foreground, background: entry.badge.background))
        }
    }

    /// Parses `"4"`, `"2221-2720"` or `"401178"`: bounds of equal length, 1 to 8 digits.
    static func parseRange(_ text: String, network: String) throws -> IINRange {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 1 || parts.count == 2,
              let lowText = parts.first, let highText = parts.last,
              lowText.count == highText.count, (1...PrefixIndex.keyDigits).contains(lowText.count),
              lowText.allSatisfy(\.isASCIIDigit), highText.allSatisfy(\.isASCIIDigit),
              let low = UInt64(lowText), let high = UInt64(highText), low <= high
        else {
            throw CatalogueError("\(network): IIN range \"\(text)\" is not \"low\" or \"low-high\" with bounds of 1 to 8 digits of equal length")
        }
        return IINRange(low: low, high: high, digits: lowText.count)
    }

    /// Parses `"16"` or `"16-19"`.
    static func parseLengths(_ text: String, network: String) throws -> [Int] {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard (1...2).contains(parts.count), let low = parts.first, let high = parts.last, low <= high, low > 0 else {
            throw CatalogueError("\(network): length \"\(text)\" is not a number or a \"low-high\" span")
        }
        return Array(low...high)
    }
}

/// A problem in the network catalogue's data, with a message naming the faulty entry.
public struct CatalogueError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension Character {
    /// Whether this is one of the ASCII digits 0–9.
    var isASCIIDigit: Bool { isASCII && isNumber }
}
