import FoundationEssentials
import Glibc

// `checkout` command dispatch. Each command lives in its own file in this folder and returns the
// process exit code.
let arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.first ?? ""
let rest = Array(arguments.dropFirst())

let status: Int32
switch command {
case "detect": status = await DetectCommand.run(rest)
case "events": status = await EventsCommand.run(rest)
case "payments": status = await PaymentsCommand.run(rest)
case "bench": status = await BenchCommand.run(rest)
case "demo": status = await DemoCommand.run(rest)
case "nol" where rest.first == "events": status = await NolEventsCommand.run(Array(rest.dropFirst()))
case "--help", "-h", "help": FileHandleOutput.line(HelpText.usage); status = 0
case "--version": FileHandleOutput.line(HelpText.version); status = 0
default: status = await TUICommand.run(arguments)
}
exit(status)
