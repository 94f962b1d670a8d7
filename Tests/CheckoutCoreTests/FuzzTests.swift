import CheckoutCore
import CheckoutTestSupport
import Foundation
import Testing

/// Random input through normalisation, detection and validation: nothing traps or hangs, and the
/// outcomes agree with each other. Seeded, so a failure names the case that reproduces it.
@Suite("Fuzz")
struct FuzzTests {
    static let cases = 100_000

    /// Builds one random input of a kind chosen by the generator.
    static func randomInput(_ random: inout SplitMix64) -> String {
        let separators: [Character] = [" ", "-", ".", "\u{00A0}", "\u{2013}", "\u{FF0E}"]
        let digits: [Character] = Array("0123456789٠١٢٣٤٥٦٧٨٩０１２３４５６７８９०१२३")
        if random.next() % 1_000 == 0 {
            let bytes = (0..<10_000).map { _ in UInt8(48 + random.next() % 10) }
            return String(decoding: bytes, as: UTF8.self)
        }
        switch random.next() % 6 {
        case 0:
            let bytes = (0..<Int(random.next() % 40)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            return String(decoding: bytes, as: UTF8.self)
        case 1:
            var text = ""
            for _ in 0..<Int(random.next() % 30) {
                if let scalar = Unicode.Scalar(UInt32(random.next() % 0x11_0000)) { text.unicodeScalars.append(scalar) }
            }
            return text
        case 2:
            let separators: [UInt8] = [0x20, 0x2D, 0x2E]
            let bytes = (0..<Int(random.next() % 60)).map { _ in
                random.next() % 5 == 0 ? separators[Int(random.next() % 3)] : UInt8(48 + random.next() % 10)
            }
            return String(decoding: bytes, as: UTF8.self)
        case 3:
            var text = ""
            for _ in 0..<Int(random.next() % 30) {
                text.unicodeScalars.append(Unicode.Scalar(UInt8(random.next() % 0x20)))
                text.append(Character(String(random.next() % 10)))
            }
            return text
        case 4:
            var text = ""
            for _ in 0..<Int(random.next() % 25) {
                text.append(random.next() % 4 == 0 ? separators[Int(random.next() % UInt64(separators.count))]
                                                    : digits[Int(random.next() % UInt64(digits.count))])
            }
            return text
        default:
            let starts = ["4", "40117", "5019", "34", "622126", "6011", "2200", "1", "9792", "3056"]
            var text = starts[Int(random.next() % UInt64(starts.count))]
            while text.count < 12 + Int(random.next() % 9) { text.append(Character(String(random.next() % 10))) }
            return text
        }
    }

    /// An independent reading of the rule: malformed iff some scalar is neither a decimal digit nor
    /// a space, dash or dot.
    static func hasForeignCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            let properties = scalar.properties
            let isDigit = properties.numericType == .decimal
            let isSeparator = [" ", "-", "."].contains(scalar) || properties.generalCategory == .spaceSeparator
                || properties.generalCategory == .dashPunctuation || ["\u{2212}", "\u{FF0E}", "\u{2024}", "\u{3002}", "\u{FF61}"].contains(scalar)
            return !isDigit && !isSeparator
        }
    }

    @Test("100,000 random inputs: no trap, no hang, consistent outcomes")
    func randomInputs() {
        var random = SplitMix64(seed: 0xC0FFEE)
        let catalogue = TestData.catalogue
        let validator = TestData.validator()
        let resolver = TestData.resolver(nil)
        var failures = 0
        for index in 0..<Self.cases where failures < 10 {
            let input = Self.randomInput(&random)
            let normalized = CardNumberNormalizer.normalize(input)
            let digits = normalized.digits
            var consistent = normalized.isMalformed == Self.hasForeignCharacter(input)
            consistent = consistent && digits.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
            let candidates = catalogue.candidates(forDigits: digits)
            consistent = consistent && candidates == catalogue.candidates(forDigits: String(digits.prefix(19)))
            consistent = consistent && Set(candidates).count == candidates.count
            let metadata = resolver.metadata(forDigits: digits, answer: nil)
            let error = validator.validateCardNumber(input, metadata: metadata)
            if normalized.isMalformed {
                consistent = consistent && error?.description == "Card number may contain only digits, spaces, dashes and dots."
            } else if digits.isEmpty {
                consistent = consistent && error?.description == "Card number can not be blank."
            } else if error == nil {
                consistent = consistent && CardValidator.cardNumberLengths.contains(digits.count) && Luhn.isValid(digits) && !candidates.isEmpty
            }
            _ = catalogue.format(digits: String(digits.prefix(40)), as: candidates.first)
            _ = validator.validateCardholderName(input)
            _ = validator.validateExpiryDate(input, now: TestData.fixtureNow, calendar: TestData.calendar)
            if !consistent {
                failures += 1
                Issue.record("case \(index) (seed 0xC0FFEE): \(input.unicodeScalars.prefix(60).map { String($0.value, radix: 16) })")
            }
        }
    }
}
