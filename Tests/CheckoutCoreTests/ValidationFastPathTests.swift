import CheckoutCore
import CheckoutTestSupport
import Foundation
import Testing

/// The validator's own trimming, ASCII name check and expiry parsing give what Foundation and the
/// Unicode properties they replace give, on every scalar that matters and on random text.
@Suite("Validation without Foundation strings")
struct ValidationFastPathTests {
    let validator = TestData.validator()

    /// The name rules as first written, on Foundation's trimming and Unicode properties.
    func referenceNameError(_ name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return "Cardholder name cannot be blank." }
        if trimmed.unicodeScalars.contains(where: { $0.properties.numericType != nil }) { return "Cardholder name cannot contain digits." }
        let allowedPunctuation: Set<Unicode.Scalar> = [" ", "'", "\u{2019}", "-", "\u{2010}", ".", "\u{00A0}"]
        let valid = trimmed.unicodeScalars.allSatisfy { scalar in
            allowedPunctuation.contains(scalar) || scalar.properties.isAlphabetic
                || scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .spacingMark
        }
        if !valid { return "Cardholder name may contain only letters, spaces, apostrophes, hyphens and periods." }
        if !(2...45).contains(trimmed.count) { return "Cardholder name must be 2 to 45 characters long." }
        return nil
    }

    @Test("trimmingWhitespace trims what trimmingCharacters(in: .whitespaces) trims, for every scalar of the BMP and a sample beyond")
    func trimmingMatchesFoundation() {
        var values = Array(0...0xFFFF)
        values += stride(from: 0x10000, through: 0x10FFFF, by: 97)
        for value in values {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), "a\(scalar)", "\(scalar)a", "\(scalar)a\(scalar)\(scalar)"] {
                #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces), "U+\(String(value, radix: 16))")
                #expect(text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines), "U+\(String(value, radix: 16))")
            }
        }
    }

    @Test("names: the ASCII path and the Unicode path agree with the first rules on random names (20,000; 200,000 with CHECKOUT_FUZZ_LONG=1)")
    func namesMatchTheReference() {
        var random = SplitMix64(seed: 10)
        let pieces: [String] = ["a", "Z", "q", " ", "'", "-", ".", "0", "7", "_", "\t", ",", "\u{7F}", "\n", "\r\n", "é", "e\u{301}", "\u{2019}",
                                "\u{00A0}", "\u{200B}", "\u{3000}", "李", "٣", "Ⅳ", "😀", "\u{0903}", "ß"]
        for _ in 0..<FuzzBudget.cases(short: 20_000, long: 200_000) {
            let length = Int.random(in: 0...50, using: &random)
            let ascii = Bool.random(using: &random)
            let name = (0..<length).map { _ in
                ascii ? pieces[Int.random(in: 0..<13, using: &random)] : pieces.randomElement(using: &random)!
            }.joined()
            #expect(validator.validateCardholderName(name)?.description == referenceNameError(name), "\(name.debugDescription)")
        }
    }

    /// The expiry grammar written another way: Unicode digits made ASCII, then three patterns
    /// (digits only; a month, a separator and a year with spaces around it; a month, spaces and a year).
    func referenceExpiry(_ text: String, currentYear: Int) -> ExpiryDate? {
        var ascii = ""
        for scalar in text.unicodeScalars {
            if case .digit(let value) = CardNumberNormalizer.classify(scalar) {
                ascii.unicodeScalars.append(Unicode.Scalar(48 + value))
            } else {
                ascii.unicodeScalars.append(scalar)
            }
        }
        let patterns = [#/^\s*([0-9]{2})([0-9]{2}|[0-9]{4})\s*$/#, #/^\s*([0-9]{1,2})\s*[\/.-]\s*([0-9]{2}|[0-9]{4})\s*$/#,
                        #/^\s*([0-9]{1,2})\s+([0-9]{2}|[0-9]{4})\s*$/#]
        for pattern in patterns {
            guard let match = ascii.wholeMatch(of: pattern) else { continue }
            let month = Int(match.1)!, yearText = match.2
            let year = yearText.count == 2 ? Int(yearText)! + currentYear - currentYear % 100 : Int(yearText)!
            return ExpiryDate(month: month, year: year)
        }
        return nil
    }

    @Test("expiry dates: the parse agrees with a reference of the grammar on random texts (5,000; 100,000 with CHECKOUT_FUZZ_LONG=1), and the calendar's year is the current year")
    func expiryMatchesTheReference() async {
        var random = SplitMix64(seed: 11)
        let calendar = Calendar(identifier: .gregorian)
        let pieces = ["0", "1", "2", "9", "/", " ", "٣", "x", "-", ".", "\u{A0}"]
        for round in 0..<FuzzBudget.cases(short: 5_000, long: 100_000) {
            // A long computation on the test pool's two threads gives the others their turn: tests
            // that measure time against a loopback server were starved by seconds.
            if round % 1000 == 0 { await Task.yield() }
            let now = Date(timeIntervalSince1970: Double.random(in: 0...4_000_000_000, using: &random))
            let year = calendar.component(.year, from: now)
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(ExpiryDate(parsing: text, currentYear: year) == referenceExpiry(text, currentYear: year), "\(text.debugDescription)")
            #expect(ExpiryDate(parsing: text, now: now, calendar: calendar) == referenceExpiry(text, currentYear: year))
        }
    }
}
