import CheckoutCore
import CheckoutEngine

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
        try Self.check(settings)
        let (session, warnings) = try SessionFile.read(path: path, defaults: Bundled.sessionDefaults())
        if !warnings.isEmpty {
            throw CheckoutError(errorId: "invalid-client-session", description: "\(path): " + warnings.map(\.description).joined(separator: "; "))
        }
        return begin(delegate: delegate, uiDelegate: uiDelegate) { try CheckoutEngine.RawDataManager(session: session) }
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
