import CheckoutCore

/// How a ``RawDataManager`` behaves: the merchant's session, the debounce before a BIN lookup, and
/// how long a lookup may take before the engine falls back to local rules.
public struct EngineConfiguration: Sendable {
    public var session: ClientSession
    /// The quiet time after the last change of an 8+ digit number before its BIN is looked up.
    public var debounce: Duration
    /// How long a BIN lookup may run before the engine gives up on it (`LOCAL_FALLBACK`).
    public var binLookupTimeout: Duration
    /// Whether an edit of the number that keeps the BIN of a BIN answer emits that answer's
    /// `didReceiveMetadata` again, about the edited number, as the headless SDK does from its cache.
    /// A digit-by-digit integrator then sees the co-badge choice with every keystroke after the
    /// answer, each time with the number it is about. Off by default: `checkout events` emits
    /// metadata only when what it says changes (`RawDataManager(session:)` turns it on).
    public var reannouncesMetadata: Bool

    public init(session: ClientSession = ClientSession(), debounce: Duration = .milliseconds(200),
                binLookupTimeout: Duration = .seconds(3), reannouncesMetadata: Bool = false) {
        self.session = session
        self.debounce = debounce
        self.binLookupTimeout = binLookupTimeout
        self.reannouncesMetadata = reannouncesMetadata
    }
}
