import CheckoutCore
import Testing

/// Issue 35 ④: a session that could be read two ways, or that lists a line costing less than
/// nothing, is refused with the JSON path of what is wrong.
@Suite struct TruthfulSessionTests {
    func refusal(_ json: String) -> String? {
        do { _ = try ClientSession.read(json: json); return nil } catch { return "\(error)" }
    }

    @Test func aDuplicateKeyIsRefusedWithItsPath() throws {
        let top = try #require(refusal(#"{"amount":100,"currencyCode":"EUR","amount":99999999}"#))
        #expect(top.contains("$.amount") && top.contains("is given twice"), "\(top)")
        let deep = try #require(refusal(#"{"order":{"lineItems":[{"amount":1},{"description":"a","description":"b"}]}}"#))
        #expect(deep.contains("$.order.lineItems[1].description"), "\(deep)")
        let odd = try #require(refusal(#"{"merchantName":"a","merchant\u0000":"x","merchant\u0000":"y"}"#))
        #expect(odd.contains("is given twice") && !odd.unicodeScalars.contains { $0.value == 0 }, "\(odd)")
    }

    @Test func aNegativeLineIsRefusedWithItsPath() throws {
        let negative = try #require(refusal(#"{"order":{"lineItems":[{"amount":100},{"amount":100,"discountAmount":600}]}}"#))
        #expect(negative.contains("$.order.lineItems[1]") && negative.contains("-500") && negative.contains("cannot be negative"), "\(negative)")
        let huge = try #require(refusal(#"{"order":{"lineItems":[{"amount":999999999999999,"quantity":100}]}}"#))
        #expect(huge.contains("$.order.lineItems[0]") && huge.contains("more than any amount"), "\(huge)")
        #expect(refusal(#"{"order":{"lineItems":[{"amount":100,"discountAmount":100}]}}"#) == nil, "a free line is a line")
    }
}
