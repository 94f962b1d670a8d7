import CheckoutCore
import Foundation
import Testing

/// Issue 18 ⑧: currencies and their decimals come from ISO 4217's own list, a chosen network must
/// be one of the card's, duplicate surcharges resolve one way, a session amount of 0 is refused.
@Suite struct AmountsAndValidationTests {
    @Test func theMinorUnitsAreISO4217s() {
        #expect(ISO4217.count == 165, "Table A.1 as of 2026-01, without withdrawn codes and N.A. units")
        let expected: [String: Int] = ["EUR": 2, "USD": 2, "JPY": 0, "KRW": 0, "ISK": 0, "CLP": 0, "VND": 0, "XAF": 0, "XOF": 0,
                                       "IQD": 3, "BHD": 3, "KWD": 3, "LYD": 3, "TND": 3, "CLF": 4, "UYW": 4, "XCG": 2, "ZWG": 2, "AED": 2]
        for (code, units) in expected { #expect(ISO4217.minorUnits(of: code) == units, "\(code)") }
        #expect(ISO4217.minorUnits(of: "jpy") == 0, "any case")
        for code in ["ABC", "XAU", "XXX", "XTS", "BGN", "ANG", "HRK", "EU", "EURO", ""] {
            #expect(!ISO4217.isCurrency(code), "\(code)")
        }
    }

    @Test func aSessionCurrencyMustBeAnISO4217Code() throws {
        #expect(try ClientSession.read(json: #"{"currencyCode":"isk"}"#).session.currency == "ISK")
        #expect(throws: SessionFileError.self) { try ClientSession.read(json: #"{"currencyCode":"ABC"}"#) }
        do { _ = try ClientSession.read(json: #"{"order":{"currencyCode":"XAU"}}"#) } catch {
            #expect(error.description == "$.order.currencyCode: \"XAU\" is not an ISO 4217 currency code (EUR, USD, JPY…)")
        }
    }

    @Test func aSessionAmountOf0IsRefusedAsAmount0Is() {
        for text in [#"{"amount":0}"#, #"{"order":{"merchantAmount":0}}"#, #"{"order":{"totalOrderAmount":0}}"#] {
            #expect(throws: SessionFileError.self, "\(text)") { try ClientSession.read(json: text) }
        }
    }

    /// The SDK's rule (Primer iOS SDK 2.51.1, CardNetwork.swift `surcharge`): the first entry of a
    /// network decides, 0 included; across card options, the first that gives it a surcharge.
    @Test func aNetworkListedTwiceTakesItsFirstEntryWhateverItSays() throws {
        func surcharges(_ networks: String) throws -> [CardNetwork: Int] {
            try ClientSession.read(json: #"{"paymentMethod":{"options":[{"type":"PAYMENT_CARD","networks":\#(networks)}]}}"#).session.surcharges
        }
        #expect(try surcharges(#"[{"type":"VISA","surcharge":30},{"type":"VISA","surcharge":50}]"#) == [.visa: 30])
        #expect(try surcharges(#"[{"type":"VISA","surcharge":0},{"type":"VISA","surcharge":50}]"#) == [:], "a first 0 is the answer too")
        #expect(try surcharges(#"[{"type":"VISA"},{"type":"VISA","surcharge":50}]"#) == [:])
        #expect(try surcharges(#"{"VISA":{"surcharge":{"amount":30}}}"#) == [.visa: 30])
        let twoOptions = try ClientSession.read(json: #"""
            {"paymentMethod":{"options":[{"type":"PAYMENT_CARD","networks":[{"type":"VISA","surcharge":0},{"type":"MASTERCARD","surcharge":20}]},
                                         {"type":"PAYMENT_CARD","networks":[{"type":"VISA","surcharge":40},{"type":"MASTERCARD","surcharge":90}]}]}}
            """#).session.surcharges
        #expect(twoOptions == [.visa: 40, .mastercard: 20], "per network, the first option that gives a surcharge")
    }

    @Test func aChosenNetworkThatIsNotOneOfTheCardsIsRefusedAndSetsNoCVVLength() {
        let validator = TestData.validator([.cartesBancaires, .visa, .amex])
        let resolver = TestData.resolver([.cartesBancaires, .visa, .amex])
        let metadata = resolver.remoteMetadata(for: BinAnswer(firstDigits: "40000025", networks: [BinNetwork(network: .cartesBancaires),
                                                                                                  BinNetwork(network: .visa)]))
        let card = CardData(cardNumber: "4000 0025 0000 1001", expiryDate: "12/30", cvv: "1234", cardholderName: "Jane Doe", cardNetwork: .amex)
        let errors = validator.validate(card, metadata: metadata, now: TestData.fixtureNow, calendar: TestData.calendar)
        #expect(errors.map(\.errorId) == ["unsupported-card-type", "invalid-cvv"], "\(errors)")
        #expect(errors.first?.description == "American Express is not one of this card's networks (Cartes Bancaires, Visa): choose one of them.")
        var visa = card
        visa.cardNetwork = .visa
        visa.cvv = "123"
        #expect(validator.validate(visa, metadata: metadata, now: TestData.fixtureNow, calendar: TestData.calendar).isEmpty)
    }
}
