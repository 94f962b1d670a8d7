import CheckoutCore
import CheckoutEngine
import CheckoutPlain
import CheckoutStore
import CheckoutTUI
import Foundation

/// The terminal UI: `checkout [pay | settings | nol link|cards|pay|unlink] [options]`.
///
/// Options are the card-entry ones (`--allowed`, `--bin-service`, `--bin-table`, `--bin-latency`,
/// `--bin-timeout`, `--debounce`, `--amount`, `--currency`, `--data-dir`) plus `--no-color`
/// (`NO_COLOR` works too) and `--no-mouse`. The settings screen changes some of them for the next card; the engine is
/// rebuilt from them each time.
enum TUICommand {
    static let accepted = CommandOption.binOptions.union([.debounce, .amount, .currency, .dataDir, .noColor, .noMouse, .plain])

    @MainActor
    static func run(_ arguments: [String]) async -> Int32 {
        let options: CommandLineOptions
        switch await CommandLineOptions.prepare(arguments, command: "tui", accepting: accepted) {
        case .success(let parsed): options = parsed
        case .failure(let error):
            FileHandleOutput.error(error.message.replacingOccurrences(of: "checkout tui:", with: "checkout:"))
            return 2
        }
        if options.wantsHelp {
            FileHandleOutput.line(HelpText.usage)
            return 0
        }
        guard let route = Route(arguments: options.positionals) else {
            FileHandleOutput.error("checkout: unknown command \(options.positionals.joined(separator: " ")) (see checkout --help)")
            return 2
        }
        let catalogue: NetworkCatalogue
        let settings: CheckoutSettings
        let ledger: Ledger
        do {
            catalogue = try options.makeCatalogue()
            let session = try options.makeSession()
            _ = try options.makeBinService()
            settings = CheckoutSettings(
                allowedNetworks: session.orderedAllowedCardNetworks,
                binSource: binSource(options),
                binLatencyMilliseconds: milliseconds(options.binLatency),
                debounceMilliseconds: milliseconds(options.debounce ?? .milliseconds(200)),
                amount: session.amount, currency: session.currency, mouse: !options.noMouse)
        } catch {
            FileHandleOutput.error(error.message)
            return 2
        }
        do {
            ledger = try DataDirectory.open(options.dataDirectory) { try Ledger(database: $0) }
        } catch {
            FileHandleOutput.error("checkout: \(error)")
            return 2
        }
        let makeEngine: EngineFactory = { settings in
            do throws(UsageError) {
                return try engine(for: settings, options: options, catalogue: catalogue, ledger: ledger)
            } catch {
                // The screen names the problem; the command-name prefix is for the shell's stderr.
                throw UsageError(error.message.replacingOccurrences(of: "checkout tui: ", with: "")
                    .replacingOccurrences(of: "checkout: ", with: ""))
            }
        }
        // Plain mode (issue 13): the same engine factory, ledger and Nol backend, one line at a time.
        switch PlainMode.decide(flag: options.plain) {
        case .plain:
            let plain = PlainFrontEnd(catalogue: catalogue, settings: settings, makeEngine: makeEngine, database: ledger.database)
            return await plain.runOnStandardStreams(route: route)
        case .notATerminal:
            FileHandleOutput.error(PlainMode.notATerminalMessage)
            return 2
        case .fullScreen:
            break
        }
        return await TerminalRuntime.run(route: route, settings: settings, catalogue: catalogue,
                                         registry: ScreenRegistry.standard.withNolScreens(database: ledger.database, amount: 750),
                                         colour: options.colorEnabled, makeEngine: makeEngine)
    }

    /// A new engine for `settings`, with the command line's other options.
    private static func engine(for settings: CheckoutSettings, options: CommandLineOptions, catalogue: NetworkCatalogue,
                               ledger: Ledger) throws(UsageError) -> RawDataManager {
        var engineOptions = options
        engineOptions.allowed = settings.allowedNetworks
        engineOptions.binLatency = .milliseconds(settings.binLatencyMilliseconds)
        engineOptions.binTablePath = nil
        switch settings.binSource {
        case .embedded: engineOptions.binService = .embedded
        case .off: engineOptions.binService = .off
        case .table(let path): engineOptions.binService = .embedded; engineOptions.binTablePath = path
        case .url(let text):
            guard let url = URL(string: text), url.host != nil else { throw UsageError("checkout: BIN service URL \"\(text)\" is not valid") }
            engineOptions.binService = .url(url)
        }
        let configuration = EngineConfiguration(session: settings.session, debounce: .milliseconds(settings.debounceMilliseconds),
                                                binLookupTimeout: options.binTimeout)
        return RawDataManager(configuration: configuration, catalogue: catalogue, binService: try engineOptions.makeBinService(),
                              paymentService: options.makePaymentService(ledger: ledger))
    }

    private static func binSource(_ options: CommandLineOptions) -> BinSource {
        switch options.binService {
        case .embedded: return options.binTablePath.map { .table(path: $0) } ?? .embedded
        case .off: return .off
        case .url(let url): return .url(url.absoluteString)
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
