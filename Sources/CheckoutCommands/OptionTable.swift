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

    /// The option named `rawValue` (without its dashes), or nil. Written out because the one the
    /// compiler makes for a String enum fills a dictionary of every case's name on its first call:
    /// 0.25 M of the 1.2 M instructions `checkout --version` ran (callgrind), to look up one name.
    init?(rawValue: String) {
        guard let option = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = option
    }

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
    func help(_ say: HelpWords) -> String {
        switch self {
        case .session: say(.helpOptionSession)
        case .clientToken: say(.helpOptionClientToken, CommandLineOptions.clientTokenVariable)
        case .allowed: say(.helpOptionAllowed)
        case .amount: say(.helpOptionAmount)
        case .currency: say(.helpOptionCurrency)
        case .binService: say(.helpOptionBinService)
        case .binTable: say(.helpOptionBinTable)
        case .binLatency: say(.helpOptionBinLatency)
        case .binTimeout: say(.helpOptionBinTimeout)
        case .debounce: say(.helpOptionDebounce)
        case .expiry: say(.helpOptionExpiry)
        case .cvv: say(.helpOptionCvv)
        case .name: say(.helpOptionName)
        case .dataDir: say(.helpOptionDataDir)
        case .noColor: say(.helpOptionNoColor)
        case .lang: say(.helpOptionLang)
        case .noMouse: say(.helpOptionNoMouse)
        case .plain: say(.helpOptionPlain)
        case .readTimeout: say(.helpOptionReadTimeout)
        case .otp: say(.helpOptionOtp)
        case .json: say(.helpOptionJson)
        case .limit: say(.helpOptionLimit)
        case .since: say(.helpOptionSince)
        case .status: say(.helpOptionStatus)
        case .oldestFirst: say(.helpOptionOldestFirst)
        case .script: say(.helpOptionScript)
        case .check: say(.helpOptionCheck)
        case .record: say(.helpOptionRecord)
        case .speed: say(.helpOptionSpeed, DemoDriver.speeds.map(Self.number).joined(separator: ", "))
        }
    }

    /// The default, as the program takes it when the option is not given, in words; `nil` when
    /// leaving the option out means its absence (no session file, no limit).
    func defaultValue(in command: CommandSpec, _ say: HelpWords = .english) -> String? {
        switch self {
        case .session: return "Resources/data/session.json"
        case .amount:
            if command == .nolEvents { return "\(NolFare.amount) (\(say.money(NolFare.amount, currency: NolFare.currency)))" }
            return (try? Bundled.sessionDefaults()).map { say(.helpDefaultSessions, "\($0.amount) (\(say.money($0.amount, currency: $0.currency)))") }
        case .currency:
            if command == .nolEvents { return NolFare.currency }
            return (try? Bundled.sessionDefaults()).map { say(.helpDefaultSessions, $0.currency) }
        case .binService: return "embedded"
        case .binLatency: return String(CheckoutSettings().binLatencyMilliseconds)
        case .binTimeout: return String(Self.milliseconds(EngineConfiguration().binLookupTimeout))
        case .debounce: return String(Self.milliseconds(EngineConfiguration().debounce))
        case .dataDir: return say(.helpDefaultElse, "$XDG_DATA_HOME/checkout", "~/.local/share/checkout")
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
    var summary: TextKey
    /// What its own `--help` says after the usage and before the options.
    var description: [HelpLine]
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
    var usage: String { usage(.english) }

    func usage(_ say: HelpWords) -> String {
        let parts = options.map { option in "[--\(option.rawValue)" + (option.placeholder.map { " " + $0 } ?? "") + "]" }
            + (arguments.isEmpty ? [] : [arguments])
        return Self.wrap(parts, first: say(.helpUsage) + " \(title) ", width: 120)
    }

    /// `--help` of the command: its usage, what it does, each option with its default.
    var help: String { help(.english) }

    func help(_ say: HelpWords) -> String {
        var lines = [usage(say)]
        if !description.isEmpty { lines += [""] + description.map { $0.text(say) } }
        if !options.isEmpty {
            lines += ["", say(.helpOptions)] + Self.optionLines(options, in: self, say)
        }
        return lines.joined(separator: "\n")
    }

    /// The options as the help lists them: name and placeholder, then what it does and, kept on
    /// one line, its default (or `tail` instead of the default).
    static func optionLines(_ options: [CommandOption], in command: CommandSpec, _ say: HelpWords, tail: String? = nil) -> [String] {
        let column = 26
        return options.flatMap { option -> [String] in
            let name = "  --\(option.rawValue)" + (option.placeholder.map { " " + $0 } ?? "")
            let last = tail ?? option.defaultValue(in: command, say).map { say(.helpDefault, $0) }
            let words = option.help(say).split(separator: " ").map(String.init) + (last.map { [$0] } ?? [])
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

/// A line (or a few) of a command's description.
enum HelpLine: Sendable {
    /// A sentence of the catalogues; a new line in it starts a line of the help.
    case said(TextKey, [String] = [])
    /// The same in every language: JSON, a command to copy.
    case verbatim(String)
    /// `label` (the same in every language) padded to `column`, then the sentence, its later
    /// lines indented to `column`.
    case labelled(String, column: Int, TextKey, [String] = [])
    case blank

    func text(_ say: HelpWords) -> String {
        switch self {
        case let .said(key, arguments): return say.sentence(key, arguments)
        case let .verbatim(text): return text
        case let .labelled(label, column, key, arguments):
            let indent = String(repeating: " ", count: column)
            return say.sentence(key, arguments).split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
                (index == 0 ? label + String(repeating: " ", count: max(0, column - label.count)) : indent) + line
            }.joined(separator: "\n")
        case .blank: return ""
        }
    }
}

extension CommandSpec {
    static let tui = CommandSpec(
        words: [], arguments: "[pay | settings | nol link|cards|pay|unlink]",
        summary: .helpSummaryTUI,
        description: [.said(.helpAboutTUI), .said(.helpAboutTUIPlain)],
        options: CommandOption.binOptions + [.debounce, .dataDir, .noColor, .noMouse, .lang, .plain])

    static let detect = CommandSpec(
        words: ["detect"], arguments: "NUMBER... | -",
        summary: .helpSummaryDetect,
        description: [
            .said(.helpAboutDetect),
            .verbatim(#"{"cardNumber","source","detectedCardNetworks","selectableCardNetworks","autoSelectedCardNetwork","#),
            .labelled(" ", column: 1, .helpAboutDetectSurcharge, [#""amountDue","binData","validation"}"#]),
            .said(.helpAboutDetectSources), .blank,
            .said(.helpAboutDetectInput),
            .verbatim(#"  {"cardNumber":"…","expiryDate":"…","cvv":"…","cardholderName":"…"}"#),
            .said(.helpAboutDetectFields), .blank,
            .said(.helpAboutDetectVisible),
            .verbatim(#"  printf '%s\n' '{"cardNumber":"\#(HelpWords.exampleCard)","expiryDate":"12/30","cvv":"123","cardholderName":"Jane Doe"}' | checkout detect -"#),
            .verbatim("  checkout detect - < numbers.txt"),
        ],
        options: CommandOption.binOptions + CommandOption.cardFields)

    static let events = CommandSpec(
        words: ["events"], arguments: "< script.jsonl",
        summary: .helpSummaryEvents,
        description: [
            .said(.helpAboutEvents),
            .said(.helpAboutEventsInput),
            .verbatim(#"  {"rawData":{"cardNumber":"…","expiryDate":"…","cvv":"…","cardholderName":"…","cardNetwork":null}}"#),
            .labelled("", column: 18, .helpAboutEventsRawData),
            .labelled(#"  {"submit":{}}"#, column: 18, .helpAboutEventsSubmit, [#"{"submit":{"idempotencyKey":"…"}}"#]),
            .labelled(#"  {"sleep":MS}"#, column: 18, .helpAboutEventsSleep),
            .said(.helpAboutEventsOutput),
            .said(.helpAboutEventsNotRecorded),
        ],
        options: CommandOption.binOptions + [.debounce, .dataDir] + CommandOption.cardFields)

    static let nolEvents = CommandSpec(
        words: ["nol", "events"], arguments: "< script.jsonl",
        summary: .helpSummaryNolEvents,
        description: [
            .said(.helpAboutNolEvents),
            .said(.helpAboutNolEventsInput),
            .verbatim(#"  {"start":"link"|"linkedCards"|"pay"|"unlink"}"#),
            .labelled(#"  {"tap":"CARD_NUMBER"}"#, column: 35, .helpAboutNolEventsTap),
            .verbatim(#"  {"collect":{"mobileNumber":"…"}} {"collect":{"otpCode":"…"}} {"collect":{"cardNumber":"…","mobileNumber":"…"}}"#),
            .verbatim(#"  {"submit":{}}  {"resend":{}}  {"readerFault":"readError"|"noResponse"}"#),
        ],
        options: [.dataDir, .amount, .currency, .readTimeout, .otp])

    static let payments = CommandSpec(
        words: ["payments"], arguments: "",
        summary: .helpSummaryPayments,
        description: [.said(.helpAboutPayments)],
        options: [.dataDir, .json, .limit, .since, .status, .oldestFirst])

    static let demo = CommandSpec(
        words: ["demo"], arguments: "[cobadge|eftpos|fallback|nol|tour]",
        summary: .helpSummaryDemo,
        description: [
            .labelled("  cobadge", column: 13, .helpDemoCobadge),
            .labelled("  eftpos", column: 13, .helpDemoEftpos),
            .labelled("  fallback", column: 13, .helpDemoFallback),
            .labelled("  nol", column: 13, .helpDemoNol),
            .labelled("  tour", column: 13, .helpDemoTour),
            .blank,
            .said(.helpDemoKeys),
            .said(.helpDemoLedger),
        ],
        options: [.script, .check, .record, .speed, .binService, .binTable, .dataDir, .noColor, .lang])

    static let bench = CommandSpec(
        words: ["bench"], arguments: "",
        summary: .helpSummaryBench,
        description: [.said(.helpAboutBench)],
        options: [.binTable])

    /// `checkout drive`: the terminal UI's screens and options over JSON Lines (PRODUCT.md, Docs/drive.md).
    static let drive = CommandSpec(
        words: ["drive"], arguments: "[pay | nol link|cards|pay|unlink] < script.jsonl",
        summary: .helpSummaryDrive,
        description: [
            .said(.helpAboutDrive),
            .verbatim(#"  {"type":"TEXT"}  {"paste":"TEXT"}  {"wait":"idle"}  {"size":[COLS,ROWS]}"#),
            .verbatim(#"  {"press":"tab"|"backtab"|"enter"|"esc"|"up"|"down"|"left"|"right"|"space"|"backspace"|"f1"}"#),
            .said(.helpAboutDriveExample),
        ],
        options: CommandOption.binOptions + [.debounce, .dataDir, .lang])

    /// Every command, in the order `checkout --help` lists them.
    static let all: [CommandSpec] = [.tui, .drive, .detect, .events, .nolEvents, .payments, .demo, .bench]
}
