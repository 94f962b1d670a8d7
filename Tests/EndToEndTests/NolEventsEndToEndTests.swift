import CheckoutStore
import CheckoutTestSupport
import Foundation
import Testing

/// `checkout nol events` driven as a QA script would: JSON Lines in, JSON Lines out, state kept
/// in the data directory between runs.
@Suite struct NolEventsEndToEndTests {
    static let card = "3084100233"

    func run(_ lines: [String], dataDir: String, options: [String] = ["--otp", "246810"]) throws -> (events: [[String: Any]], result: ChildProcess.Result) {
        let result = try ChildProcess.run(ChildProcess.checkoutBinary, ["nol", "events", "--data-dir", dataDir] + options,
                                          input: lines.joined(separator: "\n") + "\n", timeout: 30)
        let events = result.lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        #expect(events.count == result.lines.count, "every output line is a JSON object: \(result.stdout)")
        return (events, result)
    }

    func steps(_ events: [[String: Any]]) -> [String] {
        events.filter { $0["event"] as? String == "step" }.compactMap { $0["step"] as? String }
    }

    func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("nol-e2e-\(UUID().uuidString)").path
    }

    @Test func linksListsPaysAndUnlinksAcrossRuns() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }

        let link = try run([#"{"start":"link"}"#, #"{"submit":{}}"#, #"{"tap":"\#(Self.card)"}"#,
                            #"{"collect":{"mobileNumber":"050 123 4567"}}"#, #"{"submit":{}}"#,
                            #"{"collect":{"otpCode":"246810"}}"#, #"{"submit":{}}"#], dataDir: dir)
        #expect(link.result.status == 0)
        #expect(steps(link.events) == ["collectTagData", "collectPhoneData", "collectOtpData", "cardLinked"])
        let linked = try #require(link.events.last)
        #expect(linked["event"] as? String == "cardLinked" && linked["flow"] as? String == "link"
                && (linked["card"] as? [String: Any])?["cardNumber"] as? String == Self.card, "the card comes after the SDK's payload-free step")
        let reader = try #require(link.events.first { $0["event"] as? String == "reader" })
        #expect((reader["cards"] as? [[String: Any]])?.count == 7)
        let sms = try #require(link.events.first { $0["event"] as? String == "sms" })
        #expect(sms["to"] as? String == "+971501234567")
        #expect(sms["code"] as? String == "246810")

        let list = try run([#"{"start":"linkedCards"}"#, #"{"collect":{"mobileNumber":"+971 50 123 4567"}}"#, #"{"submit":{}}"#], dataDir: dir)
        let cards = try #require(list.events.last?["cards"] as? [[String: Any]])
        #expect(cards.map { $0["cardNumber"] as? String } == [Self.card])
        #expect(cards.first?["balance"] as? Int == 4250)

        let pay = try run([#"{"start":"pay"}"#, #"{"collect":{"cardNumber":"\#(Self.card)","mobileNumber":"0501234567"}}"#,
                           #"{"submit":{}}"#], dataDir: dir, options: ["--amount", "1250"])
        #expect(steps(pay.events) == ["collectCardAndPhoneData", "paymentRequested"], "the SDK's payment steps end at paymentRequested")
        #expect(pay.events.last?["event"] as? String == "checkoutCompleted", "the result goes to the checkout delegate")
        let payment = try #require(pay.events.last?["payment"] as? [String: Any])
        #expect(payment["status"] as? String == "AUTHORIZED")
        #expect(payment["balance"] as? Int == 3000)

        let payments = try ChildProcess.run(ChildProcess.checkoutBinary, ["payments", "--data-dir", dir], timeout: 30)
        if payments.status == 0 { #expect(payments.stdout.contains("0233")) }

        let unlink = try run([#"{"start":"unlink"}"#, #"{"collect":{"cardNumber":"\#(Self.card)","mobileNumber":"00971501234567"}}"#,
                              #"{"submit":{}}"#, #"{"collect":{"otpCode":"246810"}}"#, #"{"submit":{}}"#], dataDir: dir)
        #expect(steps(unlink.events) == ["collectCardAndPhoneData", "collectOtpData", "cardUnlinked"])
        #expect(unlink.events.last?["event"] as? String == "cardUnlinked" && unlink.events.last?["flow"] as? String == "unlink")

        let empty = try run([#"{"start":"linkedCards","mobileNumber":"0501234567"}"#], dataDir: dir)
        #expect((empty.events.last?["cards"] as? [Any])?.isEmpty == true)

        let store = try NolBackendStore(database: Database(path: dir + "/checkout.sqlite"))
        #expect(try store.card(Self.card)?.balance == 3000)
        #expect(try store.links().isEmpty)
        let ledger = try Ledger(database: store.database).entries()
        #expect(ledger.map(\.last4) == ["0233"])
        #expect(ledger.map(\.method) == ["NOL_PAY"])
    }

    @Test func refusesBlockedExpiredAndMalformedInputWithoutCrashing() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try run([
            "not json", "[1,2]", #"{"tap":"3084100125"}"#, #"{"collect":{"otpCode":"1"}}"#, #"{"fly":{}}"#,
            #"{"start":"link"}"#, #"{"tap":"3084100567"}"#, #"{"tap":"3084100675"}"#, #"{"readerFault":"readError"}"#,
            #"{"tap":"3084100125"}"#, #"{"tap":"3084100125"}"#, #"{"collect":{"mobileNumber":"12"}}"#, #"{"submit":{}}"#,
            "{\"start\":\"link\"", "",
        ], dataDir: dir)
        #expect(result.result.status == 0)
        let errors = result.events.filter { $0["event"] as? String == "error" }
        let ids = errors.map { error -> String in
            let id = error["errorId"] as? String ?? ""
            return (error["code"] as? String).map { "\(id):\($0)" } ?? id
        }
        #expect(ids == ["invalid-input", "invalid-input", "invalid-input", "invalid-input", "invalid-input",
                        "nol-pay-sdk-error:card-blocked", "nol-pay-sdk-error:card-expired", "nol-pay-sdk-error:tag-read-failed",
                        "invalid-input"])
        #expect(errors.allSatisfy { !($0["recoverySuggestion"] as? String ?? "").isEmpty })
        let invalid = result.events.filter { $0["status"] as? String == "invalid" }
        #expect(invalid.count == 2)
        #expect((invalid.last?["errors"] as? [[String: Any]])?.first?["description"] as? String == "Phone number is not valid.")
    }

    @Test func badOptionsExitWithTwo() throws {
        let result = try ChildProcess.run(ChildProcess.checkoutBinary, ["nol", "events", "--otp", "12"], timeout: 30)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--otp"))
    }
}
