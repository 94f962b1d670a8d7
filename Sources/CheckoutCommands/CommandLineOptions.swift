import CheckoutCore
import CheckoutEngine
import CheckoutStore
import CheckoutApp
import CheckoutTUI
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

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
/// One parser serves every command: a command's ``CommandSpec`` says which options of the table it
/// takes, and it gets back values or a ``UsageError`` with a one-line message ending with where its
/// help is. Both `--option value` and `--option=value` work; `--` ends the options and `-` alone is
/// a positional argument (standard input).
///
///     switch CommandLineOptions.parse(arguments, command: .detect) {
///     case .success(let options): …
///     case .failure(let error): FileHandleOutput.error(error.message); return 2
///     }
struct CommandLineOptions: Sendable {
    var command: CommandSpec
    var allowed: [CardNetwork]?
    /// `--session FILE`: a client session in the headless SDK's shape.
    var sessionPath: String?
    var binService: BinServiceChoice = .embedded
    var binTablePath: String?
    var binLatency: Duration = .milliseconds(CheckoutSettings().binLatencyMilliseconds)
    var binTimeout: Duration = EngineConfiguration().binLookupTimeout
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
    /// `--lang`: the language the screens speak, over the saved one and the locale's.
    var language: Language?
    /// `--plain`: the line-by-line front end instead of the full-screen UI.
    var plain = false
    /// `checkout nol events`: how long the simulated reader waits for a tap.
    var readTimeout: Duration?
    /// `checkout nol events`: the code every simulated SMS carries.
    var otp: String?
    /// `checkout payments`: JSON Lines instead of a table, and which payments.
    var json = false
    var query = LedgerQuery()
    /// `checkout demo`: a script of the user's, playing it headless, recording it, its speed.
    var scriptPath: String?
    var check = false
    var recordPath: String?
    var speed = 1.0
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

    init(command: CommandSpec) { self.command = command }

    /// A usage error is one line: the command, the problem, and, for an option the command does
    /// not have or when the command's usage fits on a line, the usage or where the help is.
    static func parse(_ arguments: [String], command: CommandSpec) -> Result<CommandLineOptions, UsageError> {
        switch parseOptions(arguments, command: command) {
        case .success(let options): return .success(options)
        case .failure(let error):
            let hinted = error.message.hasPrefix("unknown option") || !command.usage.contains("\n")
            return .failure(UsageError("\(command.prefix): \(error.message)" + (hinted ? " (\(command.hint))" : "")))
        }
    }

    private static func parseOptions(_ arguments: [String], command: CommandSpec) -> Result<CommandLineOptions, UsageError> {
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
            guard let option = CommandOption(rawValue: name), command.options.contains(option) else {
                return .failure(UsageError("unknown option \(argument.split(separator: "=", maxSplits: 1).first ?? "")"))
            }
            var value = ""
            if option.takesValue {
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    // `--data-dir --json` forgot the directory: an option is never taken as a value
                    // (a value that starts with `--` is written `--data-dir=--odd`).
                    let next = value.dropFirst(2).split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
                    if value.hasPrefix("--"), value == "--" || value == "--help" || CommandOption(rawValue: next) != nil {
                        return .failure(UsageError("--\(option.rawValue) needs a value, and \(value) is an option (write --\(option.rawValue)=VALUE for a value that starts with --)"))
                    }
                    index += 1
                } else {
                    return .failure(UsageError("--\(option.rawValue) needs a value"))
                }
            } else if inlineValue != nil {
                return .failure(UsageError("--\(option.rawValue) takes no value"))
            }
            do {
                try option.apply(value, to: &options)
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

    /// ``parse(_:command:)`` for a command that needs nothing before its options are read: a usage
    /// error is written and ends the run with 2, `--help` writes the command's help and ends it with 0.
    ///
    ///     let options: CommandLineOptions
    ///     do { options = try CommandLineOptions.parseOrExit(arguments, command: .bench).get() } catch { return error.status }
    static func parseOrExit(_ arguments: [String], command: CommandSpec) -> Result<CommandLineOptions, Exit> {
        switch parse(arguments, command: command) {
        case .failure(let error):
            FileHandleOutput.error(error.message)
            return .failure(Exit(status: 2))
        case .success(let options) where options.wantsHelp:
            FileHandleOutput.line(command.help(.speaking(options.language)))
            return .failure(Exit(status: 0))
        case .success(let options):
            return .success(options)
        }
    }

    /// A usage error of the command that is not about one option (an argument too many): one line, exit 2.
    func usageError(_ message: String) -> Int32 {
        FileHandleOutput.error("\(command.prefix): \(message) (\(command.hint))")
        return 2
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
            throw UsageError("\(messagePrefix): \(error)")
        }
    }

    /// How messages about the session start: `checkout detect`, or `checkout` for the terminal UI.
    private var messagePrefix: String { command.prefix }

    private func readSessionFile(_ path: String, defaults: ClientSession) throws(UsageError) -> (ClientSession, [SessionWarning]) {
        do { return try SessionFile.read(path: path, defaults: defaults) } catch {
            throw UsageError("\(messagePrefix): --session \(path): \(error)")
        }
    }

    /// The network catalogue that ships with checkout.
    func makeCatalogue() throws(UsageError) -> NetworkCatalogue {
        do { return try Bundled.catalogue() } catch {
            throw UsageError("\(messagePrefix): \(error)")
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
                throw UsageError("\(messagePrefix): \(error)")
            }
        }
        // Read a chunk at a time: a table of millions of rows is never held whole.
        do { return try BinTable(csvFile: path) } catch let error as BinTableError {
            throw UsageError("\(messagePrefix): --bin-table \(path): \(error)")
        } catch let error as BinTableFileError {
            throw UsageError("\(messagePrefix): --bin-table \(path): cannot read it (\(error.reason))")
        } catch {
            throw UsageError("\(messagePrefix): --bin-table: cannot read \(path)")
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
    static func prepare(_ arguments: [String], command: CommandSpec,
                        environment: [String: String] = ProcessEnvironment.values([CommandLineOptions.clientTokenVariable]),
                        warn: (String) -> Void = FileHandleOutput.error) async -> Result<CommandLineOptions, UsageError> {
        var options: CommandLineOptions
        switch parse(arguments, command: command) {
        case .success(let parsed): options = parsed
        case .failure(let error): return .failure(error)
        }
        let variable = environment[clientTokenVariable].flatMap { $0.isEmpty ? nil : $0 }
        guard command.options.contains(.clientToken), !options.wantsHelp, let token = options.clientToken ?? variable else {
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
    /// that opens this ledger) or that they are lost; then closes the database.
    func closeBeforeExit(_ prefix: String) {
        defer { database.close() }
        Ledger.finishPayments(prefix)
        let waiting = pendingEntries
        let problem = waiting.isEmpty ? nil : writePending()
        // A spool refused or partly moved aside is said, naming the file (issue 35).
        for warning in takeSpoolWarnings() { FileHandleOutput.error("\(prefix): warning: \(warning)") }
        guard let problem else { return }
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

extension Ledger {
    /// On the way out (the run's end, a signal, a reader gone): ``Ledger/finishPayments(_:say:)``
    /// on standard error, once at a time.
    static func finishPayments(_ prefix: String) {
        finishing.withLock { _ in finishPayments(prefix, say: FileHandleOutput.error) }
    }

    /// One way out at a time: a signal and the end of input arriving together say it once.
    fileprivate static let finishing = Mutex(())

}

extension Ledger {
    /// The signal sources of ``finishPaymentsOnSignals(_:)``, kept for the life of the process.
    nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []

    /// For a command without a loop of its own (`checkout events`): SIGINT, SIGTERM and SIGHUP
    /// first finish a payment a processor has (``finishPayments(_:)``), then end the process as
    /// the signal would have; SIGPIPE is ignored, so a reader gone is the output's EPIPE, which
    /// finishes the payment too (``StandardOutput``).
    static func finishPaymentsOnSignals(_ prefix: String) {
        finishing.withLock { _ in installSignalSources(prefix) }
    }

    private static func installSignalSources(_ prefix: String) {
        guard signalSources.isEmpty else { return }
        // A reader gone is an EPIPE the output sees (and finishes the payment on), not a SIGPIPE
        // that ends the process where it stands.
        signal(SIGPIPE, SIG_IGN)
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                finishPayments(prefix)
                // Sent to the process (this thread may block it), then the status it would give.
                signal(number, SIG_DFL)
                kill(getpid(), number)
                usleep(100_000)
                _exit(128 + number)
            }
            source.resume()
            signalSources.append(source)
        }
    }
}
