import CheckoutCore
import Testing

@Suite("JSON")
struct JSONTests {
    @Test("metadata serialises in the PRODUCT.md shape, with selectableCardNetworks null when there is no choice")
    func metadataShape() {
        let resolver = TestData.resolver([.visa, .cartesBancaires, .mastercard])
        let visaOnly = resolver.remoteMetadata(for: BinAnswer(firstDigits: "42424242", networks: [BinNetwork(network: .visa)]))
        #expect(visaOnly.serialized() == #"{"source":"REMOTE","detectedCardNetworks":{"items":[{"network":"VISA","displayName":"Visa","allowed":true,"allowsUserSelection":true}],"preferred":{"network":"VISA","displayName":"Visa","allowed":true,"allowsUserSelection":true}},"selectableCardNetworks":null,"autoSelectedCardNetwork":null,"amountDue":{"network":"VISA","amount":1000,"surcharge":0,"total":1000,"currency":"EUR"}}"#)
        let local = resolver.localMetadata(forDigits: "", source: .local)
        #expect(local.serialized() == #"{"source":"LOCAL","detectedCardNetworks":{"items":[],"preferred":null},"selectableCardNetworks":null,"autoSelectedCardNetwork":null,"amountDue":{"network":null,"amount":1000,"surcharge":0,"total":1000,"currency":"EUR"}}"#)
    }

    @Test("bin data and errors serialise with issuer fields when known")
    func binDataShape() {
        let issuer = IssuerDetails(issuerCountryCode: "FR", issuerName: "Banque", accountFundingType: "DEBIT")
        let resolver = TestData.resolver([.cartesBancaires, .visa])
        let binData = resolver.remoteBinData(for: BinAnswer(firstDigits: "40000025", networks: [BinNetwork(network: .visa, issuer: issuer), BinNetwork(network: .cartesBancaires, issuer: issuer)]))
        #expect(binData.serialized() == #"{"status":"complete","firstDigits":"40000025","preferred":{"network":"CARTES_BANCAIRES","displayName":"Cartes Bancaires","allowed":true,"allowsUserSelection":true,"issuerCountryCode":"FR","issuerName":"Banque","accountFundingType":"DEBIT"},"alternatives":[{"network":"VISA","displayName":"Visa","allowed":true,"allowsUserSelection":true,"issuerCountryCode":"FR","issuerName":"Banque","accountFundingType":"DEBIT"}]}"#)
        let error = ValidationError(errorId: "invalid-cvv", inputElementType: .cvv, description: "CVV cannot be blank.")
        #expect(error.serialized() == #"{"errorId":"invalid-cvv","inputElementType":"CVV","description":"CVV cannot be blank."}"#)
    }

    @Test("nesting 100,000 deep is refused with an error, not a stack overflow; the cap itself parses")
    func deepNesting() throws {
        let deep = 100_000
        for text in [String(repeating: "[", count: deep) + String(repeating: "]", count: deep),
                     String(repeating: #"{"rawData":"#, count: deep) + "1" + String(repeating: "}", count: deep),
                     String(repeating: "[", count: deep)] {
            #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
        }
        let atCap = JSONValue.maximumDepth - 1
        _ = try JSONValue(parsing: String(repeating: "[", count: atCap) + String(repeating: "]", count: atCap))
    }

    @Test("strings are escaped; numbers print as integers when whole")
    func serialiser() {
        let value: JSONValue = .object([("a\"b", .string("line\nbreak\u{01}é")), ("n", .number(4999)), ("f", .number(1.5)), ("x", .array([.null, .bool(false)]))])
        #expect(value.serialized() == #"{"a\"b":"line\nbreak\u0001é","n":4999,"f":1.5,"x":[null,false]}"#)
    }

    @Test("the parser reads what the serialiser writes, keeps key order and refuses bad input")
    func parser() throws {
        let text = #"{"rawData":{"cardNumber":"4000 0025","cardNetwork":null,"n":-1.5e2,"u":"\u00e9\ud83d\ude00"},"list":[1,true,"x"]}"#
        let value = try JSONValue(parsing: text)
        #expect(value["rawData"]?["cardNumber"]?.stringValue == "4000 0025")
        #expect(value["rawData"]?["cardNetwork"]?.isNull == true)
        #expect(value["rawData"]?["n"]?.doubleValue == -150)
        #expect(value["rawData"]?["u"]?.stringValue == "é😀")
        #expect(value["list"]?[0]?.intValue == 1)
        #expect(value.objectValue?.map(\.0) == ["rawData", "list"])
        #expect(try JSONValue(parsing: value.serialized()) == value)
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "01", "\"\u{01}\"", "nul", "[1] 2", String(repeating: "[", count: 10_000)] {
            #expect(throws: JSONParseError.self) { try JSONValue(parsing: bad) }
        }
    }
}
