import CheckoutCore
import Foundation
import CheckoutEngine
import CheckoutApp
import NolPay
import Testing
@testable import CheckoutCommands

/// The one option table: every command parses with it, every help is made from it, and the
/// defaults it states are the ones the program takes.
@Suite struct OptionTableTests {
    /// A value each placeholder takes.
    static let values: [String: String] = [
        "FILE": "some.file", "TOKEN": "x.y.z", "LIST": "VISA,MASTERCARD", "MINOR_UNITS": "1234", "CODE": "123456",
        "embedded|off|URL": "https://bins.example/v1", "MS": "250", "MM/YY": "12/30", "N": "7", "TEXT": "Jane Doe", "DIR": "/tmp/dir",
        "SECONDS": "2", "DATE": "2025-11-29", "STATUS": "declined", "FILE.cast": "demo.cast", "X": "1.5",
        "en|fr|ar": "fr",
    ]

    @Test(arguments: CommandSpec.all)
    func everyOptionACommandTakesParsesBothWaysAndNoOtherIsTaken(_ command: CommandSpec) throws {
        for option in CommandOption.allCases {
            // A currency and a one-time code are both a CODE.
            let value = option == .currency ? "GBP" : option.placeholder.map { Self.values[$0]! }
            let spaced = ["--\(option.rawValue)"] + (value.map { [$0] } ?? [])
            let joined = ["--\(option.rawValue)" + (value.map { "=" + $0 } ?? "")]
            for arguments in [spaced, joined] {
                let result = CommandLineOptions.parse(arguments, command: command)
                if command.options.contains(option) {
                    let options = try result.get()
                    #expect(options.positionals.isEmpty, "\(command.title) \(arguments)")
                } else {
                    guard case .failure(let error) = result else {
                        Issue.record("\(command.title) took \(arguments), which it does not list")
                        continue
                    }
                    #expect(error.message == "\(command.prefix): unknown option --\(option.rawValue) (\(command.hint))")
                }
            }
        }
    }

    @Test func valuesAreCheckedAndKept() throws {
        let options = try CommandLineOptions.parse(
            ["--allowed", "visa,cartes_bancaires", "--amount=1234", "--currency", "gbp", "--bin-latency", "250", "--debounce=0",
             "--bin-service", "OFF", "-", "--", "--not-an-option"], command: .events).get()
        #expect(options.allowed == [.visa, .cartesBancaires])
        #expect(options.amount == 1234 && options.currency == "GBP")
        #expect(options.binLatency == .milliseconds(250) && options.debounce == .zero)
        #expect(options.binService == .off)
        #expect(options.positionals == ["-", "--not-an-option"])
        #expect(options.given == [.allowed, .amount, .currency, .binLatency, .debounce, .binService])

        let payments = try CommandLineOptions.parse(["--json", "--limit", "3", "--status", "declined", "--oldest-first"], command: .payments).get()
        #expect(payments.json && payments.query.limit == 3 && payments.query.status == "DECLINED" && !payments.query.newestFirst)
        let demo = try CommandLineOptions.parse(["--check", "--speed=1.5", "--script", "mine.demo"], command: .demo).get()
        #expect(demo.check && demo.speed == 1.5 && demo.scriptPath == "mine.demo")
        #expect(try CommandLineOptions.parse(["--lang", "AR"], command: .tui).get().language == .arabic)
        #expect(try CommandLineOptions.parse(["--lang=fr"], command: .demo).get().language == .french)
    }

    @Test func badValuesAreOneLineNamingTheOption() {
        let cases: [(CommandSpec, [String], String)] = [
            (.detect, ["--amount", "0"], "checkout detect: --amount must be a whole number of minor units from 1 to \(ClientSession.maximumAmount) (4999 for 49.99), not \"0\""),
            (.events, ["--debounce", "-1"], "checkout events: --debounce must be a number of milliseconds (0 to 3600000), not \"-1\""),
            (.tui, ["--bin-service", "ftp://bins"], "checkout: --bin-service must be embedded, off or an http(s) URL, not \"ftp://bins\""),
            (.demo, ["--speed", "7"], "checkout demo: --speed takes one of 0.5, 1, 1.5, 2, 3, 4"),
            (.payments, ["--since", "yesterday"], "checkout payments: --since must be a UTC date such as 2025-11-29 or 2025-11-29T17:53:36Z, not \"yesterday\""),
            (.payments, ["--limit"], "checkout payments: --limit needs a value"),
            (.tui, ["--lang", "de"], "checkout: --lang must be en, fr or ar, not \"de\""),
            (.demo, ["--lang", "fr_FR"], "checkout demo: --lang must be en, fr or ar, not \"fr_FR\""),
            (.payments, ["--json=yes"], "checkout payments: --json takes no value"),
        ]
        for (command, arguments, message) in cases {
            guard case .failure(let error) = CommandLineOptions.parse(arguments, command: command) else {
                Issue.record("\(command.title) took \(arguments)")
                continue
            }
            // The usage when it is one line (payments); otherwise the problem alone, as it always read.
            #expect(error.message == message + (command.usage.contains("\n") ? "" : " (\(command.hint))"))
        }
        // A usage that fits one line is the hint; a longer one points at the help.
        #expect(CommandSpec.payments.hint == "usage: checkout payments [--data-dir DIR] [--json] [--limit N] [--since DATE] [--status STATUS] [--oldest-first]")
        #expect(CommandSpec.detect.hint == "see checkout detect --help")
    }

    /// A BIN service URL is checked one way: what `--bin-service` takes is what Settings and the
    /// engine recipe take.
    @Test(arguments: ["https://bins.example/v1", "http://[::1]:8080", "HTTP://Bins.Example", "ftp://bins.example", "http://", "https://a b",
                      "http://[bad", "bins.example", ""])
    func aBinServiceURLIsCheckedOneWay(_ text: String) throws {
        let parsed = BinServiceURL.parse(text)
        let option = CommandLineOptions.parse(["--bin-service", text], command: .detect)
        let settings = SettingsScreen.problem(with: .url(text))
        switch parsed {
        case .success(let url):
            #expect(try option.get().binService == .url(url))
            #expect(settings == nil)
            let engine = EngineRecipe(catalogue: try Bundled.catalogue(), paymentService: OfflinePayments())
            #expect(throws: Never.self) { _ = try engine.binService(for: CheckoutSettings(binSource: .url(text))) }
        case .failure(let problem):
            if text.lowercased() != "off" && text.lowercased() != "embedded" {
                #expect(throws: UsageError.self) { try option.get() }
            }
            #expect(settings == problem.description)
        }
    }

    /// Every help is made from the table: a command's help names each option it takes, with the
    /// default the program takes, and `checkout --help` names every option and every command.
    @Test(arguments: CommandSpec.all)
    func aCommandsHelpListsItsOptionsWithTheirDefaults(_ command: CommandSpec) {
        let help = command.help
        #expect(help.hasPrefix("usage: \(command.title)"))
        for option in CommandOption.allCases {
            let listed = help.contains("  --\(option.rawValue)" + (option.placeholder.map { " " + $0 } ?? ""))
            #expect(listed == command.options.contains(option), "\(command.title) --help and --\(option.rawValue)")
        }
        if command.options.contains(.debounce) {
            #expect(help.contains("(default: \(Int(EngineConfiguration().debounce / .milliseconds(1))))"))
        }
        if command.options.contains(.binTimeout) {
            #expect(help.contains("(default: \(Int(EngineConfiguration().binLookupTimeout / .milliseconds(1))))"))
        }
    }

    @Test func theMainHelpNamesEveryCommandAndOption() {
        let help = HelpText.usage
        for command in CommandSpec.all { #expect(help.contains("  \(command.title) "), "\(command.title)") }
        for option in CommandOption.allCases { #expect(help.contains("--\(option.rawValue)"), "--\(option.rawValue)") }
        #expect(help.contains("checkout demo [cobadge|eftpos|fallback|nol|tour]") && help.contains("checkout bench [--bin-table FILE]"))
        #expect(help.contains("nol events: \(NolFare.amount)"), "the fare is nol events' default amount")
    }
}

/// A payment service that is never asked (the recipe only builds engines here).
struct OfflinePayments: PaymentService {
    func pay(_ request: PaymentRequest) async throws -> Payment { throw CancellationError() }
}

/// Docs/cli.md shows the help the table makes (scripts/cli-doc.sh puts it there).
@Suite struct CommandLineDocumentTests {
    @Test func docsCliShowsEveryCommandsHelpAsTheProgramMakesIt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("Docs/cli.md"), encoding: .utf8)
        for command in CommandSpec.all.filter({ $0 != .tui }) {
            #expect(page.contains("<!-- help: \(command.words.joined(separator: " ")) -->\n```\n\(command.help)\n```"),
                    "Docs/cli.md shows \(command.title) --help as it is (run scripts/cli-doc.sh)")
        }
        #expect(page.contains("<!-- help:  -->\n```\n\(HelpText.usage)\n```"), "Docs/cli.md shows checkout --help as it is (run scripts/cli-doc.sh)")
    }
}
