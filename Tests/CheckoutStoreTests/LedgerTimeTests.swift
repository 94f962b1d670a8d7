import CheckoutStore
import CheckoutTestSupport
import Foundation
import Testing

@Suite("Ledger time")
struct LedgerTimeTests {
    /// Foundation counts dates before 1582 in the Julian calendar; ISO 8601, and this, in the
    /// Gregorian one throughout, so Foundation is the oracle from 1600 on.
    @Test("formats like ISO8601DateFormatter over random times from 1600 to 9999, and parses back")
    func matchesFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        var random = SplitMix64(seed: 0x1ED6E2)
        var seconds: [Double] = [0, -1, -0.5, 86_399.999, 951_782_400, 4_107_542_399, -11_676_096_000, 253_402_300_799]
        for _ in 0..<20_000 {
            let whole = Int64(random.next() % 265_078_396_800) - 11_676_096_000
            seconds.append(Double(whole) + Double(random.next() % 1000) / 1000)
        }
        for value in seconds {
            let text = LedgerTime.iso8601(value)
            #expect(text == formatter.string(from: Date(timeIntervalSince1970: value.rounded(.down))), "\(value)")
            #expect(LedgerTime.parse(text) == value.rounded(.down), "\(value)")
        }
    }

    @Test("reads dates, dates with times, and refuses what is not a date")
    func parsing() {
        #expect(LedgerTime.parse("2025-11-29") == 1_764_374_400)
        #expect(LedgerTime.parse("2025-11-29T17:53") == Double(1_764_374_400 + 17 * 3600 + 53 * 60))
        #expect(LedgerTime.parse("2025-11-29 17:53:36") == 1_764_438_816)
        #expect(LedgerTime.parse("2025-11-29T17:53:36Z") == 1_764_438_816)
        #expect(LedgerTime.parse("2024-02-29") != nil)
        for bad in ["", "2025", "2025-02-29", "2025-13-01", "2025-00-10", "2025-01-32", "25-11-29", "2025/11/29",
                    "2025-11-29T24:00", "2025-11-29T10:60", "2025-11-29T10:00:60", "2025-11-29T1:00", "2025-11-29X",
                    "٢٠٢٥-١١-٢٩", "2025-11-29T17:53:36+01:00"] {
            #expect(LedgerTime.parse(bad) == nil, "\(bad)")
        }
    }

    @Test("year 1 and 1582 in the Gregorian calendar; times outside years 1 to 9999, and ones that are not numbers, are clamped rather than garbled")
    func clamped() {
        #expect(LedgerTime.iso8601(-62_135_596_800) == "0001-01-01T00:00:00Z")
        #expect(LedgerTime.iso8601(-12_219_292_800) == "1582-10-15T00:00:00Z")
        #expect(LedgerTime.iso8601(-12_219_292_801) == "1582-10-14T23:59:59Z")
        #expect(LedgerTime.iso8601(.infinity) == "1970-01-01T00:00:00Z")
        #expect(LedgerTime.iso8601(.nan) == "1970-01-01T00:00:00Z")
        #expect(LedgerTime.iso8601(1e300) == "9999-12-31T23:59:59Z")
        #expect(LedgerTime.iso8601(-1e300) == "0001-01-01T00:00:00Z")
    }
}
