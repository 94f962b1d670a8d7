import CheckoutCore
import CheckoutStore
import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutEngine

/// The Primer client against the loopback fake of Primer's API, which is built from Primer's
/// published shapes and checks every request's method, path, query, header fields and body against
/// the SDK's (real time: deadlines meant to pass are 300 ms against answers 10 s late).
@Suite(.serialized) struct PrimerAPITests {
    static let defaults = ClientSession(amount: 1000, currency: "USD")

    func connect(_ fake: FakePrimerAPI, _ accessToken: String = "fake-ok", timeouts: PrimerAPI.Timeouts = .init(),
                 retry: PrimerRetryPolicy = .sdk) async throws -> PrimerCheckout {
        try await PrimerCheckout.connect(clientToken: fake.clientToken(accessToken: accessToken), sessionDefaults: Self.defaults,
                                         timeouts: timeouts, retry: retry)
    }

    /// Every request the fake saw conformed, and carried the SDK's header fields.
    static func expectConforming(_ requests: some Sequence<FakePrimerAPI.Request>, _ accessToken: String = "fake-ok",
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        for request in requests {
            #expect(request.problems == [], "\(request.method) \(request.path)", sourceLocation: sourceLocation)
            #expect(request.header("Primer-Client-Token") == accessToken, sourceLocation: sourceLocation)
            #expect(request.header("X-Api-Version") == "2.4" && request.header("Primer-SDK-Version") == "2.51.1"
                    && request.header("Primer-SDK-Client") == "IOS_NATIVE", sourceLocation: sourceLocation)
            #expect(request.header("Content-Type") == (request.method == "POST" ? "application/json" : nil), sourceLocation: sourceLocation)
            #expect(request.header("Primer-SDK-Checkout-Session-ID").flatMap(UUID.init(uuidString:)) != nil, sourceLocation: sourceLocation)
        }
    }

    @Test func theConfigurationIsFetchedWithDisplayMetadataAndGivesTheBasesTheSessionAndTheCheckoutModules() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let primer = try await connect(fake)
        let base = fake.url.absoluteString
        #expect(primer.configuration.binDataURL?.absoluteString == base + "/bin")
        #expect(primer.configuration.pciURL.absoluteString == base + "/pci", "the configuration's pciUrl before the token's")
        #expect(primer.configuration.coreURL?.absoluteString == base + "/core")
        #expect(primer.configuration.environment == "SANDBOX")
        #expect(primer.configuration.session == ClientSession(orderedAllowedCardNetworks: [.cartesBancaires, .visa, .mastercard, .amex],
                                                              amount: 4999, currency: "EUR", surcharges: [.visa: 30], orderId: "order-1",
                                                              lineItems: [OrderLineItem(itemId: "ticket", description: "Museum ticket", amount: 4999)]),
                "totalOrderAmount with no merchantAmount; the surcharges in the configuration's array form")
        #expect(fake.requests().map { "\($0.method) \($0.path)?\($0.query)" } == ["GET /client-sdk/configuration?withDisplayMetadata=true"])
        #expect(fake.requests().first?.header("Primer-SDK-Checkout-Session-ID") == primer.checkoutSessionID)
        Self.expectConforming(fake.requests())

        let noName = try await connect(fake, "fake-no-name")
        #expect(!noName.configuration.session.collectsCardholderName, "checkoutModules CARD_INFORMATION cardHolderName false")
        #expect(primer.configuration.session.collectsCardholderName)
        #expect(noName.checkoutSessionID != primer.checkoutSessionID, "one session id per checkout session")
        let noPCI = try await connect(fake, "fake-no-pci")
        #expect(noPCI.configuration.pciURL.absoluteString == base + "/jwt-pci", "the token's pciUrl when the configuration has none")
        let noBIN = try await connect(fake, "fake-no-bin")
        #expect(noBIN.configuration.binDataURL == nil && noBIN.binService(timeout: .seconds(1)) == nil)
        await #expect(throws: PrimerFailure.malformedAnswer(operation: "fetching the configuration",
                                                            detail: "its paymentMethods have no PAYMENT_CARD: this client session takes no cards")) {
            _ = try await connect(fake, "fake-no-card")
        }
    }

    @Test func theConfigurationIsRetriedAsTheSDKRetriesItAndARefusedTokenIsNot() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let quick = PrimerRetryPolicy(maximumRetries: 8, initialBackoff: .milliseconds(10), maximumJitter: .milliseconds(10))
        let primer = try await connect(fake, "fake-config-flaky", retry: quick)
        #expect(primer.configuration.session.amount == 4999)
        let asked = fake.requests().filter { $0.path == "/client-sdk/configuration" }
        #expect(asked.count == 3, "429 twice, then the configuration: a non-5xx status is retried")
        #expect(Set(asked.compactMap { $0.header("Primer-SDK-Checkout-Session-ID") }).count == 1, "the retries are the same checkout session")
        Self.expectConforming(asked, "fake-config-flaky")

        for token in ["stale-token-77", "fake-config-503", "fake-config-302"] {
            let before = fake.requests().count
            await #expect(throws: PrimerFailure.self) { _ = try await connect(fake, token, retry: quick) }
            #expect(fake.requests().count == before + 1, "\(token): asked once (a refused token, a 5xx and a redirect are not retried)")
        }
    }

    @Test func aTokenOrConfigurationThatCannotBeUsedFailsInOneLineWithoutTheToken() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let impatient = PrimerAPI.Timeouts(configuration: .milliseconds(300))
        let expired = fake.clientToken(expiresIn: -60)
        await #expect(throws: PrimerFailure.self) {
            _ = try await PrimerCheckout.connect(clientToken: expired, sessionDefaults: Self.defaults)
        }
        #expect(fake.requests().isEmpty, "an expired token is refused before any request")

        let cases: [(String, String, PrimerFailure)] = [
            ("stale-token-77", "HTTP 401", .status(operation: "fetching the configuration", code: 401, errorId: "InvalidClientToken", diagnosticsId: "diag-401")),
            ("fake-config-503", "HTTP 503", .status(operation: "fetching the configuration", code: 503, errorId: "ServiceUnavailable", diagnosticsId: "diag-503")),
            ("fake-config-302", "HTTP 302", .status(operation: "fetching the configuration", code: 302, errorId: nil, diagnosticsId: nil)),
            ("fake-config-slow", "within 0.3 s", .timedOut(operation: "fetching the configuration", after: .milliseconds(300))),
        ]
        for (accessToken, words, expected) in cases {
            let token = fake.clientToken(accessToken: accessToken)
            let start = ContinuousClock.now
            do {
                _ = try await PrimerCheckout.connect(clientToken: token, sessionDefaults: Self.defaults, timeouts: impatient)
                Issue.record("\(accessToken): connected")
            } catch {
                #expect(error == expected, "\(accessToken)")
                #expect(error.description.contains(words) && !error.description.contains("\n"), "\(error)")
                #expect(!error.description.contains(accessToken) && !error.description.contains(token), "\(error)")
            }
            #expect(ContinuousClock.now - start < beforeTheServersSlowAnswer, "\(accessToken) ends at its deadline, not when the server is done")
        }
        #expect(PrimerFailure.status(operation: "x", code: 401, errorId: nil, diagnosticsId: nil).description.contains("the client token was refused"))

        // Nobody listening: a network error, retried until the deadline, then said in one line.
        let nobody = FakePrimerAPI.jwt(["accessToken": "fake-ok", "configurationUrl": "http://127.0.0.1:1/client-sdk/configuration",
                                        "exp": Int(Date().timeIntervalSince1970) + 600])
        let start = ContinuousClock.now
        let unreachable = await #expect(throws: PrimerFailure.self) {
            _ = try await PrimerCheckout.connect(clientToken: nobody, sessionDefaults: Self.defaults, timeouts: impatient)
        }
        #expect(ContinuousClock.now - start < beforeTheServersSlowAnswer, "the retries stay within the 300 ms deadline")
        // The last retry is given what is left of the deadline; on a loaded machine that may run out
        // before the refusal comes back, so the answer is the refusal or the deadline, said in one line.
        switch unreachable {
        case .unreachable(operation: "fetching the configuration", _)?, .timedOut(operation: "fetching the configuration", after: .milliseconds(300))?:
            #expect(unreachable?.description.contains("\n") == false)
        default:
            Issue.record("\(String(describing: unreachable))")
        }
    }

    @Test func binLookupsAskTheOneEndpointAndBelieveSixOrNoFirstDigitsButNotOtherDigits() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let service = try #require(try await connect(fake).binService(timeout: .seconds(5)))
        let six = try await service.lookup(bin: "40000025")
        #expect(six?.firstDigits == "400000", "Primer's 6 digits, passed on as given")
        #expect(six?.networks.map(\.network) == [.cartesBancaires, .visa])
        #expect(six?.networks.last?.issuer == IssuerDetails(issuerCountryCode: "FR", accountFundingType: "CREDIT"))
        let none = try await service.lookup(bin: "40000033")
        #expect(none?.firstDigits == nil && none?.networks.count == 2)
        await #expect(throws: HTTPBinDataService.Failure.malformedAnswer, "an answer about other digits") {
            try await service.lookup(bin: "40000041")
        }
        #expect(try await service.lookup(bin: "99999999")?.networks == [], "a BIN Primer does not know")
        #expect(fake.requests().map(\.path) == ["/client-sdk/configuration", "/bin/v1/bin-data/40000025", "/bin/v1/bin-data/40000033",
                                                "/bin/v1/bin-data/40000041", "/bin/v1/bin-data/99999999"], "the one endpoint, nothing probed")
        Self.expectConforming(fake.requests())
    }

    @Test func aRefusedTokenMakesLookupsFail() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let primer = try await connect(fake)
        let revoked = PrimerCheckout(token: PrimerClientToken(accessToken: "revoked", configurationURL: fake.url, expiresAt: .distantFuture),
                                     configuration: primer.configuration)
        let service = try #require(revoked.binService(timeout: .seconds(5)))
        await #expect(throws: HTTPBinDataService.Failure.status(401)) { try await service.lookup(bin: "40000025") }
    }

    // MARK: - Client-session actions

    @Test func selectingANetworkUpdatesTheSessionAndItsAmountAndUnselectingTakesTheSurchargeOff() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let primer = try await connect(fake)
        let session = primer.clientSessionService()
        #expect(try await session.selectCardNetwork(.visa) == AmountDue(network: .visa, amount: 4999, surcharge: 30, currency: "EUR"))
        #expect(try await session.selectCardNetwork(.cartesBancaires) == AmountDue(network: .cartesBancaires, amount: 4999, surcharge: 0, currency: "EUR"))
        _ = try await session.selectCardNetwork(.visa)
        #expect(try await session.selectCardNetwork(nil) == AmountDue(network: nil, amount: 4999, surcharge: 0, currency: "EUR"))
        #expect(fake.actions() == ["SELECT_PAYMENT_METHOD VISA", "SELECT_PAYMENT_METHOD CARTES_BANCAIRES", "SELECT_PAYMENT_METHOD VISA",
                                   "UNSELECT_PAYMENT_METHOD"])
        #expect(fake.requests().filter { $0.fields["action"] != nil }.map { $0.fields["total"] } == ["5029", "4999", "5029", "4999"])
        #expect(fake.requests().dropFirst().allSatisfy { $0.method == "POST" && $0.path == "/pci/client-session/actions" })
        Self.expectConforming(fake.requests())

        // The session is Primer's: a selection made stands for the next configuration fetch of the token,
        // whose amount is still the order's, the surcharge counted apart.
        _ = try await session.selectCardNetwork(.visa)
        let again = try await connect(fake)
        #expect(again.configuration.session.amount == 4999, "totalOrderAmount 5029 less its SURCHARGE fee")

        let drifting = try await connect(fake, "fake-surcharge-35").clientSessionService()
        #expect(try await drifting.selectCardNetwork(.visa).total == 5034, "the session's answer, not the configuration's 30")
        let failing = try await connect(fake, "fake-actions-500").clientSessionService()
        await #expect(throws: PrimerFailure.status(operation: "updating the client session", code: 500, errorId: "InternalServerError",
                                                   diagnosticsId: "diag-500")) { _ = try await failing.selectCardNetwork(.visa) }
    }

    @Test func theActionsBodyAndTheAnswerAreReadAsTheSDKsAre() throws {
        #expect(PrimerClientSessionService.body(selecting: .visa).serialized()
                == #"{"actions":[{"type":"SELECT_PAYMENT_METHOD","params":{"paymentMethodType":"PAYMENT_CARD","binData":{"network":"VISA"}}}]}"#)
        #expect(PrimerClientSessionService.body(selecting: nil).serialized() == #"{"actions":[{"type":"UNSELECT_PAYMENT_METHOD"}]}"#)
        func due(_ order: String) throws -> AmountDue {
            try PrimerClientSessionService.amountDue(of: JSONValue(parsing: #"{"clientSession":{"order":\#(order)}}"#), network: .visa, currency: "EUR")
        }
        #expect(try due(#"{"totalOrderAmount":5029,"fees":[{"type":"SURCHARGE","amount":30}],"currencyCode":"eur"}"#)
                == AmountDue(network: .visa, amount: 4999, surcharge: 30, currency: "EUR"))
        #expect(try due(#"{"merchantAmount":4000,"totalOrderAmount":5029,"fees":[{"type":"SURCHARGE","amount":30}]}"#).total == 4000,
                "a merchant amount overrides the calculated one, surcharge and all")
        #expect(try due(#"{"totalOrderAmount":5000,"fees":[{"type":"SHIPPING","amount":30}]}"#).surcharge == 0)
        for order in [#"{}"#, #"{"totalOrderAmount":-1}"#, #"{"totalOrderAmount":10,"fees":[{"type":"SURCHARGE","amount":30}]}"#] {
            #expect(throws: PrimerFailure.self, "\(order)") { _ = try due(order) }
        }
    }

    // MARK: - Payments

    func request(_ number: String, network: CardNetwork = .visa, selected: CardNetwork? = nil, surcharge: Int = 30,
                 idempotencyKey: String? = nil) -> PaymentRequest {
        PaymentRequest(id: "req_\(number.suffix(4))", amount: 4999, surcharge: surcharge, currency: "EUR", network: network,
                       selectedNetwork: selected, cardNumber: number, expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe",
                       idempotencyKey: idempotencyKey)
    }

    @Test func payingTokenizesThenCreatesThePaymentAndRecordsEveryAttempt() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let ledger = try Ledger(database: Database(path: ":memory:"))
        let primer = try await connect(fake)
        let service = primer.paymentService(ledger: ledger)

        _ = try await primer.clientSessionService().selectCardNetwork(.visa)
        let chosen = try await service.pay(request("4000002500001001", selected: .visa, idempotencyKey: "order-1-try-1"))
        #expect(chosen.status == .authorized && chosen.id == "pay_success_1" && chosen.orderId == "order-1")
        #expect(chosen.amount == 4999 && chosen.surcharge == 30 && chosen.total == 5029 && chosen.currency == "EUR")
        #expect(chosen.network == .visa && chosen.firstDigits == "40000025" && chosen.last4Digits == "1001")
        _ = try await primer.clientSessionService().selectCardNetwork(.cartesBancaires)
        let routed = try await service.pay(request("4000002500001001", network: .cartesBancaires, surcharge: 0))
        #expect(routed.status == .authorized && routed.total == 4999, "no choice: Primer routed it, to Cartes Bancaires")

        let requests = fake.requests().filter { $0.fields["action"] == nil }
        #expect(requests.map { "\($0.method) \($0.path)" } == ["GET /client-sdk/configuration", "POST /pci/payment-instruments", "POST /pci/payments",
                                                              "POST /pci/payment-instruments", "POST /pci/payments"])
        #expect(requests[1].fields == ["keys": "cardholderName,cvv,expirationMonth,expirationYear,number,preferredNetwork", "preferredNetwork": "VISA",
                                       "expirationMonth": "12", "expirationYear": "2030", "numberLength": "16", "last4": "1001", "cardholderName": "yes"])
        #expect(requests[3].fields["keys"] == "cardholderName,cvv,expirationMonth,expirationYear,number" && requests[3].fields["preferredNetwork"] == nil)
        #expect(requests[2].fields == ["paymentMethodToken": "tok_success_1", "idempotencyKey": "order-1-try-1", "charged": "5029"])
        #expect(requests[4].fields["idempotencyKey"] == "none", "X-Idempotency-Key only when the merchant gives one")
        Self.expectConforming(fake.requests())

        let declined = await #expect(throws: CheckoutError.self) { _ = try await service.pay(request("4000000000000002", surcharge: 0)) }
        #expect(declined?.description == "Primer reports payment pay_declined_3 FAILED (payment-failed).")
        #expect(declined?.payment?.id == "pay_declined_3" && declined?.payment?.orderId == "order-1" && declined?.payment?.status == .failed,
                "a FAILED payment carries its checkoutData: id, order id, status")
        let pending = try await service.pay(request("4000000000009904", surcharge: 0))
        #expect(pending.status == .pending && pending.id == "pay_pending_4", "PENDING without a required action is not a failure")

        let failures: [(String, String, Bool)] = [
            ("4000000000003113", "Primer reports payment pay_failed_5 FAILED (payment-failed).", true),
            ("4000000000003220", "Payment pay_3ds_6 needs 3-D Secure: not possible in a terminal.", true),
            ("4000000000003063", "Payment pay_processor_3ds_7 needs 3-D Secure: not possible in a terminal.", true),
            ("4000000000003188", "Payment pay_redirect_8 needs a redirect to a web page (HOSTED_CARD_REDIRECTION): not possible in a terminal.", true),
            ("4000000000007007", "no usable payment id", false),
            ("4000000000005001", "The payment could not be made: tokenizing the card: Primer answered HTTP 500 (errorId InternalServerError, diagnosticsId diag-500).", false),
        ]
        for (number, words, created) in failures {
            let start = ContinuousClock.now
            do {
                let payment = try await service.pay(request(number, surcharge: 0))
                Issue.record("\(number): \(payment.status)")
            } catch let error as CheckoutError {
                #expect(error.errorId == "payment-failed" && error.description.contains(words), "\(number): \(error.description)")
                #expect(!error.description.contains(number), "never the card number")
                #expect((error.payment != nil) == created, "\(number): the payment goes with the failure once Primer created it")
            }
            #expect(ContinuousClock.now - start < beforeTheServersSlowAnswer, "\(number) ends at once, nothing waits for an action")
        }
        Self.expectConforming(fake.requests())

        let entries = try ledger.entries()
        // An answer without a usable payment id may still be a charge: UNKNOWN, not FAILED (issue 35).
        #expect(entries.map(\.status) == ["AUTHORIZED", "AUTHORIZED", "FAILED", "PENDING"] + Array(repeating: "FAILED", count: 4) + ["UNKNOWN", "FAILED"])
        #expect(entries.map(\.id).prefix(5) == ["pay_success_1", "pay_success_2", "pay_declined_3", "pay_pending_4", "pay_failed_5"])
        #expect(entries[2].declineReason == "FAILED at Primer (payment-failed)")
        #expect(entries[5].declineReason == "needs 3-D Secure: not possible in a terminal")
        #expect(entries.last?.id == "req_5001", "no payment was created: the request's id")
        #expect(entries.allSatisfy { $0.method == "CARD" && $0.firstDigits.count == 8 && $0.last4.count == 4 && $0.amount == 4999 })
        #expect(entries.first?.network == "VISA" && entries.first?.surcharge == 30 && entries[1].network == "CARTES_BANCAIRES")
    }

    @Test func aPaymentWithoutAnAnswerIsAFailureThatSaysItsOutcomeIsUnknown() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let ledger = try Ledger(database: Database(path: ":memory:"))
        let service = try await connect(fake, timeouts: PrimerAPI.Timeouts(payment: .milliseconds(300))).paymentService(ledger: ledger)
        let start = ContinuousClock.now
        let error = await #expect(throws: CheckoutError.self) { _ = try await service.pay(request("4000000000006009")) }
        #expect(error?.description.contains("creating the payment: Primer did not answer within 0.3 s") == true)
        #expect(error?.description.contains("Its outcome is not known") == true)
        #expect(ContinuousClock.now - start < beforeTheServersSlowAnswer)
        // Primer may still charge after the deadline: the row says so, never FAILED (issue 35).
        #expect(try ledger.entries().map(\.status) == ["UNKNOWN"])
        #expect(try ledger.entries().first?.declineReason?.hasPrefix("outcome unknown: ") == true)
        #expect(error?.description.contains("the card may have been charged") == true)

        // No pciUrl in the configuration: the token's own is used.
        let fallback = try await connect(fake, "fake-no-pci").paymentService(ledger: nil)
        #expect(try await fallback.pay(request("4111111111111111", surcharge: 0)).status == .authorized)
        #expect(fake.requests().suffix(2).map(\.path) == ["/jwt-pci/payment-instruments", "/jwt-pci/payments"])
    }

    @Test func whatPrimerChargedIsWhatIsRecorded() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let service = try await connect(fake).paymentService(ledger: nil)
        // Visa was never selected: Primer's session charges the order alone, whatever the terminal thought.
        let payment = try await service.pay(request("4111111111111111"))
        #expect(payment.amount == 4999 && payment.surcharge == 0 && payment.total == 4999, "what Primer charged, not the surcharge asked")
        var changed = request("4111111111111111")
        changed.amount = 1000
        #expect(service.charged((1234, "EUR"), for: changed) == (1234, 0, "EUR"), "a charge the session does not explain is kept whole")
        #expect(service.charged((1030, "EUR"), for: changed) == (1000, 30, "EUR"), "the charge the terminal showed")
        #expect(service.charged(nil, for: changed) == (1000, 30, "EUR"), "no amount in the answer: the request's")
    }

    @Test func theClientAPIsStatusesAreReadInTheSDKsOrder() {
        func outcome(_ json: String) -> PrimerPaymentService.Outcome {
            PrimerPaymentService.outcome(ofPayment: (try? JSONValue(parsing: json)) ?? .null)
        }
        #expect(outcome(#"{"id":"p1","status":"SUCCESS","orderId":"o1"}"#) == PrimerPaymentService.Outcome(status: .authorized, paymentID: "p1", orderID: "o1"))
        #expect(outcome(#"{"id":"p1","status":"PENDING"}"#).status == .pending && outcome(#"{"id":"p1","status":"PENDING"}"#).failure == nil)
        #expect(outcome(#"{"id":"p1","status":"SUCCESS","checkoutOutcome":"CHECKOUT_FAILURE"}"#).failure != nil, "checkoutOutcome decides first")
        #expect(outcome(#"{"id":"p1","status":"FAILED","checkoutOutcome":"CHECKOUT_COMPLETE"}"#).failure == nil)
        #expect(outcome(#"{"id":"p1","status":"FAILED","checkoutOutcome":"DETERMINE_FROM_PAYMENT_STATUS"}"#).failure != nil)
        #expect(outcome(#"{"status":"SUCCESS"}"#).failure?.contains("no usable payment id") == true)
        for status in ["DECLINED", "AUTHORIZED", "SETTLED"] {
            let read = outcome(#"{"id":"p1","status":"\#(status)"}"#)
            #expect(read.status == .failed && read.failure?.contains("which its client API does not send") == true,
                    "\(status) belongs to the server API: the client-side answer never says it")
        }
    }
}
