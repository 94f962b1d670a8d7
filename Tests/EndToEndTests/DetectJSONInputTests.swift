import CheckoutTestSupport
import Foundation
import Testing

/// `checkout detect -` taking whole cards as JSON objects on standard input, so no card data needs
/// to be on a command line.
@Suite struct DetectJSONInputTests {
    func detect(_ arguments: [String], input: String = "") throws -> ChildProcess.Result {
        try ChildProcess.run(ChildProcess.checkoutBinary, ["detect", "--bin-service", "embedded"] + arguments, input: input, timeout: 30)
    }

    @Test("a JSON line gives exactly what the same card on the command line gives, echoing cardNumber as given")
    func sameAsArguments() throws {
        let fromArguments = try detect(["--expiry", "12/30", "--cvv", "123", "--name", "Jane Doe", "4000 0025 0000 1001"])
        let fromJSON = try detect(["-"], input: #"{"cardNumber":"4000 0025 0000 1001","expiryDate":"12/30","cvv":"123","cardholderName":"Jane Doe"}"# + "\n")
        #expect(fromJSON.status == 0 && fromJSON.stderr.isEmpty)
        #expect(fromJSON.stdout == fromArguments.stdout)
        #expect(fromJSON.stdout.hasPrefix(#"{"cardNumber":"4000 0025 0000 1001","source":"REMOTE""#))
        #expect(fromJSON.stdout.contains(#""validation":{"isValid":true,"errors":[]}"#))
    }

    @Test("plain number lines and JSON lines mix; fields left out take the options; bad lines never quote the number")
    func mixed() throws {
        let lines = [
            "40117",
            #"  {"cardNumber":"378282246310005","cvv":"1234"}"#,
            #"{"cardNumber":4111111111111111}"#,
            #"{"cardNumber":"4111111111111111","pan":"4111111111111111"}"#,
            #"{"cvv":"123"}"#,
            #"{"cardNumber":"4111111111111111""#,
            #"{"cardNumber":"5555555555554444","expiryDate":null,"cvv":"123"}"#,
        ]
        let result = try detect(["--expiry", "12/31", "--name", "Jane Doe", "-"], input: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0)
        let objects = result.lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
        #expect(objects.map { $0["cardNumber"] as? String } == ["40117", "378282246310005", "5555555555554444"])
        let validation = objects.map { ($0["validation"] as? [String: Any])?["isValid"] as? Bool }
        #expect(validation == [false, true, true], "the JSON lines take --expiry and --name for the fields they leave out")
        #expect(result.stderr.split(separator: "\n").map { $0.split(separator: ":").prefix(2).joined(separator: ":") }
                == ["checkout detect: line 3", "checkout detect: line 4", "checkout detect: line 5", "checkout detect: line 6"])
        #expect(!result.stderr.contains("4111"))
    }

    @Test("help shows cards on standard input and says what arguments reveal to other users")
    func help() throws {
        let help = try detect(["--help"]).stdout
        #expect(help.contains(#"| checkout detect -"#))
        #expect(help.contains("can be read by every user of this"))
        #expect(help.contains("(ps, /proc)"))
        #expect(!help.contains("--cvv 123 "), "no example puts a CVV on the command line")
        let usage = try ChildProcess.run(ChildProcess.checkoutBinary, ["--help"]).stdout
        #expect(usage.contains("visible to every user"))
    }
}
