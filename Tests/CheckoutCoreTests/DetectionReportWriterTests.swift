import CheckoutCore
import CheckoutTestSupport
import Foundation
import Testing

/// The report writer copies parts it wrote before; its text must be what ``DetectionReport`` writes
/// when everything is built afresh, number after number, whatever the mix of input.
@Suite("Detection report writer")
struct DetectionReportWriterTests {
    /// The object built afresh, as `checkout detect` did before the writer (resolver, validator,
    /// ``DetectionReport``).
    static func plain(_ data: CardData, answer: BinAnswer?, allowed: [CardNetwork]?, now: Date) -> String {
        let resolver = TestData.resolver(allowed)
        let normalized = CardNumberNormalizer.normalize(data.cardNumber)
        let digits = normalized.digits
        let asksService = !normalized.isMalformed && digits.utf8.count >= CardNetworkResolver.binLength
        let metadata = asksService ? resolver.metadata(forDigits: digits, answer: answer)
            : resolver.localMetadata(forDigits: digits, source: .local)
        let binData = asksService ? resolver.binData(forDigits: digits, answer: answer) : resolver.localBinData(forDigits: digits)
        let errors = TestData.validator(allowed).validate(data, metadata: metadata, now: now, calendar: TestData.calendar)
        return DetectionReport(cardNumber: data.cardNumber, metadata: metadata, binData: binData, errors: errors).serialized()
    }

    static func writer(_ allowed: [CardNetwork]?) -> DetectionReportWriter {
        DetectionReportWriter(resolver: TestData.resolver(allowed), validator: TestData.validator(allowed), calendar: TestData.calendar)
    }

    @Test("reading a number gives the normaliser's digits and verdict, ASCII or not")
    func reading() {
        for text in ["4000 0025-0000.1001", "٤٠٠٠ ٠٠٢٥", "４２４２", "4242x99", "", "x", "4\u{2212}2", "12\u{00A0}34", "😀4"] {
            let number = DetectionReportWriter.read(text)
            let normalized = CardNumberNormalizer.normalize(text)
            #expect(number.digits == normalized.digits && number.isMalformed == normalized.isMalformed, "\(text)")
        }
        #expect(DetectionReportWriter.read("4000 0025 0000 1001").bin == "40000025")
        #expect(DetectionReportWriter.read("4000002").bin == nil)
        #expect(DetectionReportWriter.read("40000025x").bin == nil)
    }

    /// 60,000 numbers in all: the embedded table, a service's answers and no service, in three
    /// parallel parts; a long run per writer so its memos fill, hit and are emptied.
    @Test("random numbers and fields print exactly as built afresh", arguments: 0..<3)
    func randomNumbers(part: Int) {
        var random = SplitMix64(seed: 0xDE7EC7 &+ UInt64(part))
        let sessions = JSONWriterTests.sessions
        var writers = sessions.map { Self.writer($0) }
        let expiries = ["", "12/30", "1230", "10/26", "11/26", "13/27", "12/2099", "ab/cd", " 12/30 "]
        let cvvs = ["", "123", "1234", "12", "1a3", "٣٤٥"]
        let names = ["", "Jane Doe", "J", "Zoë O'Brien-Smith", "R2D2", "  ", "名前"]
        // Each month boundary of the fixture year, so the expiry memo is renewed on the way.
        var now = TestData.fixtureNow.addingTimeInterval(-86_400 * 200)
        var mismatches = 0
        for index in 0..<20_000 {
            let session = Int(random.next() % UInt64(sessions.count))
            var digits = JSONWriterTests.randomDigits(&random)
            if random.next() % 4 == 0 { digits = String(digits.prefix(8)) + String(random.next() % 100_000_000) }
            var text = digits
            switch random.next() % 6 {
            case 0: text = JSONWriterTests.randomText(&random)
            case 1: text = String(digits.enumerated().flatMap { $0.offset % 4 == 3 ? [$0.element, " "] : [$0.element] })
            case 2: text = digits.map { String(Unicode.Scalar(0x0660 + $0.wholeNumberValue!)!) }.joined()
            default: break
            }
            let data = CardData(cardNumber: text, expiryDate: expiries[Int(random.next() % UInt64(expiries.count))],
                                cvv: cvvs[Int(random.next() % UInt64(cvvs.count))],
                                cardholderName: names[Int(random.next() % UInt64(names.count))],
                                cardNetwork: random.next() % 10 == 0 ? .amex : nil)
            now = now.addingTimeInterval(Double(random.next() % 4000))
            let number = DetectionReportWriter.read(text)
            var json = JSONWriter()
            let expected: String
            switch part {
            case 0:
                writers[session].write(data, number: number, table: TestData.binTable, now: now, to: &json)
                let answer = number.bin.flatMap { TestData.binTable.lookup($0) }
                expected = Self.plain(data, answer: answer, allowed: sessions[session], now: now)
            case 1:
                var answer: BinAnswer?
                if let bin = number.bin, random.next() % 3 != 0 {
                    let networks = (0..<(random.next() % 3)).map { _ in
                        BinNetwork(network: [.visa, .cartesBancaires, .eftpos, .mastercard][Int(random.next() % 4)],
                                   issuer: IssuerDetails(issuerCountryCode: random.next() % 2 == 0 ? "FR" : nil, issuerName: "Bank \"\(random.next() % 3)\""))
                    }
                    answer = BinAnswer(firstDigits: bin, networks: networks)
                }
                writers[session].write(data, number: number, answer: answer, now: now, to: &json)
                expected = Self.plain(data, answer: answer, allowed: sessions[session], now: now)
            default:
                writers[session].write(data, number: number, answer: nil, now: now, to: &json)
                expected = Self.plain(data, answer: nil, allowed: sessions[session], now: now)
            }
            let written = String(decoding: json.bytes, as: UTF8.self)
            if written != expected {
                mismatches += 1
                if mismatches <= 3 { Issue.record("number \(index) \"\(text)\": \(written)\nexpected \(expected)") }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("a table of many answers: the memo of parts is emptied and refilled, the text stays right")
    func manyAnswers() throws {
        var csv = "iin_start,iin_end,networks,bank_name\n"
        for index in 0..<10_000 { csv += "\(40_000_000 + index * 10),\(40_000_000 + index * 10 + 9),VISA,Bank \(index)\n" }
        let table = try BinTable(csv: csv)
        var writer = Self.writer(nil)
        var random = SplitMix64(seed: 7)
        for _ in 0..<(3 * DetectionReportWriter.memoLimit) {
            let text = String(40_000_000 + random.next() % 100_000) + "00000000"
            var json = JSONWriter()
            writer.write(CardData(cardNumber: text), number: DetectionReportWriter.read(text), table: table, now: TestData.fixtureNow, to: &json)
            let answer = table.lookup(text)
            #expect(String(decoding: json.bytes, as: UTF8.self) == Self.plain(CardData(cardNumber: text), answer: answer, allowed: nil, now: TestData.fixtureNow))
        }
    }
}
