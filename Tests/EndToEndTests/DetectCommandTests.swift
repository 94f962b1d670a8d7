import CheckoutTestSupport
import Foundation
import Testing

/// `checkout detect` run as a user would: the real binary, its arguments, stdin and exit status.
@Suite struct DetectCommandTests {
    func detect(_ arguments: [String], input: String = "") throws -> (objects: [[String: Any]], result: ChildProcess.Result) {
        let result = try ChildProcess.run(ChildProcess.checkoutBinary, ["detect"] + arguments, input: input, timeout: 30)
        let objects = result.lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        #expect(objects.count == result.lines.count, "every output line is a JSON object: \(result.stdout)")
        return (objects, result)
    }

    func networks(_ object: [String: Any]?, _ key: String) -> [String]? {
        ((object?[key] as? [String: Any])?["items"] as? [[String: Any]])?.compactMap { $0["network"] as? String }
    }

    func preferred(_ object: [String: Any]?, _ key: String) -> String? {
        ((object?[key] as? [String: Any])?["preferred"] as? [String: Any])?["network"] as? String
    }

    @Test func coBadgedCardFromTheEmbeddedTable() throws {
        let (objects, result) = try detect(["4000002500001001"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let object = objects.first
        #expect(object?["cardNumber"] as? String == "4000002500001001")
        #expect(object?["source"] as? String == "REMOTE")
        #expect(networks(object, "detectedCardNetworks") == ["VISA", "CARTES_BANCAIRES"])
        #expect(networks(object, "selectableCardNetworks") == ["VISA", "CARTES_BANCAIRES"])
        #expect(preferred(object, "selectableCardNetworks") == "VISA")
        let binData = object?["binData"] as? [String: Any]
        #expect(binData?["status"] as? String == "complete")
        #expect(binData?["firstDigits"] as? String == "40000025")
        #expect(Array(result.stdout.utf8.prefix(64)).elementsEqual(#"{"cardNumber":"4000002500001001","source":"REMOTE","detectedCard"#.utf8))
    }

    @Test func merchantOrderDecidesThePreferredNetwork() throws {
        let (objects, _) = try detect(["--allowed", "CARTES_BANCAIRES,VISA,MASTERCARD", "--expiry", "12/40", "--cvv", "123",
                                       "--name", "Jane Doe", "4000 0025 0000 1001"])
        #expect(preferred(objects.first, "selectableCardNetworks") == "CARTES_BANCAIRES")
        #expect(preferred(objects.first, "detectedCardNetworks") == "CARTES_BANCAIRES")
        let validation = objects.first?["validation"] as? [String: Any]
        #expect(validation?["isValid"] as? Bool == true)
        #expect(objects.first?["cardNumber"] as? String == "4000 0025 0000 1001")
    }

    @Test func offServiceFallsBackToLocalRules() throws {
        let (objects, result) = try detect(["--bin-service", "off", "4000002500001001"])
        #expect(result.status == 0)
        #expect(objects.first?["source"] as? String == "LOCAL_FALLBACK")
        #expect(networks(objects.first, "detectedCardNetworks") == ["VISA"])
        #expect(objects.first?["selectableCardNetworks"] is NSNull)
        #expect(result.stdout.contains(#""selectableCardNetworks":null"#))
    }

    @Test func dashReadsOneNumberPerLine() throws {
        let (objects, result) = try detect(["--allowed=VISA,CARTES_BANCAIRES,MASTERCARD", "-"],
                                           input: "40117\r\n378282246310005\n4242abc\n")
        #expect(result.status == 0)
        #expect(objects.count == 3)
        #expect(objects[0]["source"] as? String == "LOCAL")
        #expect(networks(objects[0], "detectedCardNetworks") == ["VISA", "ELO"])
        #expect(objects[1]["cardNumber"] as? String == "378282246310005")
        #expect(preferred(objects[1], "detectedCardNetworks") == nil)
        let errors = (objects[1]["validation"] as? [String: Any])?["errors"] as? [[String: Any]]
        #expect(errors?.first?["errorId"] as? String == "unsupported-card-type")
        let malformed = (objects[2]["validation"] as? [String: Any])?["errors"] as? [[String: Any]]
        #expect(malformed?.first?["errorId"] as? String == "invalid-card-number")
    }

    @Test func userBinTableReplacesTheEmbeddedOne() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("detect-bins-\(getpid()).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        try "iin_start,iin_end,number_length,number_luhn,scheme,brand,type,prepaid,country,bank_name\n411111,,16,true,visa,,debit,,GB,\"Example Bank, plc\"\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let (objects, _) = try detect(["--bin-table", file.path, "4111111111111111"])
        #expect(objects.first?["source"] as? String == "REMOTE")
        let item = ((objects.first?["binData"] as? [String: Any])?["preferred"] as? [String: Any])
        #expect(item?["issuerName"] as? String == "Example Bank, plc")
        #expect(item?["issuerCountryCode"] as? String == "GB")
    }

    @Test("bad options: one line on stderr, exit 2", arguments: [
        ["--wat", "4242"], ["--allowed", "VISA,NOPE", "4242"], ["--bin-latency", "soon", "4242"],
        ["--bin-table", "/nonexistent/table.csv", "4242"], ["4242", "--cvv"], [], ["--bin-service", "ftp://x", "4242"],
    ])
    func badOptions(_ arguments: [String]) throws {
        let result = try ChildProcess.run(ChildProcess.checkoutBinary, ["detect"] + arguments, timeout: 30)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test func slowServiceTimesOutToFallback() throws {
        let (objects, result) = try detect(["--bin-latency", "2000", "--bin-timeout", "100", "4000002500001001"])
        #expect(result.status == 0)
        #expect(objects.first?["source"] as? String == "LOCAL_FALLBACK")
    }

    @Test func helpAndVersion() throws {
        let help = try ChildProcess.run(ChildProcess.checkoutBinary, ["--help"], timeout: 30)
        #expect(help.status == 0)
        for word in ["detect", "events", "payments", "bench", "--bin-service", "--bin-table", "--debounce", "--data-dir", "--no-color"] {
            #expect(help.stdout.contains(word), "\(word)")
        }
        let version = try ChildProcess.run(ChildProcess.checkoutBinary, ["--version"], timeout: 30)
        #expect(version.stdout.hasPrefix("checkout "))
    }
}
