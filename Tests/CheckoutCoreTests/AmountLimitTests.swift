import CheckoutCore
import Testing

/// Issue 18 ②: amounts are capped where they enter and every sum of minor units is checked, so no
/// amount and surcharge can overflow `Int` and trap.
@Suite struct AmountLimitTests {
    static let maximum = ClientSession.maximumAmount

    @Test func theCapKeepsEverySumExactInJSONAndFarFromOverflow() {
        #expect(Self.maximum == 999_999_999_999_999)
        #expect(Self.maximum + Self.maximum < 1 << 53, "a total of two capped values is still an exact JSON number")
    }

    @Test func aSessionFileAmountOrSurchargeOverTheCapIsRefusedWithItsPath() throws {
        let cases: [(String, String)] = [
            (#"{"amount":1000000000000000}"#, "$.amount: expected a whole number of minor units from 1 to 999999999999999"),
            (#"{"order":{"merchantAmount":9223372036854775778}}"#, "$.order.merchantAmount: expected a whole number of minor units from 1 to"),
            (#"{"paymentMethod":{"options":[{"type":"PAYMENT_CARD","networks":[{"type":"VISA","surcharge":1e18}]}]}}"#,
             "$.paymentMethod.options[0].networks[0].surcharge: expected a whole number of minor units from 0 to 999999999999999"),
            (#"{"amount":1}"# .replacingOccurrences(of: "1", with: String(repeating: "9", count: 10_000)),
             "$.amount: expected a whole number of minor units from 1 to 999999999999999 (4999 for 49.99), found a number too large to be an amount"),
        ]
        for (text, message) in cases {
            #expect(throws: SessionFileError.self) { try ClientSession.read(json: text) }
            do { _ = try ClientSession.read(json: text) } catch {
                #expect(error.description.hasPrefix(message), "\(error.description)")
                #expect(!error.description.contains("null"), "never \"found null\" for a number")
            }
        }
        let most = try ClientSession.read(json: #"{"amount":999999999999999,"paymentMethod":{"options":{"PAYMENT_CARD":{"networks":{"VISA":{"surcharge":{"amount":30}}}}}}}"#).session
        #expect(most.total(for: .visa) == 1_000_000_000_000_029)
    }

    @Test func totalsOfALibraryCallersOwnValuesSaturateAndAreNotPayable() {
        let huge = ClientSession(amount: Int.max - 10, currency: "EUR", surcharges: [.visa: 30])
        #expect(huge.total(for: .visa) == Int.max, "saturates instead of trapping")
        #expect(huge.amountDue(for: .visa).total == Int.max)
        #expect(huge.amountProblem(for: .visa) != nil)
        #expect(ClientSession(amount: 0).amountProblem(for: nil)?.contains("1 to 999999999999999") == true)
        #expect(ClientSession(amount: Self.maximum, surcharges: [.visa: 1]).amountProblem(for: .visa)?.contains("surcharge") == true)
        #expect(ClientSession(amount: Self.maximum, surcharges: [.visa: 1]).amountProblem(for: .cartesBancaires) == nil)
        #expect(MinorUnits.total(amount: .min, surcharge: -1) == .min && MinorUnits.total(amount: 5, surcharge: -7) == -2)
    }
}
