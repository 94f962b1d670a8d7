import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The loopback fake of Primer's client-side API (`Tests/CheckoutEngineTests/Support/fake_primer_api.py`,
/// whose header lists its access tokens, BINs and test cards), started for one test and stopped by it.
///
/// The fake is built from Primer's published shapes, each named in the script beside the shape: the
/// iOS SDK 2.51.1's models, endpoint table and test mocks, and Primer's API reference and surcharge
/// guide. It keeps a client session per access token that client-session actions change, charges
/// that session's amount, and checks every request's method, path, query, header fields and body
/// against what the SDK sends. It listens on 127.0.0.1 only and ends by itself after five minutes
/// or when the test process is gone.
///
///     let primer = try FakePrimerAPI.start()
///     defer { primer.stop() }
///     let token = primer.clientToken()                      // access token fake-ok, valid for an hour
///     …
///     #expect(primer.requests().allSatisfy(\.problems.isEmpty))
public struct FakePrimerAPI: Sendable {
    /// `http://127.0.0.1:PORT`.
    public let url: URL
    private let server: LoopbackServer

    /// One request as the fake saw it: what differs from the SDK's request (`problems`, empty when
    /// none), the header fields, and a summary of the body that never holds the card number or CVV.
    public struct Request: Sendable {
        public var method: String
        public var path: String
        /// The query, without the `?` (empty when none).
        public var query: String
        public var problems: [String]
        public var headers: [String: String]
        /// Body summary: `keys` (comma-separated), `preferredNetwork`, `expirationMonth`,
        /// `expirationYear`, `numberLength`, `last4`, `cardholderName` (yes/no) for a tokenization;
        /// `action` (`SELECT_PAYMENT_METHOD VISA`, `UNSELECT_PAYMENT_METHOD`) and the session's `total`
        /// after it for a client-session action; `paymentMethodToken`, `idempotencyKey` (the value, or
        /// `none`) and the `charged` amount for a payment.
        public var fields: [String: String]

        /// The value of header `name`, compared without regard to case.
        public func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    public static func start() throws -> FakePrimerAPI {
        let server = try LoopbackServer.start("fake_primer_api", portCount: 1)
        return FakePrimerAPI(url: server.url(), server: server)
    }

    public func stop() { server.stop() }

    /// A client token for this fake, as the merchant's server would hand it over: `accessToken`
    /// picks the configuration (see the script's header), `expiresIn` seconds from now (negative:
    /// already expired); `extra` members are added to (or replace) the payload's.
    public func clientToken(accessToken: String = "fake-ok", expiresIn: Double = 3600, extra: [String: String] = [:]) -> String {
        let base = url.absoluteString
        var payload: [String: Any] = [
            "accessToken": accessToken, "configurationUrl": base + "/client-sdk/configuration", "coreUrl": base + "/core",
            "pciUrl": base + "/jwt-pci", "env": "SANDBOX", "intent": "CHECKOUT", "paymentFlow": "DEFAULT",
            "exp": Int(Date().timeIntervalSince1970 + expiresIn),
        ]
        for (key, value) in extra { payload[key] = value }
        return Self.jwt(payload)
    }

    /// A JWT with this payload and a placeholder signature.
    public static func jwt(_ payload: [String: Any]) -> String {
        func part(_ data: Data) -> String {
            data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        let header = try! JSONSerialization.data(withJSONObject: ["alg": "RS256", "typ": "JWT"], options: [.sortedKeys])
        let body = try! JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])
        return [part(header), part(body), part(Data("not-a-signature".utf8))].joined(separator: ".")
    }

    /// The `Primer-SDK-Checkout-Session-ID` of every request so far, each once, in order of first use.
    public func checkoutSessionIDs() -> [String] {
        var seen: [String] = []
        for id in requests().compactMap({ $0.header("Primer-SDK-Checkout-Session-ID") }) where !seen.contains(id) { seen.append(id) }
        return seen
    }

    /// The client-session actions so far, as the fake summarised them (`SELECT_PAYMENT_METHOD VISA`).
    public func actions() -> [String] {
        requests().compactMap { $0.fields["action"] }
    }

    /// Every request so far, in order.
    public func requests() -> [Request] {
        server.logLines().compactMap { line in
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else { return nil }
            let fields = (object["fields"] as? [String: Any] ?? [:]).compactMapValues { value -> String? in
                (value as? String) ?? (value as? [String])?.joined(separator: ",")
            }
            return Request(method: object["method"] as? String ?? "", path: object["path"] as? String ?? "",
                           query: object["query"] as? String ?? "", problems: object["problems"] as? [String] ?? [], headers: object["headers"] as? [String: String] ?? [:],
                           fields: fields)
        }
    }
}
