import CheckoutCore
import CheckoutEngine
import CheckoutStore
import FoundationEssentials
import Glibc

/// An option of the `checkout` commands; each command says which ones it accepts.
enum CommandOption: String, CaseIterable, Sendable {
    case allowed = "allowed"
    case binService = "bin-service"
    case binTable = "bin-table"
    case binLatency = "bin-latency"
    case binTimeout = "bin-timeout"
    case expiry = "expiry"
    case cvv = "cvv"
    case name = "name"
    case debounce = "debounce"
    case amount = "amount"
    case currency = "currency"
    case dataDir = "data-dir"
    case noColor = "no-color"
    case noMouse = "no-mouse"
    case readTimeout = "read-timeout"
    case otp = "otp"
    case session = "session"
    case plain = "plain"
    case clientToken = "client-token"

    /// Whether the option is followed by a value (`--cvv 123` or `--cvv=123`).
    var takesValue: Bool { self != .noColor && self != .noMouse && self != .plain }

    /// The options of the card-entry commands (`detect`, `events`, the card screens): the session
    /// and what overrides it, the BIN service, and a Primer client token that replaces both.
    static let binOptions: Set<CommandOption> = [.session, .allowed, .amount, .currency, .binService, .binTable, .binLatency, .binTimeout,
                                                 .clientToken]
    static let cardFields: Set<CommandOption> = [.expiry, .cvv, .name]
}

/// Where BIN answers come from (`--bin-service embedded|off|URL`).
enum BinServiceChoice: Equatable, Sendable {
    case embedded
    case off
    case url(URL)
}

/// A mistake on the command line: one line for standard error, and exit status 2.
struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    var message: String
    var description: String { message }
    init(_ message: String) { self.message = message }
}

/// The parsed command line of one command: every shared option, the positional arguments, and
/// which options were given.
///
/// One parser serves every command: a command passes the options it accepts, and gets back values
/// or a ``UsageError`` with a one-line message. Both `--option value` and `--option=value` work;
/// `--` ends the options and `-` alone is a positional argument (standard input).
///
///     switch CommandLineOptions.parse(arguments, command: "detect", accepting: CommandOption.binOptions) {
///     case .success(let options): …
///     case .failure(let error): FileHandleOutput.error(error.message); return 2
///     }
struct CommandLineOptions: Sendable {
    var command: String
    var allowed: [CardNetwork]?
    /// `--session FILE`: a client session in the headless SDK's shape.
    var sessionPath: String?
    var binService: BinServiceChoice = .embedded
    var binTablePath: String?
    var binLatency: Duration = .zero
    var binTimeout: Duration = .milliseconds(3000)
    var expiry: String?
    var cvv: String?
    var name: String?
    var debounce: Duration?
    var amount: Int?
    var currency: String?
    var dataDirectory: String?
    var noColor = false
    /// `--no-mouse`: the terminal keeps the mouse (its own selection) instead of the UI.
    var noMouse = false
    /// `--plain`: the line-by-line front end instead of the full-screen UI.
    var plain = false
    /// `checkout nol events`: how long the simulated reader waits for a tap.
    var readTimeout: Duration?
    /// `checkout nol events`: the code every simulated SMS carries.
    var otp: String?
    /// `--client-token TOKEN`, as given; ``prepare(_:command:accepting:environment:warn:)`` also
    /// takes it from `CHECKOUT_CLIENT_TOKEN`, connects, and clears it.
    var clientToken: String?
    /// Primer behind the client token, once connected: the session, BIN lookups and payments come from it.
    var primer: PrimerCheckout?
    /// `--help` or `-h` was given.
    var wantsHelp = false
    /// The arguments that are not options, in order.
    var positionals: [String] = []
    /// The options that were given.
    var given: Set<CommandOption> = []

    init(command: String) { self.command = command }

    static func parse(_ arguments: [String], command: String, accepting accepted: Set<CommandOption>) -> Result<CommandLineOptions, UsageError> {
        var options = CommandLineOptions(command: command)
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                options.positionals.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            if argument == "--help" || argument == "-h" { options.wantsHelp = true; continue }

            let body = argument.hasPrefix("--") ? String(argument.dropFirst(2)) : ""
            let name = body.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            guard let option = CommandOption(rawValue: name), accepted.contains(option) else {
                let help = command == "tui" ? "checkout --help" : "checkout \(command) --help"
                return .failure(UsageError("checkout \(command): unknown option \(argument.split(separator: "=", maxSplits: 1).first ?? "") (see \(help))"))
            }
            var value = ""
            if option.takesValue {
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    return .failure(UsageError("checkout \(command): --\(option.rawValue) needs a value"))
                }
            } else if inlineValue != nil {
                return .failure(UsageError("checkout \(command): --\(option.rawValue) takes no value"))
            }
            do {
                try options.apply(option, value)
            } catch {
                return .failure(error)
            }
            options.given.insert(option)
        }
        return .success(options)
    }

    /// How a run ends before it starts: its exit status.
    struct Exit: Error {
        var status: Int32
    }

    /// ``parse(_:command:accepting:)`` for a command with its own `help`: a usage error is written
    /// (ending `(hint)` instead of `(see checkout COMMAND --help)` when a hint is given) and ends the
    /// run with 2, `--help` writes `help` and ends it with 0.
    ///
    ///     let options: CommandLineOptions
    ///     do { options = try CommandLineOptions.parse(arguments, command: "bench", accepting: [.binTable], help: usage).get() }
    ///     catch { return error.status }
    static func parse(_ arguments: [String], command: String, accepting accepted: Set<CommandOption>, help: String,
                      hint: String? = nil) -> Result<CommandLineOptions, Exit> {
        switch parse(arguments, command: command, accepting: accepted) {
        case .failure(let error):
            let message = hint.map { error.message.replacing("(see checkout \(command) --help)", with: "(\($0))") }
            FileHandleOutput.error(message ?? error.message)
            return .failure(Exit(status: 2))
        case .success(let options) where options.wantsHelp:
            FileHandleOutput.line(help)
            return .failure(Exit(status: 0))
        case .success(let options):
            return .success(options)
        }
    }

    /// Whether `host` (as `URL.host` gives it, IPv6 without its brackets) can name a server: a
    /// DNS name or IPv4 address (letters, digits, `-`, `.`, `_`) or an IPv6 address (hex digits,
    /// `:` and `.`). URL parsing alone lets through hosts such as `[bad` or `a b`, and
    /// FoundationEssentials and Foundation disagree on which.
    static func isHostName(_ host: String) -> Bool {
        guard !host.isEmpty else { return false }
        let name = host.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"): true
            default: false
            }
        }
        let ipv6 = host.contains(":") && host.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ":"), UInt8(ascii: "."): true
            default: false
            }
        }
        return name || ipv6
    }

    private mutating func apply(_ option: CommandOption, _ value: String) throws(UsageError) {
        switch option {
        case .allowed:
            do { allowed = try ClientSession.parseNetworkList(value) } catch {
                throw UsageError("checkout \(command): --allowed: \(error)")
            }
        case .binService:
            switch value.lowercased() {
            case "embedded": binService = .embedded
            case "off": binService = .off
            default:
                guard let url = URL(string: value), let scheme = url.scheme?.lowercased(),
                      scheme == "http" || scheme == "https", let host = url.host, Self.isHostName(host) else {
                    throw UsageError("checkout \(command): --bin-service must be embedded, off or an http(s) URL, not \"\(value)\"")
                }
                binService = .url(url)
            }
        case .binTable: binTablePath = value
        case .session: sessionPath = value
        case .binLatency: binLatency = .milliseconds(try milliseconds(option, value))
        case .binTimeout: binTimeout = .milliseconds(try milliseconds(option, value))
        case .debounce: debounce = .milliseconds(try milliseconds(option, value))
        case .expiry: expiry = value
        case .cvv: cvv = value
        case .name: name = value
        case .amount:
            guard let minor = Int(value), (1...ClientSession.maximumAmount).contains(minor) else {
                throw UsageError("checkout \(command): --amount must be a whole number of minor units from 1 to \(ClientSession.maximumAmount) "
                                 + "(4999 for 49.99), not \"\(DiagnosticText.quoted(value))\"")
            }
            amount = minor
        case .currency:
            guard value.count == 3, value.allSatisfy({ $0.isASCII && $0.isLetter }), ISO4217.isCurrency(value) else {
                throw UsageError("checkout \(command): --currency must be an ISO 4217 currency code such as EUR, USD or JPY, "
                                 + "not \"\(DiagnosticText.quoted(value))\"")
            }
            currency = value.uppercased()
        case .dataDir:
            // An empty value would silently be the default data directory, the real ledger.
            guard !value.isEmpty else { throw UsageError("checkout \(command): --data-dir needs a directory, not an empty value") }
            dataDirectory = value
        case .noColor: noColor = true
        case .noMouse: noMouse = true
        case .readTimeout:
            // Checked before converting, so "inf" or "1e300" cannot trap the conversion.
            guard let seconds = Double(value), seconds.isFinite, seconds > 0, seconds <= 3600 else {
                throw UsageError("checkout \(command): --read-timeout must be a number of seconds (above 0, at most 3600), not \"\(value)\"")
            }
            readTimeout = .milliseconds(Int((seconds * 1000).rounded(.up)))
        case .otp: otp = value
        case .plain: plain = true
        case .clientToken: clientToken = value
        }
    }

    private func milliseconds(_ option: CommandOption, _ value: String) throws(UsageError) -> Int {
        guard let number = Int(value), number >= 0, number <= 3_600_000 else {
            throw UsageError("checkout \(command): --\(option.rawValue) must be a number of milliseconds (0 to 3600000), not \"\(value)\"")
        }
        return number
    }
}

extension CommandLineOptions {
    /// Whether colour is wanted: not with `--no-color`, nor when `NO_COLOR` is set to anything.
    var colorEnabled: Bool {
        !noColor && (ProcessEnvironment.value("NO_COLOR") ?? "").isEmpty
    }

    /// The client session: `--session FILE`, else the shipped defaults (`Resources/data/session.json`),
    /// with `--allowed`, `--amount` and `--currency` applied. A session file without an amount or a
    /// currency takes the shipped ones. Unknown network ids in the file are left out and named in one
    /// warning line given to `warn`; a file that cannot be used is a ``UsageError`` saying where.
    ///
    /// With a client token the session is the configuration's `clientSession` instead (only
    /// `--allowed` applies to it: Primer charges the session's amount), and its unknown network ids
    /// are named the same way.
    func makeSession(warn: (String) -> Void = FileHandleOutput.error) throws(UsageError) -> ClientSession {
        var session: ClientSession
        if let primer {
            session = primer.configuration.session
            let warnings = primer.configuration.sessionWarnings
            if !warnings.isEmpty {
                warn("\(messagePrefix): warning: the client session of the client token: ignored "
                     + warnings.map(\.description).joined(separator: ", "))
            }
        } else {
            session = try sessionDefaults()
        }
        if let sessionPath {
            let (loaded, warnings) = try readSessionFile(sessionPath, defaults: session)
            session = loaded
            if !warnings.isEmpty {
                warn("\(messagePrefix): warning: --session \(sessionPath): ignored "
                     + warnings.map(\.description).joined(separator: ", "))
            }
        }
        if let allowed { session.orderedAllowedCardNetworks = allowed }
        if let amount { session.amount = amount }
        if let currency { session.currency = currency }
        return session
    }

    /// The shipped session defaults (`Resources/data/session.json`).
    private func sessionDefaults() throws(UsageError) -> ClientSession {
        do { return try Bundled.sessionDefaults() } catch {
            throw UsageError("checkout \(command): \(error)")
        }
    }

    /// How messages about the session start: `checkout detect`, or `checkout` for the terminal UI.
    private var messagePrefix: String { command == "tui" ? "checkout" : "checkout \(command)" }

    private func readSessionFile(_ path: String, defaults: ClientSession) throws(UsageError) -> (ClientSession, [SessionWarning]) {
        do { return try SessionFile.read(path: path, defaults: defaults) } catch {
            throw UsageError("\(messagePrefix): --session \(path): \(error)")
        }
    }

    /// The network catalogue that ships with checkout.
    func makeCatalogue() throws(UsageError) -> NetworkCatalogue {
        do { return try Bundled.catalogue() } catch {
            throw UsageError("checkout \(command): \(error)")
        }
    }

    /// The BIN data service the options ask for: the embedded table (or `--bin-table FILE`) with
    /// `--bin-latency`, none (`off`), or an HTTP service with `--bin-timeout` (Primer's, at the
    /// configuration's `binDataUrl`, with a client token).
    func makeBinService(clock: any Clock<Duration> = ContinuousClock()) throws(UsageError) -> any BinDataService {
        switch binService {
        case .off:
            return OfflineBinDataService()
        case .url(let url):
            // The client token's BIN service (``prepare`` sets it, and the settings screen shows
            // it as a URL) is asked with Primer's header fields and endpoints.
            if let primer, url.absoluteString == primer.configuration.binDataURL?.absoluteString,
               let service = primer.binService(timeout: binTimeout) {
                return service
            }
            return HTTPBinDataService(baseURL: url, timeout: binTimeout)
        case .embedded:
            return TableBinDataService(table: try makeBinTable(), latency: binLatency, clock: clock)
        }
    }

    /// The BIN table of `--bin-table FILE`, or the embedded one.
    func makeBinTable() throws(UsageError) -> BinTable {
        guard let path = binTablePath else {
            do { return try Bundled.binTable() } catch {
                throw UsageError("checkout \(command): \(error)")
            }
        }
        // Read a chunk at a time: a table of millions of rows is never held whole.
        do { return try BinTable(csvFile: path) } catch let error as BinTableError {
            throw UsageError("checkout \(command): --bin-table \(path): \(error)")
        } catch let error as BinTableFileError {
            throw UsageError("checkout \(command): --bin-table \(path): cannot read it (\(error.reason))")
        } catch {
            throw UsageError("checkout \(command): --bin-table: cannot read \(path)")
        }
    }
}

// MARK: - A Primer client token

extension CommandLineOptions {
    /// The environment variable a client token may come from instead of `--client-token`, which
    /// any user of the machine can read in `ps` while the program runs.
    static let clientTokenVariable = "CHECKOUT_CLIENT_TOKEN"

    /// ``parse(_:command:accepting:)``, then, when the command takes a client token and one is given
    /// (`--client-token TOKEN`, else a non-empty `CHECKOUT_CLIENT_TOKEN`), connects to Primer: decodes
    /// the token (its signature is not checked: Primer checks it on every request), checks its
    /// expiry and fetches its configuration, all before any output or screen.
    ///
    /// From then on the session is the configuration's, BIN lookups go to its `binDataUrl` (unless
    /// `--bin-service` or `--bin-table` says otherwise; none when it has no `binDataUrl`, with a
    /// warning) and payments to its `pciUrl`. `--session`, `--amount` and `--currency` are refused
    /// beside a token: Primer charges the client session's amount, so the terminal must show that one.
    /// A token that cannot be used is a ``UsageError`` naming the problem, never the token.
    static func prepare(_ arguments: [String], command: String, accepting accepted: Set<CommandOption>,
                        environment: [String: String] = ProcessEnvironment.values([CommandLineOptions.clientTokenVariable]),
                        warn: (String) -> Void = FileHandleOutput.error) async -> Result<CommandLineOptions, UsageError> {
        var options: CommandLineOptions
        switch parse(arguments, command: command, accepting: accepted) {
        case .success(let parsed): options = parsed
        case .failure(let error): return .failure(error)
        }
        let variable = environment[clientTokenVariable].flatMap { $0.isEmpty ? nil : $0 }
        guard accepted.contains(.clientToken), !options.wantsHelp, let token = options.clientToken ?? variable else {
            return .success(options)
        }
        let source = options.clientToken != nil ? "--client-token" : clientTokenVariable
        options.clientToken = nil
        do {
            try await options.connect(token, source: source, warn: warn)
        } catch {
            return .failure(error)
        }
        return .success(options)
    }

    private mutating func connect(_ token: String, source: String, warn: (String) -> Void) async throws(UsageError) {
        if let clash = [CommandOption.session, .amount, .currency].first(where: given.contains) {
            throw UsageError("\(messagePrefix): --\(clash.rawValue) cannot be used with a client token (\(source)): "
                             + "the session, and the amount Primer charges, come from the client token")
        }
        let primer: PrimerCheckout
        do {
            primer = try await PrimerCheckout.connect(clientToken: token, sessionDefaults: try sessionDefaults())
        } catch {
            throw UsageError("\(messagePrefix): \(source): \(error)")
        }
        self.primer = primer
        guard !given.contains(.binService), !given.contains(.binTable) else { return }
        if let binDataURL = primer.configuration.binDataURL {
            binService = .url(binDataURL)
        } else {
            binService = .off
            warn("\(messagePrefix): warning: the client token's configuration has no binDataUrl: networks come from local rules only")
        }
    }

    /// The payment processor: Primer behind the client token, else the embedded sandbox. Either
    /// records every attempt in `ledger`.
    func makePaymentService(ledger: Ledger) -> any PaymentService {
        primer?.paymentService(ledger: ledger) ?? SandboxPaymentService(ledger: ledger)
    }

    /// Where the session's surcharges are asked: Primer's client session behind the client token
    /// (client-session actions); nil for the engine's sandbox, which answers from the session.
    func makeClientSessionService() -> (any ClientSessionService)? {
        primer?.clientSessionService()
    }
}

extension Ledger {
    /// Before the program exits: writes the payments the ledger could not take when they were
    /// made, or says on standard error where they wait (the spool, written by the next checkout
    /// that opens this ledger) or that they are lost.
    func writePendingBeforeExit(_ prefix: String) {
        let waiting = pendingEntries
        guard !waiting.isEmpty, let problem = writePending() else { return }
        let ids = waiting.map(\.id).joined(separator: ", ")
        let (payments, are, they, them) = waiting.count == 1 ? ("payment", "is", "it waits", "note it") : ("payments", "are", "they wait", "note them")
        if problem.spooled, let spoolPath {
            FileHandleOutput.error("\(prefix): warning: \(payments) \(ids) \(are) not in the ledger yet (\(problem.reason)); \(they) in "
                                   + "\(spoolPath) and \(are) recorded by the next checkout that opens this ledger")
        } else {
            FileHandleOutput.error("\(prefix): \(payments) \(ids) could not be recorded in the ledger (\(problem.reason)); "
                                   + "\(them): the processor's answers stand, but the ledger will not show \(waiting.count == 1 ? "it" : "them")")
        }
    }
}
