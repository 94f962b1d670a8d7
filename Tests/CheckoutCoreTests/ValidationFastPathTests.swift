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

    @Test("names: the ASCII path and the Unicode path agree with the first rules on 200,000 random names")
    func namesMatchTheReference() {
        var random = SplitMix64(seed: 10)
        let pieces: [String] = ["a", "Z", "q", " ", "'", "-", ".", "0", "7", "_", "\t", ",", "\u{7F}", "\n", "\r\n", "é", "e\u{301}", "\u{2019}",
                                "\u{00A0}", "\u{200B}", "\u{3000}", "李", "٣", "Ⅳ", "😀", "\u{0903}", "ß"]
        for _ in 0..<200_000 {
            let length = Int.random(in: 0...50, using: &random)
            let ascii = Bool.random(using: &random)
            let name = (0..<length).map { _ in
                ascii ? pieces[Int.random(in: 0..<13, using: &random)] : pieces.randomElement(using: &random)!
            }.joined()
            #expect(validator.validateCardholderName(name)?.description == referenceNameError(name), "\(name.debugDescription)")
        }
    }

    /// The expiry parse as first written: every digit kept in an array.
    func referenceExpiry(_ text: String, currentYear: Int) -> ExpiryDate? {
        var digits: [Int] = []
        var slashAt: Int?
        for scalar in text.unicodeScalars {
            if case .digit(let value) = CardNumberNormalizer.classify(scalar) {
                digits.append(Int(value))
            } else if scalar == "/", slashAt == nil {
                slashAt = digits.count
            } else {
                return nil
            }
            if digits.count > 6 { return nil }
        }
        if let slashAt, slashAt != 2 { return nil }
        guard digits.count == 4 || digits.count == 6 else { return nil }
        var year = digits[2...].reduce(0) { $0 * 10 + $1 }
        if digits.count == 4 { year += currentYear - currentYear % 100 }
        return ExpiryDate(month: digits[0] * 10 + digits[1], year: year)
    }

    @Test("expiry dates: the parse agrees with the first one on 100,000 random texts, and the calendar's year is the current year")
    func expiryMatchesTheReference() {
        var random = SplitMix64(seed: 11)
        let calendar = Calendar(identifier: .gregorian)
        let pieces = ["0", "1", "2", "9", "/", " ", "٣", "x"]
        for _ in 0..<100_000 {
            let now = Date(timeIntervalSince1970: Double.random(in: 0...4_000_000_000, using: &random))
            let year = calendar.component(.year, from: now)
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(ExpiryDate(parsing: text, currentYear: year) == referenceExpiry(text, currentYear: year), "\(text.debugDescription)")
            #expect(ExpiryDate(parsing: text, now: now, calendar: calendar) == referenceExpiry(text, currentYear: year))
        }
    }
}
