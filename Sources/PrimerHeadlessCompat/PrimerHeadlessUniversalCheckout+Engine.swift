import CheckoutCore
import CheckoutEngine
import CheckoutStore

// Starting without Primer: not the SDK's names, the ways in to this engine's sandbox and parts.

extension PrimerHeadlessUniversalCheckout {
    /// The equivalent of `start(withClientToken:)` without Primer: managers made from now on use
    /// the client session in the file at `path` (the format `checkout --session FILE` reads: the
    /// SDK's `clientSession`, the Client Session API's request or answer, or a whole configuration),
    /// the embedded BIN table, and the sandbox processor with an in-memory ledger.
    ///
    /// Throws a `SessionFileError` for a file that cannot be read or is not a session, and a
    /// `CheckoutError` (`invalid-client-session`) naming any network id it does not know, rather
    /// than leaving that network out unseen.
    public func start(withSessionFile path: String, settings: PrimerSettings? = nil,
                      delegate: (any PrimerHeadlessUniversalCheckoutDelegate)? = nil,
                      uiDelegate: (any PrimerHeadlessUniversalCheckoutUIDelegate)? = nil) throws -> [PrimerHeadlessUniversalCheckout.PaymentMethod]? {
        let (session, warnings) = try SessionFile.read(path: path, defaults: Bundled.sessionDefaults())
        if !warnings.isEmpty {
            throw CheckoutError(errorId: "invalid-client-session", description: "\(path): " + warnings.map(\.description).joined(separator: "; "))
        }
        let sandbox = SandboxPaymentService(ledger: try Ledger(database: Database(path: ":memory:")))
        let payments = paymentService(settings, auto: sandbox, manual: SandboxManualBackend(sandbox: sandbox))
        return begin(delegate: delegate, uiDelegate: uiDelegate, handling: settings?.paymentHandling ?? .auto) {
            try CheckoutEngine.RawDataManager(session: session, paymentService: payments)
        }
    }

    /// What the merchant's server does with a payment method token under manual payment handling
    /// (not an SDK name: for tests and demos, whose "server" is this process): creates the payment
    /// with the token, on the sandbox (`start(withSessionFile:)`) or at Primer (`POST /payments` with
    /// `paymentMethodToken`, after `start(withClientToken:)`). A payment the processor refused comes
    /// back too, with status `FAILED`; a token of no checkout in progress throws.
    ///
    ///     func primerHeadlessUniversalCheckoutDidTokenizePaymentMethod(_ data: PrimerPaymentMethodTokenData,
    ///                                                                decisionHandler: @escaping (PrimerHeadlessUniversalCheckoutResumeDecision) -> Void) {
    ///         Task {
    ///             let payment = try await PrimerHeadlessUniversalCheckout.current.createPayment(withToken: data.token!)
    ///             decisionHandler(.complete())
    ///         }
    ///     }
    public nonisolated func createPayment(withToken token: String) async throws -> PrimerCheckoutDataPayment {
        do {
            return PrimerCheckoutDataPayment(try await manualPayments.createPayment(withToken: token))
        } catch let error as CheckoutError {
            guard let payment = error.payment else { throw error }
            return PrimerCheckoutDataPayment(payment)
        }
    }

    /// Managers made from now on run on the engine `makeEngine` returns, one each: a
    /// `CheckoutEngine.RawDataManager` with the session, BIN service, processor or clock of your
    /// choice (an `HTTPBinDataService`, a `PrimerPaymentService`, a `ManualClock` in tests). Build it with
    /// `RawDataManager(session:…)` to keep the SDK's repeated metadata (``EngineConfiguration/reannouncesMetadata``).
    ///
    ///     PrimerHeadlessUniversalCheckout.current.start(withEngine: {
    ///         try CheckoutEngine.RawDataManager(session: session, binService: HTTPBinDataService(baseURL: url))
    ///     }, delegate: self)
    @discardableResult
    public func start(withEngine makeEngine: @escaping @Sendable () throws -> CheckoutEngine.RawDataManager,
                      delegate: (any PrimerHeadlessUniversalCheckoutDelegate)? = nil,
                      uiDelegate: (any PrimerHeadlessUniversalCheckoutUIDelegate)? = nil) -> [PrimerHeadlessUniversalCheckout.PaymentMethod]? {
        begin(delegate: delegate, uiDelegate: uiDelegate, makeEngine: makeEngine)
    }
}
