import FoundationEssentials

/// One HTTP request for ``HTTPClient``: method, URL, header fields, an optional body, and the
/// limits it runs under.
///
/// `timeout` sets one deadline, counted from the moment the request is sent, that covers name
/// resolution, connecting, the headers and the whole body. `maximumBodyBytes` is the most body the
/// client reads: one byte more and the transfer is abandoned. For example:
///
/// ```swift
/// let request = HTTPRequest(url: URL(string: "http://127.0.0.1:8080/v1/bin-data/40000025")!,
///                           headers: [HTTPHeader("Accept", "application/json")],
///                           timeout: .seconds(3))
/// ```
public struct HTTPRequest: Sendable {
    /// The methods the client speaks.
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
    }

    /// The body cap when none is given: 1 MiB, far more than any JSON answer this program reads.
    public static let defaultMaximumBodyBytes = 1 << 20

    public var method: Method
    public var url: URL
    /// Sent in order, after the client's own fields (``HTTPClient`` explains which those are).
    public var headers: [HTTPHeader]
    /// Sent as is with its length; `nil` sends no body.
    public var body: Data?
    public var timeout: Duration
    public var maximumBodyBytes: Int

    public init(method: Method = .get, url: URL, headers: [HTTPHeader] = [], body: Data? = nil,
                timeout: Duration, maximumBodyBytes: Int = HTTPRequest.defaultMaximumBodyBytes) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
    }
}

/// One header field, as sent or as received.
public struct HTTPHeader: Sendable, Equatable, CustomStringConvertible {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    public var description: String { "\(name): \(value)" }
}

/// What a server answered: the status, the header fields of the final response, and the body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [HTTPHeader]
    public var body: Data

    public init(status: Int, headers: [HTTPHeader] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the first field named `name`, compared without regard to case.
    public func value(forHeader name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
