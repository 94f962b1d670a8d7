import FoundationEssentials

/// The layout of `networks.json`; its `keys` object describes each field for readers of the file.
///
/// Read with checkout's own JSON parser (``JSONValue``) rather than `JSONDecoder`: the catalogue is
/// read before the first frame of the terminal UI, and Codable's generic machinery cost several
/// milliseconds of start-up for 7 KB of JSON.
///
/// Each network: `id`, `displayName`, `ranges` and `lengths` (strings), `exclude` (strings, optional),
/// `grouping` (optional: `"default"` and lengths, each a list of group sizes), `cvv` (`length`, a
/// number or null, and `label`), `badge` (`foreground`, `background`), `usualLength` (a number,
/// null, or `"default"` and IIN ranges, each a number or null). Other keys are ignored.
enum NetworkCatalogueFile {
    static func decode(_ data: Data) throws -> [NetworkInfo] {
        let root: JSONValue
        do { root = try JSONValue(parsing: String(decoding: data, as: UTF8.self)) } catch {
            throw CatalogueError("networks.json is not JSON: \(error)")
        }
        return try decode(root)
    }

    static func decode(_ root: JSONValue) throws -> [NetworkInfo] {
        guard let networks = root["networks"]?.arrayValue else { throw CatalogueError("networks.json needs a \"networks\" list") }
        return try networks.enumerated().map { index, entry in try decodeNetwork(entry, index: index) }
    }

    private static func decodeNetwork(_ entry: JSONValue, index: Int) throws -> NetworkInfo {
        guard entry.objectValue != nil else { throw CatalogueError("networks[\(index)] is not an object") }
        let id = try string(entry["id"], "networks[\(index)].id")
        guard let network = CardNetwork(rawValue: id) else {
            throw CatalogueError("unknown network id \"\(id)\"")
        }
        let displayName = try string(entry["displayName"], "\(id).displayName")
        let ranges = try strings(entry["ranges"], "\(id).ranges")
        let exclude = try optional(entry["exclude"]).map { try strings($0, "\(id).exclude") } ?? []
        let lengths = try strings(entry["lengths"], "\(id).lengths")
        let usual = try usualLength(entry["usualLength"], network: id)
        var groupingByLength: [Int: [Int]] = [:]
        var defaultGrouping: [Int]?
        if let grouping = try optional(entry["grouping"]) {
            guard let members = grouping.objectValue else { throw CatalogueError("\(id).grouping is not an object") }
            for (key, value) in members {
                let groups = try integers(value, "\(id).grouping.\(key)")
                if key == "default" {
                    defaultGrouping = groups
                } else if let length = Int(key) {
                    groupingByLength[length] = groups
                } else {
                    throw CatalogueError("grouping key \"\(key)\" is neither \"default\" nor a length")
                }
            }
        }
        guard let cvv = entry["cvv"], cvv.objectValue != nil else { throw CatalogueError("\(id).cvv is missing or not an object") }
        let cvvLength = try optional(cvv["length"]).map { try integer($0, "\(id).cvv.length") }
        let cvvLabel = try string(cvv["label"], "\(id).cvv.label")
        guard let badge = entry["badge"], badge.objectValue != nil else { throw CatalogueError("\(id).badge is missing or not an object") }
        return NetworkInfo(
            network: network, displayName: displayName,
            ranges: try ranges.map { try parseRange($0, network: id) },
            excludedRanges: try exclude.map { try parseRange($0, network: id) },
            lengths: try lengths.flatMap { try parseLengths($0, network: id) },
            usualLength: usual.length, usualLengthByRange: usual.byRange,
            groupingByLength: groupingByLength,
            defaultGrouping: defaultGrouping ?? NetworkInfo.standardGrouping,
            cvvLength: cvvLength, cvvLabel: cvvLabel,
            badge: BadgeColours(foreground: try string(badge["foreground"], "\(id).badge.foreground"),
                                background: try string(badge["background"], "\(id).badge.background")))
    }

    /// `usualLength`: a number, null (or missing: nothing says which), or an object of `"default"`
    /// and IIN ranges, each a number or null.
    private static func usualLength(_ value: JSONValue?, network: String) throws -> (length: Int?, byRange: [RangeLength]) {
        guard let value = try optional(value) else { return (nil, []) }
        if let members = value.objectValue {
            var length: Int?
            var byRange: [RangeLength] = []
            for (key, member) in members {
                let number = try optional(member).map { try integer($0, "\(network).usualLength.\(key)") }
                if key == "default" { length = number } else { byRange.append(RangeLength(range: try parseRange(key, network: network), length: number)) }
            }
            // The longest (most specific) range first, as detection has it.
            byRange.sort { $0.range.digits > $1.range.digits }
            return (length, byRange)
        }
        return (try integer(value, "\(network).usualLength"), [])
    }

    /// nil for a missing key or null, as an optional field reads.
    private static func optional(_ value: JSONValue?) throws -> JSONValue? {
        guard let value, !value.isNull else { return nil }
        return value
    }

    // The fields' paths are made only for an error (`@autoclosure`): made for every field, they were
    // 280 string appends of a start (0.11 M instructions, callgrind).
    private static func string(_ value: JSONValue?, _ field: @autoclosure () -> String) throws -> String {
        guard let text = value?.stringValue else { throw CatalogueError("\(field()) is missing or not a string") }
        return text
    }

    private static func strings(_ value: JSONValue?, _ field: @autoclosure () -> String) throws -> [String] {
        guard let elements = value?.arrayValue else { throw CatalogueError("\(field()) is missing or not a list of strings") }
        return try elements.map { try string($0, field()) }
    }

    private static func integer(_ value: JSONValue, _ field: @autoclosure () -> String) throws -> Int {
        guard let number = value.intValue else { throw CatalogueError("\(field()) is not a whole number") }
        return number
    }

    private static func integers(_ value: JSONValue, _ field: @autoclosure () -> String) throws -> [Int] {
        guard let elements = value.arrayValue else { throw CatalogueError("\(field()) is not a list of numbers") }
        return try elements.map { try integer($0, field()) }
    }

    /// Parses `"4"`, `"2221-2720"` or `"401178"`: bounds of equal length, 1 to 8 digits. Read byte by
    /// byte: splitting each of the catalogue's ranges into Strings and Characters was 1.1 M
    /// instructions of the terminal UI's start (callgrind).
    static func parseRange(_ text: String, network: String) throws -> IINRange {
        var bounds: (low: UInt64, high: UInt64) = (0, 0)
        var digits = (low: 0, high: 0)
        var dashes = 0
        var valid = true
        for byte in text.utf8 {
            if byte == UInt8(ascii: "-") {
                dashes += 1
                continue
            }
            let count = dashes == 0 ? digits.low : digits.high
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), dashes <= 1, count < PrefixIndex.keyDigits else {
                valid = false
                break
            }
            let digit = UInt64(byte - UInt8(ascii: "0"))
            if dashes == 0 {
                bounds.low = bounds.low * 10 + digit
                digits.low += 1
            } else {
                bounds.high = bounds.high * 10 + digit
                digits.high += 1
            }
        }
        if dashes == 0 { (bounds.high, digits.high) = (bounds.low, digits.low) }
        guard valid, dashes <= 1, digits.low == digits.high, digits.low >= 1, bounds.low <= bounds.high else {
            throw CatalogueError("\(network): IIN range \"\(text)\" is not \"low\" or \"low-high\" with bounds of 1 to 8 digits of equal length")
        }
        return IINRange(low: bounds.low, high: bounds.high, digits: digits.low)
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
