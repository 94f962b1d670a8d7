import CheckoutCore
import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutEngine

/// The parts of the Primer client that need no server: the client token, the tokenization body,
/// what a payment answer means, and which server text may be printed.
@Suite struct PrimerClientTokenTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    func token(_ payload: [String: Any]) -> String { FakePrimerAPI.jwt(payload) }

    var valid: [String: Any] {
        ["accessToken": "access-1234", "configurationUrl": "https://api.sandbox.primer.io/client-sdk/configuration",
         "pciUrl": "https://sdk.api.sandbox.primer.io", "coreUrl": "https://api.sandbox.primer.io", "env": "SANDBOX",
         "intent": "CHECKOUT", "exp": 1_800_000_600, "analyticsUrlV2": "https://analytics.sandbox.data.primer.io/check"]
    }

    @Test func readsThePayloadTheSDKReads() throws {
        let decoded = try PrimerClientToken(decoding: token(valid), now: Self.now)
        #expect(decoded.accessToken == "access-1234")
        #expect(decoded.configurationURL.absoluteString == "https://api.sandbox.primer.io/client-sdk/configuration")
        #expect(decoded.pciURL?.absoluteString == "https://sdk.api.sandbox.primer.io")
        #expect(decoded.coreURL?.absoluteString == "https://api.sandbox.primer.io")
        #expect(decoded.environment == "SANDBOX" && decoded.intent == "CHECKOUT")
        #expect(decoded.expiresAt == Date(timeIntervalSince1970: 1_800_000_600))
        #expect(!decoded.description.contains("access-1234"), "the description never holds the access token")
        // Pasted with its line end, and with base64 padding kept: the same token.
        let parts = token(valid).split(separator: ".").map(String.init)
        let padded = parts[1] + String(repeating: "=", count: (4 - parts[1].count % 4) % 4)
        #expect(try PrimerClientToken(decoding: "\(parts[0]).\(padded).\(parts[2])\n", now: Self.now) == decoded)
    }

    @Test func expirationReplacesExpAndAPassedExpiryIsRefused() throws {
        var both = valid
        both["exp"] = 1_800_000_600
        both["expiration"] = 1_799_999_000
        #expect(throws: PrimerFailure.expiredToken(Date(timeIntervalSince1970: 1_799_999_000))) {
            try PrimerClientToken(decoding: token(both), now: Self.now)
        }
        both["exp"] = 1_700_000_000
        both["expiration"] = 1_800_000_600
        #expect(try PrimerClientToken(decoding: token(both), now: Self.now).expiresAt == Date(timeIntervalSince1970: 1_800_000_600))
        var passed = valid
        passed["exp"] = 1_800_000_000
        #expect(throws: PrimerFailure.expiredToken(Self.now), "expiring now is expired") { try PrimerClientToken(decoding: token(passed), now: Self.now) }
        let message = PrimerFailure.expiredToken(Self.now).description
        #expect(message == "the client token expired at 2027-01-15T08:00:00Z; ask the merchant's server for a new one")
    }

    @Test func everyMalformedTokenSaysWhatIsWrongAndNeverQuotesIt() {
        func encoded(_ text: String) -> String {
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        }
        func without(_ key: String) -> String { var payload = valid; payload[key] = nil; return token(payload) }
        func with(_ key: String, _ value: Any) -> String { var payload = valid; payload[key] = value; return token(payload) }
        let cases: [(String, String)] = [
            ("", "not a JWT"), ("access-1234", "not a JWT"), ("a.b", "not a JWT"), ("a.b.c.d", "not a JWT"),
            ("x.!!!!.y", "not base64url"), ("x..y", "not base64url"), ("x.\(encoded("not json")).y", "not a JSON object"),
            ("x.\(encoded("[1,2]")).y", "not a JSON object"),
            (without("accessToken"), "no accessToken"), (with("accessToken", ""), "no accessToken"),
            (with("accessToken", "access-1234\r\nX-Evil: 1"), "not printable ASCII"),
            (without("configurationUrl"), "no configurationUrl"), (with("configurationUrl", "file:///etc/passwd"), "configurationUrl is not an http(s) URL"),
            (with("configurationUrl", 7), "configurationUrl is not an http(s) URL"), (with("pciUrl", "javascript:alert(1)"), "pciUrl is not an http(s) URL"),
            (without("exp"), "no expiry"), (with("exp", "soon"), "no expiry"),
        ]
        for (text, expected) in cases {
            do {
                _ = try PrimerClientToken(decoding: text, now: Self.now)
                Issue.record("\(expected): accepted")
            } catch {
                guard case .malformedToken = error else { Issue.record("\(expected): \(error)"); continue }
                #expect(error.description.contains(expected), "\(error)")
                #expect(!error.description.contains("access-1234"), "\(error)")
                #expect(text.isEmpty || !error.description.contains(text), "\(error)")
                #expect(!error.description.contains("\n"), "one line: \(error)")
            }
        }
    }

    // MARK: - Tokenization

    func request(expiry: String = "12/30", name: String = "Jane Doe", network: CardNetwork = .visa,
                 selected: CardNetwork? = nil) -> PaymentRequest {
        PaymentRequest(id: "req_1", amount: 4999, surcharge: 30, currency: "EUR", network: network, selectedNetwork: selected,
                       cardNumber: "4000002500001001", expiryDate: expiry, cvv: "123", cardholderName: name)
    }

    @Test func theTokenizationBodyIsTheSDKsAndSendsPreferredNetworkOnlyForAChoice() {
        func body(_ request: PaymentRequest) -> String? {
            PrimerPaymentService.tokenizationBody(request, now: Self.now)?.serialized()
        }
        #expect(body(request(selected: .visa))
                == #"{"paymentInstrument":{"number":"4000002500001001","cvv":"123","expirationMonth":"12","expirationYear":"2030","cardholderName":"Jane Doe","preferredNetwork":"VISA"}}"#)
        #expect(body(request()) == #"{"paymentInstrument":{"number":"4000002500001001","cvv":"123","expirationMonth":"12","expirationYear":"2030","cardholderName":"Jane Doe"}}"#,
                "no choice: Primer routes the card")
        #expect(body(request(network: .eftpos, selected: .eftpos))?.contains("preferredNetwork") == false, "eftpos is never preferred")
        #expect(body(request(expiry: "0131", name: "")) == #"{"paymentInstrument":{"number":"4000002500001001","cvv":"123","expirationMonth":"01","expirationYear":"2031"}}"#,
                "MMYY reads like MM/YY; no name, no cardholderName")
        #expect(body(request(expiry: "07/2032"))?.contains(#""expirationMonth":"07","expirationYear":"2032""#) == true)
        #expect(body(request(expiry: "13/30")) == nil && body(request(expiry: "soon")) == nil)
    }

    // MARK: - Payment answers

    func outcome(_ json: String) throws -> PrimerPaymentService.Outcome {
        PrimerPaymentService.outcome(ofPayment: try JSONValue(parsing: json))
    }

    func action(name: String, intent: String?) -> String {
        let clientToken = intent.map { token(["accessToken": "action-access", "intent": $0, "exp": 1_900_000_000]) } ?? "unreadable"
        return #"{"id":"pay_1","status":"PENDING","requiredAction":{"name":"\#(name)","description":"d","clientToken":"\#(clientToken)"}}"#
    }

    /// The client-side `/payments` answer has three statuses (Primer iOS SDK 2.51.1, APIModels/Payment.swift):
    /// SUCCESS, PENDING, FAILED; the server API's DECLINED, AUTHORIZED, SETTLED… never come from it.
    @Test func paymentAnswersMapToAuthorizedPendingOrAFailureThatSaysWhy() throws {
        for status in ["SUCCESS", "success"] {
            #expect(try outcome(#"{"id":"pay_1","status":"\#(status)"}"#) == .init(status: .authorized, paymentID: "pay_1"), "\(status)")
        }
        #expect(try outcome(#"{"id":"pay_1","status":"PENDING","checkoutOutcome":"CHECKOUT_COMPLETE"}"#).status == .pending,
                "a complete checkout whose payment is still pending")
        #expect(try outcome(#"{"id":"pay_1","status":"SUCCESS","checkoutOutcome":"CHECKOUT_COMPLETE"}"#).status == .authorized)

        let failed = try outcome(#"{"id":"pay_3","status":"FAILED","paymentFailureReason":"payment-failed"}"#)
        #expect(failed == .failed("pay_3", reason: "FAILED at Primer (payment-failed)", failure: "Primer reports payment pay_3 FAILED (payment-failed)."))
        #expect(try outcome(#"{"id":"pay_3","status":"SUCCESS","checkoutOutcome":"CHECKOUT_FAILURE"}"#).status == .failed, "the outcome overrides the status")
        let pending = try outcome(#"{"id":"pay_4","status":"PENDING"}"#)
        #expect(pending == .init(status: .pending, paymentID: "pay_4"), "PENDING without a required action is not a failure")
        for json in [#"{"status":"SUCCESS"}"#, #"{"id":"\u001b[2J","status":"SUCCESS"}"#, #"{"id":"4000002500001001","status":"SUCCESS"}"#, #"{"id":5,"status":"SUCCESS"}"#] {
            let missing = try outcome(json)
            #expect(missing.status == .failed && missing.paymentID == nil, "no usable id: \(json)")
        }
        let odd = try outcome(#"{"id":"pay_5","status":"\u001b]0;pwned\u0007"}"#)
        #expect(odd.failure?.hasPrefix("Primer answered with no status for payment pay_5, which its client API does not send") == true,
                "server text that is not an identifier is never printed")
        for status in ["DECLINED", "AUTHORIZED", "SETTLING", "SETTLED", "REFUNDED"] {
            #expect(try outcome(#"{"id":"pay_5","status":"\#(status)"}"#).failure?.hasPrefix("Primer answered with status \(status) for payment pay_5") == true)
        }
    }

    @Test func aRequiredActionEndsThePaymentAtOnceSayingWhatItNeeds() throws {
        let threeDS = "needs 3-D Secure: not possible in a terminal"
        for (name, intent) in [("3DS_AUTHENTICATION", "3DS_AUTHENTICATION"), ("PROCESSOR_3DS", "PROCESSOR_3DS"), ("USE_PRIMER_SDK", "3DS_AUTHENTICATION"),
                               ("3DS_AUTHENTICATION", nil)] {
            let result = try outcome(action(name: name, intent: intent))
            #expect(result.status == .failed && result.paymentID == "pay_1" && result.reason == threeDS, "\(name) \(intent ?? "-")")
            #expect(result.failure?.hasPrefix("Payment pay_1 \(threeDS). ") == true, "\(result.failure ?? "")")
        }
        #expect(try outcome(action(name: "CHECKOUT", intent: "ADYEN_IDEAL_REDIRECTION")).reason
                == "needs a redirect to a web page (ADYEN_IDEAL_REDIRECTION): not possible in a terminal")
        #expect(try outcome(action(name: "PAYMENT_METHOD_VOUCHER", intent: nil)).reason
                == "needs an action a terminal cannot perform (PAYMENT_METHOD_VOUCHER): not possible in a terminal")
        #expect(try outcome(#"{"id":"pay_1","status":"SUCCESS","requiredAction":{"name":"3DS_AUTHENTICATION","clientToken":"x"}}"#).status == .failed,
                "an action is never skipped, whatever the status says")
    }

    @Test func theChargedAmountIsReadWhenItIsThere() throws {
        let charged = try outcome(#"{"id":"pay_1","status":"SUCCESS","amount":5029,"currencyCode":"eur"}"#).charged
        #expect(charged?.amount == 5029 && charged?.currency == "EUR")
        #expect(try outcome(#"{"id":"pay_1","status":"SUCCESS","amount":-1,"currencyCode":"EUR"}"#).charged == nil)
        #expect(try outcome(#"{"id":"pay_1","status":"SUCCESS","amount":5029,"currencyCode":"EURO"}"#).charged == nil)
    }

    @Test func onlyIdentifiersFromAServerArePrinted() {
        for safe in ["pay_1", "InvalidClientToken", "diag-401", "1234567890", "3fa85f64-5717-4562-b3fc-2c963f66afa6", "a:b.c"] {
            #expect(PrimerAPI.identifier(safe) == safe)
        }
        for unsafe in [nil, "", "with space", "4000002500001001", "x400000250000y", "\u{1b}[31m", "é", String(repeating: "a", count: 65)] {
            #expect(PrimerAPI.identifier(unsafe) == nil, "\(unsafe ?? "nil")")
        }
    }
}

/// Issue 18 ⑪: an expiry that is no time is said to be one, not read as "expired at -4712…".
@Suite struct PrimerClientTokenExpiryTests {
    @Test func anExpiryOutsideTheCalendarIsMalformed() {
        for exp in ["-1e308", "-1", "1e300", "253402300800"] {
            let token = FakePrimerAPI.jwt(["accessToken": "a", "configurationUrl": "https://x.example/c", "exp": Double(exp)!])
            do {
                _ = try PrimerClientToken(decoding: token, now: Date(timeIntervalSince1970: 0))
                Issue.record("\(exp) was taken")
            } catch {
                #expect(error.description.contains("is not a time") && !error.description.contains("4712"), "\(exp): \(error)")
            }
        }
    }
}
