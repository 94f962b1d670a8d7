/// The `checkout` commands: the words after `checkout` name one, whose options come from the one
/// option table (``CommandOption``), and which returns the process's exit status.
///
///     let status = await Checkout.run(["detect", "4000002500001001"])
public enum Checkout {
    @MainActor
    public static func run(_ arguments: [String]) async -> Int32 {
        let command = arguments.first ?? ""
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
}
