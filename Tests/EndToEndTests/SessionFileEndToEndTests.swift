import CheckoutTestSupport
import Foundation
import Testing

/// `--session FILE`, surcharges and the eftpos shapes through the real binary's `detect` and `events`.
@Suite struct SessionFileEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let visaSurcharge = root.appendingPathComponent("examples/session-visa-surcharge.json").path

    func run(_ arguments: [String], input: String = "") throws -> (objects: [[String: Any]], result: ChildProcess.Result) {
        let result = try ChildProcess.run(ChildProcess.checkoutBinary, arguments, input: input, timeout: 60)
        let objects = result.lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
        #expect(objects.count == result.lines.count, "every output line is a JSON object: \(result.stdout)")
        return (objects, result)
    }

    func file(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func items(_ object: [String: Any]?, _ key: String) -> [[String: Any]] {
        ((object?[key] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
    }

    @Test func detectWithTheVisaSurchargeExample() throws {
        let (objects, result) = try run(["detect", "--session", Self.visaSurcharge, "4000 0025 0000 1001"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let object = objects.first
        let selectable = items(object, "selectableCardNetworks")
        #expect(selectable.compactMap { $0["network"] as? String } == ["CARTES_BANCAIRES", "VISA"], "Cartes Bancaires preferred")
        #expect(selectable.map { $0["surcharge"] as? Int } == [nil, 30], "surcharge only where there is one")
        #expect(selectable.map { $0["allowsUserSelection"] as? Bool } == [true, true])
        let due = object?["amountDue"] as? [String: Any]
        #expect(due?["network"] as? String == "CARTES_BANCAIRES")
        #expect(due?["amount"] as? Int == 4999 && due?["surcharge"] as? Int == 0 && due?["total"] as? Int == 4999)
        #expect(due?["currency"] as? String == "EUR")
        #expect(object?["autoSelectedCardNetwork"] is NSNull)
        #expect(result.stdout.contains(#"{"network":"VISA","displayName":"Visa","allowed":true,"allowsUserSelection":true,"surcharge":30,"issuerCountryCode":"FR""#))

        let visaFirst = try run(["detect", "--session", Self.visaSurcharge, "--allowed", "VISA,CARTES_BANCAIRES", "--amount", "1000",
                                 "--currency", "usd", "4000002500001001"]).objects.first
        let overridden = visaFirst?["amountDue"] as? [String: Any]
        #expect(overridden?["network"] as? String == "VISA")
        #expect(overridden?["amount"] as? Int == 1000 && overridden?["surcharge"] as? Int == 30 && overridden?["total"] as? Int == 1030)
        #expect(overridden?["currency"] as? String == "USD", "--allowed, --amount and --currency override the file")
    }

    @Test(arguments: [("4000050360000001", "VISA"), ("5555050360000080", "MASTERCARD")])
    func detectShowsTheEftposShapes(number: String, global: String) throws {
        let (objects, result) = try run(["detect", number])
        #expect(result.status == 0)
        let object = objects.first
        let selectable = items(object, "selectableCardNetworks")
        #expect(selectable.compactMap { $0["network"] as? String } == [global, "EFTPOS"])
        #expect(selectable.compactMap { $0["allowsUserSelection"] as? Bool } == [true, false])
        #expect(items(object, "detectedCardNetworks").compactMap { $0["allowsUserSelection"] as? Bool } == [true, false])
        #expect((object?["autoSelectedCardNetwork"] as? [String: Any])?["network"] as? String == global)
        #expect((object?["amountDue"] as? [String: Any])?["network"] as? String == global)

        let refused = try run(["detect", "--allowed", "VISA,MASTERCARD", number]).objects.first
        #expect(refused?["selectableCardNetworks"] is NSNull)
        #expect(refused?["autoSelectedCardNetwork"] is NSNull)
    }

    @Test(arguments: [("VISA", 30), ("CARTES_BANCAIRES", 0)])
    func eventsPayTheChosenNetworksSurcharge(choice: String, surcharge: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-session-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let raw = { (network: String) in
            #"{"rawData":{"cardNumber":"4000002500001001","expiryDate":"12/30","cvv":"123","cardholderName":"Jane Doe","cardNetwork":\#(network)}}"#
        }
        let (objects, result) = try run(["events", "--session", Self.visaSurcharge, "--debounce", "20", "--data-dir", directory.path],
                                        input: [raw("null"), #"{"sleep":300}"#, raw("\"\(choice)\""), #"{"submit":{}}"#].joined(separator: "\n") + "\n")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let remote = objects.first { ($0["metadata"] as? [String: Any])?["source"] as? String == "REMOTE" }
        let metadata = remote?["metadata"] as? [String: Any]
        #expect(items(metadata, "selectableCardNetworks").map { $0["surcharge"] as? Int } == [nil, 30])
        #expect((metadata?["amountDue"] as? [String: Any])?["total"] as? Int == 4999)
        let payment = objects.last?["payment"] as? [String: Any]
        #expect(objects.last?["event"] as? String == "checkoutCompleted")
        #expect((payment?["paymentMethodData"] as? [String: Any])?["network"] as? String == choice)
        #expect(payment?["amount"] as? Int == 4999)
        #expect(payment?["surcharge"] as? Int == surcharge)
        #expect(payment?["total"] as? Int == 4999 + surcharge)
        #expect(result.stdout.contains(#""amount":4999,"surcharge":\#(surcharge),"total":\#(4999 + surcharge),"currency":"EUR""#))
    }

    @Test func unknownNetworksAreNamedInOneSanitisedWarningLineAndTheRunGoesOn() throws {
        let path = try file(#"{"paymentMethod":{"orderedAllowedCardNetworks":["VISA","FOO_NET","\u001b]0;pwned\u0007"],"options":[{"type":"PAYMENT_CARD","networks":[{"type":"NOPE","surcharge":5}]}]}}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (objects, result) = try run(["detect", "--session", path, "4242424242424242"])
        #expect(result.status == 0)
        #expect(objects.count == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("checkout detect: warning: --session \(path): ignored unknown network \"FOO_NET\" at $.paymentMethod.orderedAllowedCardNetworks[1]") == true, "\(result.stderr)")
        #expect(result.stderr.contains(#"unknown network "NOPE" at $.paymentMethod.options[0].networks[0].type"#))
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control character reaches the terminal")
    }

    @Test(arguments: [
        ("{\n  \"order\": {\n    \"totalOrderAmount\": 100\n    \"currencyCode\": \"EUR\"\n  }\n}\n", "line 4, column 5: expected ',' or '}'"),
        (#"{"paymentMethod":{"orderedAllowedCardNetworks":["VISA","CB",42]}}"#, "$.paymentMethod.orderedAllowedCardNetworks[2]: expected a network id (a string), found 42"),
        (#"{"order":{"totalOrderAmount":49.99}}"#, "$.order.totalOrderAmount: expected a whole number of minor units"),
    ])
    func aBadFileIsOneLineSayingWhereAndExit2(text: String, message: String) throws {
        let path = try file(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for command in [["detect", "4242424242424242"], ["events"], ["pay"]] {
            let (_, result) = try run([command[0], "--session", path] + command.dropFirst())
            #expect(result.status == 2, "\(command)")
            #expect(result.stdout.isEmpty)
            let prefix = command[0] == "pay" ? "checkout: " : "checkout \(command[0]): "
            #expect(result.stderr.hasPrefix("\(prefix)--session \(path): \(message)"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test func aMissingOrHugeFileIsRefused() throws {
        let missing = try run(["detect", "--session", "/nonexistent/session.json", "4242"]).result
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("checkout detect: --session /nonexistent/session.json: cannot read it"))
        let huge = try file("{\"x\":\"" + String(repeating: "a", count: 1 << 20) + "\"}")
        defer { try? FileManager.default.removeItem(atPath: huge) }
        let big = try run(["detect", "--session", huge, "4242"]).result
        #expect(big.status == 2)
        #expect(big.stderr.contains("larger than 1 MiB"))
    }
}
