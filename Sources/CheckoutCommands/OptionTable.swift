import CheckoutCore
import CheckoutEngine
import CheckoutStore
import CheckoutApp
import CheckoutTUI
import FoundationEssentials
import NolPay

/// An option of the `checkout` commands: the one table every command parses with and every help
/// text is made from. Each option says how its value is written (``placeholder``), what it does
/// (``help``), its default as the program takes it (``defaultValue(in:)``, read from the type that
/// holds it, never written out a second time), and how a value is checked and kept (``apply(_:to:)``).
enum CommandOption: String, CaseIterable, Sendable {
    case session = "session"
    case clientToken = "client-token"
    case allowed = "allowed"
    case amount = "amount"
    case currency = "currency"
    case binService = "bin-service"
    case binTable = "bin-table"
    case binLatency = "bin-latency"
    case binTimeout = "bin-timeout"
    case debounce = "debounce"
    case expiry = "expiry"
    case cvv = "cvv"
    case name = "name"
    case dataDir = "data-dir"
    case noColor = "no-color"
    case noMouse = "no-mouse"
    case lang = "lang"
    case plain = "plain"
    case readTimeout = "read-timeout"
    case otp = "otp"
    case json = "json"
    case limit = "limit"
    case since = "since"
    case status = "status"
    case oldestFirst = "oldest-first"
    case script = "script"
    case check = "check"
    case record = "record"
    case speed = "speed"

    /// The options of the card-entry commands (`detect`, `events`, the card screens): the session
    /// and what overrides it, the BIN service, and a Primer client token that replaces both.
    static let binOptions: [CommandOption] = [.session, .clientToken, .allowed, .amount, .currency, .binService, .binTable, .binLatency,
                                              .binTimeout]
    static let cardFields: [CommandOption] = [.expiry, .cvv, .name]

    /// How the value is written in the help (`MS`); `nil` for an option that takes none.
    var placeholder: String? {
        switch self {
        case .session, .binTable, .script: "FILE"
        case .clientToken: "TOKEN"
        case .allowed: "LIST"
        case .amount: "MINOR_UNITS"
        case .currency: "CODE"
        case .binService: "embedded|off|URL"
        case .binLatency, .binTimeout, .debounce: "MS"
        case .expiry: "MM/YY"
        case .cvv, .limit: "N"
        case .name: "TEXT"
        case .dataDir: "DIR"
        case .readTimeout: "SECONDS"
        case .otp: "CODE"
        case .since: "DATE"
        case .status: "STATUS"
        case .record: "FILE.cast"
        case .speed: "X"
        case .lang: "en|fr|ar"
        case .noColor, .noMouse, .plain, .json, .oldestFirst, .check: nil
        }
    }

    /// Whether the option is followed by a value (`--cvv 123` or `--cvv=123`).
    var takesValue: Bool { placeholder != nil }

    /// What the option does, in a line or two.
    var help: String {
        switch self {
        case .session: "the merchant's client session, JSON in the headless SDK's shape: amount and currency, allowed networks, "
            + "per-network surcharges (e.g. examples/session-visa-surcharge.json)"
        case .clientToken: "a Primer client token (or set \(CommandLineOptions.clientTokenVariable): the option shows in ps): the session, "
            + "BIN lookups and payments come from Primer's configuration for it (its signature is not checked here; Primer checks it)"
        case .allowed: "accepted networks in order of preference, comma-separated (e.g. VISA,CARTES_BANCAIRES,MASTERCARD; replaces the session's list)"
        case .amount: "the amount to pay in minor units (4999 for 49.99; replaces the session's)"
        case .currency: "the ISO 4217 currency (replaces the session's)"
        case .binService: "embedded (the shipped BIN table), off (no service: LOCAL_FALLBACK from 8 digits) or a URL answering "
            + "GET {URL}/v1/bin-data/{first 8 digits}"
        case .binTable: "a CSV BIN table to use instead of the shipped one (columns named in its header; the public binlist layout loads as it is)"
        case .binLatency: "simulated round trip of the embedded BIN service, in milliseconds"
        case .binTimeout: "give up on the BIN service after this many milliseconds (LOCAL_FALLBACK)"
        case .debounce: "wait this long after the last keystroke before a BIN lookup, in milliseconds"
        case .expiry: "the expiry date to validate (MM/YY, MM/YYYY or MMYY)"
        case .cvv: "the security code to validate"
        case .name: "the cardholder name to validate"
        case .dataDir: "where the SQLite database (ledger, simulated Nol backend) and saved settings live"
        case .noColor: "no colours (so does the NO_COLOR variable)"
        case .lang: "the language the screens speak: English, French or Arabic (Arabic needs a UTF-8 terminal); "
            + "else the one saved in Settings, else LC_ALL, LC_MESSAGES or LANG, else English"
        case .noMouse: "leave the mouse to the terminal (its own text selection) instead of clicks and the wheel"
        case .plain: "ask one thing at a time in plain lines (screen readers, serial consoles, pipes); also when TERM is dumb or "
            + "unknown, or CHECKOUT_PLAIN=1 or ACCESSIBLE=1 is set"
        case .readTimeout: "how long the simulated reader waits for a tap after a scan starts"
        case .otp: "every simulated SMS carries CODE (6 digits), so a script can type it"
        case .json: "JSON Lines, one object per payment, instead of a table"
        case .limit: "at most N payments"
        case .since: "payments made at or after DATE, UTC: 2025-11-29 or 2025-11-29T17:53:36Z"
        case .status: "only AUTHORIZED, DECLINED, FAILED or PENDING payments"
        case .oldestFirst: "oldest first instead of newest first"
        case .script: "play your own script (the format is in Resources/demo/cobadge.demo)"
        case .check: "play headless at full speed; exit 1 when a step's expectation fails"
        case .record: "write what the terminal shows as an asciicast v2 file (asciinema play FILE.cast)"
        case .speed: "start at " + DemoDriver.speeds.map(Self.number).joined(separator: ", ") + " times a person's pace"
        }
    }

    /// The default, as the program takes it when the option is not given, in words; `nil` when
    /// leaving the option out means its absence (no session file, no limit).
    func defaultValue(in command: CommandSpec) -> String? {
        switch self {
        case .session: return "Resources/data/session.json"
        case .amount:
            if command == .nolEvents { return "\(NolFare.amount) (\(MoneyText.format(minorUnits: NolFare.amount, currency: NolFare.currency)))" }
            return (try? Bundled.sessionDefaults()).map { "the session's, \($0.amount) (\(MoneyText.format(minorUnits: $0.amount, currency: $0.currency)))" }
        case .currency:
            if command == .nolEvents { return NolFare.currency }
            return (try? Bundled.sessionDefaults()).map { "the session's, \($0.currency)" }
        case .binService: return "embedded"
        case .binLatency: return String(CheckoutSettings().binLatencyMilliseconds)
        case .binTimeout: return String(Self.milliseconds(EngineConfiguration().binLookupTimeout))
        case .debounce: return String(Self.milliseconds(EngineConfiguration().debounce))
        case .dataDir: return "$XDG_DATA_HOME/checkout, else ~/.local/share/checkout"
        case .readTimeout: return String(SimulatedTransit.Rules().readTimeout.components.seconds)
        case .speed: return "1"
        default: return nil
        }
    }

    /// Checks `value` (empty for an option that takes none) and keeps it in `options`.
    func apply(_ value: String, to options: inout CommandLineOptions) throws(UsageError) {
        switch self {
        case .allowed:
            do { options.allowed = try ClientSession.parseNetworkList(value) } catch { throw UsageError("--allowed: \(error)") }
        case .binService:
            switch value.lowercased() {
            case "embedded": options.binService = .embedded
            case "off": options.binService = .off
            default:
                guard case .success(let url) = BinServiceURL.parse(value) else {
                    throw UsageError("--bin-service must be embedded, off or an http(s) URL, not \"\(value)\"")
                }
                options.binService = .url(url)
            }
        case .binTable: options.binTablePath = value
        case .session: options.sessionPath = value
        case .binLatency: options.binLatency = .milliseconds(try milliseconds(value))
        case .binTimeout: options.binTimeout = .milliseconds(try milliseconds(value))
        case .debounce: options.debounce = .milliseconds(try milliseconds(value))
        case .expiry: options.expiry = value
        case .cvv: options.cvv = value
        case .name: options.name = value
        case .amount:
            guard let minor = Int(value), (1...ClientSession.maximumAmount).contains(minor) else {
                throw UsageError("--amount must be a whole number of minor units from 1 to \(ClientSession.maximumAmount) "
                                 + "(4999 for 49.99), not \"\(DiagnosticText.quoted(value))\"")
            }
            options.amount = minor
        case .currency:
            guard value.count == 3, value.allSatisfy({ $0.isASCII && $0.isLetter }), ISO4217.isCurrency(value) else {
                throw UsageError("--currency must be an ISO 4217 currency code such as EUR, USD or JPY, not \"\(DiagnosticText.quoted(value))\"")
            }
            options.currency = value.uppercased()
        case .dataDir:
            // An empty value would silently be the default data directory, the real ledger.
            guard !value.isEmpty else { throw UsageError("--data-dir needs a directory, not an empty value") }
            options.dataDirectory = value
        case .noColor: options.noColor = true
        case .noMouse: options.noMouse = true
        case .lang:
            guard let language = Language(code: value) else {
                throw UsageError("--lang must be en, fr or ar, not \"\(DiagnosticText.quoted(value))\"")
            }
            options.language = language
        case .plain: options.plain = true
        case .readTimeout:
            // Checked before converting, so "inf" or "1e300" cannot trap the conversion.
            guard let seconds = Double(value), seconds.isFinite, seconds > 0, seconds <= 3600 else {
                throw UsageError("--read-timeout must be a number of seconds (above 0, at most 3600), not \"\(value)\"")
            }
            options.readTimeout = .milliseconds(Int((seconds * 1000).rounded(.up)))
        case .otp: options.otp = value
        case .clientToken: options.clientToken = value
        case .json: options.json = true
        case .limit:
            guard let limit = Int(value), limit >= 1 else { throw UsageError("--limit must be a whole number, at least 1, not \"\(value)\"") }
            options.query.limit = limit
        case .since:
            guard let since = LedgerTime.parse(value) else {
                throw UsageError("--since must be a UTC date such as 2025-11-29 or 2025-11-29T17:53:36Z, not \"\(value)\"")
            }
            options.query.since = since
        case .status:
            let status = value.uppercased()
            guard ["AUTHORIZED", "DECLINED", "FAILED", "PENDING"].contains(status) else {
                throw UsageError("--status must be AUTHORIZED, DECLINED, FAILED or PENDING, not \"\(value)\"")
            }
            options.query.status = status
        case .oldestFirst: options.query.newestFirst = false
        case .script: options.scriptPath = value
        case .check: options.check = true
        case .record: options.recordPath = value
        case .speed:
            guard let number = Double(value), DemoDriver.speeds.contains(number) else {
                throw UsageError("--speed takes one of " + DemoDriver.speeds.map(Self.number).joined(separator: ", "))
            }
            options.speed = number
        }
    }

    private func milliseconds(_ value: String) throws(UsageError) -> Int {
        guard let number = Int(value), number >= 0, number <= 3_600_000 else {
            throw UsageError("--\(rawValue) must be a number of milliseconds (0 to 3600000), not \"\(value)\"")
        }
        return number
    }

    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }

    /// `1`, `1.5`: a number as a person writes it.
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// A `checkout` command as its help and its parser see it: the words that name it, what follows
/// its options, what it does, and the options it takes, in the order its help lists them.
struct CommandSpec: Sendable, Equatable {
    /// The words after `checkout` (none for the terminal UI).
    var words: [String]
    /// What follows the options in its usage (`NUMBER... | -`).
    var arguments: String
    /// One line for `checkout --help`.
    var summary: String
    /// What its own `--help` says after the usage and before the options.
    var description: String
    var options: [CommandOption]

    static func == (lhs: CommandSpec, rhs: CommandSpec) -> Bool { lhs.words == rhs.words }

    /// `checkout detect`, or `checkout` for the terminal UI.
    var title: String { (["checkout"] + words).joined(separator: " ") }

    /// How a message about this command starts.
    var prefix: String { title }

    /// What a usage error of the command ends with: its usage when that is one line, else where
    /// its help is.
    var hint: String { usage.contains("\n") ? "see \(title) --help" : usage }

    /// The usage line: the command, each option with its placeholder, the arguments, wrapped.
    var usage: String {
        let parts = options.map { option in "[--\(option.rawValue)" + (option.placeholder.map { " " + $0 } ?? "") + "]" }
            + (arguments.isEmpty ? [] : [arguments])
        return Self.wrap(parts, first: "usage: \(title) ", width: 120)
    }

    /// `--help` of the command: its usage, what it does, each option with its default.
    var help: String {
        var lines = [usage]
        if !description.isEmpty { lines += ["", description] }
        if !options.isEmpty {
            lines += ["", "options:"] + Self.optionLines(options, in: self)
        }
        return lines.joined(separator: "\n")
    }

    /// The options as the help lists them: name and placeholder, then what it does and, kept on
    /// one line, its default (or `text` instead of the help, and `tail` instead of the default).
    static func optionLines(_ options: [CommandOption], in command: CommandSpec, text given: String? = nil, tail: String? = nil) -> [String] {
        let column = 26
        return options.flatMap { option -> [String] in
            let name = "  --\(option.rawValue)" + (option.placeholder.map { " " + $0 } ?? "")
            let last = tail ?? option.defaultValue(in: command).map { "(default: \($0))" }
            let words = (given ?? option.help).split(separator: " ").map(String.init) + (last.map { [$0] } ?? [])
            let indent = String(repeating: " ", count: column)
            let first = name.count < column - 1 ? name + String(repeating: " ", count: column - name.count) : name + "\n" + indent
            return [wrap(words, first: first, width: 110, indent: indent)]
        }
    }

    /// `parts` joined by spaces after `first`, in lines of at most `width` columns, later lines indented.
    static func wrap(_ parts: [String], first: String, width: Int, indent: String? = nil) -> String {
        let indent = indent ?? String(repeating: " ", count: first.split(separator: "\n").last.map(\.count) ?? 0)
        var text = first
        var line = first.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? first
        var lineHasPart = false
        for part in parts {
            if lineHasPart, line.count + 1 + part.count > width {
                text += "\n" + indent
                line = indent
                lineHasPart = false
            }
            let piece = (lineHasPart ? " " : "") + part
            text += piece
            line += piece
            lineHasPart = true
        }
        return text
    }
}

extension CommandSpec {
    static let tui = CommandSpec(
        words: [], arguments: "[pay | settings | nol link|cards|pay|unlink]",
        summary: "the terminal UI: the home menu, or one screen",
        description: """
            The terminal UI: the home menu, or the screen the words name. Settings changes some of the options below for the \
            next card and saves them in the data directory; options given here override the saved ones, for this run.
            TERM dumb or unknown (or --plain, CHECKOUT_PLAIN=1, ACCESSIBLE=1) asks the same screens one question at a time in plain lines.
            """,
        options: CommandOption.binOptions + [.debounce, .dataDir, .noColor, .noMouse, .lang, .plain])

    static let detect = CommandSpec(
        words: ["detect"], arguments: "NUMBER... | -",
        summary: "card numbers detected and validated, one JSON object a number",
        description: """
            Prints one JSON object per number:
            {"cardNumber","source","detectedCardNetworks","selectableCardNetworks","autoSelectedCardNetwork",
             "amountDue","binData","validation"}; network items carry their session surcharge when above 0.
            Under 8 digits the networks come from local rules (LOCAL); from 8 digits the BIN service is asked
            (REMOTE, or LOCAL_FALLBACK when it fails, times out or knows nothing of the BIN).

            With -, each line of standard input is a card number, or a JSON object (a line starting with {):
              {"cardNumber":"…","expiryDate":"…","cvv":"…","cardholderName":"…"}
            Fields left out take --expiry, --cvv and --name. The output echoes cardNumber as given.

            Numbers given as arguments, and --cvv, --expiry and --name, can be read by every user of this
            machine (ps, /proc) while checkout runs; standard input cannot. Examples:
              printf '%s\\n' '{"cardNumber":"4000 0025 0000 1001","expiryDate":"12/30","cvv":"123","cardholderName":"Jane Doe"}' | checkout detect -
              checkout detect - < numbers.txt
            """,
        options: CommandOption.binOptions + CommandOption.cardFields)

    static let events = CommandSpec(
        words: ["events"], arguments: "< script.jsonl",
        summary: "the headless RawDataManager over JSON Lines",
        description: """
            The headless RawDataManager: JSON Lines in on standard input, its events as JSON Lines out.
            Input, one object a line:
              {"rawData":{"cardNumber":"…","expiryDate":"…","cvv":"…","cardholderName":"…","cardNetwork":null}}
                              the raw data as typed so far; fields left out take --expiry, --cvv and --name
              {"submit":{}}   pay (the sandbox processor, recorded in the ledger under --data-dir; Primer with a token);
                              {"submit":{"idempotencyKey":"…"}} gives the payment the merchant's key
              {"sleep":MS}    pause the reader, as a person between keys
            Output, one object per event, in the engine's order: dataIsValid, willFetchMetadata,
            didReceiveMetadata, didReceiveBinData, willUpdateClientSession, didUpdateClientSession,
            clientSessionUpdateFailed (a session with surcharges, Docs/primer.md), checkoutCompleted,
            checkoutFailed. A line that is none of these is named on stderr (never quoted) and skipped. At the
            end of input a pending debounce fires at once and work in flight finishes before the exit.
            A payment the ledger could not record yet (locked, a full disk) is still checkoutCompleted, with
            "notRecorded" saying why; its row is written once the ledger can take it. A submit while a payment
            is in flight is checkoutFailed "payment-in-progress".
            """,
        options: CommandOption.binOptions + [.debounce, .dataDir] + CommandOption.cardFields)

    static let nolEvents = CommandSpec(
        words: ["nol", "events"], arguments: "< script.jsonl",
        summary: "the Nol Pay components over JSON Lines",
        description: """
            The Nol Pay components over JSON Lines; the simulated backend lives under --data-dir, so a link made in one run is there in the next.
            Input, one JSON object a line:
              {"start":"link"|"linkedCards"|"pay"|"unlink"}
              {"tap":"CARD_NUMBER"}            hold a card to the simulated reader (scans it when linking)
              {"collect":{"mobileNumber":"…"}} {"collect":{"otpCode":"…"}} {"collect":{"cardNumber":"…","mobileNumber":"…"}}
              {"submit":{}}  {"resend":{}}  {"readerFault":"readError"|"noResponse"}
            """,
        options: [.dataDir, .amount, .currency, .readTimeout, .otp])

    static let payments = CommandSpec(
        words: ["payments"], arguments: "",
        summary: "the payment ledger, newest first",
        description: "Lists the payment ledger, newest first: a table, or with --json one object per payment.",
        options: [.dataDir, .json, .limit, .since, .status, .oldestFirst])

    static let demo = CommandSpec(
        words: ["demo"], arguments: "[cobadge|eftpos|fallback|nol|tour]",
        summary: "a narrated walkthrough played by an autopilot through the real screens",
        description: """
              cobadge    a co-badged card (Cartes Bancaires + Visa): local rules, the BIN lookup at the 8th digit,
                         the debounce, the chooser, a surcharge on Visa and why the cardholder chooses,
                         paying with Cartes Bancaires
              eftpos     an eftpos + Mastercard card: the network selected by routing, no chooser
              fallback   a slow BIN service: LOCAL_FALLBACK, and paying without waiting for it
              nol        linking a Nol card (scan, phone, SMS code, one wrong code), listing, paying, unlinking
              tour       all of them (the default)

            keys: space pause/resume · → next caption · ← replay the caption · + - speed · esc or q leave ·
                  any other key hands you the keyboard
            Payments a demo makes go to the ledger under --data-dir when it is given (in memory otherwise);
            the Nol system a demo walks through is always a fresh one in memory, so a demo plays the same every time.
            """,
        options: [.script, .check, .record, .speed, .binService, .binTable, .dataDir, .noColor, .lang])

    static let bench = CommandSpec(
        words: ["bench"], arguments: "",
        summary: "detection and BIN-lookup figures (build with -c release)",
        description: "Prints detection and BIN-table lookup figures; with --bin-table FILE, only that table's load figures.",
        options: [.binTable])

    /// Every command, in the order `checkout --help` lists them.
    static let all: [CommandSpec] = [.tui, .detect, .events, .nolEvents, .payments, .demo, .bench]
}
