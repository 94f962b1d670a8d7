import CheckoutCore
import CheckoutTestSupport
import Testing

/// A 13-digit Visa is complete only where BIN data says the card has 13 digits (issue 21), as
/// Stripe's and Primer's SDKs decide; Visa issues 16, 18 and 19 digits otherwise.
@Suite("13-digit Visa")
struct VisaLengthTests {
    let validator = TestData.validator()
    let resolver = TestData.resolver(nil)

    @Test("the catalogue gives Visa 16, 18 and 19 digits, as Primer's CardNetwork.swift does")
    func catalogueLengths() {
        #expect(TestData.catalogue.info(.visa).lengths == [16, 18, 19])
    }

    @Test("a 16-digit Visa typed digit by digit is never valid before its 16th digit, whatever its check digit")
    func halfTypedVisaIsIncomplete() {
        // Valid 16-digit Visas whose first 13 digits pass the Luhn check too (one Visa in ten), and
        // one whose first 13 do not.
        for number in ["4012888888881881", "4000000000006009", "4000000000014003", "4242424242424242"] {
            for count in 13...15 {
                let typed = String(number.prefix(count))
                #expect(validator.validateCardNumber(typed, metadata: nil) != nil, "\(typed)")
                let fallback = resolver.localMetadata(forDigits: typed, source: .localFallback)
                #expect(validator.validateCardNumber(typed, metadata: fallback) != nil, "\(typed) after a fallback")
            }
        }
    }

    @Test("13 digits are complete where the BIN data says 13: Authorize.Net's test Visas in the embedded table")
    func thirteenDigitsWhereTheBINSaysSo() throws {
        for number in ["4007000000027", "4012888818888"] {
            let answer = try #require(TestData.binTable.lookup(number))
            #expect(answer.numberLength == 13)
            let metadata = resolver.remoteMetadata(for: answer)
            #expect(validator.validateCardNumber(number, metadata: metadata) == nil, "\(number)")
            #expect(validator.validateCardNumber(number, metadata: nil) != nil, "\(number) without the BIN data")
            #expect(validator.validateCardNumber(number + "000", metadata: metadata) != nil, "16 digits where the BIN says 13")
        }
    }

    @Test("Stripe's 13-digit Visa BINs are in the table with number_length 13")
    func stripeThirteenDigitBINs() {
        for bin in ["413600", "444509", "444550", "450603", "450617", "450628", "450629", "450636", "450640", "450641",
                    "450662", "463100", "476142", "476143", "492901", "492902", "492920", "492923", "492928", "492929",
                    "492930", "492937", "492939", "492960"] {
            let answer = TestData.binTable.lookup(bin + "12")
            #expect(answer?.networks.map(\.network) == [.visa], "\(bin)")
            #expect(answer?.numberLength == 13, "\(bin)")
        }
    }

    @Test("a BIN table's number_length is read; a bad one is refused with its line")
    func numberLengthColumn() throws {
        let table = try BinTable(csv: "iin_start,iin_end,number_length,scheme\n400000,,13,visa\n411111,,,visa\n")
        #expect(table.lookup("40000012")?.numberLength == 13)
        #expect(table.lookup("41111112")?.numberLength == nil)
        for bad in ["7", "20", "x", "16.0"] {
            #expect(throws: BinTableError(line: 2, message: "number_length \"\(bad)\" is not a card-number length (12 to 19)")) {
                try BinTable(csv: "iin_start,number_length,scheme\n400000,\(bad),visa\n")
            }
        }
    }
}
