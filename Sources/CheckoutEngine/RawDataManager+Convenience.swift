import CheckoutCore
import CheckoutStore

extension RawDataManager {
    /// A manager for `session` in one line, with everything else the program ships: the network
    /// catalogue and the embedded BIN table (answered in-process), and the sandbox processor
    /// (``SandboxPaymentService``) recording each attempt in a ledger kept in memory, and the
    /// sandbox's client session (``SandboxClientSessionService``). Pass `binService` (an
    /// ``HTTPBinDataService``, a ``PrimerBinDataService``…), `paymentService` (a
    /// ``PrimerPaymentService``, a sandbox writing a ledger on disk…) or `clientSessionService` to
    /// replace them. Paying through Primer takes Primer's client session too
    /// (``PrimerCheckout/clientSessionService()``): Primer charges what its session holds, so its
    /// session, not the sandbox's, must be told the network.
    ///
    /// Metadata is re-announced on every edit of a number the BIN service has answered for
    /// (``EngineConfiguration/reannouncesMetadata``), so an integrator that types digit by digit
    /// sees the co-badge choice with each keystroke. For other settings (the BIN lookup timeout),
    /// use ``init(configuration:catalogue:binService:paymentService:clock:now:)``.
    ///
    ///     let session = ClientSession(orderedAllowedCardNetworks: [.visa, .cartesBancaires, .mastercard], amount: 4999, currency: "EUR")
    ///     let manager = try RawDataManager(session: session)
    ///
    /// Throws when a shipped file cannot be read (only with `CHECKOUT_RESOURCES` naming a broken
    /// folder) or SQLite cannot open the in-memory ledger.
    public init(session: ClientSession, binService: (any BinDataService)? = nil, paymentService: (any PaymentService)? = nil,
                clientSessionService: (any ClientSessionService)? = nil,
                debounce: Duration = .milliseconds(200), clock: any Clock<Duration> = ContinuousClock()) throws {
        let bins = try binService ?? TableBinDataService(table: Bundled.binTable(), clock: clock)
        let payments = try paymentService ?? SandboxPaymentService(ledger: Ledger(database: Database(path: ":memory:")))
        self.init(configuration: EngineConfiguration(session: session, debounce: debounce, reannouncesMetadata: true),
                  catalogue: try Bundled.catalogue(), binService: bins, paymentService: payments,
                  clientSessionService: clientSessionService, clock: clock)
    }
}
