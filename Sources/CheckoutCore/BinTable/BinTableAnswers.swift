import FoundationEssentials
import Glibc

/// The answers of a BIN table, stored compactly: every distinct string once, every distinct issuer
/// once (as eleven string ids: the ten issuer fields and the card's number length), every distinct
/// answer once (as network and issuer pairs).
///
/// A table of five million ranges usually holds a few thousand distinct answers; one whose every
/// row names another bank still keeps only the bank's name (once) and a few dozen bytes per answer.
/// ``BinNetwork`` values are made only when an answer is asked for.
struct BinTableAnswers: Sendable {
    /// Every distinct string of the issuer fields.
    var strings = StringPool()
    /// Issuer `i` is `issuerFields[i * fieldCount ..< (i + 1) * fieldCount]`, string ids in
    /// ``IssuerDetails`` field order (0 for a field that is absent).
    var issuerFields: [UInt32] = []
    /// Answer `a` is entries `answerEnds[a] ..< answerEnds[a + 1]`.
    var answerEnds: [UInt32] = [0]
    var entryNetworks: [UInt8] = []
    var entryIssuers: [UInt32] = []

    static let fieldCount = 11
    /// Where the number length (`number_length`) sits among an issuer's fields.
    static let numberLengthField = 10

    var count: Int { answerEnds.count - 1 }

    var byteCount: Int {
        strings.byteCount + issuerFields.capacity * 4 + answerEnds.capacity * 4 + entryNetworks.capacity + entryIssuers.capacity * 4
    }

    func isEmpty(_ answer: Int) -> Bool { answerEnds[answer] == answerEnds[answer + 1] }

    /// The networks of answer `answer`, in issuer order, with their issuer fields.
    func networks(_ answer: Int) -> [BinNetwork] {
        (Int(answerEnds[answer])..<Int(answerEnds[answer + 1])).map { entry in
            BinNetwork(network: CardNetwork.byIndex[Int(entryNetworks[entry])], issuer: issuer(Int(entryIssuers[entry])))
        }
    }

    /// The card-number length answer `answer` gives (its first network's row), if the table said.
    func numberLength(_ answer: Int) -> Int? {
        guard !isEmpty(answer) else { return nil }
        let issuer = Int(entryIssuers[Int(answerEnds[answer])])
        guard let text = strings.string(issuerFields[issuer * Self.fieldCount + Self.numberLengthField]) else { return nil }
        return Int(text)
    }

    /// The network and issuer pairs of answer `answer`.
    func entries(_ answer: Int) -> [BinTableAnswerEntry] {
        (Int(answerEnds[answer])..<Int(answerEnds[answer + 1])).map { BinTableAnswerEntry(network: entryNetworks[$0], issuer: entryIssuers[$0]) }
    }

    func issuer(_ index: Int) -> IssuerDetails {
        let base = index * Self.fieldCount
        func text(_ field: Int) -> String? { strings.string(issuerFields[base + field]) }
        return IssuerDetails(
            issuerCountryCode: text(0), issuerName: text(1), accountFundingType: text(2), prepaidReloadableIndicator: text(3),
            productUsageType: text(4), productCode: text(5), productName: text(6), issuerCurrencyCode: text(7),
            regionalRestriction: text(8), accountNumberType: text(9))
    }
}

/// One network of an answer and the issuer it comes with.
struct BinTableAnswerEntry: Equatable {
    var network: UInt8
    var issuer: UInt32
}

/// Strings stored once each, as UTF-8 bytes one after the other; ids are 1-based and 0 stands for
/// no string.
struct StringPool: Sendable {
    var bytes: [UInt8] = []
    /// String `id` is `bytes[ends[id - 1] ..< ends[id]]`.
    var ends: [UInt32] = [0]

    var count: Int { ends.count - 1 }
    var byteCount: Int { bytes.capacity + ends.capacity * 4 }

    func string(_ id: UInt32) -> String? {
        guard id > 0 else { return nil }
        return bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[Int(ends[Int(id) - 1])..<Int(ends[Int(id)])]), as: UTF8.self)
        }
    }
}

/// A ``StringPool`` that is being filled: a string is added only if it is not there yet.
struct InternedStrings {
    private(set) var pool = StringPool()
    private var table = InternTable()

    /// The id of `bytes` (1-based), adding them when new; 0 for no bytes.
    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard !bytes.isEmpty else { return 0 }
        let hash = InternTable.hash(UnsafeRawBufferPointer(bytes))
        let stored = pool.bytes.withUnsafeBufferPointer { stored in
            table.find(hash: hash) { id in
                let start = Int(pool.ends[id - 1])
                return Int(pool.ends[id]) - start == bytes.count
                    && memcmp(stored.baseAddress! + start, bytes.baseAddress!, bytes.count) == 0
            }
        }
        if let stored { return UInt32(stored) }
        pool.bytes.append(contentsOf: bytes)
        pool.ends.append(UInt32(pool.bytes.count))
        table.insert(pool.count, hash: hash)
        return UInt32(pool.count)
    }

    /// The pool, its arrays trimmed to size; the lookup table is dropped.
    consuming func finish() -> StringPool {
        StringPool(bytes: Array(pool.bytes), ends: Array(pool.ends))
    }
}

extension CardNetwork {
    /// Every network by its position in `allCases`, which is how a BIN table stores it (one byte).
    static let byIndex = Array(allCases)
    static let indexOf: [CardNetwork: UInt8] = Dictionary(uniqueKeysWithValues: allCases.enumerated().map { ($1, UInt8($0)) })
}

/// Builds ``BinTableAnswers`` while a table loads, interning strings, issuers and answers through
/// open-addressed hash tables that are dropped once loading ends.
struct BinTableAnswersBuilder {
    private var strings = InternedStrings()
    private(set) var answers = BinTableAnswers()
    private var issuers = InternTable()
    private var answerIDs = InternTable()

    /// The id of `bytes` as a string (1-based), adding it when new; 0 for no bytes.
    mutating func intern(string bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        strings.intern(bytes)
    }

    /// The index of the issuer with these eleven string ids, adding it when new.
    mutating func intern(issuer fields: UnsafeBufferPointer<UInt32>) -> UInt32 {
        let hash = InternTable.hash(UnsafeRawBufferPointer(fields))
        let count = BinTableAnswers.fieldCount
        let stored = answers.issuerFields.withUnsafeBufferPointer { all in
            issuers.find(hash: hash) { id in memcmp(all.baseAddress! + (id - 1) * count, fields.baseAddress!, count * 4) == 0 }
        }
        if let stored { return UInt32(stored - 1) }
        answers.issuerFields.append(contentsOf: fields)
        let index = answers.issuerFields.count / count - 1
        issuers.insert(index + 1, hash: hash)
        return UInt32(index)
    }

    /// The index of the answer made of these network and issuer pairs, adding it when new.
    mutating func intern(answer entries: [BinTableAnswerEntry]) -> UInt32 {
        var hash: UInt64 = 0x243F_6A88_85A3_08D3
        for entry in entries { hash = InternTable.mix(hash ^ (UInt64(entry.network) << 32 | UInt64(entry.issuer))) }
        let stored = answerIDs.find(hash: hash) { id in
            let start = Int(answers.answerEnds[id - 1])
            guard Int(answers.answerEnds[id]) - start == entries.count else { return false }
            for (offset, entry) in entries.enumerated()
            where answers.entryNetworks[start + offset] != entry.network || answers.entryIssuers[start + offset] != entry.issuer {
                return false
            }
            return true
        }
        if let stored { return UInt32(stored - 1) }
        for entry in entries {
            answers.entryNetworks.append(entry.network)
            answers.entryIssuers.append(entry.issuer)
        }
        answers.answerEnds.append(UInt32(answers.entryNetworks.count))
        answerIDs.insert(answers.count, hash: hash)
        return UInt32(answers.count - 1)
    }

    /// The answers, their arrays trimmed to size; the intern tables are dropped.
    consuming func finish() -> BinTableAnswers {
        var answers = self.answers
        answers.strings = strings.finish()
        answers.issuerFields = Array(answers.issuerFields)
        answers.answerEnds = Array(answers.answerEnds)
        answers.entryNetworks = Array(answers.entryNetworks)
        answers.entryIssuers = Array(answers.entryIssuers)
        return answers
    }
}

/// An open-addressed set of ids (1-based) found by hash; the caller says when a stored id matches.
struct InternTable {
    /// Each slot: 0 when empty, else the id in the low 32 bits and the hash's low 32 bits above.
    private var slots = [UInt64](repeating: 0, count: 1024)
    private var count = 0

    func find(hash: UInt64, matches: (Int) -> Bool) -> Int? {
        let mask = slots.count - 1
        let tag = hash & 0xFFFF_FFFF
        var index = Int(tag) & mask
        while true {
            let slot = slots[index]
            if slot == 0 { return nil }
            if slot >> 32 == tag, matches(Int(slot & 0xFFFF_FFFF)) { return Int(slot & 0xFFFF_FFFF) }
            index = (index + 1) & mask
        }
    }

    mutating func insert(_ id: Int, hash: UInt64) {
        if (count + 1) * 2 > slots.count {
            let old = slots
            slots = [UInt64](repeating: 0, count: old.count * 2)
            for slot in old where slot != 0 { place(slot) }
        }
        place(UInt64(id) | (hash & 0xFFFF_FFFF) << 32)
        count += 1
    }

    private mutating func place(_ slot: UInt64) {
        let mask = slots.count - 1
        var index = Int(slot >> 32) & mask
        while slots[index] != 0 { index = (index + 1) & mask }
        slots[index] = slot
    }

    /// A fast 64-bit hash of a few bytes (eight at a time).
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = mix(hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        return mix(hash ^ tail)
    }

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &* 0xBF58_476D_1CE4_E5B9
        z ^= z >> 31
        z = z &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 29)
    }
}
