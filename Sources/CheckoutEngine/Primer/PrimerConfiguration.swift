import CheckoutCore
import CheckoutStore
import FoundationEssentials

/// What `checkout` takes from Primer's configuration (`GET {configurationUrl}`, research §4): the
/// API bases and the client session.
///
/// | field | use |
/// | --- | --- |
/// | `binDataUrl` | BIN lookups (``PrimerBinDataService``); absent: no BIN service |
/// | `pciUrl`, else the token's | tokenization and payments (``PrimerPaymentService``); required |
/// | `coreUrl`, else the token's | kept for the Nol Pay calls; not used by card payments |
/// | `clientSession` | the session, read by ``ClientSession/read(_:at:defaults:)`` (amount, currency, allowed networks, surcharges); required |
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
            throw .malformedAnswer(operation: Self.operation, detail: "its pciUrl is plain http to another machine: card numbers are never "
                                   + "sent in clear text (http is for a loopback test server only)")
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
///                                 paymentService: primer.paymentService(ledger: ledger))
public struct PrimerCheckout: Sendable {
    public let token: PrimerClientToken
    public let configuration: PrimerConfiguration
    public let timeouts: PrimerAPI.Timeouts
    let api: PrimerAPI

    public init(token: PrimerClientToken, configuration: PrimerConfiguration, timeouts: PrimerAPI.Timeouts = .init(),
                client: HTTPClient = HTTPClient()) {
        self.token = token
        self.configuration = configuration
        self.timeouts = timeouts
        self.api = PrimerAPI(accessToken: token.accessToken, client: client)
    }

    /// Decodes `clientToken` and fetches its configuration (`GET {configurationUrl}` with the SDK's
    /// header fields, no query). Throws the first thing that makes the token unusable.
    public static func connect(clientToken: String, sessionDefaults: ClientSession, now: Date = Date(),
                               timeouts: PrimerAPI.Timeouts = .init(), client: HTTPClient = HTTPClient()) async throws(PrimerFailure) -> PrimerCheckout {
        let token = try PrimerClientToken(decoding: clientToken, now: now)
        let api = PrimerAPI(accessToken: token.accessToken, client: client)
        let json = try await api.exchange(PrimerConfiguration.operation, api.request(token.configurationURL, timeout: timeouts.configuration))
        let configuration = try PrimerConfiguration(json: json, token: token, sessionDefaults: sessionDefaults)
        return PrimerCheckout(token: token, configuration: configuration, timeouts: timeouts, client: client)
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
}
