import CheckoutCore
import CheckoutTestSupport
import Foundation
import Testing

/// The writer must print exactly what the serialiser before it printed (``LegacyJSON``), byte for
/// byte: on every fixture, on random detect objects and on random JSON values.
@Suite("JSON writer")
struct JSONWriterTests {
    static let sessions: [[CardNetwork]?] = [nil, [.visa, .cartesBancaires, .mastercard], [.cartesBancaires, .visa], [.mastercard, .eftpos], [.amex]]

    /// A detect report built the way `checkout detect` builds it, with the embedded BIN table.
    static func report(_ cardNumber: String, allowed: [CardNetwork]?, expiry: String = "", cvv: String = "",
                       name: String = "") -> DetectionReport {
        let resolver = TestData.resolver(allowed)
        let validator = TestData.validator(allowed)
        let normalized = CardNumberNormalizer.normalize(cardNumber)
        let digits = normalized.digits
        let asksService = !normalized.isMalformed && digits.utf8.count >= CardNetworkResolver.binLength
        let answer = asksService ? TestData.binTable.lookup(String(digits.prefix(8))) : nil
        let metadata = asksService ? resolver.metadata(forDigits: digits, answer: answer)
            : resolver.localMetadata(forDigits: digits, source: .local)
        let binData = asksService ? resolver.binData(forDigits: digits, answer: answer) : resolver.localBinData(forDigits: digits)
        let errors = validator.validate(CardData(cardNumber: cardNumber, expiryDate: expiry, cvv: cvv, cardholderName: name),
                                        metadata: metadata, now: TestData.fixtureNow, calendar: TestData.calendar)
        return DetectionReport(cardNumber: cardNumber, metadata: metadata, binData: binData, errors: errors)
    }

    static func legacy(_ report: DetectionReport) -> String {
        LegacyJSON.serialize(LegacyJSON.detectObject(cardNumber: report.cardNumber, metadata: report.metadata,
                                                     binData: report.binData, errors: report.errors))
    }

    @Test("every card of cards.tsv, under several sessions, prints as before")
    func cardFixtures() {
        var compared = 0
        for vector in CardVector.all {
            for allowed in Self.sessions {
                for fields in [("", "", ""), ("12/30", "123", "Jane Doe")] {
                    let report = Self.report(vector.input, allowed: allowed, expiry: fields.0, cvv: fields.1, name: fields.2)
                    #expect(report.serialized() == Self.legacy(report), "\(vector.input)")
                    compared += 1
                }
            }
        }
        #expect(compared == CardVector.all.count * Self.sessions.count * 2)
    }

    @Test("every field of fields.tsv prints as before")
    func fieldFixtures() {
        for vector in FieldVector.all {
            let fields: (String, String, String) = switch vector.field {
            case "expiry": (vector.input, "123", "Jane Doe")
            case "cvv": ("12/30", vector.input, "Jane Doe")
            default: ("12/30", "123", vector.input)
            }
            for number in ["4000002500001001", "378282246310005", "40117"] {
                let report = Self.report(number, allowed: nil, expiry: fields.0, cvv: fields.1, name: fields.2)
                #expect(report.serialized() == Self.legacy(report), "\(vector.field) \(vector.input)")
            }
        }
    }

    /// 100,000 objects in all, in four parts that run in parallel.
    @Test("100,000 random detect objects print as before", arguments: 0..<4)
    func randomDetectObjects(part: UInt64) {
        var random = SplitMix64(seed: 0x0D37_EC7 &+ part)
        let networks = CardNetwork.allCases
        let resolvers = Self.sessions.map { TestData.resolver($0) }
        let validators = Self.sessions.map { TestData.validator($0) }
        var mismatches = 0
        for index in 0..<25_000 {
            let session = Int(random.next() % UInt64(Self.sessions.count))
            let resolver = resolvers[session]
            let digits = Self.randomDigits(&random)
            let cardNumber = random.next() % 4 == 0 ? Self.randomText(&random) : digits
            let metadata: CardNumberEntryMetadata
            let binData: BinData
            if digits.count >= 8, random.next() % 3 != 0 {
                var answerNetworks: [BinNetwork] = []
                for _ in 0..<(1 + random.next() % 3) {
                    answerNetworks.append(BinNetwork(network: networks[Int(random.next() % UInt64(networks.count))],
                                                     issuer: Self.randomIssuer(&random)))
                }
                let answer = BinAnswer(firstDigits: String(digits.prefix(8)), networks: answerNetworks)
                metadata = resolver.metadata(forDigits: digits, answer: answer)
                binData = resolver.binData(forDigits: digits, answer: answer)
            } else {
                metadata = resolver.localMetadata(forDigits: digits, source: random.next() % 2 == 0 ? .local : .localFallback)
                binData = resolver.localBinData(forDigits: digits)
            }
            var errors = validators[session].validate(
                CardData(cardNumber: cardNumber, expiryDate: Self.randomText(&random), cvv: Self.randomText(&random),
                         cardholderName: Self.randomText(&random)),
                metadata: metadata, now: TestData.fixtureNow, calendar: TestData.calendar)
            if random.next() % 8 == 0 {
                errors.append(ValidationError(errorId: Self.randomText(&random), inputElementType: .cvv, description: Self.randomText(&random)))
            }
            let report = DetectionReport(cardNumber: cardNumber, metadata: metadata, binData: binData, errors: errors)
            let written = report.serialized()
            if written != Self.legacy(report) {
                mismatches += 1
                if mismatches <= 3 { Issue.record("object \(index) differs: \(written)") }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("random JSON values print as before, numbers and escapes included")
    func randomValues() {
        var random = SplitMix64(seed: 0x7A1E)
        for _ in 0..<20_000 {
            let value = Self.randomValue(&random, depth: 0)
            #expect(value.serialized() == LegacyJSON.serialize(value))
        }
    }

    @Test("escapes: quotes, backslashes, every control character, U+2028 and U+2029; other text is copied")
    func escapes() {
        var text = "\"\\/é€😀\u{7F}\u{2027}\u{2028}\u{2029}\u{202A}"
        for value in 0..<0x20 { text.unicodeScalars.append(Unicode.Scalar(UInt8(value))) }
        #expect(JSONValue.string(text).serialized()
            == #""\"\\/é€😀"# + "\u{7F}\u{2027}" + #"\u2028\u2029"# + "\u{202A}"
            + #"\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f""#)
        #expect(JSONValue.string(text).serialized() == LegacyJSON.serialize(.string(text)))
    }

    @Test("one writer holds many lines; removeAll empties it for reuse")
    func jsonLines() {
        var json = JSONWriter()
        for number in 1...3 {
            JSONValue.object([("n", .integer(number)), ("list", .array([.null, .bool(true)]))]).write(to: &json)
            json.endLine()
        }
        #expect(String(decoding: json.bytes, as: UTF8.self) == "{\"n\":1,\"list\":[null,true]}\n{\"n\":2,\"list\":[null,true]}\n{\"n\":3,\"list\":[null,true]}\n")
        json.removeAll()
        json.beginArray(); json.integer(-42); json.number(1e15); json.number(.nan); json.endArray()
        #expect(String(decoding: json.bytes, as: UTF8.self) == "[-42,1000000000000000.0,null]")
    }

    // MARK: Random inputs

    /// Text mixing ASCII, separators, Unicode digits, escapes, controls and astral characters.
    static func randomText(_ random: inout SplitMix64) -> String {
        let pieces: [String] = ["4", "0", "9", " ", "-", ".", "٤", "４", "\"", "\\", "\n", "\r", "\t", "\u{08}", "\u{0C}",
                                "\u{01}", "\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}", "é", "ß", "€", "😀", "a", "Z", "/", "'",
                                "\u{0301}", "\u{FEFF}", "Banque Populaire", "BANK, N.A.", ""]
        var text = ""
        for _ in 0..<(random.next() % 24) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
        return text
    }

    static func randomDigits(_ random: inout SplitMix64) -> String {
        let starts = ["4", "40117", "401178", "51", "2221", "34", "37", "6011", "62", "3528", "5019", "4000002500001001", "6"]
        var digits = starts[Int(random.next() % UInt64(starts.count))]
        let length = Int(random.next() % 21)
        digits = String(digits.prefix(length))
        while digits.count < length { digits += String(random.next() % 10) }
        return digits
    }

    static func randomIssuer(_ random: inout SplitMix64) -> IssuerDetails {
        func field() -> String? { random.next() % 3 == 0 ? randomText(&random) : nil }
        return IssuerDetails(issuerCountryCode: field(), issuerName: field(), accountFundingType: field(),
                             prepaidReloadableIndicator: field(), productUsageType: field(), productCode: field(),
                             productName: field(), issuerCurrencyCode: field(), regionalRestriction: field(),
                             accountNumberType: field())
    }

    static func randomValue(_ random: inout SplitMix64, depth: Int) -> JSONValue {
        switch random.next() % (depth > 4 ? 4 : 6) {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2:
            let numbers: [Double] = [0, -0.0, 1, -1, 4999, 1.5, -2.25, 1e15, 1e15 - 1, -1e15, 1e300, .leastNonzeroMagnitude, .nan, .infinity,
                                     -.infinity, 0.1, 123456789.125, Double(Int64.max), Double(random.next() % 1_000_000) / 7]
            return .number(numbers[Int(random.next() % UInt64(numbers.count))])
        case 3: return .string(randomText(&random))
        case 4: return .array((0..<(random.next() % 4)).map { _ in randomValue(&random, depth: depth + 1) })
        default:
            return .object((0..<(random.next() % 4)).map { _ in (randomText(&random), randomValue(&random, depth: depth + 1)) })
        }
    }
}
