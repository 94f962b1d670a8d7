import CheckoutStore
import CheckoutTestSupport
import Foundation
import Testing

/// The spool reader's fuzz target (`Fuzz/Targets/LedgerSpoolFuzz.swift`, `scripts/fuzz.sh spool`)
/// replayed by `swift test`: its kept inputs (`Fuzz/Regressions/spool/`), its seeds, and a seeded
/// run of mutations of them, each through the same property as the target.
@Suite("Fuzz regressions: spool") struct SpoolFuzzRegressionTests {
    static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    static func inputs(_ folder: String) throws -> [(name: String, bytes: [UInt8])] {
        let directory = fuzz.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return try names.sorted().map { ($0, Array(try Data(contentsOf: directory.appendingPathComponent($0)))) }
    }

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-spool-fuzz-\(UUID().uuidString)")

    /// The target's property for one input; what it read, for the expectations of a kept input.
    @discardableResult
    func property(_ bytes: [UInt8], _ name: String) throws -> (entries: [LedgerEntry], rejectedLines: Int) {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("spool").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600]))
        let read = try #require(Ledger.readSpool(at: path), "\(name): a private file of this user's is read")
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true).count
        #expect(read.entries.count + read.rejectedLines <= lines, "\(name)")
        for entry in read.entries {
            #expect(entry.firstDigits.count <= 8 && entry.last4.count <= 4, "\(name)")
            #expect((0...999_999_999_999_999).contains(entry.amount) && (0...999_999_999_999_999).contains(entry.surcharge), "\(name)")
            let again = directory.appendingPathComponent("again").path
            #expect(FileManager.default.createFile(atPath: again, contents: Data((Ledger.spoolLine(entry) + "\n").utf8),
                                                   attributes: [.posixPermissions: 0o600]))
            #expect(Ledger.readSpool(at: again)?.entries == [entry], "\(name): \(Ledger.spoolLine(entry))")
        }
        return read
    }

    @Test func theKeptInputsAndSeedsHoldTheProperty() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let kept = try Self.inputs("Regressions/spool")
        #expect(kept.count >= 6)
        var read: [String: (entries: [LedgerEntry], rejectedLines: Int)] = [:]
        for (name, bytes) in kept + (try Self.inputs("Corpus/spool")) { read[name] = try property(bytes, name) }
        #expect(read["cut-last-line"]?.entries.map(\.requestId) == ["req_1"] && read["cut-last-line"]?.rejectedLines == 1)
        #expect(read["not-a-row"]?.entries.map(\.requestId) == ["req_3"] && read["not-a-row"]?.rejectedLines == 3)
        #expect(read["full-card-number"]?.entries.isEmpty == true, "a full number is no row")
        #expect(read["nul-bytes"]?.entries.isEmpty == true && read["nul-bytes"]?.rejectedLines == 2)
        #expect(read["huge-numbers"]?.entries.isEmpty == true, "amounts no checkout charges are no row")
        #expect(read["two-rows"]?.entries.map(\.id) == ["pay_1", "pay_1"], "the same processor id, two requests")
    }

    /// Mutations of the seeds, from a fixed seed: bytes flipped, cut, doubled and spliced.
    @Test func aSeededRunOfMutationsHoldsTheProperty() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let seeds = try Self.inputs("Corpus/spool").map(\.bytes) + (try Self.inputs("Regressions/spool")).map(\.bytes)
        var random = SplitMix64(seed: 35)
        for round in 0..<300 {
            var bytes = seeds[Int(random.next() % UInt64(seeds.count))]
            for _ in 0..<(1 + random.next() % 4) where !bytes.isEmpty {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 5 {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes.removeSubrange(at...)
                case 2: bytes.insert(contentsOf: bytes[at...].prefix(64), at: at)
                case 3: bytes.insert([0x0A, 0x22, 0x5C, 0x00, 0xFF][Int(random.next() % 5)], at: at)
                default: bytes += seeds[Int(random.next() % UInt64(seeds.count))]
                }
            }
            try property(bytes, "round \(round)")
        }
    }
}
