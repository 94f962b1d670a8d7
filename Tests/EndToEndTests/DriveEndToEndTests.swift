import CheckoutCore
import CheckoutStore
import CheckoutTestSupport
import Foundation
import Testing

/// `checkout drive` of the real binary: a JSON Lines script on stdin, one object per line on
/// stdout (PRODUCT.md, "`checkout drive`"), the payment in the data directory's ledger.
@Suite struct DriveEndToEndTests {
    static let coBadgedVisa = [
        #"{"type":"4000002500001001"}"#, #"{"press":"tab"}"#, #"{"press":"right"}"#, #"{"press":"tab"}"#,
        #"{"type":"12/30"}"#, #"{"type":"123"}"#, #"{"type":"Jane Doe"}"#, #"{"press":"enter"}"#, #"{"press":"enter"}"#, #"{"wait":"idle"}"#,
    ]

    static func dataDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("checkout-drive-e2e-\(UUID().uuidString)").path
    }

    /// Runs `checkout drive <arguments> --data-dir DIR` with `lines` on stdin; the objects it wrote.
    static func run(_ arguments: [String], _ lines: [String], dataDir: String) async throws -> (status: Int32, objects: [JSONValue], stderr: String) {
        let input = lines.map { $0 + "\n" }.joined()
        let result = try await ChildProcess.runAsync(ChildProcess.checkoutBinary, ["drive"] + arguments + ["--data-dir", dataDir], input: input,
                                                     timeout: 60)
        let objects = try result.stdout.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
        return (result.status, objects, result.stderr)
    }

    @Test(arguments: ["en", "fr"])
    func aCoBadgedPaymentChoosingVisaEndsAuthorizedWithVisaChosenByTheCardholder(language: String) async throws {
        let dataDir = Self.dataDirectory()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let run = try await Self.run(["pay", "--session", "examples/session-basket.json", "--lang", language], Self.coBadgedVisa, dataDir: dataDir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.objects.count == Self.coBadgedVisa.count)
        let result = try #require(run.objects.last?["result"], "\(run.objects.last?.serialized() ?? "")")
        #expect(result["status"]?.stringValue == "AUTHORIZED")
        #expect(result["network"]?.stringValue == "VISA")
        #expect(result["chosenBy"]?.stringValue == "CARDHOLDER")
        #expect(result["last4"]?.stringValue == "1001")
        // The full number and the security code are never written.
        for object in run.objects {
            let text = object.serialized()
            #expect(!text.contains("4000002500001001") && !text.contains("\"123\""))
        }
        let entries = try Ledger(database: Database(path: dataDir + "/checkout.sqlite")).entries()
        #expect(entries.map(\.network) == ["VISA"] && entries.first?.networkChosenBy == "CARDHOLDER")
    }

    @Test func aBadLineIsAnsweredWithAnErrorAndTheEndOfInputExitsZero() async throws {
        let dataDir = Self.dataDirectory()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let run = try await Self.run([], ["{", #"{"press":"down"}"#], dataDir: dataDir)
        #expect(run.status == 0)
        #expect(run.objects.count == 2)
        #expect(run.objects[0]["error"] != nil)
        #expect(run.objects[1]["screen"]?.stringValue == "home")
    }
}
