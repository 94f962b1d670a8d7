import CheckoutApp
import CheckoutCore
import CheckoutEngine
import CheckoutPlain
import CheckoutStore

/// The text of `checkout --help` and `checkout --version`. The commands and options part is made
/// from the option table (``CommandOption``, ``CommandSpec``), so it names every option, with the
/// defaults the program takes, and nothing a command does not accept; the rest is about the program
/// as a whole. Its sentences are the catalogues' (``HelpWords``); option names, placeholders,
/// network ids, JSON and the examples to copy are the same in every language.
enum HelpText {
    static let version = "checkout 0.1.0"

    static var usage: String { usage(.english) }

    static func usage(_ say: HelpWords) -> String {
        var lines = [say(.helpTitle), "", say(.helpUsage)]
        let rows = CommandSpec.all.map { command -> (String, String) in
            let options = command.options.count == 1
                ? command.options.map { "[--\($0.rawValue)" + ($0.placeholder.map { " " + $0 } ?? "") + "]" }.joined()
                : (command.options.isEmpty ? "" : "[" + say(.helpSynopsisOptions) + "]")
            // Words in brackets (a screen, a demo) come before the options, what they work on after.
            let wordsFirst = command.arguments.hasPrefix("[")
            let synopsis = ([command.title] + [wordsFirst ? command.arguments : "", options, wordsFirst ? "" : command.arguments]
                .filter { !$0.isEmpty }).joined(separator: " ")
            return (synopsis, say(command.summary))
        } + [("checkout --help | --version", say(.helpEveryCommandTakesHelp))]
        let width = rows.map(\.0.count).max() ?? 0
        for (synopsis, summary) in rows {
            lines.append(say.line("  " + synopsis + String(repeating: " ", count: width - synopsis.count + 3) + summary))
        }
        lines += ["", say(.helpOptionsByCommand)]
        for option in CommandOption.allCases {
            let commands = CommandSpec.all.filter { $0.options.contains(option) }
            guard let first = commands.first else { continue }
            let defaults = commands.compactMap { command in option.defaultValue(in: command, say).map { (command, $0) } }
            var tail = "[" + commands.map { $0 == .tui ? say(.helpTheUI) : $0.words.joined(separator: " ") }.joined(separator: ", ") + "]"
            if let (_, value) = defaults.first {
                let others = defaults.dropFirst().filter { $0.1 != value }
                tail = say(.helpDefault, value + others.map { say(.helpDefaultOfCommand, $0.0.words.joined(separator: " "), $0.1) }.joined())
                    + " " + tail
            }
            lines += CommandSpec.optionLines([option], in: first, say, tail: tail)
        }
        return (lines + [""] + prose(say)).joined(separator: "\n")
    }

    /// What the program does as a whole, whatever the command.
    static func prose(_ say: HelpWords) -> [String] {
        let networks = say(.helpNetworkIds)
        let indent = String(repeating: " ", count: networks.count + 1)
        return [
            say(.helpCardsAreVisible), "",
            say.line(networks + " VISA MASTERCARD AMEX DISCOVER DINERS_CLUB JCB UNIONPAY MAESTRO MIR ELO HIPER HIPERCARD"),
            indent + "CARTES_BANCAIRES DANKORT BANCONTACT EFTPOS INTERAC TROY RUPAY VERVE UATP NARANJA",
            indent + "FORBRUGSFORENINGEN", "",
            say(.helpSandbox, SandboxPaymentService.declinedCardNumber), "",
            say(.helpInput, #"{"cardNumber","expiryDate","cvv","cardholderName"}"#),
            #"    printf '%s\n' '{"cardNumber":"\#(HelpWords.exampleCard)","expiryDate":"12/30","cvv":"123"}' | checkout detect -"#, "",
            say(.helpDataDirectory), "",
            say(.helpEnvironment), "",
            say(.helpExitStatus),
        ]
    }
}

/// The sentences of the help in one language: the catalogues' through a ``Localizer``, money as the
/// locale writes it, and in a right-to-left language each number of a sentence in a left-to-right
/// isolate. The help goes to a terminal or a pipe in logical order, as plain mode's lines do (a
/// terminal that does its own bidi, a screen reader or a pager lays it out), so `--amount 4999`
/// keeps its direction inside an Arabic line.
struct HelpWords: Sendable {
    let localizer: Localizer
    /// The terminal shows only ASCII: money in ASCII too (the localizer's French is transliterated).
    let ascii: Bool

    static let english = HelpWords(localizer: Bundled.english, ascii: false)
    /// The co-badged test card the examples show (`test-cards.json`); a placeholder if it cannot be read.
    static let exampleCard = (try? Bundled.testCards().helpExample) ?? "…"

    /// The help in the language the screens would speak, by the same rule: `--lang`, else
    /// `LC_ALL`, `LC_MESSAGES` or `LANG`, else English. The language saved in Settings is not
    /// read: `--help` opens no data directory. Arabic on an ASCII terminal is English, with the
    /// screens' one-line note on standard error (``ScreenContext/localizer(for:ascii:)``).
    static func speaking(_ option: Language?) -> HelpWords {
        let language = Language.choose(option: option, setting: nil, environment: ProcessEnvironment.values(LocaleName.variables))
        guard language != .english else { return .english }
        let ascii = !PlainText.localeIsUTF8()
        let (localizer, problem) = ScreenContext.localizer(for: language, ascii: ascii)
        if let problem { FileHandleOutput.error("checkout: " + problem) }
        // English, asked for or fallen back to, is the one English help (Docs/cli.md's).
        return localizer.language == .english ? .english : HelpWords(localizer: localizer, ascii: ascii)
    }

    /// The sentence `key` with its arguments, as the help prints it.
    func callAsFunction(_ key: TextKey, _ arguments: String...) -> String {
        sentence(key, arguments)
    }

    func sentence(_ key: TextKey, _ arguments: [String]) -> String {
        line(localizer.text(key, arguments))
    }

    /// A line of the help made of sentences and the table's words: its numbers isolated in a
    /// right-to-left language, as is.
    func line(_ text: String) -> String {
        localizer.language.direction == .rightToLeft ? BidiIsolation.isolatingNumbers(text) : text
    }

    /// `€49.99` in English, `49,99 €` in French: a default amount.
    func money(_ minorUnits: Int, currency: String) -> String {
        localizer.money(minorUnits: minorUnits, currency: currency, ascii: ascii)
    }
}
