import CheckoutCore
import Foundation
import Testing

@Suite("UUIDs for ids")
struct UUIDHexTests {
    @Test("lowercaseHex is Foundation's uuidString without dashes, lowercased, for 10,000 random UUIDs and the extremes")
    func hexMatchesFoundation() {
        var uuids = (0..<10_000).map { _ in UUID() }
        uuids.append(UUID(uuidString: "00000000-0000-0000-0000-000000000000")!)
        uuids.append(UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!)
        for uuid in uuids {
            #expect(uuid.lowercaseHex == uuid.uuidString.replacingOccurrences(of: "-", with: "").lowercased())
        }
    }

    @Test("random() makes version 4 UUIDs of the RFC variant, each different, with every other bit varying")
    func randomIsVersion4() {
        let uuids = (0..<10_000).map { _ in UUID.random() }
        #expect(Set(uuids).count == uuids.count)
        var ones = [Int](repeating: 0, count: 128)
        for uuid in uuids {
            let text = uuid.uuidString
            #expect(Array(text)[14] == "4")
            #expect("89AB".contains(Array(text)[19]))
            withUnsafeBytes(of: uuid.uuid) { bytes in
                for bit in 0..<128 where bytes[bit / 8] & (0x80 >> (bit % 8)) != 0 { ones[bit] += 1 }
            }
        }
        let fixed: Set<Int> = [48, 49, 50, 51, 64, 65]   // the version nibble and the variant's two bits
        for bit in 0..<128 where !fixed.contains(bit) {
            #expect((4_000...6_000).contains(ones[bit]), "bit \(bit) was set \(ones[bit]) times in 10,000")
        }
    }
}
