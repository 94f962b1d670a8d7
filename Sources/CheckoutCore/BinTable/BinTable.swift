/// A BIN table: IIN ranges mapped to the networks (in issuer order) and issuer fields of the cards
/// they hold, answering like a BIN data service.
///
/// Ranges of any length up to 8 digits are normalised onto 8-digit keys (a 6-digit `457100` covers
/// `45710000…45710099`). Where ranges overlap the narrower one wins; identical ranges listed twice
/// merge their networks, which is how a co-badged BIN looks in a one-network-per-row file. Lookups
/// go through a 100,000-bucket index on the first five digits and a short binary search.
///
///     let table = try BinTable(csv: "iin_start,iin_end,networks\n40000025,,CARTES_BANCAIRES VISA\n")
///     table.lookup("40000025")?.networks.map(\.network)   // [.cartesBancaires, .visa]
public struct BinTable: Sendable {
    let storage: BinTableStorage

    /// Builds a table from parsed rows, resolving overlaps; CSV text goes through ``BinTable/init(csv:)``
    /// or ``BinTableLoader``.
    init(ranges: consuming [BinTableRange], answers: consuming BinTableAnswersBuilder) {
        storage = BinTableStorage(ranges: ranges, answers: answers)
    }

    /// The answer for a card number or BIN (ASCII digits), by its first 8 digits; nil when no range
    /// holds it. Shorter input is read as if padded with zeros.
    public func lookup(_ digits: String) -> BinAnswer? {
        let bin = digits.utf8.prefix(CardNetworkResolver.binLength).prefix { $0 >= 48 && $0 <= 57 }
        guard !bin.isEmpty else { return nil }
        var key: UInt32 = 0
        for byte in bin { key = key * 10 + UInt32(byte - 48) }
        for _ in bin.count..<8 { key *= 10 }
        let index = lookup(key: key)
        guard index >= 0 else { return nil }
        return BinAnswer(firstDigits: String(decoding: bin, as: UTF8.self), networks: networks(at: index),
                         numberLength: numberLength(at: index))
    }

    /// The answer index for an 8-digit key (0…99,999,999), or -1; allocation-free.
    public func lookup(key: UInt32) -> Int32 {
        storage.lookup(key: key)
    }

    /// The networks of an answer index returned by ``lookup(key:)``.
    public func networks(at index: Int32) -> [BinNetwork] {
        storage.answers.networks(Int(index))
    }

    /// The card-number length the answer at `index` gives (its `number_length`), if the table said.
    public func numberLength(at index: Int32) -> Int? {
        storage.answers.numberLength(Int(index))
    }

    /// Whether the answer at `index` names at least one network (an empty answer means the table
    /// knows nothing of the BIN).
    public func hasNetworks(at index: Int32) -> Bool {
        !storage.answers.isEmpty(Int(index))
    }

    /// How many non-overlapping ranges the table holds after overlaps were resolved.
    public var count: Int { storage.entries.count }

    /// How many distinct answers (network lists with their issuer fields) the table holds.
    public var answerCount: Int { storage.answers.count }

    /// The memory the table keeps, in bytes: ranges, index, strings, issuers and answers.
    public var byteCount: Int {
        storage.entries.capacity * MemoryLayout<BinTableRange>.stride + storage.bucketStarts.capacity * 4
            + storage.answers.byteCount
    }

    /// The ranges as (first key, last key, networks), in key order; for tests and tools.
    public var ranges: [(low: UInt32, high: UInt32, networks: [BinNetwork])] {
        storage.entries.map { ($0.low, $0.high, networks(at: Int32(bitPattern: $0.answer))) }
    }
}

/// One row of a BIN table before overlaps are resolved: 8-digit keys and an answer index.
struct BinTableRange: Sendable {
    var low: UInt32
    var high: UInt32
    var answer: UInt32
}

/// The immutable, indexed arrays behind a ``BinTable``.
final class BinTableStorage: Sendable {
    static let keySpace: UInt32 = 100_000_000

    /// The ranges, sorted and non-overlapping; one array so a lookup touches few cache lines.
    let entries: [BinTableRange]
    let answers: BinTableAnswers
    /// `bucketStarts[b]`: the first range whose low key is at least `b << bucketShift`.
    let bucketStarts: [UInt32]
    /// Keys per bucket, as a power of two: 1,024 for a large table (97,657 buckets), more for a
    /// small one, about one bucket for every two ranges, so a table of a few rows keeps a few buckets.
    let bucketShift: UInt32

    init(ranges: consuming [BinTableRange], answers: consuming BinTableAnswersBuilder) {
        let flat = BinTableStorage.flatten(ranges, answers: &answers)
        entries = flat
        self.answers = answers.finish()
        bucketShift = BinTableStorage.bucketShift(forRanges: flat.count)
        let bucketCount = Int((BinTableStorage.keySpace - 1) >> bucketShift) + 1
        var starts = [UInt32](repeating: UInt32(flat.count), count: bucketCount + 1)
        var next = 0
        for bucket in 0...bucketCount {
            let boundary = UInt64(bucket) << UInt64(bucketShift)
            while next < flat.count, UInt64(flat[next].low) < boundary { next += 1 }
            starts[bucket] = UInt32(next)
        }
        bucketStarts = starts
    }

    /// The bucket shift for a table of `count` ranges (see ``bucketShift``).
    static func bucketShift(forRanges count: Int) -> UInt32 {
        var shift: UInt32 = 10
        while shift < 27, (Int(keySpace) >> shift) > max(1, count / 2) { shift += 1 }
        return shift
    }

    @inline(__always)
    func lookup(key: UInt32) -> Int32 {
        guard key < BinTableStorage.keySpace else { return -1 }
        return entries.withUnsafeBufferPointer { entries in
            let bucket = Int(key >> bucketShift)
            var low = Int(bucketStarts[bucket])
            var high = Int(bucketStarts[bucket &+ 1])
            // The last range starting at or before `key` lies in this bucket or is the one before it.
            while low < high {
                let mid = (low &+ high) >> 1
                if entries[mid].low <= key { low = mid &+ 1 } else { high = mid }
            }
            let index = low &- 1
            guard index >= 0, entries[index].high >= key else { return -1 }
            return Int32(bitPattern: entries[index].answer)
        }
    }

    /// Sorts the ranges, merges identical ones and cuts overlaps so the innermost range wins: where
    /// ranges overlap, a key belongs to the one that starts last, and of two that start together to
    /// the narrower. Works in place, and copies only when overlaps must be cut.
    static func flatten(_ input: consuming [BinTableRange], answers: inout BinTableAnswersBuilder) -> [BinTableRange] {
        var ranges = input
        let sorted = zip(ranges, ranges.dropFirst()).allSatisfy { $0.low < $1.low || ($0.low == $1.low && $0.high >= $1.high) }
        if !sorted {
            ranges.sort { $0.low != $1.low ? $0.low < $1.low : $0.high > $1.high }
        }
        // Identical ranges merge into one answer: their networks in order, each once.
        var mergedAnswers: [UInt64: UInt32] = [:]
        var kept = 0
        var overlaps = false
        for index in ranges.indices {
            let range = ranges[index]
            if kept > 0, ranges[kept - 1].low == range.low, ranges[kept - 1].high == range.high {
                let last = ranges[kept - 1].answer
                if last != range.answer {
                    let key = UInt64(last) << 32 | UInt64(range.answer)
                    if let existing = mergedAnswers[key] {
                        ranges[kept - 1].answer = existing
                    } else {
                        var seen: Set<UInt8> = []
                        let entries = (answers.answers.entries(Int(last)) + answers.answers.entries(Int(range.answer)))
                            .filter { seen.insert($0.network).inserted }
                        let combined = answers.intern(answer: entries)
                        mergedAnswers[key] = combined
                        ranges[kept - 1].answer = combined
                    }
                }
            } else {
                if kept > 0, ranges[kept - 1].high >= range.low { overlaps = true }
                ranges[kept] = range
                kept += 1
            }
        }
        ranges.removeLast(ranges.count - kept)
        guard overlaps else { return ranges }

        var output: [BinTableRange] = []
        output.reserveCapacity(ranges.count + ranges.count / 8)
        var stack: [BinTableRange] = []
        var cursor: UInt32 = 0
        func emit(_ low: UInt32, _ high: UInt32, _ answer: UInt32) {
            if low <= high { output.append(BinTableRange(low: low, high: high, answer: answer)) }
        }
        for range in ranges {
            while let top = stack.last, top.high < range.low {
                if cursor <= top.high { emit(cursor, top.high, top.answer) }
                cursor = max(cursor, top.high &+ 1)
                stack.removeLast()
            }
            if let top = stack.last, cursor < range.low { emit(cursor, range.low &- 1, top.answer) }
            cursor = range.low
            while let top = stack.last, top.high <= range.high { stack.removeLast() }
            stack.append(range)
        }
        while let top = stack.popLast() {
            if cursor <= top.high { emit(cursor, top.high, top.answer) }
            cursor = max(cursor, top.high &+ 1)
        }
        return output
    }
}
