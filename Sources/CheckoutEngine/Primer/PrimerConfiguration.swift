import CheckoutCore
import CheckoutStore
import FoundationEssentials

/// What `checkout` takes from Primer's configuration (`GET {configurationUrl}?withDisplayMetadata=true`;
/// its fields are `Response.Body.Configuration` of Primer iOS SDK 2.51.1,
/// `Sources/PrimerSDK/Classes/Data Models/PrimerConfiguration.swift`): the API bases, the client
/// session and the checkout modules.
///
/// | field | use |
/// | --- | --- |
/// | `binDataUrl` | BIN lookups (``PrimerBinDataService``); absent: no BIN service (the SDK's `listCardNetworks` has no other base) |
/// | `pciUrl`, else the token's | tokenization, client-session actions and payments; required |
/// | `coreUrl`, else the token's | kept for the Nol Pay calls; not used by card payments |
/// | `clientSession` | the session, read by ``ClientSession/read(_:at:defaults:)`` (amount, currency, allowed networks, surcharges); required |
/// | `checkoutModules` | `CARD_INFORMATION` `options.cardHolderName: false`: the name is not collected (``ClientSession/collectsCardholderName``) |
/// | `paymentMethods` | when listed, must include `PAYMENT_CARD` |
public struct PrimerConfiguration: Sendable, Equatable {
    public var binDataURL: URL?
    public var pciURL: URL
    public var coreURL: URL?
    public var environment: String?
    public var session: ClientSession
    /// Unknown network ids in the client session, left out of ``session``.
    public var sessionWarnings: [SessionWarning]

    static let operation = "fetching the configuration"

    /// Reads a configuration response; `token` gives the bases the configuration leaves out, and
    /// `sessionDefaults` the amount and currency a session without them takes.
    public init(json: JSONValue, token: PrimerClientToken, sessionDefaults: ClientSession) throws(PrimerFailure) {
        func url(_ key: String) throws(PrimerFailure) -> URL? {
            guard let value = json[key], !value.isNull else { return nil }
            guard let text = value.stringValue, let url = PrimerAPI.httpURL(text) else {
                throw .malformedAnswer(operation: Self.operation, detail: "its \(key) is not an http(s) URL")
            }
            return url
        }
        guard let pciURL = try url("pciUrl") ?? token.pciURL else {
            throw .malformedAnswer(operation: Self.operation, detail: "neither it nor the client token gives a pciUrl, so nothing can be paid")
        }
        guard PrimerAPI.maySendCardData(to: pciURL) else {
            throw .malformedAnswer(operation: Self.operation, detail: .init("its pciUrl is plain http to another machine: card numbers are never "
                                   + "sent in clear text (http is for a loopback test server only)"))
        }
        guard let clientSession = json["clientSession"], clientSession.objectValue != nil else {
            throw .malformedAnswer(operation: Self.operation, detail: "it has no clientSession object")
        }
        if let methods = json["paymentMethods"]?.arrayValue, !methods.contains(where: { $0["type"]?.stringValue == "PAYMENT_CARD" }) {
            throw .malformedAnswer(operation: Self.operation, detail: "its paymentMethods have no PAYMENT_CARD: this client session takes no cards")
        }
        let read: (session: ClientSession, warnings: [SessionWarning])
        do { read = try ClientSession.read(json, defaults: sessionDefaults) } catch {
            throw .malformedAnswer(operation: Self.operation, detail: "its client session: \(error)")
        }
        self.binDataURL = try url("binDataUrl")
        self.pciURL = pciURL
        self.coreURL = try url("coreUrl") ?? token.coreURL
        self.environment = json["env"]?.stringValue
        self.session = read.session
        self.sessionWarnings = read.warnings
    }
}

/// A checkout against Primer behind one client token: the decoded token, the configuration it
/// led to, and the BIN and payment services that speak to that configuration's bases.
///
///     let primer = try await PrimerCheckout.connect(clientToken: text, sessionDefaults: defaults)
///     let engine = RawDataManager(configuration: .init(session: primer.configuration.session), catalogue: catalogue,
///                                 binService: primer.binService(timeout: .seconds(3)) ?? OfflineBinDataService(),
///                                 paymentService: primer.paymentService(ledger: ledger),
///                                 clientSessionService: primer.clientSessionService())
public struct PrimerCheckout: Sendable {
    public let token: PrimerClientToken
    public let configuration: PrimerConfiguration
    public let timeouts: PrimerAPI.Timeouts
    let api: PrimerAPI

    /// One checkout session: every request it makes carries the same `Primer-SDK-Checkout-Session-ID`.
    public var checkoutSessionID: String { api.checkoutSessionID }

    public init(token: PrimerClientToken, configuration: PrimerConfiguration, timeouts: PrimerAPI.Timeouts = .init(),
                client: HTTPClient = HTTPClient(), checkoutSessionID: String = UUID.random().uuidString) {
        self.token = token
        self.configuration = configuration
        self.timeouts = timeouts
        self.api = PrimerAPI(accessToken: token.accessToken, checkoutSessionID: checkoutSessionID, client: client)
    }

    /// Decodes `clientToken` and fetches its configuration. Throws the first thing that makes the
    /// token unusable.
    ///
    /// The fetch is the SDK's: `GET {configurationUrl}?withDisplayMetadata=true` with its header
    /// fields (`PrimerAPIConfigurationModule.swift` `setupSession` asks with `requestDisplayMetadata`
    /// true and no payment method skipped, which `PrimerConfiguration.swift`
    /// `URLParameters.Configuration.toDictionary` makes that one query item), tried again as
    /// ``PrimerRetryPolicy`` says, every attempt and wait within `timeouts.configuration`. `clock`
    /// and `jitter` (0 to 1) time the waits.
    public static func connect(clientToken: String, sessionDefaults: ClientSession, now: Date = Date(),
                               timeouts: PrimerAPI.Timeouts = .init(), client: HTTPClient = HTTPClient(),
                               retry: PrimerRetryPolicy = .sdk, clock: any Clock<Duration> = ContinuousClock(),
                               jitter: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }) async throws(PrimerFailure) -> PrimerCheckout {
        let token = try PrimerClientToken(decoding: clientToken, now: now)
        let api = PrimerAPI(accessToken: token.accessToken, client: client)
        let url = configurationRequestURL(token.configurationURL)
        let json = try await retry.run(deadline: timeouts.configuration, clock: clock, jitter: jitter) { (left) throws(PrimerFailure) in
            try await api.exchange(PrimerConfiguration.operation, api.request(url, timeout: left))
        }
        let configuration = try PrimerConfiguration(json: json, token: token, sessionDefaults: sessionDefaults)
        return PrimerCheckout(token: token, configuration: configuration, timeouts: timeouts, api: api)
    }

    private init(token: PrimerClientToken, configuration: PrimerConfiguration, timeouts: PrimerAPI.Timeouts, api: PrimerAPI) {
        self.token = token
        self.configuration = configuration
        self.timeouts = timeouts
        self.api = api
    }

    /// `configurationUrl` with `withDisplayMetadata=true` added to its query.
    static func configurationRequestURL(_ base: URL) -> URL {
        let text = base.absoluteString
        return URL(string: text + (base.query == nil ? "?" : "&") + "withDisplayMetadata=true") ?? base
    }

    /// BIN lookups at the configuration's `binDataUrl`, each within `timeout`; nil when it has none.
    public func binService(timeout: Duration) -> PrimerBinDataService? {
        configuration.binDataURL.map { PrimerBinDataService(baseURL: $0, api: api, timeout: timeout) }
    }

    /// Payments through the configuration's `pciUrl`, each attempt recorded in `ledger`.
    public func paymentService(ledger: Ledger?, now: @escaping @Sendable () -> Date = { Date() }) -> PrimerPaymentService {
        PrimerPaymentService(pciURL: configuration.pciURL, api: api, timeouts: timeouts, session: configuration.session,
                             ledger: ledger, now: now)
    }

    /// Client-session actions at the configuration's `pciUrl`, each within `timeouts.clientSession`
    /// (15 s: `PrimerAPI.swift` lists `requestPrimerConfigurationWithActions` among its 15-second endpoints).
    public func clientSessionService() -> PrimerClientSessionService {
        PrimerClientSessionService(pciURL: configuration.pciURL, api: api, timeout: timeouts.clientSession, session: configuration.session)
    }
}
