import FoundationEssentials

/// The address of an HTTP BIN data service (`--bin-service URL`, Settings' URL, `settings.json`),
/// checked one way wherever one is taken: `http://` or `https://`, then a host that can name a
/// server.
///
///     BinServiceURL.parse("https://bins.example/v1")  // .success(https://bins.example/v1)
///     BinServiceURL.parse("ftp://bins.example")       // .failure(.scheme)
public enum BinServiceURL {
    /// Why text is not a BIN service URL, said so a person can fix it.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case empty
        case scheme
        /// No host, or one that cannot name a server, after this scheme (`http://`).
        case host(scheme: String)

        public var description: String {
            switch self {
            case .empty: "Type the BIN service URL first (http://host/…), or choose another source"
            case .scheme: "The BIN service URL must start with http:// or https://"
            case .host(let scheme): "The BIN service URL needs a host name after \(scheme)"
            }
        }
    }

    public static func parse(_ text: String) -> Result<URL, Problem> {
        if text.isEmpty { return .failure(.empty) }
        let lowered = text.lowercased()
        guard let scheme = ["http://", "https://"].first(where: { lowered.hasPrefix($0) }) else { return .failure(.scheme) }
        guard let url = URL(string: text), let host = url.host, isHostName(host) else { return .failure(.host(scheme: scheme)) }
        return .success(url)
    }

    /// Whether `host` (as `URL.host` gives it, IPv6 without its brackets) can name a server: a
    /// DNS name or IPv4 address (letters, digits, `-`, `.`, `_`) or an IPv6 address (hex digits,
    /// `:` and `.`). URL parsing alone lets through hosts such as `[bad` or `a b`, and
    /// FoundationEssentials and Foundation disagree on which.
    public static func isHostName(_ host: String) -> Bool {
        guard !host.isEmpty else { return false }
        let name = host.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"): true
            default: false
            }
        }
        let ipv6 = host.contains(":") && host.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ":"), UInt8(ascii: "."): true
            default: false
            }
        }
        return name || ipv6
    }
}
