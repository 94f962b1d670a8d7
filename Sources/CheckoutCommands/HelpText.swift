import CheckoutCore
import CheckoutEngine

/// The text of `checkout --help` and `checkout --version`. The commands and options part is made
/// from the option table (``CommandOption``, ``CommandSpec``), so it names every option, with the
/// defaults the program takes, and nothing a command does not accept; the rest is about the program
/// as a whole.
enum HelpText {
    static let version = "checkout 0.1.0"

    static var usage: String {
        var lines = ["checkout: a terminal checkout with co-badged cards and Nol Pay", "", "usage:"]
        let rows = CommandSpec.all.map { command -> (String, String) in
            let options = command.options.count == 1
                ? command.options.map { "[--\($0.rawValue)" + ($0.placeholder.map { " " + $0 } ?? "") + "]" }.joined()
                : (command.options.isEmpty ? "" : "[options]")
            // Words in brackets (a screen, a demo) come before the options, what they work on after.
            let wordsFirst = command.arguments.hasPrefix("[")
            let synopsis = ([command.title] + [wordsFirst ? command.arguments : "", options, wordsFirst ? "" : command.arguments]
                .filter { !$0.isEmpty }).joined(separator: " ")
            return (synopsis, command.summary)
        } + [("checkout --help | --version", "every command takes --help too")]
        let width = rows.map(\.0.count).max() ?? 0
        for (synopsis, summary) in rows {
            lines.append("  " + synopsis + String(repeating: " ", count: width - synopsis.count + 3) + summary)
        }
        lines += ["", "options (the commands that take each in brackets):"]
        for option in CommandOption.allCases {
            let commands = CommandSpec.all.filter { $0.options.contains(option) }
            guard let first = commands.first else { continue }
            let defaults = commands.compactMap { command in option.defaultValue(in: command).map { (command, $0) } }
            var tail = "[" + commands.map { $0 == .tui ? "the UI" : $0.words.joined(separator: " ") }.joined(separator: ", ") + "]"
            if let (_, value) = defaults.first {
                let others = defaults.dropFirst().filter { $0.1 != value }
                tail = "(default: \(value)" + others.map { "; \($0.0.words.joined(separator: " ")): \($0.1)" }.joined() + ") " + tail
            }
            lines += CommandSpec.optionLines([option], in: first, tail: tail)
        }
        return (lines + ["", prose]).joined(separator: "\n")
    }

    /// What the program does as a whole, whatever the command.
    static let prose = """
        card numbers given as arguments and --cvv (and --expiry, --name) are visible to every user of this
          machine (ps, /proc) while checkout runs: give cards to detect - on standard input.

        network ids: VISA MASTERCARD AMEX DISCOVER DINERS_CLUB JCB UNIONPAY MAESTRO MIR ELO HIPER HIPERCARD
                     CARTES_BANCAIRES DANKORT BANCONTACT EFTPOS INTERAC TROY RUPAY VERVE UATP NARANJA
                     FORBRUGSFORENINGEN

        sandbox processor (events, the UI): amounts ending 0051 are declined (insufficient funds), 0005
          declined (do not honour), 0099 fail (processor unavailable); card \(SandboxPaymentService.declinedCardNumber) is declined;
          anything else is authorized. Details: Docs/sandbox.md.

        input (detect -, events, nol events): one line per number or object, LF or CRLF; a line that is
          not UTF-8 or is over 1 MiB is reported on stderr (nol events: an error event) and skipped.
          detect - takes a number, or a JSON object {"cardNumber","expiryDate","cvv","cardholderName"}:
            printf '%s\\n' '{"cardNumber":"4000 0025 0000 1001","expiryDate":"12/30","cvv":"123"}' | checkout detect -

        data directory: created private (0700, database files 0600); one that other users can write is
          refused, and so is a database written by a newer checkout (its schema version is named).

        environment: CHECKOUT_CLIENT_TOKEN (as --client-token), NO_COLOR (as --no-color), CHECKOUT_PLAIN=1
          or ACCESSIBLE=1 or TERM=dumb (as --plain), XDG_DATA_HOME (the default data directory),
          CHECKOUT_RESOURCES (a folder of data files to use instead of the shipped Resources/data).

        exit status: 0 done, 2 bad options, a --session file, a client token or a data directory that cannot
          be used; checkout demo --check: 1 when a demo's expectation fails.
        """
}
