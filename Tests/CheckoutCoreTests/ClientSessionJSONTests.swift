import CheckoutCore
import Foundation
import Testing

/// Client sessions read from JSON: the SDK's shape, the Client Session API's, a configuration that
/// holds one, and every way a file can be wrong.
@Suite("Client session files")
struct ClientSessionJSONTests {
    func read(_ text: String, defaults: ClientSession = ClientSession(amount: 4999, currency: "EUR")) throws -> (session: ClientSession, warnings: [SessionWarning]) {
        try ClientSession.read(json: text, defaults: defaults)
    }

    func failure(_ text: String) -> SessionFileError? {
        do { _ = try ClientSession.read(json: text); return nil } catch { return error }
    }

    @Test("the SDK's shape: order amount and currency, allowed networks, card surcharges as a list with plain numbers")
    func sdkShape() throws {
        let (session, warnings) = try read("""
            {"clientSessionId":"cs_1","order":{"orderId":"o1","totalOrderAmount":2500,"currencyCode":"gbp","lineItems":[]},
             "paymentMethod":{"vaultOnSuccess":false,"orderedAllowedCardNetworks":["CARTES_BANCAIRES","VISA","MASTERCARD"],
               "options":[{"type":"GOOGLE_PAY","surcharge":99},
                          {"type":"PAYMENT_CARD","networks":[{"type":"VISA","surcharge":30},{"type":"MASTERCARD","surcharge":0},{"type":"CARTES_BANCAIRES"}]},
                          {"type":"APPLE_PAY","merchantName":"Shop A"}]}}
            """)
        #expect(warnings.isEmpty)
        #expect(session.amount == 2500)
        #expect(session.currency == "GBP")
        #expect(session.orderedAllowedCardNetworks == [.cartesBancaires, .visa, .mastercard])
        #expect(session.surcharges == [.visa: 30], "a zero or absent surcharge is none; other payment methods' surcharges are not the card's")
        #expect(session.merchantName == "Shop A", "the client session's only merchant name is Apple Pay's")
        #expect(session.total(for: .visa) == 2530)
        #expect(session.total(for: .mastercard) == 2500)
        #expect(session.total(for: nil) == 2500)
    }

    @Test("the Client Session API's shape: top-level amount and currencyCode, options and networks keyed by type, surcharge.amount")
    func apiShape() throws {
        let (session, warnings) = try read("""
            {"orderId":"order-abc","currencyCode":"EUR","amount":1000,"merchantName":"Shop B",
             "paymentMethod":{"descriptor":"Purchase","orderedAllowedCardNetworks":["VISA","MASTERCARD"],
               "options":{"PAYMENT_CARD":{"networks":{"VISA":{"surcharge":{"amount":10}},"MASTERCARD":{"surcharge":{"amount":20}}}},
                          "GOOGLE_PAY":{"surcharge":{"amount":20}},"APPLE_PAY":{"merchantName":"Wallet name"}}}}
            """)
        #expect(warnings.isEmpty)
        #expect(session.amount == 1000)
        #expect(session.currency == "EUR")
        #expect(session.surcharges == [.visa: 10, .mastercard: 20])
        #expect(session.merchantName == "Shop B", "a top-level merchantName wins over Apple Pay's")
    }

    @Test("a configuration response is read through its clientSession; merchantAmount wins over totalOrderAmount, as in the SDK")
    func configurationAndAmounts() throws {
        let (session, _) = try read("""
            {"coreUrl":"https://core.example","binDataUrl":"https://bin.example","paymentMethods":[],
             "clientSession":{"order":{"merchantAmount":700,"totalOrderAmount":730,"currencyCode":"AUD"},"amount":1}}
            """)
        #expect(session.amount == 700)
        #expect(session.currency == "AUD")
        let error = failure(#"{"clientSession":{"order":{"totalOrderAmount":"12"}}}"#)
        #expect(error?.location == "$.clientSession.order.totalOrderAmount", "paths name where the value sits in the whole file")
    }

    @Test("absent amount and currency take the defaults; absent allowed networks accept every network; an empty list accepts none")
    func absentFields() throws {
        let (session, _) = try read(#"{"paymentMethod":{"options":[]}}"#, defaults: ClientSession(amount: 4999, currency: "EUR"))
        #expect(session.amount == 4999)
        #expect(session.currency == "EUR")
        #expect(session.orderedAllowedCardNetworks == nil)
        #expect(session.allows(.jcb))
        #expect(session.surcharges.isEmpty)
        #expect(session.merchantName == nil)
        let none = try read(#"{"paymentMethod":{"orderedAllowedCardNetworks":[]}}"#).session
        #expect(none.orderedAllowedCardNetworks == [])
        #expect(!none.allows(.visa))
        #expect(try read(#"{"paymentMethod":{"orderedAllowedCardNetworks":null},"order":null}"#).session.orderedAllowedCardNetworks == nil)
    }

    @Test("unknown network ids are left out and reported with their path, quoted safely")
    func unknownNetworks() throws {
        let (session, warnings) = try read(#"""
            {"paymentMethod":{"orderedAllowedCardNetworks":["VISA","FOO_NET","OTHER","\u001b[2Jx","VISA"],
              "options":[{"type":"PAYMENT_CARD","networks":[{"type":"NOPE","surcharge":5},{"type":"visa","surcharge":25}]}]}}
            """#)
        #expect(session.orderedAllowedCardNetworks == [.visa], "known ids kept once, in order")
        #expect(session.surcharges == [.visa: 25])
        #expect(warnings == [
            .unknownNetwork(id: "FOO_NET", path: "$.paymentMethod.orderedAllowedCardNetworks[1]"),
            .unknownNetwork(id: "OTHER", path: "$.paymentMethod.orderedAllowedCardNetworks[2]"),
            .unknownNetwork(id: "\u{1b}[2Jx", path: "$.paymentMethod.orderedAllowedCardNetworks[3]"),
            .unknownNetwork(id: "NOPE", path: "$.paymentMethod.options[0].networks[0].type"),
        ])
        #expect(warnings[2].description == #"unknown network "\u001b[2Jx" at $.paymentMethod.orderedAllowedCardNetworks[3]"#,
                "an escape sequence from a file never reaches the terminal")
        #expect(SessionWarning.unknownNetwork(id: String(repeating: "A", count: 100), path: "$").description
                == "unknown network \"" + String(repeating: "A", count: 40) + "…\" at $")
        let keyed = try read(#"{"paymentMethod":{"options":{"PAYMENT_CARD":{"networks":{"VISA":{"surcharge":1},"bad key":{}}}}}}"#)
        #expect(keyed.warnings == [.unknownNetwork(id: "bad key", path: #"$.paymentMethod.options.PAYMENT_CARD.networks["bad key"]"#)])
    }

    @Test("a value of the wrong type is an error naming its JSON path", arguments: [
        (#"{"paymentMethod":{"orderedAllowedCardNetworks":["VISA","CB",42]}}"#, "$.paymentMethod.orderedAllowedCardNetworks[2]", "found 42"),
        (#"{"paymentMethod":{"orderedAllowedCardNetworks":"VISA"}}"#, "$.paymentMethod.orderedAllowedCardNetworks", "a list of network ids"),
        (#"{"order":{"totalOrderAmount":49.99}}"#, "$.order.totalOrderAmount", "4999 for 49.99"),
        (#"{"order":{"merchantAmount":-1}}"#, "$.order.merchantAmount", "from 1 to 999999999999999"),
        (#"{"order":{"currencyCode":"EURO"}}"#, "$.order.currencyCode", "3-letter"),
        (#"{"order":[]}"#, "$.order", "expected an object"),
        (#"{"paymentMethod":{"options":[{"type":"PAYMENT_CARD","networks":[{"type":"VISA","surcharge":"30"}]}]}}"#, "$.paymentMethod.options[0].networks[0].surcharge", "a string"),
        (#"{"paymentMethod":{"options":[{"type":"PAYMENT_CARD","networks":[{"type":"VISA","surcharge":{"amount":-3}}]}]}}"#, "$.paymentMethod.options[0].networks[0].surcharge.amount", "from 0 to 999999999999999"),
        (#"{"paymentMethod":{"options":[{"typ":"PAYMENT_CARD"}]}}"#, "$.paymentMethod.options[0].type", "payment method type"),
        (#"{"paymentMethod":{"options":[{"type":"PAYMENT_CARD","networks":[{"surcharge":3}]}]}}"#, "$.paymentMethod.options[0].networks[0].type", "network id"),
        (#"{"paymentMethod":{"options":{"PAYMENT_CARD":{"networks":{"VISA":30}}}}}"#, "$.paymentMethod.options.PAYMENT_CARD.networks.VISA", "expected an object"),
        (#"{"paymentMethod":{"options":"PAYMENT_CARD"}}"#, "$.paymentMethod.options", "a list of options"),
        (#"{"merchantName":7}"#, "$.merchantName", "a string"),
        (#"[1,2]"#, "$", "a client session is a JSON object"),
        (#"{"orderedAllowedCardNetworks":["VISA"]}"#, "$.orderedAllowedCardNetworks", "belongs under paymentMethod"),
        (#"{"currency":"EUR"}"#, "$.currency", "order.currencyCode"),
    ])
    func pathErrors(text: String, path: String, hint: String) {
        let error = failure(text)
        #expect(error?.location == path)
        #expect(error?.message.contains(hint) == true, "\(error?.message ?? "no error")")
    }

    @Test("text that is not JSON is an error with its line and column")
    func lineNumbers() {
        let error = failure("{\n  \"order\": {\"totalOrderAmount\": 100,\n  \"currencyCode\": \"EUR\"\n  \"x\": 1}\n}\n")
        #expect(error?.location == "line 4, column 3")
        #expect(error?.description == "line 4, column 3: expected ',' or '}'")
        #expect(failure("")?.location == "line 1, column 1")
        #expect(failure("{\"merchantName\":\"café\" x}")?.location == "line 1, column 24", "columns count characters, not bytes")
    }

    @Test("a merchant name loses control characters and surrounding blanks; a blank one is none")
    func merchantName() throws {
        #expect(try read(#"{"merchantName":"  Caf\u00e9 \u001b[31mRouge\n "}"#).session.merchantName == "Café [31mRouge")
        #expect(try read(#"{"merchantName":"   "}"#).session.merchantName == nil)
    }

    @Test("the shipped defaults are in the SDK's shape and say what the first format said")
    func shippedDefaults() throws {
        let text = try String(contentsOf: TestData.repositoryFile("Resources/data/session.json"), encoding: .utf8)
        let (session, warnings) = try ClientSession.read(json: text)
        #expect(warnings.isEmpty)
        #expect(session == TestData.sessionDefaults)
        #expect(session.amount == 4999 && session.currency == "EUR")
        #expect(session.surcharges.isEmpty)
        #expect(Set(session.allowedNetworks) == Set(CardNetwork.allCases.filter { $0 != .other }))
    }

    @Test("examples/session-visa-surcharge.json: Cartes Bancaires preferred, Visa +€0.30")
    func visaSurchargeExample() throws {
        let text = try String(contentsOf: TestData.repositoryFile("examples/session-visa-surcharge.json"), encoding: .utf8)
        let (session, warnings) = try ClientSession.read(json: text)
        #expect(warnings.isEmpty)
        #expect(session.orderedAllowedCardNetworks?.first == .cartesBancaires)
        #expect(session.surcharges == [.visa: 30])
        #expect(session.amountDue(for: .visa) == AmountDue(network: .visa, amount: 4999, surcharge: 30, currency: "EUR"))
        #expect(session.amountDue(for: .visa).total == 5029)
        #expect(session.merchantName == "Boulangerie Demo")
    }
}

/// The order's line items, read with the field names of Primer's client session.
@Suite("Client session line items")
struct ClientSessionLineItemTests {
    @Test("order.lineItems with Primer's field names: quantity, unit amount, a discount and tax on the whole line; the order id")
    func lineItems() throws {
        let (session, warnings) = try ClientSession.read(json: """
            {"merchantName":"Corner Bakery","order":{"orderId":"order-42","totalOrderAmount":1390,"currencyCode":"EUR","lineItems":[
              {"itemId":"loaf","description":"Sourdough loaf","amount":450,"quantity":2},
              {"itemId":"jam","name":"Apricot jam","amount":600,"quantity":1,"discountAmount":100,"taxAmount":40},
              {"itemId":"bag"}]}}
            """)
        #expect(warnings.isEmpty)
        #expect(session.orderId == "order-42")
        #expect(session.merchantName == "Corner Bakery")
        #expect(session.lineItems.map(\.title) == ["Sourdough loaf", "Apricot jam", "bag"], "description, else name, else the id")
        #expect(session.lineItems.map(\.quantity) == [2, 1, 1], "one when the session does not say")
        #expect(session.lineItems.map(\.total) == [900, 540, nil], "amount × quantity − discount + tax; nothing without an amount")
    }

    @Test("the Client Session API's top-level orderId; no items is an empty list, not an error")
    func apiOrderIdAndNoItems() throws {
        let (session, _) = try ClientSession.read(json: #"{"orderId":"order-abc","amount":500,"currencyCode":"GBP","order":{"countryCode":"FR"}}"#)
        #expect(session.orderId == "order-abc")
        #expect(session.lineItems.isEmpty)
    }

    @Test("a line item of the wrong shape is refused with its JSON path")
    func wrongShapes() {
        func failure(_ text: String) -> String? {
            do { _ = try ClientSession.read(json: text); return nil } catch { return "\(error)" }
        }
        #expect(failure(#"{"order":{"lineItems":{"a":1}}}"#)?.contains("$.order.lineItems") == true)
        #expect(failure(#"{"order":{"lineItems":[3]}}"#)?.contains("$.order.lineItems[0]") == true)
        #expect(failure(#"{"order":{"lineItems":[{"quantity":0}]}}"#)?.contains("$.order.lineItems[0].quantity: expected a whole number, 1 or more") == true)
        #expect(failure(#"{"order":{"lineItems":[{"amount":"4.50"}]}}"#)?.contains("$.order.lineItems[0].amount") == true)
    }

    @Test("a line whose total does not fit is shown without one, never a crash")
    func overflow() {
        #expect(OrderLineItem(quantity: 2, amount: Int.max).total == nil)
        #expect(OrderLineItem(quantity: 3, amount: 250).total == 750)
    }
}

extension ClientSessionLineItemTests {
    @Test("examples/session-basket.json: three lines whose totals add up to the order's amount")
    func basketExample() throws {
        let text = try String(contentsOf: TestData.repositoryFile("examples/session-basket.json"), encoding: .utf8)
        let (session, warnings) = try ClientSession.read(json: text)
        #expect(warnings.isEmpty)
        #expect(session.merchantName == "Corner Bakery")
        #expect(session.orderId == "order-0042")
        #expect(session.lineItems.map(\.total) == [900, 500, 360])
        #expect(session.lineItems.compactMap(\.total).reduce(0, +) == session.amount)
    }
}
