import CheckoutCore

/// How a ``RawDataManager`` behaves: the merchant's session, the debounce before a BIN lookup, and
/// how long a lookup may take before the engine falls back to local rules.
public struct EngineConfiguration: Sendable {
    public var session: ClientSession
    /// The quiet time after the last change of an 8+ digit number before its BIN is looked up.
    public var debounce: Duration
    /// How long a BIN lookup may run before the engine gives up on it (`LOCAL_FALLBACK`).
    public var binLookupTimeout: Duration

    public init(session: ClientSession = ClientSession(), debounce: Duration = .milliseconds(200),
                binLookupTimeout: Duration = .seconds(3)) {
        self.session = session
        self.debounce = debounce
        self.binLookupTimeout = binLookupTimeout
    }
}
