import CheckoutCore
import CheckoutEngine
import FoundationEssentials

/// Builds a fresh engine for a set of settings; the loop rebuilds the engine with it whenever
/// Settings saves.
public typealias EngineFactory = @Sendable (CheckoutSettings) throws -> RawDataManager

/// The one way the app's engines are made, for the terminal UI, plain mode and the demo alike:
/// the BIN service the settings name (the shipped table, a `--bin-table` file, none, an HTTP
/// service, or Primer's behind a client token), the payment service, the clock, the lookup timeout.
///
///     let recipe = EngineRecipe(catalogue: catalogue, paymentService: SandboxPaymentService(ledger: ledger))
///     let engine = try recipe.make(settings)
public struct EngineRecipe: Sendable {
    public var catalogue: NetworkCatalogue
    public var paymentService: any PaymentService
    /// The engine's time: the debounce, the BIN latency and the lookup timeout run on it.
    public var clock: any Clock<Duration>
    /// Today, for checking expiry dates.
    public var now: @Sendable () -> Date
    /// Primer behind a client token: a URL that is its `binDataUrl` is asked with Primer's header
    /// fields and endpoints.
    public var primer: PrimerCheckout?
    /// Where the session's surcharges are asked (Primer's client session behind a client token);
    /// nil: the engine answers from the session.
    public var clientSessionService: (any ClientSessionService)?

    public init(catalogue: NetworkCatalogue, paymentService: any PaymentService, clock: any Clock<Duration> = ContinuousClock(),
                primer: PrimerCheckout? = nil, clientSessionService: (any ClientSessionService)? = nil,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.catalogue = catalogue
        self.paymentService = paymentService
        self.clock = clock
        self.primer = primer
        self.clientSessionService = clientSessionService
        self.now = now
    }

    /// Why an engine could not be made: said on the screen that asked ("Not applied: …").
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// An engine for `settings`.
    public func make(_ settings: CheckoutSettings) throws(Failure) -> RawDataManager {
        let configuration = EngineConfiguration(session: settings.session, debounce: .milliseconds(settings.debounceMilliseconds),
                                                binLookupTimeout: .milliseconds(settings.binTimeoutMilliseconds))
        return RawDataManager(configuration: configuration, catalogue: catalogue, binService: try binService(for: settings),
                              paymentService: paymentService, clientSessionService: clientSessionService, clock: clock, now: now)
    }

    /// ``make(_:)`` as an ``EngineFactory``.
    public var factory: EngineFactory {
        let recipe = self
        return { settings in try recipe.make(settings) }
    }

    /// The BIN data service `settings` name.
    public func binService(for settings: CheckoutSettings) throws(Failure) -> any BinDataService {
        let timeout = Duration.milliseconds(settings.binTimeoutMilliseconds)
        switch settings.binSource {
        case .off:
            return OfflineBinDataService()
        case .embedded:
            do {
                return TableBinDataService(table: try Bundled.binTable(), latency: .milliseconds(settings.binLatencyMilliseconds), clock: clock)
            } catch {
                throw Failure("\(error)")
            }
        case .table(let path):
            let table: BinTable
            // Read a chunk at a time: a table of millions of rows is never held whole.
            do { table = try BinTable(csvFile: path) } catch let error as BinTableError {
                throw Failure("--bin-table \(path): \(error)")
            } catch let error as BinTableFileError {
                throw Failure("--bin-table \(path): cannot read it (\(error.reason))")
            } catch {
                throw Failure("--bin-table: cannot read \(path)")
            }
            return TableBinDataService(table: table, latency: .milliseconds(settings.binLatencyMilliseconds), clock: clock)
        case .url(let text):
            let url: URL
            switch BinServiceURL.parse(text) {
            case .success(let parsed): url = parsed
            case .failure(let problem): throw Failure("\(problem) (\"\(text)\")")
            }
            if let primer, url.absoluteString == primer.configuration.binDataURL?.absoluteString, let service = primer.binService(timeout: timeout) {
                return service
            }
            return HTTPBinDataService(baseURL: url, timeout: timeout)
        }
    }
}
