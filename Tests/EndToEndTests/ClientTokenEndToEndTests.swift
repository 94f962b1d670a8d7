import CheckoutStore
import CheckoutTestSupport
import Foundation
import Testing

/// `--client-token` and `CHECKOUT_CLIENT_TOKEN` through the real binary, against the loopback fake of
/// Primer's API (which checks every request it gets against the SDK's).
@Suite struct ClientTokenEndToEndTests {
    static func environment(token: String?) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["CHECKOUT_CLIENT_TOKEN"] = token
        environment["LANG"] = "C.UTF-8"
        return environment
    }

    func run(_ arguments: [String], token: String?, input: String = "") async throws -> ChildProcess.Result {
        try await ChildProcess.runAsync(ChildProcess.checkoutBinary, arguments, input: input,
                                        environment: Self.environment(token: token), timeout: 60)
    }

    func objects(_ result: ChildProcess.Result) -> [[String: Any]] {
        result.lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
    }

    func networks(_ object: [String: Any]?, _ key: String) -> [String] {
        (((object?[key] as? [String: Any])?["items"] as? [[String: Any]]) ?? []).compactMap { $0["network"] as? String }
    }

    @Test func detectAsksPrimerWithATokenFromTheEnvironment() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let result = try await run(["detect", "--expiry", "12/30", "--cvv", "123", "--name", "Jane Doe", "4000 0025 0000 1001"],
                                   token: fake.clientToken())
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let object = objects(result).first
        #expect(object?["source"] as? String == "REMOTE")
        #expect(networks(object, "selectableCardNetworks") == ["CARTES_BANCAIRES", "VISA"], "the client session's order")
        #expect(result.stdout.contains(#"{"network":"VISA","displayName":"Visa","allowed":true,"allowsUserSelection":true,"surcharge":30,"#),
                "the client session's surcharge")
        let due = object?["amountDue"] as? [String: Any]
        #expect(due?["amount"] as? Int == 4999 && due?["currency"] as? String == "EUR")
        #expect(fake.requests().map { "\($0.method) \($0.path)" } == ["GET /client-sdk/configuration", "GET /bin/v1/bin-data/40000025"])
        #expect(fake.requests().allSatisfy { $0.problems.isEmpty && $0.header("Primer-Client-Token") == "fake-ok" })
        #expect(fake.checkoutSessionIDs().count == 1, "one checkout session id on every request of the run")
        #expect((object?["binData"] as? [String: Any])?["firstDigits"] as? String == "400000", "Primer's 6 digits, believed and passed on")

        // firstDigits absent: believed too; other digits than those asked: refused, the card falls back.
        let absent = try await run(["detect", "4000003300000000", "4000004100000000"], token: fake.clientToken())
        let answers = objects(absent)
        #expect(answers.first?["source"] as? String == "REMOTE" && networks(answers.first, "selectableCardNetworks") == ["CARTES_BANCAIRES", "VISA"])
        #expect(answers.last?["source"] as? String == "LOCAL_FALLBACK" && answers.last?["selectableCardNetworks"] is NSNull)

        // The option does the same; beside it, --session is refused before anything is asked.
        let option = try await run(["detect", "--client-token", fake.clientToken(), "4111111111111111"], token: nil)
        #expect(option.status == 0 && objects(option).first?["source"] as? String == "REMOTE")
        let before = fake.requests().count
        let clash = try await run(["detect", "--session", "examples/session-visa-surcharge.json", "4111111111111111"], token: fake.clientToken())
        #expect(clash.status == 2 && clash.stdout.isEmpty)
        #expect(clash.stderr == "checkout detect: --session cannot be used with a client token (CHECKOUT_CLIENT_TOKEN): "
                + "the session, and the amount Primer charges, come from the client token\n")
        #expect(fake.requests().count == before)
    }

    @Test func whereBinAnswersComeFromWithAToken() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let noBIN = try await run(["detect", "4000002500001001"], token: fake.clientToken(accessToken: "fake-no-bin"))
        #expect(noBIN.status == 0 && objects(noBIN).first?["source"] as? String == "LOCAL_FALLBACK")
        #expect(noBIN.stderr == "checkout detect: warning: the client token's configuration has no binDataUrl: networks come from local rules only\n")
        let before = fake.requests().count
        let embedded = try await run(["detect", "--bin-service", "embedded", "4000002500001001"], token: fake.clientToken())
        #expect(objects(embedded).first?["source"] as? String == "REMOTE")
        #expect(fake.requests().dropFirst(before).map(\.path) == ["/client-sdk/configuration"], "--bin-service is kept beside a token")
    }

    @Test func aTokenThatCannotBeUsedEndsTheRunWithOneLineAndStatus2() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let nobody = FakePrimerAPI.jwt(["accessToken": "fake-ok", "configurationUrl": "http://127.0.0.1:1/client-sdk/configuration",
                                        "exp": Int(Date().timeIntervalSince1970) + 600])
        let cases: [(String, String, String)] = [
            (fake.clientToken(expiresIn: -120), "the client token expired at ", "expired"),
            ("eyJhbGciOiJIUzI1NiJ9.bm90IGpzb24.c2ln", "the client token cannot be used: its payload is not a JSON object", "garbled"),
            (fake.clientToken(accessToken: "stale-token-77"), "fetching the configuration: Primer answered HTTP 401 (errorId InvalidClientToken, diagnosticsId diag-401)", "401"),
            (fake.clientToken(accessToken: "fake-config-503"), "fetching the configuration: Primer answered HTTP 503 (errorId ServiceUnavailable, diagnosticsId diag-503)", "503"),
            (nobody, "fetching the configuration: Primer could not be reached (", "refused"),
        ]
        for (token, words, label) in cases {
            for command in [["detect", "4111111111111111"], ["events"]] {
                let result = try await run(command, token: token)  // no input: the run ends before reading any
                #expect(result.status == 2, "\(label) \(command[0])")
                #expect(result.stdout.isEmpty, "\(label): nothing before the error")
                #expect(result.stderr.hasPrefix("checkout \(command[0]): CHECKOUT_CLIENT_TOKEN: \(words)"), "\(label): \(result.stderr)")
                #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)")
                #expect(!result.stderr.contains(token) && !result.stderr.contains("stale-token-77"), "\(label): never the token")
            }
        }
        let usage = try await run(["--client-token", "x.y.z", "--help"], token: nil)
        #expect(usage.status == 0 && usage.stdout.contains("--client-token TOKEN"), "help needs no connection")
    }

    @Test func eventsPaysThroughPrimerWithTheSessionsAmountAndTheLedgerKeepsTheAttempts() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-token-e2e-\(UUID().uuidString)").path
        // One run per card: a submit while a payment is in flight is ignored.
        var runs: [[[String: Any]]] = []
        var stdout = ""  // state.cardNumber echoes what was sent (the seed's contract); the payment events hold none of it
        var sessionIDs: [String] = []
        for (number, choice) in [("4000 0025 0000 1001", #""VISA""#), ("4000 0000 0000 3220", "null"), ("4000 0000 0000 0002", "null")] {
            let before = fake.requests().count
            let script = #"{"rawData":{"cardNumber":"\#(number)","expiryDate":"12/30","cvv":"123","cardholderName":"Jane Doe","cardNetwork":\#(choice)}}"#
                + "\n" + #"{"submit":{}}"# + "\n"
            let result = try await run(["events", "--data-dir", dataDir], token: fake.clientToken(), input: script)
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty, "\(result.stderr)")
            runs.append(objects(result))
            stdout += result.stdout
            let ids = Set(fake.requests().dropFirst(before).compactMap { $0.header("Primer-SDK-Checkout-Session-ID") })
            #expect(ids.count == 1, "one checkout session id on every request of a run")
            sessionIDs += ids
        }
        #expect(Set(sessionIDs).count == 3, "each run is its own checkout session")

        // Visa chosen: the session is told before anything is tokenized, and its total is what is charged.
        // The submit does not wait for the BIN answer, so where the lookup's events fall among these depends on timing.
        let names = runs[0].compactMap { $0["event"] as? String }.filter { ["willUpdateClientSession", "didUpdateClientSession", "checkoutCompleted"].contains($0) }
        #expect(names == ["willUpdateClientSession", "didUpdateClientSession", "checkoutCompleted"], "\(names)")
        let update = runs[0].first { $0["event"] as? String == "didUpdateClientSession" }?["amountDue"] as? [String: Any]
        #expect(update?["network"] as? String == "VISA" && update?["total"] as? Int == 5029 && update?["surcharge"] as? Int == 30)
        // The BIN answer's events may come after the payment's: the submit did not wait for it.
        func outcome(_ run: [[String: Any]]) -> [String: Any]? { run.first { ($0["event"] as? String)?.hasPrefix("checkout") == true } }
        let payment = outcome(runs[0])?["payment"] as? [String: Any]
        #expect(payment?["status"] as? String == "AUTHORIZED" && payment?["id"] as? String == "pay_success_1" && payment?["orderId"] as? String == "order-1")
        #expect(payment?["amount"] as? Int == 4999 && payment?["surcharge"] as? Int == 30 && payment?["total"] as? Int == 5029)
        #expect((payment?["paymentMethodData"] as? [String: Any])?["network"] as? String == "VISA")

        let threeDS = outcome(runs[1])
        let failure = threeDS?["error"] as? [String: Any]
        #expect(threeDS?["event"] as? String == "checkoutFailed" && failure?["errorId"] as? String == "payment-failed")
        #expect((failure?["description"] as? String)?.hasPrefix("Payment pay_3ds_2 needs 3-D Secure: not possible in a terminal.") == true)
        #expect((threeDS?["payment"] as? [String: Any])?["id"] as? String == "pay_3ds_2", "the payment Primer created goes with the failure")
        let declined = outcome(runs[2])
        #expect(declined?["event"] as? String == "checkoutFailed")
        #expect((declined?["payment"] as? [String: Any])?["status"] as? String == "FAILED" && (declined?["payment"] as? [String: Any])?["orderId"] as? String == "order-1",
                "a decline is FAILED, with its checkoutData")
        let outcomeLines = stdout.split(separator: "\n").filter { $0.contains(#""event":"checkout"#) }
        #expect(outcomeLines.count == 3 && outcomeLines.allSatisfy { !$0.contains("40000000") && !$0.contains("40000025") },
                "a payment's events never hold the card number")

        let requests = fake.requests()
        #expect(requests.allSatisfy { $0.problems.isEmpty }, "\(requests.flatMap(\.problems))")
        #expect(fake.actions() == ["SELECT_PAYMENT_METHOD VISA", "SELECT_PAYMENT_METHOD VISA", "SELECT_PAYMENT_METHOD VISA"])
        let firstAction = requests.firstIndex { $0.fields["action"] != nil }, firstTokenization = requests.firstIndex { $0.path == "/pci/payment-instruments" }
        #expect(firstAction != nil && firstTokenization != nil && firstAction! < firstTokenization!, "the action goes before anything is tokenized")
        let tokenizations = requests.filter { $0.path == "/pci/payment-instruments" }
        #expect(tokenizations.map { $0.fields["preferredNetwork"] } == ["VISA", nil, nil], "the cardholder's pick, then none")
        #expect(requests.filter { $0.path == "/pci/payments" }.map { $0.fields["charged"] } == ["5029", "5029", "5029"])
        #expect(requests.filter { $0.path == "/pci/payments" }.allSatisfy { $0.fields["idempotencyKey"] == "none" })

        let ledger = try await run(["payments", "--data-dir", dataDir, "--json", "--oldest-first"], token: nil)
        let rows = objects(ledger)
        #expect(rows.map { $0["id"] as? String } == ["pay_success_1", "pay_3ds_2", "pay_declined_3"])
        #expect(rows.map { $0["status"] as? String } == ["AUTHORIZED", "FAILED", "FAILED"])
        #expect(rows.first?["surcharge"] as? Int == 30 && rows.first?["amount"] as? Int == 4999, "the ledger records what Primer charged")
        #expect(rows.map { $0["networkChosenBy"] as? String } == ["CARDHOLDER", nil, nil], "who chose, from the one fact of cardNetwork")
        #expect(rows[1]["declineReason"] as? String == "needs 3-D Secure: not possible in a terminal")
        #expect(rows.allSatisfy { ($0["firstDigits"] as? String)?.count == 8 }, "never more than the first 8 digits")
    }

    @Test func plainModePaysThroughPrimerWithTheChosenNetwork() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-token-plain-\(UUID().uuidString)").path
        var environment = Self.environment(token: fake.clientToken())
        environment["CHECKOUT_PLAIN"] = nil
        environment["ACCESSIBLE"] = nil
        let result = try await ChildProcess.runAsync(ChildProcess.checkoutBinary, ["--plain", "pay", "--data-dir", dataDir],
                                                     input: ["4000002500001001", "2", "12/30", "123", "Jane Doe", "y", "2", "8"].map { $0 + "\n" }.joined(),
                                                     environment: environment, timeout: 60)
        #expect(result.status == 0)
        #expect(result.stdout.contains("  1) Cartes Bancaires (preferred)\n  2) Visa"), "the client session's order: \(result.stdout)")
        #expect(result.stdout.contains("Payment authorized: €50.29 with Visa, card •••• 1001.\nPayment id pay_success_1."),
                "what Primer charged, surcharge included")
        #expect(fake.requests().filter { $0.path == "/pci/payment-instruments" }.map { $0.fields["preferredNetwork"] } == ["VISA"])
        #expect(fake.requests().allSatisfy { $0.problems.isEmpty })
    }
}
