import CheckoutCore
import CheckoutStore
import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutEngine

/// The Primer client against the loopback fake of Primer's API, which checks every request against
/// research/primer-sdk.md §4–§5 (real time: deadlines meant to pass are 300 ms against answers 10 s late).
@Suite(.serialized) struct PrimerAPITests {
    static let defaults = ClientSession(amount: 1000, currency: "USD")

    func connect(_ fake: FakePrimerAPI, _ accessToken: String = "fake-ok", timeouts: PrimerAPI.Timeouts = .init()) async throws -> PrimerCheckout {
        try await PrimerCheckout.connect(clientToken: fake.clientToken(accessToken: accessToken), sessionDefaults: Self.defaults, timeouts: timeouts)
    }

    /// Every request the fake saw conformed, and carried the SDK's header fields.
    func expectConforming(_ requests: some Sequence<FakePrimerAPI.Request>, _ accessToken: String = "fake-ok",
                          sourceLocation: SourceLocation = #_sourceLocation) {
        for request in requests {
            #expect(request.problems == [], "\(request.method) \(request.path)", sourceLocation: sourceLocation)
            #expect(request.header("Primer-Client-Token") == accessToken, sourceLocation: sourceLocation)
            #expect(request.header("X-Api-Version") == "2.4" && request.header("Primer-SDK-Version") == "2.51.1"
                    && request.header("Primer-SDK-Client") == "IOS_NATIVE", sourceLocation: sourceLocation)
            #expect(request.header("Content-Type") == (request.method == "POST" ? "application/json" : nil), sourceLocation: sourceLocation)
        }
    }

    @Test func theConfigurationGivesTheBasesAndTheClientSession() async throws {
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
                                                              lineItems: [OrderLineItem(itemId: "ticket", amount: 4999)]))
        #expect(fake.requests().map { "\($0.method) \($0.path)" } == ["GET /client-sdk/configuration"], "no query, nothing else asked")
        expectConforming(fake.requests())

        let noPCI = try await connect(fake, "fake-no-pci")
        #expect(noPCI.configuration.pciURL.absoluteString == base + "/jwt-pci", "the token's pciUrl when the configuration has none")
        let noBIN = try await connect(fake, "fake-no-bin")
        #expect(noBIN.configuration.binDataURL == nil && noBIN.binService(timeout: .seconds(1)) == nil)
        await #expect(throws: PrimerFailure.malformedAnswer(operation: "fetching the configuration",
                                                            detail: "its paymentMethods have no PAYMENT_CARD: this client session takes no cards")) {
            _ = try await connect(fake, "fake-no-card")
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
            #expect(ContinuousClock.now - start < .seconds(5), "\(accessToken) ends at its deadline, not when the server is done")
        }
        #expect(PrimerFailure.status(operation: "x", code: 401, errorId: nil, diagnosticsId: nil).description.contains("the client token was refused"))

        let nobody = FakePrimerAPI.jwt(["accessToken": "fake-ok", "configurationUrl": "http://127.0.0.1:1/client-sdk/configuration",
                                        "exp": Int(Date().timeIntervalSince1970) + 600])
        let unreachable = await #expect(throws: PrimerFailure.self) {
            _ = try await PrimerCheckout.connect(clientToken: nobody, sessionDefaults: Self.defaults, timeouts: impatient)
        }
        guard case .unreachable(operation: "fetching the configuration", _)? = unreachable else {
            Issue.record("\(String(describing: unreachable))")
            return
        }
    }

    @Test func binLookupsReadTheCurrentAnswerAndFallBackToTheLegacyEndpointOnlyForAnOlderService() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let current = try #require(try await connect(fake).binService(timeout: .seconds(5)))
        let answer = try await current.lookup(bin: "40000025")
        #expect(answer?.firstDigits == "40000025")
        #expect(answer?.networks.map(\.network) == [.cartesBancaires, .visa])
        #expect(answer?.networks.last?.issuer == IssuerDetails(issuerCountryCode: "FR", accountFundingType: "CREDIT"))
        #expect(try await current.lookup(bin: "99999999")?.networks == [], "a BIN Primer does not know")
        #expect(current.endpoint == .current)
        #expect(fake.requests().map(\.path) == ["/client-sdk/configuration", "/bin/v1/bin-data/40000025", "/bin/v1/bin-data/99999999"])
        expectConforming(fake.requests())

        let legacy = try #require(try await connect(fake, "fake-legacy").binService(timeout: .seconds(5)))
        let before = fake.requests().count
        let old = try await legacy.lookup(bin: "40000025")
        #expect(old == BinAnswer(firstDigits: "40000025", networks: [BinNetwork(network: .cartesBancaires, displayName: "Cartes Bancaires"),
                                                                     BinNetwork(network: .visa, displayName: "Visa")]))
        #expect(try await legacy.lookup(bin: "55555555")?.networks.map(\.network) == [.mastercard])
        #expect(try await legacy.lookup(bin: "99999999")?.networks == [])
        #expect(fake.requests().dropFirst(before).map(\.path) == [
            "/legacy-bin/v1/bin-data/40000025", "/legacy-bin/v1/bin-data/40000025/networks",
            "/legacy-bin/v1/bin-data/55555555/networks", "/legacy-bin/v1/bin-data/99999999/networks",
        ], "a 404 sends the first lookup to the legacy endpoint, and later ones straight there")
        expectConforming(fake.requests().dropFirst(before), "fake-legacy")

        #expect(throws: HTTPBinDataService.Failure.malformedAnswer) { try PrimerBinDataService.decodeLegacy(Data(#"{"binData":[]}"#.utf8), bin: "1") }
        #expect(try PrimerBinDataService.decodeLegacy(Data(#"{"networks":[{"value":"MYSTERY"},{"displayName":"x"},{"value":"amex"}]}"#.utf8), bin: "37828224")
                == BinAnswer(firstDigits: "37828224", networks: [BinNetwork(network: .amex)]))
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

    // MARK: - Payments

    func request(_ number: String, network: CardNetwork = .visa, selected: CardNetwork? = nil, surcharge: Int = 30) -> PaymentRequest {
        PaymentRequest(id: "req_\(number.suffix(4))", amount: 4999, surcharge: surcharge, currency: "EUR", network: network,
                       selectedNetwork: selected, cardNumber: number, expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe")
    }

    @Test func payingTokenizesThenCreatesThePaymentAndRecordsEveryAttempt() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let ledger = try Ledger(database: Database(path: ":memory:"))
        let service = try await connect(fake).paymentService(ledger: ledger)

        let chosen = try await service.pay(request("4000002500001001", selected: .visa))
        #expect(chosen.status == .authorized && chosen.id == "pay_authorized_1")
        #expect(chosen.amount == 4999 && chosen.surcharge == 30 && chosen.total == 5029 && chosen.currency == "EUR")
        #expect(chosen.network == .visa && chosen.firstDigits == "40000025" && chosen.last4Digits == "1001")
        let routed = try await service.pay(request("4000002500001001", network: .cartesBancaires, surcharge: 0))
        #expect(routed.status == .authorized && routed.total == 4999, "no choice: Primer routed it, to Cartes Bancaires")

        let requests = fake.requests()
        #expect(requests.map { "\($0.method) \($0.path)" } == ["GET /client-sdk/configuration", "POST /pci/payment-instruments", "POST /pci/payments",
                                                              "POST /pci/payment-instruments", "POST /pci/payments"])
        #expect(requests[1].fields == ["keys": "cardholderName,cvv,expirationMonth,expirationYear,number,preferredNetwork", "preferredNetwork": "VISA",
                                       "expirationMonth": "12", "expirationYear": "2030", "numberLength": "16", "last4": "1001", "cardholderName": "yes"])
        #expect(requests[3].fields["keys"] == "cardholderName,cvv,expirationMonth,expirationYear,number" && requests[3].fields["preferredNetwork"] == nil)
        #expect(requests[2].fields == ["paymentMethodToken": "tok_authorized_1", "idempotencyKey": "yes"])
        #expect(requests[2].header("X-Idempotency-Key") == "req_1001")
        expectConforming(fake.requests())

        let declined = try await service.pay(request("4000000000000002"))
        #expect(declined.status == .declined && declined.declineReason == "declined by the processor" && declined.id == "pay_declined_3")

        let failures: [(String, String)] = [
            ("4000000000003113", "Primer reports payment pay_failed_4 FAILED (payment-failed)."),
            ("4000000000003220", "Payment pay_3ds_5 needs 3-D Secure: not possible in a terminal."),
            ("4000000000003063", "Payment pay_processor_3ds_6 needs 3-D Secure: not possible in a terminal."),
            ("4000000000003188", "Payment pay_redirect_7 needs a redirect to a web page (HOSTED_CARD_REDIRECTION): not possible in a terminal."),
            ("4000000000009904", "Primer left payment pay_pending_8 PENDING"),
            ("4000000000007007", "no usable payment id"),
            ("4000000000005001", "The payment could not be made: tokenizing the card: Primer answered HTTP 500 (errorId InternalServerError, diagnosticsId diag-500)."),
        ]
        for (number, words) in failures {
            let start = ContinuousClock.now
            do {
                let payment = try await service.pay(request(number))
                Issue.record("\(number): \(payment.status)")
            } catch let error as CheckoutError {
                #expect(error.errorId == "payment-failed" && error.description.contains(words), "\(number): \(error.description)")
                #expect(!error.description.contains(number), "never the card number")
            }
            #expect(ContinuousClock.now - start < .seconds(5), "\(number) ends at once, nothing waits for an action")
        }
        expectConforming(fake.requests())

        let entries = try ledger.entries()
        #expect(entries.map(\.status) == ["AUTHORIZED", "AUTHORIZED", "DECLINED"] + Array(repeating: "FAILED", count: 7))
        #expect(entries.map(\.id).prefix(4) == ["pay_authorized_1", "pay_authorized_2", "pay_declined_3", "pay_failed_4"])
        #expect(entries[4].declineReason == "needs 3-D Secure: not possible in a terminal")
        #expect(entries.last?.id == "req_5001", "no payment was created: the request's id")
        #expect(entries.allSatisfy { $0.method == "CARD" && $0.firstDigits.count == 8 && $0.last4.count == 4 && $0.amount == 4999 })
        #expect(entries.first?.network == "VISA" && entries[1].network == "CARTES_BANCAIRES")
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
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(try ledger.entries().map(\.status) == ["FAILED"])

        // No pciUrl in the configuration: the token's own is used.
        let fallback = try await connect(fake, "fake-no-pci").paymentService(ledger: nil)
        #expect(try await fallback.pay(request("4111111111111111")).status == .authorized)
        #expect(fake.requests().suffix(2).map(\.path) == ["/jwt-pci/payment-instruments", "/jwt-pci/payments"])
    }

    @Test func anAmountOtherThanTheOneShownIsReportedInFull() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let service = try await connect(fake).paymentService(ledger: nil)
        var changed = request("4111111111111111")
        changed.amount = 1000
        let payment = try await service.pay(changed)
        #expect(payment.amount == 4999 && payment.surcharge == 30 && payment.total == 5029, "what Primer charged: its session's, not what was asked")
        #expect(service.charged((1234, "EUR"), for: changed) == (1234, 0, "EUR"), "a charge the session does not explain is kept whole")
        #expect(service.charged((1030, "EUR"), for: changed) == (1000, 30, "EUR"), "the charge the terminal showed")
        #expect(service.charged(nil, for: changed) == (1000, 30, "EUR"), "no amount in the answer: the request's")
    }
}
