import CheckoutCore
import FoundationEssentials

/// Primer's client-side API as the headless SDK speaks it: the header fields every request carries,
/// the deadlines, and one exchange that turns an answer into JSON or a ``PrimerFailure``.
///
/// Every request carries, as the SDK's endpoint table sets them (Primer iOS SDK 2.51.1,
/// `Sources/PrimerSDK/Classes/PCI/Services/API/PrimerAPI.swift`, `headers`):
/// - `Primer-Client-Token`: the client token's `accessToken`;
/// - `X-Api-Version: 2.4` (every card endpoint: configuration, BIN data, tokenization, client-session
///   actions, payments);
/// - `Primer-SDK-Version` and `Primer-SDK-Client`: ``sdkVersion`` and ``sdkClient``;
/// - `Primer-SDK-Checkout-Session-ID`: ``checkoutSessionID``, the same on every request of one checkout;
/// - `Content-Type: application/json` on a POST, none on a GET (the SDK removes it from GETs);
///
/// and goes through ``HTTPClient``, so its rules hold for every one of them: body caps, no redirect
/// followed, one deadline for the whole exchange, identity encoding only.
public struct PrimerAPI: Sendable {
    /// The API version the SDK sends for configuration, BIN data, tokenization and payments.
    public static let apiVersion = "2.4"
    /// The SDK release whose requests these are (the iOS SDK the research was read at): the
    /// backend knows the SDK's behaviour by this pair, and this program sends exactly those requests.
    public static let sdkVersion = "2.51.1"
    public static let sdkClient = "IOS_NATIVE"

    /// How long each kind of request may take: the SDK's deadlines (`PrimerAPI.swift` `timeout`:
    /// 15 s for the configuration, tokenization and client-session actions, 60 s for payments). The
    /// configuration's covers all its retries.
    public struct Timeouts: Sendable, Equatable {
        public var configuration: Duration
        public var tokenization: Duration
        public var payment: Duration
        public var clientSession: Duration

        public init(configuration: Duration = .seconds(15), tokenization: Duration = .seconds(15), payment: Duration = .seconds(60),
                    clientSession: Duration = .seconds(15)) {
            self.configuration = configuration
            self.tokenization = tokenization
            self.payment = payment
            self.clientSession = clientSession
        }
    }

    let accessToken: String
    /// One UUID per checkout session, on every request: the SDK makes it when a checkout starts
    /// (`PrimerHeadlessUniversalCheckout.swift`: `checkoutSessionId = UUID().uuidString`) and its
    /// endpoint table sends it on every endpoint (`PrimerAPI.swift`: `Primer-SDK-Checkout-Session-ID`).
    /// Here a checkout session is one ``PrimerCheckout``: one client token, connected once.
    public let checkoutSessionID: String
    let client: HTTPClient

    public init(accessToken: String, checkoutSessionID: String = UUID.random().uuidString, client: HTTPClient = HTTPClient()) {
        self.accessToken = accessToken
        self.checkoutSessionID = checkoutSessionID
        self.client = client
    }

    /// A request with the SDK's header fields; `body`, when given, is sent as JSON with a POST.
    func request(_ url: URL, body: JSONValue? = nil, headers extra: [HTTPHeader] = [], timeout: Duration) -> HTTPRequest {
        var headers = [
            HTTPHeader("Primer-Client-Token", accessToken),
            HTTPHeader("X-Api-Version", Self.apiVersion),
            HTTPHeader("Primer-SDK-Version", Self.sdkVersion),
            HTTPHeader("Primer-SDK-Client", Self.sdkClient),
            HTTPHeader("Primer-SDK-Checkout-Session-ID", checkoutSessionID),
        ]
        if body != nil { headers.append(HTTPHeader("Content-Type", "application/json")) }
        return HTTPRequest(method: body == nil ? .get : .post, url: url, headers: headers + extra,
                           body: body.map { Data($0.serialized().utf8) }, timeout: timeout)
    }

    /// Sends `request` and returns its answer, a JSON object; `operation` (such as "fetching the
    /// configuration") starts every failure's message.
    ///
    /// A status outside 2xx is ``PrimerFailure/status(operation:code:errorId:diagnosticsId:)``
    /// with the identifiers of Primer's error body (`{"error":{"errorId","diagnosticsId",…}}`)
    /// when they are safe to print; its description is never shown, since it may quote what was sent.
    func exchange(_ operation: String, _ request: HTTPRequest) async throws(PrimerFailure) -> JSONValue {
        let response = try await send(operation, request)
        let body = try? JSONValue(parsing: String(decoding: response.body, as: UTF8.self))
        guard (200..<300).contains(response.status) else {
            throw .status(operation: operation, code: response.status, errorId: Self.identifier(body?["error"]?["errorId"]?.stringValue),
                          diagnosticsId: Self.identifier(body?["error"]?["diagnosticsId"]?.stringValue))
        }
        guard let body, body.objectValue != nil else {
            throw .malformedAnswer(operation: operation, detail: "not a JSON object")
        }
        return body
    }

    /// Sends `request`, mapping the HTTP client's failures to ``PrimerFailure``s.
    func send(_ operation: String, _ request: HTTPRequest) async throws(PrimerFailure) -> HTTPResponse {
        do {
            return try await client.send(request)
        } catch let failure as HTTPClient.Failure {
            switch failure {
            case .timedOut: throw .timedOut(operation: operation, after: request.timeout)
            case let .redirected(status): throw .status(operation: operation, code: status, errorId: nil, diagnosticsId: nil)
            case .tooLarge, .encoded: throw .malformedAnswer(operation: operation, detail: .init(failure))
            case .libcurlUnavailable, .invalidRequest, .transport: throw .unreachable(operation: operation, detail: .init(failure))
            }
        } catch {
            throw .unreachable(operation: operation, detail: "cancelled")
        }
    }

    /// `text` when it is safe to print as an identifier: 1 to 64 characters of letters, digits and
    /// `.`, `_`, `:`, `-`, and no run of 12 digits or more (which could be a card number); else nil.
    public static func identifier(_ text: String?) -> String? {
        guard let text, (1...64).contains(text.utf8.count) else { return nil }
        var digitRun = 0
        for byte in text.utf8 {
            let isDigit = (0x30...0x39).contains(byte)
            guard isDigit || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-")
            else { return nil }
            digitRun = isDigit ? digitRun + 1 : 0
            if digitRun >= 12 { return nil }
        }
        return text
    }

    /// `text` as an http(s) URL with a host; nil otherwise.
    public static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else { return nil }
        return url
    }

    /// Whether card data (a number, a CVV) may be sent to `url`: over https, or over plain http to
    /// this machine only (a loopback test server: `localhost`, 127.0.0.0/8, `::1`). A configuration
    /// or token naming `http://` elsewhere would put the card in clear text on the network.
    public static func maySendCardData(to url: URL) -> Bool {
        switch url.scheme?.lowercased() {
        case "https": return true
        case "http":
            let host = (url.host ?? "").lowercased().filter { $0 != "[" && $0 != "]" }
            let parts = host.split(separator: ".", omittingEmptySubsequences: false)
            let loopbackIPv4 = parts.count == 4 && parts[0] == "127" && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) && Int(part)! <= 255
            }
            return host == "localhost" || host == "::1" || loopbackIPv4
        default: return false
        }
    }
}

extension URL {
    /// This base URL with `components` appended as path segments (`{pciUrl}/payments`), whether or
    /// not the base ends with a slash.
    func appending(segments components: String...) -> URL {
        components.reduce(self) { $0.appendingPathComponent($1) }
    }
}
