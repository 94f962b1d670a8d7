import CheckoutCore
import CheckoutTestSupport
import Testing

/// When a card number is complete (issue 29): valid and at its networks' usual length
/// (`usualLength` in networks.json), unless BIN data gives the length; valid and possibly longer
/// where nothing says which (Maestro 12–19).
@Suite("Card number completeness")
struct CompletenessTests {
    let validator = TestData.validator()
    let resolver = TestData.resolver(nil)
    let catalogue = TestData.catalogue

    func state(_ digits: String, answered: Bool = false) -> CardNumberCompleteness {
        let metadata = answered && digits.count >= 8
            ? resolver.metadata(forDigits: digits, answer: TestData.binTable.lookup(digits))
            : resolver.localMetadata(forDigits: digits, source: .local)
        return validator.completeness(ofDigits: digits, metadata: metadata)
    }

    @Test("every network of networks.json has a usual length, or says it has none; the length is one it issues")
    func usualLengths() {
        let expected: [CardNetwork: Int?] = [.visa: 16, .mastercard: 16, .amex: 15, .discover: 16, .uatp: 15, .maestro: nil, .unionPay: nil]
        for (network, length) in expected { #expect(catalogue.info(network).usualLength == length, "\(network)") }
        for info in catalogue.networks {
            if let usual = info.usualLength { #expect(info.lengths.contains(usual), "\(info.network)") }
            for rule in info.usualLengthByRange { if let usual = rule.length { #expect(info.lengths.contains(usual), "\(info.network)") } }
        }
        #expect(catalogue.usualLength(of: .jcb, digits: "1800000000000000") == 15)
        #expect(catalogue.usualLength(of: .jcb, digits: "2131000000000000") == 15)
        #expect(catalogue.usualLength(of: .jcb, digits: "3530111333300000") == 16)
        #expect(catalogue.usualLength(of: .dinersClub, digits: "36227206271667") == 14)
        #expect(catalogue.usualLength(of: .dinersClub, digits: "30569309025904") == nil)
    }

    @Test("the sandbox's declined Visa is complete at 16 without BIN data, and takes no 17th digit")
    func declinedVisaCompleteAt16() {
        let number = "4000000000000002"
        for count in 1..<16 { #expect(state(String(number.prefix(count))).state == .incomplete) }
        let complete = state(number)
        #expect(complete.state == .complete)
        #expect(complete.limit == 16)
        #expect(state(number, answered: true).state == .complete, "the table has no row: local fallback")
        // 16 digits that fail the check: not complete, and still 16 at most (the usual length).
        let mistyped = state("4000000000000003")
        #expect(mistyped.state == .incomplete)
        #expect(mistyped.limit == 16 && mistyped.limitIsUsual)
    }

    @Test("BIN data that gives a length decides: 13-digit Visas (Stripe's BINs), the 19-digit Bancontact")
    func binLength() {
        #expect(state("4136000000008", answered: true).state == .complete)
        #expect(state("4136000000008", answered: true).limit == 13)
        #expect(state("4136000000008").state == .incomplete, "local rules alone: Visa has 16")
        #expect(state("6703000000000000003", answered: true).state == .complete)
        #expect(state("6703000000000000", answered: true).state == .incomplete, "its BIN says 19")
    }

    @Test("a 12-digit Maestro that passes Luhn is valid and may be whole: nothing says which length")
    func maestro12() {
        #expect(validator.validateCardNumber("501800000009", metadata: nil) == nil)
        let twelve = state("501800000009")
        #expect(twelve.state == .mayBeWhole)
        #expect(twelve.limit == 19)
        #expect(state("50180000000").state == .incomplete)
    }

    @Test("JCB's 1800 and 2131 numbers are complete at 15; 35xx at 16")
    func jcb15() {
        // 15-digit numbers of the old ranges, with their Luhn check digit.
        for number in ["180000000000002", "213100000000001"] {
            #expect(validator.validateCardNumber(number, metadata: nil) == nil, "\(number)")
            #expect(state(number).state == .complete, "\(number)")
        }
        #expect(state("3530111333300000").state == .complete)
    }

    @Test("UnionPay's 62 range has no gaps: 6271, 6273–6275, 6278–6281, 6290, 6293–6299 are UnionPay; 627780 stays Elo")
    func unionPayGaps() {
        for prefix in ["6271", "6273", "6274", "6275", "6278", "6279", "6280", "6281", "6290", "6293", "6299", "627700"] {
            #expect(catalogue.candidates(forDigits: prefix + "0000") == [.unionPay], "\(prefix)")
        }
        #expect(catalogue.candidates(forDigits: "62778000") == [.elo])
    }
}
