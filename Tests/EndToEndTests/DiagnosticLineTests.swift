import CheckoutTestSupport
import Foundation
import Testing

/// Input lines that try to drive the terminal of whoever reads the log, or to forge a log line:
/// each gives exactly one stderr line with the controls shown escaped.
@Suite struct DiagnosticLineTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-diag-\(UUID().uuidString)")

    func events(_ input: String) throws -> ChildProcess.Result {
        try ChildProcess.run(ChildProcess.checkoutBinary, ["events", "--bin-service", "off", "--data-dir", directory.path],
                             input: input + "\n")
    }

    @Test("a key that clears the terminal gives one line, the escapes shown as \\u001b")
    func terminalReset() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try events(#"{"\u001bc\u001b[H\u001b[J":1}"#)
        #expect(result.status == 0)
        #expect(result.stderr == #"checkout events: line 1: unknown key "\u001bc\u001b[H\u001b[J"; expected rawData, submit or sleep"# + "\n")
        #expect(!result.stderr.unicodeScalars.contains("\u{1B}"))
    }

    @Test("a key holding a newline and a fake log line stays one line")
    func forgedLine() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try events(#"{"x\ncheckout: payment AUTHORIZED":1}"#)
        #expect(result.status == 0)
        #expect(result.stderr == #"checkout events: line 1: unknown key "x\u000acheckout: payment AUTHORIZED"; expected rawData, submit or sleep"# + "\n")
    }

    @Test("a cardNetwork, a raw U+2028 and a bidi override are escaped too; every bad line gives one line")
    func otherDiagnostics() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = [
            #"{"rawData":{"cardNumber":"4","cardNetwork":"\u001b]owned\u0007"}}"#,
            "{\"a\u{2028}checkout: forged\":1}",
            "{\"\u{202E}dezirohtua\":1}",
            #"{"\u0085next":1}"#,
        ]
        let result = try events(lines.joined(separator: "\n"))
        #expect(result.status == 0)
        let errors = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(errors == [
            #"checkout events: line 1: unknown cardNetwork "\u001b]owned\u0007""#,
            #"checkout events: line 2: unknown key "a\u2028checkout: forged"; expected rawData, submit or sleep"#,
            #"checkout events: line 3: unknown key "\u202edezirohtua"; expected rawData, submit or sleep"#,
            #"checkout events: line 4: unknown key "\u0085next"; expected rawData, submit or sleep"#,
        ])
    }

    @Test("nol events: an unknown command's error event carries the escaped text, never the raw controls")
    func nolEvents() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try ChildProcess.run(ChildProcess.checkoutBinary, ["nol", "events", "--data-dir", directory.path],
                                          input: "{\"\\u001b[J\u{2028}x\":1}\n")
        #expect(result.status == 0)
        let event = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(event["description"] as? String == #"Input line 1 has an unknown command "\u001b[J\u2028x"; expected start, tap, collect, submit, resend or readerFault."#)
    }
}
