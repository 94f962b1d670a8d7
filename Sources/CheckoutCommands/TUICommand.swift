import CheckoutCore
import CheckoutEngine
import CheckoutPlain
import CheckoutStore
import CheckoutApp
import CheckoutTUI
import FoundationEssentials
import NolPay
import Synchronization

/// The terminal UI: `checkout [pay | settings | nol link|cards|pay|unlink] [options]`.
///
/// Options are the card-entry ones (`--allowed`, `--bin-service`, `--bin-table`, `--bin-latency`,
/// `--bin-timeout`, `--debounce`, `--amount`, `--currency`, `--data-dir`) plus `--no-color`
/// (`NO_COLOR` works too) and `--no-mouse`. The settings screen changes some of them for the next card; the engine is
/// rebuilt from them each time.
enum TUICommand {
    /// `drive`: the same options and settings for `checkout drive`'s JSON Lines (``DriveCommand``).
    @MainActor
    static func run(_ arguments: [String], drive: Bool = false) async -> Int32 {
        let options: CommandLineOptions
        switch await prepare(arguments, command: drive ? .drive : .tui) {
        case nil:
            FileHandleOutput.error("checkout: not connected to Primer: cancelled")
            return 1
        case .success(let parsed)?: options = parsed
        case .failure(let error)?:
            FileHandleOutput.error(error.message)
            return 2
        }
        if options.wantsHelp {
            FileHandleOutput.line(drive ? CommandSpec.drive.help(.speaking(options.language)) : HelpText.usage(.speaking(options.language)))
            return 0
        }
        guard let route = Route(arguments: options.positionals) else {
            return options.usageError("unknown command \(options.positionals.joined(separator: " "))")
        }
        let catalogue: NetworkCatalogue
        var defaults: CheckoutSettings
        do {
            catalogue = try options.makeCatalogue()
            let session = try options.makeSession()
            // A --bin-table file or a URL is checked before the screen opens; the embedded table is
            // part of the installation and loads with the first engine, after the first frame.
            if options.binService != .embedded || options.binTablePath != nil { _ = try options.makeBinService() }
            // The session is kept whole: its surcharges and merchant name are what the card form shows and pays.
            defaults = CheckoutSettings(
                session: session,
                binSource: binSource(options),
                binLatencyMilliseconds: CommandOption.milliseconds(options.binLatency),
                debounceMilliseconds: CommandOption.milliseconds(options.debounce ?? EngineConfiguration().debounce),
                binTimeoutMilliseconds: CommandOption.milliseconds(options.binTimeout),
                mouse: !options.noMouse)
            defaults.language = Language.choose(option: options.language, setting: nil,
                                                environment: ProcessEnvironment.values(LocaleName.variables))
        } catch {
            FileHandleOutput.error(error.message)
            return 2
        }
        // Refused before anything is opened: a command that cannot run creates no data directory.
        let mode = drive ? .fullScreen : PlainMode.decide(flag: options.plain)
        if mode == .notATerminal {
            FileHandleOutput.error(PlainMode.notATerminalMessage(ScreenContext.localizer(for: defaults.language, ascii: !PlainText.localeIsUTF8()).localizer))
            return 2
        }
        // The ledger's database: opened before anything else in plain mode and for a Nol screen (the
        // first thing either does may read it) and for drive (no frame to put first), else once the first
        // frame is up, which reads none of it.
        let ledger = LedgerOpening(options)
        if drive || mode != .fullScreen || route.readsLedgerFirst {
            if let problem = ledger.open() {
                FileHandleOutput.error(problem)
                return 2
            }
        }
        let makeEngine = EngineRecipe(catalogue: catalogue, paymentService: ledger.payments,
                                      primer: options.primer, clientSessionService: options.makeClientSessionService()).factory
        var (settings, note) = savedSettings(over: defaults, options: options, makeEngine: makeEngine)
        if let problem = ScreenContext.localizer(for: settings.language, ascii: !PlainText.localeIsUTF8()).problem {
            FileHandleOutput.error("checkout: " + problem)
            settings.language = .english
            note = note ?? StatusNote(problem, tone: .problem)
        }
        let storage = SettingsStorage.saving(in: DataDirectory.resolve(options.dataDirectory), defaults: defaults, note: note)
        if drive {
            guard let opened = ledger.ledger else { return 2 }
            let status = await DriveCommand.run(route: route, settings: settings, catalogue: catalogue, ledger: opened, storage: storage,
                                                options: options)
            opened.closeBeforeExit("checkout")
            return status
        }
        // Plain mode (issue 13): the same engine factory, ledger and Nol backend, one line at a time.
        switch mode {
        case .plain:
            guard let opened = ledger.ledger else { return 2 }
            let plain = PlainFrontEnd(catalogue: catalogue, settings: settings, makeEngine: makeEngine, database: opened.database,
                                      storage: storage, ledger: opened)
            let status = await plain.runOnStandardStreams(route: route)
            opened.closeBeforeExit("checkout")
            return status
        case .notATerminal:
            FileHandleOutput.error(PlainMode.notATerminalMessage)
            return 2
        case .fullScreen:
            break
        }
        let status = await TerminalRuntime.run(route: route, settings: settings, catalogue: catalogue,
                                               registry: ledger.ledger.map(Self.registry) ?? .standard,
                                               colour: options.colorEnabled, storage: storage, makeEngine: makeEngine) { loop in
            guard ledger.ledger == nil else { return }
            if let problem = ledger.open() { return loop.fail(problem) }
            if let opened = ledger.ledger { loop.useRegistry(Self.registry(opened)) }
        }
        ledger.ledger?.closeBeforeExit("checkout")
        return status
    }

    /// The options, parsed; a client token's configuration is fetched with the terminal saying so
    /// (it may take its whole timeout), and nil when the person cancelled that. Without a client
    /// token the options are only parsed, here on the main actor: nothing is shown, no task leaves
    /// this thread and no thread is started before the first frame.
    @MainActor
    private static func prepare(_ arguments: [String], command: CommandSpec) async -> Result<CommandLineOptions, UsageError>? {
        let token = arguments.contains { $0 == "--" + CommandOption.clientToken.rawValue || $0.hasPrefix("--" + CommandOption.clientToken.rawValue + "=") }
            || !(ProcessEnvironment.value(CommandLineOptions.clientTokenVariable) ?? "").isEmpty
        guard token else { return CommandLineOptions.parse(arguments, command: command) }
        // In the language the environment or --lang names (Settings are not read yet).
        let spoken = Language.choose(option: arguments.firstIndex(of: "--lang").flatMap { $0 + 1 < arguments.count ? Language(code: arguments[$0 + 1]) : nil },
                                     setting: nil, environment: ProcessEnvironment.values(LocaleName.variables))
        return await ConnectingIndicator.run({ ScreenContext.localizer(for: spoken, ascii: !PlainText.localeIsUTF8()).localizer.text(.connectingToPrimer) }) {
            await CommandLineOptions.prepare(arguments, command: command)
        }
    }

    /// Every screen of the terminal UI, the Nol and Payments ones over `ledger`.
    private static func registry(_ ledger: Ledger) -> ScreenRegistry {
        ScreenRegistry.standard.withNolScreens(database: ledger.database).withPaymentsScreen(ledger: ledger)
    }

    /// The settings to start with: `defaults` (the command line's and the shipped ones) with the
    /// saved ones put in, except where an option was given, and what to say about it. A saved file
    /// that cannot be read, or whose settings the engine cannot be built from (a BIN table gone
    /// since), is not used: the defaults are, and the note says why.
    static func savedSettings(over defaults: CheckoutSettings, options: CommandLineOptions,
                              makeEngine: EngineFactory) -> (CheckoutSettings, StatusNote?) {
        // As paths, not URLs: read before the first frame (see ``DataDirectory/path(_:environment:)``).
        let directory = DataDirectory.path(options.dataDirectory)
        let path = SettingsFile.path(inDirectory: directory)
        let saved: SavedSettings
        do {
            guard let data = try SettingsFile.read(inDirectory: directory, limit: SavedSettings.maximumSize) else { return (defaults, nil) }
            saved = try SavedSettings(json: String(decoding: data, as: UTF8.self))
        } catch {
            let message = "Saved settings not used (\(error)); defaults in use until Settings saves over \(path)"
            FileHandleOutput.error("checkout: warning: " + message)
            return (defaults, StatusNote(message, tone: .problem))
        }
        let overridden = overrides(options).intersection(saved.fields)
        let settings = saved.applied(to: defaults, keeping: overridden)
        do {
            _ = try makeEngine(settings)
        } catch {
            let message = "saved settings not used (\(error)): defaults in use"
            FileHandleOutput.error("checkout: warning: " + message)
            return (defaults, StatusNote(message, tone: .problem))
        }
        // The options as given (`--session`, not the `--allowed` it stands in for).
        var names: [String] = []
        for (field, given) in overridingOptions where overridden.contains(field) {
            for option in given where options.given.contains(option) && !names.contains("--" + option.rawValue) { names.append("--" + option.rawValue) }
        }
        guard !names.isEmpty else { return (settings, StatusNote("Saved settings in use (\(path))")) }
        let verb = names.count == 1 ? "overrides" : "override"
        return (settings, StatusNote("Saved settings in use; \(names.joined(separator: ", ")) \(verb) them for this run"))
    }

    /// Each saved setting and the options that take its place when given: a session (a file, a
    /// client token) brings its own accepted networks, a client token its own BIN service.
    static let overridingOptions: [(SavedSettings.Field, [CommandOption])] = [
        (.allowedNetworks, [.allowed, .session, .clientToken]), (.binSource, [.binService, .binTable, .clientToken]),
        (.binLatency, [.binLatency]), (.debounce, [.debounce]), (.mouse, [.noMouse]), (.language, [.lang]),
    ]

    /// The saved settings the options given on the command line take the place of.
    static func overrides(_ options: CommandLineOptions) -> Set<SavedSettings.Field> {
        Set(overridingOptions.filter { !options.given.isDisjoint(with: $0.1) }.map(\.0))
    }

    private static func binSource(_ options: CommandLineOptions) -> BinSource {
        switch options.binService {
        case .embedded: return options.binTablePath.map { .table(path: $0) } ?? .embedded
        case .off: return .off
        case .url(let url): return .url(url.absoluteString)
        }
    }
}

/// The ledger of one terminal-UI run, opened when first needed (``open()``), and the payment
/// service the engines are built with before it is: it hands each payment to the ledger's
/// processor (the sandbox, or Primer behind a client token) once the ledger is open.
@MainActor
final class LedgerOpening {
    private let options: CommandLineOptions
    /// The ledger, once ``open()`` opened it.
    private(set) var ledger: Ledger?
    /// What the engines pay with.
    nonisolated let payments = PaymentsAfterOpening()

    init(_ options: CommandLineOptions) {
        self.options = options
    }

    /// Opens the ledger (the data directory checked, created private when missing); the line to
    /// say on standard error when it cannot be used.
    func open() -> String? {
        do {
            let opened = try DataDirectory.open(options.dataDirectory) { try Ledger(database: $0) }
            ledger = opened
            payments.use(options.makePaymentService(ledger: opened))
            return nil
        } catch {
            return "checkout: \(error)"
        }
    }
}

/// A payment service that is the ledger's processor once the ledger is open. The loop opens it
/// before any key is read, so no payment comes before; one that did would be refused, not lost.
final class PaymentsAfterOpening: PaymentService {
    private let processor = Mutex<(any PaymentService)?>(nil)

    struct NotOpen: Error, CustomStringConvertible {
        var description: String { "the ledger is not open yet" }
    }

    func use(_ service: any PaymentService) {
        processor.withLock { $0 = service }
    }

    func pay(_ request: PaymentRequest) async throws -> Payment {
        guard let service = processor.withLock({ $0 }) else { throw NotOpen() }
        return try await service.pay(request)
    }
}

extension Route {
    /// Whether the route's first screen reads the ledger's database: the Nol screens ask the Nol
    /// backend kept there as soon as they open.
    fileprivate var readsLedgerFirst: Bool {
        switch self {
        case .nolLink, .nolCards, .nolPay, .nolUnlink: true
        case .home, .pay, .payments, .settings: false
        }
    }
}
