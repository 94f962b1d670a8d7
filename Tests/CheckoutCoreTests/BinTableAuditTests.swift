import CheckoutCore
import CheckoutTestSupport
import Testing

/// The embedded table against the published cards it stands for: each card's first 8 digits are
/// its row's key (issue 21: a Primer test card keyed under the wrong 8 digits was refused).
@Suite("BIN table audit")
struct BinTableAuditTests {
    /// The 8-digit key of a number's first 8 digits.
    static func key(_ number: String) -> UInt32 { UInt32(number.prefix(8))! }

    /// Whether the table holds a row for exactly this 8-digit BIN (not a shorter range covering it).
    static func hasRow(forBIN number: String) -> Bool {
        let key = key(number)
        return TestData.binTable.ranges.contains { $0.low == key && $0.high == key }
    }

    static let coBadgedVectors = CardVector.all.filter { $0.kind == "cobadge" }

    @Test("every co-badged vector of cards.tsv finds its own row by its first 8 digits", arguments: coBadgedVectors)
    func coBadgedVectorHasItsRow(_ vector: CardVector) {
        #expect(Self.hasRow(forBIN: vector.input), "no row keyed \(vector.input.prefix(8))")
        #expect(Set(TestData.binTable.lookup(vector.input)?.networks.map(\.network) ?? []) == vector.must)
    }

    /// The processors' published co-badged sandbox cards, with the networks their sources give
    /// (each row of `bin-table.csv` names its source).
    static let published: [(number: String, networks: Set<CardNetwork>, source: String)] = [
        ("4000002500001001", [.cartesBancaires, .visa], "Stripe"),
        ("5555552500001001", [.cartesBancaires, .mastercard], "Stripe"),
        ("4000050360000001", [.eftpos, .visa], "Stripe"),
        ("5555050360000080", [.eftpos, .mastercard], "Stripe"),
        ("4035501000000008", [.cartesBancaires, .visa], "Adyen"),
        ("4035501428146300", [.cartesBancaires, .visa], "Adyen"),
        ("4360000001000005", [.cartesBancaires, .visa], "Adyen"),
        ("4871049999999910", [.bancontact, .visa], "Adyen"),
        ("6703444444444449", [.bancontact, .maestro], "Adyen"),
        ("6703000000000000003", [.bancontact, .maestro], "Adyen"),
        ("4571000000000001", [.dankort, .visa], "Adyen"),
        ("4571994000062336", [.dankort, .visa], "Billwerk"),
        ("4035500000000000", [.cartesBancaires, .visa], "Primer"),
        ("5132000000000000", [.cartesBancaires, .mastercard], "Primer"),
        ("4970000000000008", [.cartesBancaires, .visa], "Primer"),
        ("5017679210000700", [.cartesBancaires, .mastercard], "Primer SDK tests"),
        ("4150580996517927", [.cartesBancaires, .visa], "Worldpay"),
    ]

    @Test("every published co-badged sandbox card has its row, its networks and a valid number")
    func publishedCards() {
        let validator = TestData.validator([.cartesBancaires, .visa, .mastercard, .eftpos, .bancontact, .maestro, .dankort])
        let resolver = TestData.resolver([.cartesBancaires, .visa, .mastercard, .eftpos, .bancontact, .maestro, .dankort])
        for card in Self.published {
            #expect(Self.hasRow(forBIN: card.number), "\(card.source) \(card.number)")
            let answer = TestData.binTable.lookup(card.number)
            #expect(Set(answer?.networks.map(\.network) ?? []) == card.networks, "\(card.source) \(card.number)")
            #expect(answer?.numberLength == card.number.count, "\(card.source) \(card.number): the row says its length")
            let metadata = answer.map { resolver.remoteMetadata(for: $0) }
            #expect(validator.validateCardNumber(card.number, metadata: metadata) == nil, "\(card.source) \(card.number)")
        }
    }

    @Test("Primer's Cartes Bancaires + Mastercard test card is a choice, not a Maestro refused as unsupported")
    func primerCartesBancairesMastercard() throws {
        let allowed: [CardNetwork] = [.cartesBancaires, .visa, .mastercard]
        let answer = try #require(TestData.binTable.lookup("5017679210000700"))
        let metadata = TestData.resolver(allowed).remoteMetadata(for: answer)
        #expect(metadata.selectableCardNetworks?.items.map(\.network) == [.cartesBancaires, .mastercard])
        #expect(TestData.validator(allowed).validateCardNumber("5017679210000700", metadata: metadata) == nil)
        // Without the BIN answer, local rules alone see Maestro, which this session refuses.
        #expect(TestData.catalogue.candidates(forDigits: "5017679210000700") == [.maestro])
    }

    @Test("no row of the table is keyed by fewer than 8 digits except the 13-digit Visa BINs")
    func rowsAreEightDigitBINs() {
        for range in TestData.binTable.ranges where range.high - range.low >= 99 {
            #expect(range.networks.map(\.network) == [.visa] && TestData.binTable.lookup(String(range.low))?.numberLength == 13,
                    "range \(range.low)…\(range.high)")
        }
    }
}
