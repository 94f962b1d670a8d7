import CheckoutTestSupport
import Foundation
import Testing

/// Issue 18 through the real binary: the fault paths of a payment program (overflowing amounts,
/// output that cannot be written, second submits, card numbers where they must not go). Each case
/// is one the adversarial pass found; the hostile-file cases are in ``HostileFileEndToEndTests``.
@Suite struct FaultPathEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let visaSurcharge = root.appendingPathComponent("examples/session-visa-surcharge.json").path
    static let card = #"{"rawData":{"cardNumber":"4242424242424242","expiryDate":"12/30","cvv":"123","cardholderName":"Jane Doe"}}"#

    /// A private folder for one test's data directory and files, removed afterwards.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-faults-\(UUID().uuidString)")
        var path: String { url.path }
        init() { try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func file(_ name: String, _ text: String) throws -> String {
            let file = url.appendingPathComponent(name)
            try text.write(to: file, atomically: true, encoding: .utf8)
            return file.path
        }
    }

    /// Runs the binary with `arguments`, its standard input a file holding `input` (a pipe would
    /// stop this process with SIGPIPE when a command exits without reading it), its standard output
    /// captured or sent to `output`, a shell redirection target such as `/dev/full`.
    func run(_ arguments: [String], input: String = "", output: String? = nil, environment: [String: String]? = nil) throws -> ChildProcess.Result {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-faults-input-\(UUID().uuidString)")
        try Data(input.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let redirect = output.map { " > \($0)" } ?? ""
        return try ChildProcess.run("/bin/sh", ["-c", #"f=$1; shift; exec "$@" < "$f""# + redirect, "sh", file.path, ChildProcess.checkoutBinary] + arguments,
                                    environment: environment, timeout: 60)
    }

    /// ②: 9223372036854775778 plus a €0.30 Visa surcharge trapped (exit 132, no message) in every front end.
    @Test func anAmountThatWouldOverflowIsRefusedInOneLineWithExit2() throws {
        let folder = Folder()
        let huge = "9223372036854775778"
        let session = try folder.file("huge.json", #"{"order":{"merchantAmount":\#(huge),"currencyCode":"EUR"}}"#)
        let cases: [[String]] = [
            ["events", "--data-dir", folder.path, "--amount", huge, "--session", Self.visaSurcharge],
            ["detect", "--amount", huge, "--session", Self.visaSurcharge, "4242"],
            ["pay", "--plain", "--data-dir", folder.path, "--amount", huge],
            ["detect", "--session", session, "4242"],
            ["events", "--data-dir", folder.path, "--session", session],
        ]
        for arguments in cases {
            let result = try run(arguments, input: Self.card + "\n")
            #expect(result.status == 2, "\(arguments): \(result.status)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains("from 1 to 999999999999999"), "\(arguments): \(result.stderr)")
        }
        // The most an amount can be pays, and its total with the surcharge is refused before any charge.
        let most = try run(["events", "--data-dir", folder.path, "--amount", "999999999999999", "--session", Self.visaSurcharge],
                           input: Self.card + "\n" + #"{"submit":{}}"# + "\n")
        #expect(most.status == 0)
        #expect(most.stdout.contains(#""errorId":"invalid-amount""#), "\(most.stdout)")
        #expect(!most.stdout.contains("checkoutCompleted"))
    }

    /// ④: output that cannot be written is an error (it was lost with exit 0); a reader that has
    /// gone stays the quiet end it is.
    @Test func aFullStandardOutputIsAWriteErrorWithExit1() throws {
        let folder = Folder()
        let input = Self.card + "\n" + #"{"submit":{}}"# + "\n"
        let cases: [[String]] = [
            ["events", "--data-dir", folder.path], ["detect", "4242424242424242"], ["payments", "--data-dir", folder.path],
            ["--help"], ["detect", "--help"], ["--version"], ["pay", "--plain", "--data-dir", folder.path],
            ["nol", "events", "--data-dir", folder.path],
        ]
        for arguments in cases {
            let result = try run(arguments, input: input, output: "/dev/full", environment: ["TERM": "dumb", "PATH": "/usr/bin:/bin"])
            #expect(result.status == 1, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.hasSuffix("checkout: write error: No space left on device\n"), "\(arguments): \(result.stderr)")
        }
        let gone = try ChildProcess.run("/bin/sh", ["-c", #"yes 4242424242424242 | "$0" detect - | head -c 10 > /dev/null"#, ChildProcess.checkoutBinary])
        #expect(gone.stderr.isEmpty, "a reader that stops reading is no error: \(gone.stderr)")
    }

    /// ⑧: the ledger table printed every currency with two decimals (JPY 1234 as `12.34 JPY`);
    /// any three letters passed as a currency; `nol events` printed large amounts as floats.
    @Test func amountsShowTheirCurrencysDecimalsAndUnknownCurrenciesAreRefused() throws {
        let folder = Folder()
        let pay = Self.card + "\n" + #"{"submit":{}}"# + "\n"
        for currency in ["JPY", "BHD", "ISK", "EUR"] {
            let result = try run(["events", "--data-dir", folder.path, "--amount", "1234", "--currency", currency], input: pay)
            #expect(result.status == 0 && result.stdout.contains("checkoutCompleted"), "\(currency): \(result.stderr)")
        }
        let table = try run(["payments", "--data-dir", folder.path, "--oldest-first"]).stdout
        for amount in ["1234 JPY", "1.234 BHD", "1234 ISK", "12.34 EUR"] { #expect(table.contains(amount), "\(amount) in \(table)") }

        let unknown = try run(["events", "--data-dir", folder.path, "--currency", "XYZ"])
        #expect(unknown.status == 2 && unknown.stderr == "checkout events: --currency must be an ISO 4217 currency code such as EUR, USD or JPY, not \"XYZ\"\n")
        let session = try folder.file("xau.json", #"{"order":{"currencyCode":"XAU"}}"#)
        let refused = try run(["detect", "--session", session, "4242"])
        #expect(refused.status == 2 && refused.stderr.contains("\"XAU\" is not an ISO 4217 currency code"), "\(refused.stderr)")
        let zero = try folder.file("zero.json", #"{"amount":0}"#)
        #expect(try run(["detect", "--session", zero, "4242"]).stderr.contains("$.amount: expected a whole number of minor units from 1 to"))

        // A Nol payment of the largest amount: declined (no card holds it), and its amount an integer.
        let card = "3084100233"
        let link = [#"{"start":"link"}"#, #"{"submit":{}}"#, #"{"tap":"\#(card)"}"#, #"{"collect":{"mobileNumber":"050 123 4567"}}"#,
                    #"{"submit":{}}"#, #"{"collect":{"otpCode":"246810"}}"#, #"{"submit":{}}"#].joined(separator: "\n") + "\n"
        #expect(try run(["nol", "events", "--data-dir", folder.path, "--otp", "246810"], input: link).status == 0)
        let nolPay = [#"{"start":"pay"}"#, #"{"collect":{"cardNumber":"\#(card)","mobileNumber":"0501234567"}}"#, #"{"submit":{}}"#]
            .joined(separator: "\n") + "\n"
        let large = try run(["nol", "events", "--data-dir", folder.path, "--amount", "999999999999999"], input: nolPay)
        #expect(large.stdout.contains(#""status":"DECLINED","amount":999999999999999,"#), "\(large.stdout)")
        #expect(!large.stdout.contains("e+"))
    }
}
