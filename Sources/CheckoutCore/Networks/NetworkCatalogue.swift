import FoundationEssentials
import Synchronization

/// The card networks checkout knows, with the rules to detect them from the digits typed so far.
///
/// A catalogue is built once (from `Resources/data/networks.json`, or from ``NetworkInfo`` values in
/// tests) and precomputes a prefix index, so detection afterwards costs a walk of at most eight
/// digits and never allocates.
///
///     let catalogue = try NetworkCatalogue(json: data)
///     catalogue.candidates(forDigits: "40117")   // [.visa, .elo]
///     catalogue.candidates(forDigits: "401178")  // [.elo]
public struct NetworkCatalogue: Sendable {
    private let storage: CatalogueStorage

    /// The same for every copy of one catalogue, different for catalogues that exist at the same
    /// time: a value made from a catalogue can be kept under it, with the catalogue held beside it
    /// (a freed catalogue's identity may be given to a new one).
    public var identity: ObjectIdentifier { ObjectIdentifier(storage) }

    /// Builds a catalogue from `networks.json` (see the file's `keys` object for its format).
    public init(json: Data) throws {
        self.init(networks: try NetworkCatalogueFile.decode(json))
    }

    /// Builds a catalogue from the parsed tree of `networks.json` (the shipped one is read at build time).
    public init(json tree: JSONValue) throws {
        self.init(networks: try NetworkCatalogueFile.decode(tree))
    }

    /// Builds a catalogue from network descriptions, in catalogue order.
    public init(networks: [NetworkInfo]) {
        storage = CatalogueStorage(networks: networks)
    }

    /// Every network, in catalogue order.
    public var networks: [NetworkInfo] { storage.networks }

    /// What the catalogue knows about `network`; a neutral description for networks it does not list.
    public func info(_ network: CardNetwork) -> NetworkInfo {
        storage.infoByNetwork[network] ?? NetworkInfo.unknown(network)
    }

    /// The networks the typed digits can still belong to, most specific first; `[]` for none.
    ///
    /// The longest fully matched IIN range wins over shorter ones (401178 is Elo, not Visa), and a
    /// network one of whose longer ranges the digits only begin stays a candidate (40117 may still
    /// become Elo). Networks whose longest card number is shorter than the digits are dropped.
    /// Only the first 19 digits count; separators are skipped and anything else ends the input.
    public func candidates(forDigits digits: String) -> [CardNetwork] {
        networks(for: detect(digits))
    }

    /// Detects the candidates of `digits` without allocating; see ``candidates(forDigits:)``.
    public func detect(_ digits: String) -> LocalDetection {
        var digits = digits
        return digits.withUTF8 { storage.prefixes.index.detect($0) }
    }

    /// Detects the candidates of ASCII digits given as UTF-8 bytes, without allocating.
    public func detect(utf8 bytes: UnsafeBufferPointer<UInt8>) -> LocalDetection {
        storage.prefixes.index.detect(bytes)
    }

    /// The candidate networks of a detection, most specific first.
    public func networks(for detection: LocalDetection) -> [CardNetwork] {
        storage.prefixes.index.answers[Int(detection.answer)]
    }

    /// The length a number of `network` beginning with `digits` usually has (`usualLength` in
    /// networks.json, where an IIN range may give its own); nil where nothing says which.
    public func usualLength(of network: CardNetwork, digits: String) -> Int? {
        let info = info(network)
        if let rule = info.usualLengthByRange.first(where: { $0.range.matches(digits) }) { return rule.length }
        return info.usualLength
    }

    /// The digits grouped with single spaces as `network` prescribes (Amex 4-6-5, 14-digit Diners
    /// 4-6-4, others 4-4-4-4-3); digits beyond the pattern join the last group.
    public func format(digits: String, as network: CardNetwork?) -> String {
        // ASCII (what the number holds) is a character per byte.
        let isASCII = digits.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
        let count = isASCII ? digits.utf8.count : digits.count
        let groups: [Int]
        if let network {
            let info = info(network)
            groups = info.groupingByLength[count] ?? info.defaultGrouping
        } else {
            groups = NetworkInfo.standardGrouping
        }
        // ASCII digits are grouped as bytes, with no grapheme breaking.
        if isASCII { return String(decoding: Self.grouped(digits.utf8, groups, space: UInt8(ascii: " ")), as: UTF8.self) }
        return String(Self.grouped(digits, groups, space: " "))
    }

    /// `elements` with `space` between the groups (the last takes what is beyond the pattern).
    private static func grouped<S: Sequence>(_ elements: S, _ groups: [Int], space: S.Element) -> [S.Element] {
        var result: [S.Element] = []
        result.reserveCapacity(elements.underestimatedCount + groups.count)
        var groupIndex = 0
        var inGroup = 0
        for element in elements {
            if groupIndex < groups.count - 1, inGroup == groups[groupIndex] {
                result.append(space)
                groupIndex += 1
                inGroup = 0
            }
            result.append(element)
            inGroup += 1
        }
        return result
    }
}

/// The outcome of one local detection: which precomputed candidate list applies.
///
/// A small value so that detection can run millions of times a second; turn it into networks with
/// ``NetworkCatalogue/networks(for:)``.
public struct LocalDetection: Sendable, Equatable, Hashable {
    /// The index of the candidate list in the catalogue's table of answers.
    public var answer: Int32
    /// How many digits were read (at most 19).
    public var digitCount: Int

    public init(answer: Int32, digitCount: Int) {
        self.answer = answer
        self.digitCount = digitCount
    }
}

/// The immutable data behind a catalogue, shared by its copies.
///
/// The prefix index is built the first time a number is detected, not with the catalogue: the
/// terminal UI's first frame names the networks but detects nothing, and building the index was an
/// eighth of its start (7 M instructions, callgrind). Once built it is read with one atomic load.
final class CatalogueStorage: Sendable {
    let networks: [NetworkInfo]
    let infoByNetwork: [CardNetwork: NetworkInfo]
    private let built = Atomic<Unmanaged<IndexBox>?>(nil)

    final class IndexBox: Sendable {
        let index: PrefixIndex
        init(_ index: PrefixIndex) { self.index = index }
    }

    init(networks: [NetworkInfo]) {
        self.networks = networks
        var byNetwork: [CardNetwork: NetworkInfo] = [:]
        for info in networks where byNetwork[info.network] == nil { byNetwork[info.network] = info }
        infoByNetwork = byNetwork
    }

    deinit { built.load(ordering: .acquiring)?.release() }

    /// The prefix index (`prefixes.index`), built on first use; two threads that race both build
    /// it, and one is kept.
    var prefixes: IndexBox {
        if let box = built.load(ordering: .acquiring) { return box.takeUnretainedValue() }
        let made = Unmanaged.passRetained(IndexBox(PrefixIndex(networks: networks)))
        let (stored, existing) = built.compareExchange(expected: nil, desired: made, ordering: .acquiringAndReleasing)
        if stored { return made.takeUnretainedValue() }
        made.release()
        return existing!.takeUnretainedValue()
    }
}

extension NetworkInfo {
    /// The grouping used when no network is known: 4-4-4-4-3.
    static let standardGrouping = [4, 4, 4, 4, 3]

    /// A neutral description for a network the catalogue does not list (`OTHER` included).
    static func unknown(_ network: CardNetwork) -> NetworkInfo {
        NetworkInfo(network: network, displayName: network == .other ? "Unknown" : network.rawValue,
                    ranges: [], lengths: Array(13...19), defaultGrouping: standardGrouping,
                    cvvLength: nil, cvvLabel: "CVV", badge: BadgeColours(foreground: "white", background: "black"))
    }

    /// The longest card number this network issues.
    var longestLength: Int { lengths.max() ?? 19 }
}
