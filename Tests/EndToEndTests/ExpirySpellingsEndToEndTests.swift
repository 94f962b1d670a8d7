import CheckoutTestSupport
import Foundation
import Testing

/// Every expiry spelling the card form takes, through `detect` (arguments and JSON input) and
/// `events` (`rawData.expiryDate`): one parser for every front end and command (issue 21).
@Suite struct ExpirySpellingsEndToEndTests {
    func objects(_ result: ChildProcess.Result) -> [[String: Any]] {
        result.lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
    }

    func json(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed), as: UTF8.self)
    }

    @Test func detectTakesEverySpellingAsJSONInputAndAsExpiry() throws {
        let input = ExpirySpellings.accepted.map {
            #"{"cardNumber":"4242424242424242","expiryDate":\#(json($0.text)),"cvv":"123","cardholderName":"Jane Doe"}"#
        }.joined(separator: "\n") + "\n"
        let result = try ChildProcess.run(ChildProcess.checkoutBinary, ["detect", "-"], input: input, timeout: 30)
        #expect(result.status == 0)
        let reports = objects(result)
        #expect(reports.count == ExpirySpellings.accepted.count)
        for (spelling, report) in zip(ExpirySpellings.accepted, reports) {
            #expect((report["validation"] as? [String: Any])?["isValid"] as? Bool == true, "\(spelling): \(report["validation"] ?? "")")
        }
        for spelling in ["12 / 2027", "12 / 27", "12-30", "122030"] {
            let run = try ChildProcess.run(ChildProcess.checkoutBinary,
                                           ["detect", "--expiry", spelling, "--cvv", "123", "--name", "Jane Doe", "4242424242424242"], timeout: 30)
            #expect((objects(run).first?["validation"] as? [String: Any])?["isValid"] as? Bool == true, "--expiry \(spelling)")
        }
    }

    @Test func eventsTakeEverySpellingInRawData() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-expiry-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Each spelling after a blank expiry, so that every one makes the card valid again.
        var lines: [String] = []
        for spelling in ExpirySpellings.accepted {
            for expiry in ["", spelling.text] {
                lines.append(#"{"rawData":{"cardNumber":"4242424242424242","expiryDate":\#(json(expiry)),"cvv":"123","cardholderName":"Jane Doe"}}"#)
            }
        }
        let result = try ChildProcess.run(ChildProcess.checkoutBinary, ["events", "--data-dir", directory.path, "--debounce", "0"],
                                          input: lines.joined(separator: "\n") + "\n", timeout: 60)
        #expect(result.status == 0)
        let validity = objects(result).filter { $0["event"] as? String == "dataIsValid" }.map { $0["isValid"] as? Bool }
        #expect(validity.filter { $0 == true }.count == ExpirySpellings.accepted.count, "\(validity)")
        #expect(!result.stdout.contains("Valid expiry date formats"))
    }
}
