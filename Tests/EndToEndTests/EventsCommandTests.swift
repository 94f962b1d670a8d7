import CheckoutTestSupport
import Foundation
import Testing

/// `checkout events` run as a script would: typing, a pause for the BIN answer, a submit.
@Suite struct EventsCommandTests {
    func rawData(_ number: String, network: String? = nil, cvv: String = "123") -> String {
        #"{"rawData":{"cardNumber":"\#(number)","expiryDate":"12/30","cvv":"\#(cvv)","cardholderName":"Jane Doe","cardNetwork":\#(network.map { "\"\($0)\"" } ?? "null")}}"#
    }

    func events(_ lines: [String], _ arguments: [String]) throws -> (objects: [[String: Any]], result: ChildProcess.Result) {
        let result = try ChildProcess.run(ChildProcess.checkoutBinary, ["events"] + arguments,
                                          input: lines.joined(separator: "\n") + "\n", timeout: 60)
        let objects = result.lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
        #expect(objects.count == result.lines.count, "every output line is a JSON object: \(result.stdout)")
        return (objects, result)
    }

    @Test func typingACoBadgedCardChoosingCartesBancairesAndPaying() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-events-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let number = "4000002500001001"
        var lines = (1...number.count).map { rawData(String(number.prefix($0))) }
        // The pause outlasts the 50 ms debounce by far, so the answer is in even on a loaded machine.
        lines += [#"{"sleep":600}"#, rawData(number, network: "CARTES_BANCAIRES"), #"{"submit":{}}"#]
        let (objects, result) = try events(lines, ["--debounce", "50", "--amount", "1234", "--currency", "EUR", "--data-dir", directory.path])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let names = objects.compactMap { $0["event"] as? String }
        #expect(names.filter { $0 == "willFetchMetadata" }.count == 1, "one BIN lookup for the whole card: \(names)")
        let remote = objects.first { ($0["metadata"] as? [String: Any])?["source"] as? String == "REMOTE" }
        let selectable = ((remote?["metadata"] as? [String: Any])?["selectableCardNetworks"] as? [String: Any])?["items"] as? [[String: Any]]
        #expect(Set(selectable?.compactMap { $0["network"] as? String } ?? []) == ["VISA", "CARTES_BANCAIRES"])
        let fetch = names.firstIndex(of: "willFetchMetadata") ?? -1
        #expect(Array(names[(fetch + 1)...].prefix(2)) == ["didReceiveMetadata", "didReceiveBinData"])
        #expect(names.last == "checkoutCompleted")
        let payment = objects.last?["payment"] as? [String: Any]
        #expect(payment?["status"] as? String == "AUTHORIZED")
        #expect(payment?["amount"] as? Int == 1234)
        #expect(payment?["currency"] as? String == "EUR")
        let method = payment?["paymentMethodData"] as? [String: Any]
        #expect(method?["network"] as? String == "CARTES_BANCAIRES", "the cardholder's choice is paid with")
        #expect(method?["last4Digits"] as? String == "1001")

        let ledger = try ChildProcess.run(ChildProcess.checkoutBinary, ["payments", "--json", "--data-dir", directory.path])
        #expect(ledger.status == 0)
        let entries = ledger.lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
        #expect(entries.count == 1)
        #expect(entries.first?["id"] as? String == payment?["id"] as? String)
        #expect(entries.first?["network"] as? String == "CARTES_BANCAIRES")
        #expect(entries.first?["firstDigits"] as? String == "40000025")
    }

    @Test func theDatabaseAndTheOutputsNeverHoldAFullNumberOrACVV() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-pan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Test cards, one of them declined by amount, one by the sandbox's declined number.
        let cards = [("4000002500001001", "739"), ("5555555555554444", "846"), ("4000000000000002", "952")]
        var listing = ""
        for (number, cvv) in cards {
            let (objects, result) = try events([rawData(number, cvv: cvv), #"{"sleep":100}"#, #"{"submit":{}}"#],
                                               ["--debounce", "20", "--data-dir", directory.path])
            #expect(result.status == 0)
            #expect(objects.last?["event"] as? String == "checkoutCompleted")
            // The events echo the number the caller sent (state.cardNumber) and nothing else of it.
            let withoutEcho = result.stdout.replacingOccurrences(of: #""cardNumber":"\#(number)""#, with: "")
            #expect(!withoutEcho.contains(number))
            #expect(!result.stdout.contains(#""\#(cvv)""#) && !result.stderr.contains(number))
        }
        for arguments in [["payments", "--data-dir", directory.path], ["payments", "--json", "--data-dir", directory.path]] {
            let result = try ChildProcess.run(ChildProcess.checkoutBinary, arguments)
            #expect(result.status == 0)
            listing += result.stdout + result.stderr
        }
        #expect(listing.contains("card declined"))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.contains("checkout.sqlite"))
        for file in files {
            let bytes = try Data(contentsOf: directory.appendingPathComponent(file))
            for (number, cvv) in cards {
                #expect(bytes.range(of: Data(number.utf8)) == nil, "\(file) holds a full card number")
                #expect(standalone(cvv, in: bytes) == 0, "\(file) holds a CVV")
            }
        }
        for (number, cvv) in cards {
            // Payment ids are random hex, so a CVV's digits may occur inside one by chance.
            #expect(!listing.contains(number) && standalone(cvv, in: Data(listing.utf8)) == 0)
        }
    }

    /// How often `digits` occurs in `bytes` other than inside a run of hex digits (payment ids are hex).
    func standalone(_ digits: String, in bytes: Data) -> Int {
        let needle = Array(digits.utf8), haystack = [UInt8](bytes)
        func isHex(_ byte: UInt8) -> Bool { (48...57).contains(byte) || (97...102).contains(byte) }
        guard haystack.count >= needle.count else { return 0 }
        return (0...(haystack.count - needle.count)).filter { start in
            haystack[start..<(start + needle.count)].elementsEqual(needle)
                && !(start > 0 && isHex(haystack[start - 1]))
                && !(start + needle.count < haystack.count && isHex(haystack[start + needle.count]))
        }.count
    }

    @Test func aMalformedLineIsReportedWithoutEchoingItAndTheRunGoesOn() throws {
        // A directory of its own: a fixed one is shared with every other checkout on the machine.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-malformed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (objects, result) = try events(["{\"rawData\":{\"cardNumber\":\"4111111111111111\"", rawData("4242"), "[1,2]"],
                                           ["--bin-service", "off", "--data-dir", directory.path])
        #expect(result.status == 0)
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == 2)
        #expect(errors.first?.hasPrefix("checkout events: line 1: ") == true)
        #expect(errors.last?.hasPrefix("checkout events: line 3: ") == true)
        #expect(!result.stderr.contains("4111"))
        #expect(objects.first?["event"] as? String == "didReceiveMetadata")
    }

    @Test func badOptionsExitWithStatus2() throws {
        let result = try ChildProcess.run(ChildProcess.checkoutBinary, ["events", "--debounce", "soon"])
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
