import CheckoutTestSupport
import Foundation
import Testing

/// Runs `checkout` through `sh` with standard input from a file of exact bytes (the test helper
/// takes text, and these inputs are deliberately not always UTF-8).
enum HostileInput {
    static func run(_ arguments: [String], bytes: [UInt8], pipeline: String = "", environment: [String: String]? = nil) throws -> ChildProcess.Result {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-input-\(UUID().uuidString)")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let quoted = ([ChildProcess.checkoutBinary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        return try ChildProcess.run("/bin/sh", ["-c", quoted.joined(separator: " ") + " < '\(file.path)'" + pipeline],
                                    environment: environment, timeout: 60)
    }

    /// Whether a Swift runtime trap or crash report reached standard error.
    static func crashed(_ result: ChildProcess.Result) -> Bool {
        result.stderr.contains("Fatal error") || result.stderr.contains("crashed") || result.stderr.contains("Backtrac")
    }
}

/// `checkout detect -` fed what a careless or hostile script sends.
@Suite struct DetectHostileInputTests {
    func objects(_ result: ChildProcess.Result) -> [[String: Any]] {
        result.lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
    }

    @Test func badLinesAreReportedOnStderrAndTheRestAreDetected() throws {
        var bytes = Array("4000\r\n".utf8)
        bytes += [0x34, 0x30, 0xFF, 0xFE, 0x30, 0x0A]                  // not UTF-8
        bytes += Array("4000\u{0}0025\n".utf8)                         // a NUL inside
        bytes += [UInt8](repeating: 0x34, count: 10_000_000) + [0x0A]  // a 10 MB line
        bytes += Array(String(repeating: "9", count: 100_000).utf8) + [0x0A]
        bytes += Array("\n5555".utf8)                                  // an empty line, then no final newline
        let result = try HostileInput.run(["detect", "--bin-service", "off", "-"], bytes: bytes)
        #expect(result.status == 0)
        #expect(!HostileInput.crashed(result))
        #expect(result.stderr.split(separator: "\n") == [
            "checkout detect: line 2: not UTF-8 text; skipped",
            "checkout detect: line 4: 10000000 bytes, longer than the 1 MiB a line may have; skipped",
        ])
        let detected = objects(result)
        #expect(detected.count == result.lines.count)
        #expect(detected.map { $0["cardNumber"] as? String } == ["4000", "4000\u{0}0025", String(repeating: "9", count: 100_000), "", "5555"])
        let errors = detected.map { (($0["validation"] as? [String: Any])?["errors"] as? [[String: Any]])?.first?["errorId"] as? String }
        #expect(errors[1] == "invalid-card-number" && errors[2] == "invalid-card-number")
    }

    @Test func stdinClosedAtOnceGivesNothingAndExit0() throws {
        let result = try HostileInput.run(["detect", "-"], bytes: [])
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty)
    }

    @Test func aReaderThatStopsEarlyEndsTheRunQuietlyEvenWithSIGPIPEIgnored() throws {
        let bytes = Array(String(repeating: "4000002500001001\n", count: 50_000).utf8)
        for prefix in ["", "trap '' PIPE; "] {
            let start = ContinuousClock.now
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-pipe-\(UUID().uuidString)")
            try Data(bytes).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let script = prefix + "'\(ChildProcess.checkoutBinary)' detect - < '\(file.path)' | head -n 1"
            let result = try ChildProcess.run("/bin/sh", ["-c", script], timeout: 60)
            #expect(result.lines.count == 1)
            #expect(result.stderr.isEmpty, "\(prefix): \(result.stderr.prefix(300))")
            #expect(ContinuousClock.now - start < .seconds(20), "\(prefix): stops instead of detecting every line for nobody")
        }
    }

    @Test func detectNeverTouchesTheDataDirectory() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-detect-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = home.path
        environment["HOME"] = home.path
        let result = try ChildProcess.run(ChildProcess.checkoutBinary, ["detect", "--expiry", "12/30", "--cvv", "739", "4000002500001001"],
                                          environment: environment)
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: home.path), "detect stores nothing, so it creates nothing")
        #expect(!result.stdout.contains("739"), "the CVV is validated, never echoed")
    }
}
