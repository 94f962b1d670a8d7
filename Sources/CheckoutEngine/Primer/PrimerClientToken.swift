import CheckoutCore
import FoundationEssentials

/// What a Primer client token says: the access token for the `Primer-Client-Token` header, where the
/// configuration is, the API bases it names, and when it expires.
///
/// A client token is a JWT; its payload is the base64url-encoded second of its three dot-separated
/// parts (research/primer-sdk.md §4). The signature is **not** checked: only Primer's servers can
/// check it, and they do on every request, so a forged or altered token gets nowhere. What is
/// checked here is what makes a token unusable before any request: its shape, an `accessToken`, an
/// http(s) `configurationUrl`, and an expiry (`expiration`, else `exp`, in seconds since 1970) that
/// has not passed.
///
///     let token = try PrimerClientToken(decoding: text, now: Date())
///     token.configurationURL   // https://api.sandbox.primer.io/client-sdk/configuration
///
/// Neither the token nor its access token ever appears in a ``PrimerFailure`` or in this value's
/// `description`.
public struct PrimerClientToken: Sendable, Equatable, CustomStringConvertible {
    /// The value of every request's `Primer-Client-Token` header.
    public var accessToken: String
    public var configurationURL: URL
    /// The token's own PCI base, used when the configuration names none.
    public var pciURL: URL?
    /// The token's own core API base, used when the configuration names none.
    public var coreURL: URL?
    /// `SANDBOX`, `PRODUCTION`… as the token says, if it does.
    public var environment: String?
    /// The token's intent: `CHECKOUT` for a client session; a required action's token says what
    /// the action is (`3DS_AUTHENTICATION`, `PROCESSOR_3DS`, `…_REDIRECTION`).
    public var intent: String?
    public var expiresAt: Date

    public init(accessToken: String, configurationURL: URL, pciURL: URL? = nil, coreURL: URL? = nil,
                environment: String? = nil, intent: String? = nil, expiresAt: Date) {
        self.accessToken = accessToken
        self.configurationURL = configurationURL
        self.pciURL = pciURL
        self.coreURL = coreURL
        self.environment = environment
        self.intent = intent
        self.expiresAt = expiresAt
    }

    /// Decodes and checks `text`, a client token as the merchant's server issued it.
    ///
    /// Surrounding blanks (a token pasted with its line end) are ignored. Throws
    /// ``PrimerFailure/malformedToken(_:)`` or ``PrimerFailure/expiredToken(_:)``.
    public init(decoding text: String, now: Date) throws(PrimerFailure) {
        let payload = try Self.payload(of: text)
        guard let accessToken = payload["accessToken"]?.stringValue, !accessToken.isEmpty else {
            throw .malformedToken("its payload has no accessToken")
        }
        // A header value cannot hold a line break; a token whose access token does could not be sent.
        guard accessToken.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            throw .malformedToken("its accessToken is not printable ASCII")
        }
        guard let configurationURL = try Self.url(payload, "configurationUrl") else {
            throw .malformedToken("its payload has no configurationUrl")
        }
        // The SDK reads `exp`, then lets `expiration` replace it when both are there.
        guard let seconds = payload["expiration"]?.doubleValue ?? payload["exp"]?.doubleValue, seconds.isFinite else {
            throw .malformedToken("its payload has no expiry (exp or expiration)")
        }
        // Seconds since 1970, up to the end of year 9999: -1e308 would read "expired at -4712…".
        guard (0...253_402_300_799).contains(seconds) else {
            throw .malformedToken("its expiry (exp or expiration) is not a time: seconds since 1970, at most the year 9999")
        }
        let expiresAt = Date(timeIntervalSince1970: seconds)
        guard expiresAt > now else { throw .expiredToken(expiresAt) }
        self.init(accessToken: accessToken, configurationURL: configurationURL, pciURL: try Self.url(payload, "pciUrl"),
                  coreURL: try Self.url(payload, "coreUrl"), environment: payload["env"]?.stringValue,
                  intent: payload["intent"]?.stringValue, expiresAt: expiresAt)
    }

    /// The JSON payload of a JWT: the second part, base64url-decoded (padding optional), which
    /// must be a JSON object. The signature is not checked.
    public static func payload(of jwt: String) throws(PrimerFailure) -> JSONValue {
        let parts = jwt.trimmingWhitespaceAndNewlines().split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw .malformedToken("it is not a JWT (three parts separated by dots; this has \(parts.count))")
        }
        guard let data = base64URLDecoded(parts[1]) else {
            throw .malformedToken("its payload (the second part) is not base64url")
        }
        guard let payload = try? JSONValue(parsing: String(decoding: data, as: UTF8.self)), payload.objectValue != nil else {
            throw .malformedToken("its payload is not a JSON object")
        }
        return payload
    }

    /// `text` decoded from base64url (RFC 4648 §5), with or without `=` padding; nil when it is not that.
    static func base64URLDecoded(_ text: Substring) -> Data? {
        guard !text.isEmpty, text.utf8.allSatisfy({ byte in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "=")
        }) else { return nil }
        var standard = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 }))
        standard = String(standard.prefix { $0 != "=" })
        if standard.count % 4 != 0 { standard += String(repeating: "=", count: 4 - standard.count % 4) }
        return Data(base64Encoded: standard)
    }

    /// The http(s) URL at `key`; nil when absent or null; an error naming the key (never its
    /// value) when it is something else.
    static func url(_ object: JSONValue, _ key: String) throws(PrimerFailure) -> URL? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let text = value.stringValue, let url = PrimerAPI.httpURL(text) else {
            throw .malformedToken("its \(key) is not an http(s) URL")
        }
        return url
    }

    /// Says what the token is for and until when, never the token itself.
    public var description: String {
        "Primer client token (\(environment ?? "no env"), intent \(intent ?? "none"), expires \(expiresAt.formatted(.iso8601)))"
    }
}
