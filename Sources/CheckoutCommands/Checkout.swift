import CheckoutCore
import CheckoutEngine
import CheckoutStore

/// The `checkout` commands: the words after `checkout` name one, whose options come from the one
/// option table (``CommandOption``), and which returns the process's exit status.
///
///     let status = await Checkout.run(["detect", "-"])   // numbers from standard input
public enum Checkout {
    @MainActor
    public static func run(_ arguments: [String]) async -> Int32 {
        let arguments = commandFirst(arguments)
        // The version is one constant of the program: nothing to read, nothing to load first.
        if arguments == ["--version"] {
            FileHandleOutput.line(HelpText.version)
            return 0
        }
        // Every command speaks English at least (its help, its errors): without the catalogue it
        // would print key names (`helpTitle`) and exit 0, so a broken data folder stops it here.
        do { _ = try Bundled.localizer(.english) } catch {
            FileHandleOutput.error("checkout: cannot start: \(error)")
            return 2
        }
        let command = arguments.first ?? ""
        // Regional formats (fr_CA, ar_SA…) as the environment names them, before any sentence is written.
        Bundled.adoptFormattingLocales(environment: ProcessEnvironment.values(LocaleName.variables))
        let rest = Array(arguments.dropFirst())
        switch command {
        case "detect": return await DetectCommand.run(rest)
        case "events": return await EventsCommand.run(rest)
        case "payments": return await PaymentsCommand.run(rest)
        case "bench": return await BenchCommand.run(rest)
        case "demo": return await DemoCommand.run(rest)
        case "nol" where rest.first == "events": return await NolEventsCommand.run(Array(rest.dropFirst()))
        case "drive": return await TUICommand.run(rest, drive: true)
        case "--help", "-h", "help":
            // `checkout --help --lang fr` speaks French too: the rest is read by the terminal UI's table.
            let language = try? CommandLineOptions.parse(rest, command: .tui).get().language
            FileHandleOutput.line(HelpText.usage(.speaking(language ?? nil)))
            return 0
        case "--version":
            FileHandleOutput.line(HelpText.version)
            return 0
        default: return await TUICommand.run(arguments)
        }
    }

    /// The commands whose name may follow options (`checkout --data-dir D payments`), as the
    /// terminal UI's words (`pay`, `nol link`) always could.
    static let commandWords: Set<String> = ["detect", "events", "payments", "bench", "demo"]

    /// `arguments` with the command word first: options written before it (and their values) move
    /// after it, so `checkout --data-dir D payments --json` is `checkout payments --data-dir D --json`.
    /// Arguments that name no such command are left as they are (the terminal UI reads them).
    static func commandFirst(_ arguments: [String]) -> [String] {
        var index = 0
        while index < arguments.count, arguments[index].hasPrefix("-"), arguments[index] != "--", arguments[index] != "-" {
            let body = arguments[index].dropFirst(2)
            let takesValue = !body.contains("=") && (CommandOption(rawValue: String(body))?.takesValue ?? false)
            index += takesValue ? 2 : 1
        }
        guard index > 0, index < arguments.count else { return arguments }
        let word = arguments[index]
        if commandWords.contains(word) {
            return [word] + arguments[..<index] + arguments[(index + 1)...]
        }
        if word == "nol", index + 1 < arguments.count, arguments[index + 1] == "events" {
            return ["nol", "events"] + arguments[..<index] + arguments[(index + 2)...]
        }
        return arguments
    }
}
