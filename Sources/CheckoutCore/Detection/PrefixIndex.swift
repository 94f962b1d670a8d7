/// A digit trie over the catalogue's IIN ranges, precomputed so that detection reads at most eight
/// digits and a few array slots.
///
/// Ranges are projected onto the space of 8-digit keys, cut into elementary segments by every range
/// bound. Each segment has one answer for full numbers: the networks whose longest covering range is
/// the longest of all (ties keep every tied network). A prefix's candidates are the union of the
/// answers of the segments its keys touch, so candidates only ever shrink as digits are added. Trie
/// nodes exist only where a prefix still spans several segments; below that the answer is fixed.
struct PrefixIndex: Sendable {
    /// Number of digits in a key; IIN ranges longer than this are not supported.
    static let keyDigits = 8
    /// Detection reads at most this many digits (the longest card number).
    static let maxDigits = 19

    /// `children[node * 10 + digit]`: a node index (>= 0) or `~answer` for a fixed answer.
    let children: [Int32]
    /// The answer of each node for input that ends there.
    let nodeAnswers: [Int32]
    /// Candidate lists, most specific first. Index 0 is the empty list.
    let answers: [[CardNetwork]]
    /// `lengthFiltered[answer * 20 + digitCount]`: the answer without the networks whose longest
    /// card number is shorter than `digitCount`.
    let lengthFiltered: [Int32]

    init(networks: [NetworkInfo]) {
        var builder = Builder(networks: networks)
        builder.build()
        children = builder.children
        nodeAnswers = builder.nodeAnswers
        answers = builder.answerLists.map { $0.map { networks[Int($0)].network } }
        lengthFiltered = builder.lengthFiltered
    }

    /// Walks the digits of `bytes`: separators are skipped, anything else ends the input.
    @inline(__always)
    func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> LocalDetection {
        children.withUnsafeBufferPointer { children in
            var node = 0
            var answer: Int32 = 0
            var fixed = false
            var count = 0
            for byte in bytes {
                let digit = byte &- 48
                if digit < 10 {
                    if !fixed {
                        let next = children[node &* 10 &+ Int(digit)]
                        if next >= 0 {
                            node = Int(next)
                            answer = nodeAnswers[node]
                        } else {
                            answer = ~next
                            fixed = true
                        }
                    }
                    count &+= 1
                    if count == PrefixIndex.maxDigits { break }
                } else if byte != 0x20, byte != 0x2D, byte != 0x2E {
                    break
                }
            }
            return LocalDetection(answer: lengthFiltered[Int(answer) &* 20 &+ count], digitCount: count)
        }
    }
}

extension PrefixIndex {
    /// Computes the trie once per catalogue.
    struct Builder {
        struct KeyRange {
            var network: Int
            var low: UInt64
            var high: UInt64
            var digits: Int
            var original: IINRange
        }

        let networks: [NetworkInfo]
        var ranges: [KeyRange] = []
        var exclusions: [KeyRange] = []
        var segmentStarts: [UInt64] = []
        var segmentMasks: [UInt64] = []
        var children: [Int32] = []
        var nodeAnswers: [Int32] = []
        var answerLists: [[UInt8]] = [[]]
        var answerIDs: [[UInt8]: Int32] = [[]: 0]
        var lengthFiltered: [Int32] = []

        init(networks: [NetworkInfo]) {
            self.networks = networks
            // Masks are 64-bit: a catalogue holds far fewer networks than that.
            for (index, info) in networks.enumerated() where index < 64 {
                for range in info.ranges { if let key = Builder.keyRange(range, network: index) { ranges.append(key) } }
                for range in info.excludedRanges { if let key = Builder.keyRange(range, network: index) { exclusions.append(key) } }
            }
        }

        static func keyRange(_ range: IINRange, network: Int) -> KeyRange? {
            guard range.digits >= 1, range.digits <= PrefixIndex.keyDigits, range.low <= range.high else { return nil }
            let scale = power(PrefixIndex.keyDigits - range.digits)
            let limit = power(range.digits) - 1
            guard range.high <= limit else { return nil }
            return KeyRange(network: network, low: range.low * scale, high: (range.high + 1) * scale - 1,
                            digits: range.digits, original: range)
        }

        static func power(_ exponent: Int) -> UInt64 {
            var value: UInt64 = 1
            for _ in 0..<max(exponent, 0) { value *= 10 }
            return value
        }

        mutating func build() {
            buildSegments()
            children = []
            nodeAnswers = [0]
            children.append(contentsOf: repeatElement(0, count: 10))
            expand(node: 0, prefix: 0, depth: 0)
            buildLengthFilter()
        }

        /// Cuts the key space at every range bound and computes each segment's full-number answer.
        mutating func buildSegments() {
            var bounds: Set<UInt64> = [0]
            for range in ranges + exclusions {
                bounds.insert(range.low)
                bounds.insert(range.high + 1)
            }
            let keySpace = Builder.power(PrefixIndex.keyDigits)
            segmentStarts = bounds.filter { $0 < keySpace }.sorted()
            segmentMasks = segmentStarts.map { key in
                var best = 0
                var mask: UInt64 = 0
                for range in ranges where range.low <= key && key <= range.high {
                    if exclusions.contains(where: { $0.network == range.network && $0.low <= key && key <= $0.high }) { continue }
                    if range.digits > best {
                        best = range.digits
                        mask = 0
                    }
                    if range.digits == best { mask |= 1 << UInt64(range.network) }
                }
                return mask
            }
        }

        /// The index of the segment holding `key`.
        func segment(of key: UInt64) -> Int {
            var low = 0
            var high = segmentStarts.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if segmentStarts[mid] <= key { low = mid } else { high = mid - 1 }
            }
            return low
        }

        /// Creates the ten children of `node`, recursing where a child still spans several segments.
        mutating func expand(node: Int, prefix: UInt64, depth: Int) {
            let childDepth = depth + 1
            let width = Builder.power(PrefixIndex.keyDigits - childDepth)
            for digit in 0..<10 {
                let childPrefix = prefix * 10 + UInt64(digit)
                let first = segment(of: childPrefix * width)
                let last = segment(of: (childPrefix + 1) * width - 1)
                var mask: UInt64 = 0
                for index in first...last { mask |= segmentMasks[index] }
                let answer = intern(ordered(mask: mask, prefix: childPrefix, depth: childDepth))
                if first == last {
                    children[node * 10 + digit] = ~answer
                } else {
                    let child = nodeAnswers.count
                    nodeAnswers.append(answer)
                    children.append(contentsOf: repeatElement(0, count: 10))
                    children[node * 10 + digit] = Int32(child)
                    expand(node: child, prefix: childPrefix, depth: childDepth)
                }
            }
        }

        /// The networks of `mask`, most specific first: by the longest range the prefix already fully
        /// matches, then in catalogue order.
        func ordered(mask: UInt64, prefix: UInt64, depth: Int) -> [UInt8] {
            // Most prefixes belong to one network or none: nothing to order.
            if mask.nonzeroBitCount <= 1 { return mask == 0 ? [] : [UInt8(mask.trailingZeroBitCount)] }
            var members: [(network: Int, matched: Int)] = []
            for network in networks.indices where mask & (1 << UInt64(network)) != 0 {
                var matched = 0
                for range in ranges where range.network == network && range.digits <= depth {
                    let head = prefix / Builder.power(depth - range.digits)
                    if range.original.low <= head && head <= range.original.high { matched = max(matched, range.digits) }
                }
                members.append((network, matched))
            }
            members.sort { $0.matched != $1.matched ? $0.matched > $1.matched : $0.network < $1.network }
            return members.map { UInt8($0.network) }
        }

        mutating func intern(_ list: [UInt8]) -> Int32 {
            if list.isEmpty { return 0 }
            if let id = answerIDs[list] { return id }
            let id = Int32(answerLists.count)
            answerLists.append(list)
            answerIDs[list] = id
            return id
        }

        /// Precomputes every answer without the networks too short for a given digit count.
        mutating func buildLengthFilter() {
            let base = answerLists
            var table = [Int32](repeating: 0, count: base.count * 20)
            let longest = networks.map(\.longestLength)
            for (id, list) in base.enumerated() {
                for count in 0..<20 {
                    // Most lists keep every network at most counts: the list's own id.
                    let kept = list.allSatisfy { longest[Int($0)] >= count } ? list : list.filter { longest[Int($0)] >= count }
                    table[id * 20 + count] = kept.count == list.count ? Int32(id) : intern(kept)
                }
            }
            lengthFiltered = table
        }
    }
}
