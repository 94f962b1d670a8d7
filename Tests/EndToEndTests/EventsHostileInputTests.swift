import CheckoutTestSupport
import Foundation
import Testing

/// `checkout events` and `checkout nol events` fed what a careless or hostile script sends, and
/// pointed at data directories that cannot be used.
@Suite struct EventsHostileInputTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-hostile-\(UUID().uuidString)")

    func objects(_ result: ChildProcess.Result) -> [[String: Any]] {
        result.lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
    }

    @Test func everyBadLineGetsOneStderrLineNeverQuotingANumberAndTheRunGoesOn() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines: [[UInt8]] = [
            Array(#"{"rawData":5}"#.utf8),
            Array(#"{"rawData":{"cardNumber":4111111111111111}}"#.utf8),
            Array("[1,2]".utf8),
            Array(#"{"4111111111111111":{}}"#.utf8),
            Array(#"{"rawData":{"cardnumber":"4111111111111111"}}"#.utf8),
            Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8),
            [0x7B, 0xFF, 0x7D],
            Array("{\"rawData\":{\"cardNumber\":\"4111\u{0}\"}}".utf8),
            [UInt8](repeating: 0x20, count: 2_000_000),
            [],
            Array(#"{"rawData":{"cardNumber":"4242 4242"}}"#.utf8) + [0x0D],
        ]
        var bytes = lines.reduce(into: [UInt8]()) { $0 += $1 + [0x0A] }
        bytes.removeLast()   // no final newline
        let result = try HostileInput.run(["events", "--bin-service", "off", "--data-dir", directory.path], bytes: bytes)
        #expect(result.status == 0)
        #expect(!HostileInput.crashed(result))
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.map { $0.split(separator: ":").prefix(2).joined(separator: ":") }
                == [1, 2, 3, 4, 5, 6, 7, 8, 9].map { "checkout events: line \($0)" }, "\(errors)")
        #expect(errors[5].contains("nesting too deep"))
        #expect(errors[6].hasSuffix("line 7: not UTF-8 text; skipped"))
        #expect(!result.stderr.contains("4111"))
        let numbers = objects(result).compactMap { ($0["state"] as? [String: Any])?["cardNumber"] as? String }
        #expect(numbers.last == "42424242", "the CRLF line without a final newline is read")
        #expect(objects(result).count == result.lines.count)
    }

    @Test func nolEventsReportsUnreadableLinesAsErrorEvents() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        var bytes: [UInt8] = [0xC3, 0x28, 0x0A]
        bytes += [UInt8](repeating: 0x7B, count: 1_100_000) + [0x0A]
        bytes += Array(#"{"start":"linkedCards"}"#.utf8) + [0x0D, 0x0A]
        bytes += Array(#"{"collect":{"mobileNumber":"+971501234567"}}"#.utf8)
        let result = try HostileInput.run(["nol", "events", "--data-dir", directory.path], bytes: bytes)
        #expect(result.status == 0)
        #expect(!HostileInput.crashed(result))
        let events = objects(result)
        #expect(events.count == result.lines.count)
        #expect(events.prefix(2).map { $0["errorId"] as? String } == ["invalid-input", "invalid-input"])
        #expect(events.prefix(2).map { $0["line"] as? Int } == [1, 2])
        #expect(events.contains { $0["event"] as? String == "validation" }, "the lines after the bad ones are handled")
    }

    @Test func unusableDataDirectoriesAndBadOptionsGiveOneLineAndExit2() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("plain")
        try Data("x".utf8).write(to: file)
        let corrupt = directory.appendingPathComponent("corrupt")
        try FileManager.default.createDirectory(at: corrupt, withIntermediateDirectories: true)
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: corrupt.appendingPathComponent("checkout.sqlite"))
        let cases: [([String], String)] = [
            (["events", "--data-dir", file.path], "is a file, not a directory"),
            (["events", "--data-dir", file.path + "/sub"], "cannot create the data directory"),
            (["payments", "--data-dir", file.path + "/sub"], "cannot create the data directory"),
            (["nol", "events", "--data-dir", file.path + "/sub"], "cannot create the data directory"),
            (["events", "--data-dir", corrupt.path], "checkout.sqlite is not a checkout database or is damaged"),
            (["payments", "--data-dir", corrupt.path], "move it aside"),
            (["nol", "events", "--data-dir", corrupt.path], "checkout.sqlite is not a checkout database"),
            (["events", "--amount", "-5"], "--amount"),
            (["events", "--amount", "99999999999999999999"], "--amount"),
            (["events", "--currency", "E1R"], "--currency"),
            (["nol", "events", "--currency", "dirhams"], "--currency"),
            (["events", "--debounce", "-1"], "--debounce"),
            (["events", "--amount", "0"], "from 1 to 999999999999999"),
            (["nol", "events", "--amount", "0"], "from 1 to 999999999999999"),
            (["nol", "events", "--read-timeout", "1e300"], "--read-timeout"),
            (["nol", "events", "--read-timeout", "inf"], "--read-timeout"),
            (["nol", "events", "--otp", "12"], "--otp needs 6 digits"),
            (["detect", "--bin-service", "ftp://bins.example", "4000"], "--bin-service"),
            (["detect", "--bin-service", "http://[bad", "4000"], "--bin-service"),
            (["detect", "--bin-service", "http://", "4000"], "--bin-service"),
            (["detect", "--bin-service", "http://bins]example", "4000"], "--bin-service"),
            (["detect", "--bin-service", "http://bins%20example/", "4000"], "--bin-service"),
        ]
        for (arguments, expected) in cases {
            let result = try ChildProcess.run(ChildProcess.checkoutBinary, arguments, input: "")
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("Error Domain"), "\(arguments)")
        }
    }

    @Test func aLowerCaseCurrencyIsNormalised() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = #"{"rawData":{"cardNumber":"4242424242424242","expiryDate":"12/30","cvv":"123","cardholderName":"Jane Doe"}}"#
            + "\n" + #"{"submit":{}}"# + "\n"
        let result = try ChildProcess.run(ChildProcess.checkoutBinary, ["events", "--currency", "eur", "--data-dir", directory.path], input: input)
        let payment = objects(result).first { $0["event"] as? String == "checkoutCompleted" }?["payment"] as? [String: Any]
        #expect(payment?["currency"] as? String == "EUR")
    }
}
