import CheckoutTestSupport
import Foundation
import Testing

/// The help texts tell no lies about options: every option `checkout --help` names is accepted by
/// at least one command, and every option a command's own `--help` names is accepted by that command.
///
/// Accepted means the command parses it (with a harmless value when the help shows one) and then
/// answers the `--help` after it, exit 0 with nothing on standard error; an option that does not
/// exist is refused with exit 2 ("unknown option").
@Suite struct HelpTextEndToEndTests {
    /// Every command, as its first arguments (the terminal UI has none).
    static let commands: [[String]] = [[], ["detect"], ["events"], ["nol", "events"], ["payments"], ["demo"], ["bench"]]

    /// A value each placeholder of the help texts accepts.
    static let values: [String: String] = [
        "FILE": "examples/session-visa-surcharge.json", "FILE.cast": "/tmp/checkout-help-test.cast", "LIST": "VISA",
        "TOKEN": "x.y.z", "SVC": "off", "embedded|off|URL": "off", "MS": "100", "MM/YY": "12/30", "N": "1", "TEXT": "Jane",
        "MINOR_UNITS": "100", "CODE": "EUR", "DIR": "/tmp/checkout-help-test", "SECONDS": "1", "DATE": "2025-11-29",
        "STATUS": "AUTHORIZED", "AUTHORIZED|DECLINED|FAILED|PENDING": "AUTHORIZED", "X": "1", "en|fr|ar": "fr",
    ]

    /// The options a help text names, each with the placeholder shown after it anywhere in the text.
    static func options(in help: String) -> [String: String?] {
        var found: [String: String?] = [:]
        let words = help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "[" || $0 == "]" || $0 == "(" || $0 == ")" || $0 == "," })
            .map(String.init)
        for (index, word) in words.enumerated() where word.hasPrefix("--") && word.count > 2 {
            let name = String(word.prefix { $0 == "-" || $0.isLetter })
            let next = index + 1 < words.count ? words[index + 1] : ""
            let placeholder = values[next] != nil ? next : nil
            if found[name] == nil || found[name]! == nil { found[name] = placeholder }
        }
        return found
    }

    /// Whether `command` takes `option` (with a value for `placeholder`) and then answers `--help`.
    static func accepts(_ command: [String], _ option: String, _ placeholder: String?) throws -> ChildProcess.Result {
        let argument = placeholder.map { option + "=" + values[$0]! } ?? option
        return try ChildProcess.run(ChildProcess.checkoutBinary, command + [argument, "--help"], timeout: 30)
    }

    @Test func everyOptionOfTheMainHelpIsAcceptedBySomeCommand() throws {
        let help = try ChildProcess.run(ChildProcess.checkoutBinary, ["--help"], timeout: 30).stdout
        let options = Self.options(in: help)
        for word in ["--session", "--client-token", "--plain", "--no-mouse", "--no-color", "--bin-table", "--script", "--check",
                     "--record", "--speed", "--json", "--limit", "--since", "--status", "--oldest-first", "--read-timeout", "--otp"] {
            #expect(options[word] != nil, "checkout --help names \(word)")
        }
        for word in ["CHECKOUT_CLIENT_TOKEN", "checkout demo [cobadge|eftpos|fallback|nol|tour]", "checkout bench [--bin-table FILE]",
                     "checkout nol events", "checkout payments", "settings"] {
            #expect(help.contains(word), "checkout --help names \(word)")
        }
        for (option, placeholder) in options.sorted(by: { $0.key < $1.key }) {
            var attempts: [String] = []
            let taken = try Self.commands.contains { command in
                let result = try Self.accepts(command, option, placeholder)
                attempts.append("\((["checkout"] + command).joined(separator: " ")): \(result.status) \(result.stderr)")
                return result.status == 0 && result.stderr.isEmpty
            }
            #expect(taken, "no command accepts \(option) \(placeholder ?? ""): \(attempts.joined(separator: "; "))")
        }
    }

    @Test(arguments: commands.filter { !$0.isEmpty })
    func everyOptionOfACommandsOwnHelpIsAcceptedByIt(_ command: [String]) throws {
        let help = try ChildProcess.run(ChildProcess.checkoutBinary, command + ["--help"], timeout: 30)
        #expect(help.status == 0 && help.stdout.hasPrefix("usage: checkout \(command.joined(separator: " "))"), "\(help.stdout)")
        for (option, placeholder) in Self.options(in: help.stdout) {
            let result = try Self.accepts(command, option, placeholder)
            #expect(result.status == 0 && result.stderr.isEmpty,
                    "checkout \(command.joined(separator: " ")) --help names \(option), which it refuses: \(result.stderr)")
        }
    }

    @Test func anOptionNoCommandHasIsRefusedByEach() throws {
        for command in Self.commands {
            let result = try Self.accepts(command, "--no-such-option", nil)
            #expect(result.status == 2 && result.stderr.contains("unknown option --no-such-option"), "\(command): \(result.stderr)")
        }
    }
}
