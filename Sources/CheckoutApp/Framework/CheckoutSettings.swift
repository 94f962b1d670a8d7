import CheckoutCore
import CheckoutEngine

/// Where the engine gets BIN answers from.
public enum BinSource: Sendable, Equatable {
    /// The table shipped in `Resources/`.
    case embedded
    /// A CSV table of the user's.
    case table(path: String)
    /// No service: every lookup falls back to local rules.
    case off
    /// An HTTP BIN data service.
    case url(String)

    /// How a screen names it in a language: `embedded`, `off` and `table …` in English (the words
    /// `--bin-service` takes), translated in the others; a URL as it is.
    public func shownLabel(_ text: Localizer) -> String {
        switch self {
        case .embedded: text.text(.binSourceEmbedded)
        case .table(let path): text.text(.binSourceTable, path)
        case .off: text.text(.binSourceOff)
        case .url: label
        }
    }

    /// How `--bin-service` names it.
    public var label: String {
        switch self {
        case .embedded: return "embedded"
        case .table(let path): return "table \(path)"
        case .off: return "off"
        case .url(let url): return url.isEmpty ? "URL (type it)" : url
        }
    }
}

/// The settings the engine is built from; the settings screen edits them and the next card uses them.
///
/// The merchant's client session (from `--session`, a client token, or the shipped defaults) is
/// kept whole, with its surcharges and merchant name; the accepted networks, the amount and the
/// currency here are applied onto it (``session``).
public struct CheckoutSettings: Sendable, Equatable {
    /// The accepted networks in order of preference; `nil` accepts every network.
    public var allowedNetworks: [CardNetwork]?
    public var binSource: BinSource
    /// Simulated round trip of the embedded BIN service, in milliseconds.
    public var binLatencyMilliseconds: Int
    public var debounceMilliseconds: Int
    /// How long the engine waits for the BIN service before it answers from local rules
    /// (`--bin-timeout`, a demo's `set bin-timeout`); not one of the settings Settings changes.
    /// Pay waits for a lookup at most this long after the debounce.
    public var binTimeoutMilliseconds: Int
    /// Amount in minor units.
    public var amount: Int
    public var currency: String
    /// Whether the terminal reports clicks and the wheel; off leaves the mouse to the terminal,
    /// whose own text selection then works (`--no-mouse`).
    public var mouse: Bool
    /// The language the screens speak (`--lang`, Settings, else the locale's; see ``Language/choose(option:setting:environment:)``).
    public var language: Language
    /// The client session as loaded: its surcharges and merchant name are the ones paid with.
    public var clientSession: ClientSession

    /// The engine's own defaults for the debounce and the lookup timeout (``EngineConfiguration``),
    /// in milliseconds: what settings start from when no option or saved setting says otherwise.
    public static let engineDefaults = (debounce: EngineConfiguration().debounce / .milliseconds(1),
                                        binTimeout: EngineConfiguration().binLookupTimeout / .milliseconds(1))

    public init(allowedNetworks: [CardNetwork]? = nil, binSource: BinSource = .embedded, binLatencyMilliseconds: Int = 0,
                debounceMilliseconds: Int = Int(engineDefaults.debounce), binTimeoutMilliseconds: Int = Int(engineDefaults.binTimeout),
                amount: Int = 4999, currency: String = "EUR", mouse: Bool = true, language: Language = .english,
                session: ClientSession = ClientSession()) {
        self.allowedNetworks = allowedNetworks
        self.binSource = binSource
        self.binLatencyMilliseconds = binLatencyMilliseconds
        self.debounceMilliseconds = debounceMilliseconds
        self.binTimeoutMilliseconds = binTimeoutMilliseconds
        self.amount = amount
        self.currency = currency
        self.mouse = mouse
        self.language = language
        clientSession = session
    }

    /// Settings from a loaded client session: its accepted networks, amount and currency, and the
    /// session kept for its surcharges and merchant name.
    public init(session: ClientSession, binSource: BinSource = .embedded, binLatencyMilliseconds: Int = 0,
                debounceMilliseconds: Int = Int(engineDefaults.debounce), binTimeoutMilliseconds: Int = Int(engineDefaults.binTimeout),
                mouse: Bool = true) {
        self.init(allowedNetworks: session.orderedAllowedCardNetworks, binSource: binSource, binLatencyMilliseconds: binLatencyMilliseconds,
                  debounceMilliseconds: debounceMilliseconds, binTimeoutMilliseconds: binTimeoutMilliseconds, amount: session.amount,
                  currency: session.currency, mouse: mouse, session: session)
    }

    /// The client session these settings describe: the loaded one with the accepted networks, the
    /// amount and the currency set here.
    public var session: ClientSession {
        var session = clientSession
        session.orderedAllowedCardNetworks = allowedNetworks
        session.amount = amount
        session.currency = currency
        return session
    }
}
