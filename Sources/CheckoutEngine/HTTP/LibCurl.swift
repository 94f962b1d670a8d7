import CCurl
import FoundationEssentials

/// libcurl's entry points, loaded on first use, and one transfer run with them under
/// ``HTTPClient``'s rules.
final class LibCurl: @unchecked Sendable {
    // Unchecked: `api` is written once, by `load`, before the value is shared, and only read after.
    private let api: UnsafeMutablePointer<ccurl_api>

    private init(api: UnsafeMutablePointer<ccurl_api>) {
        self.api = api
    }

    /// libcurl, loaded by the first request of the process (a global is initialised once, on
    /// first use, whichever thread gets there first).
    static let shared: Result<LibCurl, HTTPClient.Failure> = load(named: "libcurl.so.4")

    /// Opens the library `name` and reads its entry points.
    static func load(named name: String) -> Result<LibCurl, HTTPClient.Failure> {
        let api = UnsafeMutablePointer<ccurl_api>.allocate(capacity: 1)
        api.initialize(to: ccurl_api())
        var error = [CChar](repeating: 0, count: 512)
        guard ccurl_load(api, name, &error, error.count) == 0 else {
            api.deallocate()
            return .failure(.libcurlUnavailable(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        return .success(LibCurl(api: api))
    }

    /// Runs `request` to its end on the calling thread.
    func perform(_ request: HTTPRequest, exchange: HTTPExchange) throws -> HTTPResponse {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw HTTPClient.Failure.invalidRequest("only http and https URLs are fetched")
        }
        let remaining = exchange.deadline - ContinuousClock.now
        guard remaining > .zero else { throw HTTPClient.Failure.timedOut }
        guard let handle = ccurl_easy_init(api) else { throw HTTPClient.Failure.transport("libcurl could not start a transfer") }
        // Cleaning up closes the connection through the close-socket callback, which uses the exchange.
        defer { withExtendedLifetime(exchange) { ccurl_easy_cleanup(api, handle) } }

        var fields: OpaquePointer?
        defer { ccurl_slist_free_all(api, fields) }
        for line in try Self.headerLines(for: request) {
            guard let appended = ccurl_slist_append(api, fields, line) else {
                throw HTTPClient.Failure.transport("libcurl could not keep the header fields")
            }
            fields = appended
        }

        let receiver = Receiver(exchange: exchange, maximumBodyBytes: request.maximumBodyBytes)
        let context = Unmanaged.passUnretained(receiver).toOpaque()
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        defer { errorBuffer.deallocate() }

        func check(_ option: CURLoption, _ code: CURLcode) throws {
            guard code == CURLE_OK else {
                throw HTTPClient.Failure.transport("libcurl refused option \(option): \(String(cString: ccurl_easy_strerror(api, code)))")
            }
        }
        func set(_ option: CURLoption, long value: Int) throws {
            try check(option, ccurl_setopt_long(api, handle, option, value))
        }
        func set(_ option: CURLoption, offset value: Int) throws {
            try check(option, ccurl_setopt_off_t(api, handle, option, curl_off_t(value)))
        }
        func set(_ option: CURLoption, pointer value: UnsafeRawPointer?) throws {
            try check(option, ccurl_setopt_pointer(api, handle, option, value))
        }
        func set(_ option: CURLoption, string value: String) throws {
            // libcurl copies the strings it is given.
            try value.withCString { try set(option, pointer: $0) }
        }
        func setProtocols(_ option: CURLoption, fallback: CURLoption) throws {
            // CURLOPT_PROTOCOLS_STR is libcurl 7.85 and later; before it, the bitmask.
            let code = "http,https".withCString { ccurl_setopt_pointer(api, handle, option, $0) }
            if code == CURLE_UNKNOWN_OPTION {
                try set(fallback, long: CURLPROTO_HTTP | CURLPROTO_HTTPS)
            } else {
                try check(option, code)
            }
        }

        try set(CURLOPT_URL, string: request.url.absoluteString)
        try setProtocols(CURLOPT_PROTOCOLS_STR, fallback: CURLOPT_PROTOCOLS)
        try setProtocols(CURLOPT_REDIR_PROTOCOLS_STR, fallback: CURLOPT_REDIR_PROTOCOLS)
        try set(CURLOPT_NOSIGNAL, long: 1)
        try set(CURLOPT_FOLLOWLOCATION, long: 0)
        try set(CURLOPT_HTTP_CONTENT_DECODING, long: 0)
        // Rounded up (libcurl counts whole milliseconds), and at least 1: 0 would mean no timeout.
        try set(CURLOPT_TIMEOUT_MS, long: max(1, Int((remaining / .milliseconds(1)).rounded(.up))))
        // Refuses a Content-Length over the cap before any body is read; the write callback
        // enforces the cap on bodies of unknown length.
        try set(CURLOPT_MAXFILESIZE_LARGE, offset: request.maximumBodyBytes)
        try set(CURLOPT_ERRORBUFFER, pointer: errorBuffer)
        try set(CURLOPT_HTTPHEADER, pointer: UnsafeRawPointer(fields))
        try check(CURLOPT_WRITEFUNCTION, ccurl_setopt_data_callback(api, handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            Unmanaged<Receiver>.fromOpaque(context!).takeUnretainedValue().receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
        })
        try set(CURLOPT_WRITEDATA, pointer: context)
        try check(CURLOPT_HEADERFUNCTION, ccurl_setopt_data_callback(api, handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            Unmanaged<Receiver>.fromOpaque(context!).takeUnretainedValue().receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
        })
        try set(CURLOPT_HEADERDATA, pointer: context)
        // The progress callback is where a cancelled call or a passed deadline stops an idle
        // transfer; libcurl calls it at least once a second.
        try set(CURLOPT_NOPROGRESS, long: 0)
        try check(CURLOPT_XFERINFOFUNCTION, ccurl_setopt_xferinfo_callback(api, handle) { context, _, _, _, _ in
            Unmanaged<Receiver>.fromOpaque(context!).takeUnretainedValue().exchange.shouldStop ? 1 : 0
        })
        try set(CURLOPT_XFERINFODATA, pointer: context)
        // The exchange knows the transfer's sockets, so cancelling shuts them down and the blocked
        // transfer ends at once instead of at its next progress callback (up to a second later):
        // superseded lookups must not pile up threads and descriptors.
        let sockets = Unmanaged.passUnretained(exchange).toOpaque()
        try check(CURLOPT_SOCKOPTFUNCTION, ccurl_setopt_sockopt_callback(api, handle) { context, socket, _ in
            Unmanaged<HTTPExchange>.fromOpaque(context!).takeUnretainedValue().opened(socket)
            return 0
        })
        try set(CURLOPT_SOCKOPTDATA, pointer: sockets)
        try check(CURLOPT_CLOSESOCKETFUNCTION, ccurl_setopt_closesocket_callback(api, handle) { context, socket in
            Unmanaged<HTTPExchange>.fromOpaque(context!).takeUnretainedValue().close(socket)
        })
        try set(CURLOPT_CLOSESOCKETDATA, pointer: sockets)
        switch request.method {
        case .get:
            try set(CURLOPT_HTTPGET, long: 1)
        case .post:
            let body = request.body ?? Data()
            try set(CURLOPT_POST, long: 1)
            try set(CURLOPT_POSTFIELDSIZE_LARGE, offset: body.count)
            // Copied by libcurl (the size must be set first).
            if body.isEmpty {
                try set(CURLOPT_COPYPOSTFIELDS, string: "")
            } else {
                try body.withUnsafeBytes { try set(CURLOPT_COPYPOSTFIELDS, pointer: $0.baseAddress) }
            }
        }

        let code = withExtendedLifetime(receiver) { ccurl_easy_perform(api, handle) }
        if exchange.cancelled { throw CancellationError() }
        if let stop = receiver.stop { throw stop }
        // A callback that saw the deadline pass stopped the transfer (libcurl's own timer ends it
        // with CURLE_OPERATION_TIMEDOUT).
        if code != CURLE_OK, ContinuousClock.now >= exchange.deadline { throw HTTPClient.Failure.timedOut }
        switch code {
        case CURLE_OK:
            var status = 0
            _ = ccurl_getinfo_long(api, handle, CURLINFO_RESPONSE_CODE, &status)
            return HTTPResponse(status: status, headers: receiver.headers, body: receiver.body)
        case CURLE_OPERATION_TIMEDOUT:
            throw HTTPClient.Failure.timedOut
        case CURLE_FILESIZE_EXCEEDED:
            throw HTTPClient.Failure.tooLarge(limit: request.maximumBodyBytes)
        default:
            let detail = errorBuffer[0] != 0 ? String(cString: errorBuffer) : String(cString: ccurl_easy_strerror(api, code))
            // libcurl's text may quote the server: keep printable ASCII only.
            throw HTTPClient.Failure.transport(String(detail.unicodeScalars.map { (0x20..<0x7F).contains($0.value) ? Character($0) : "?" }))
        }
    }

    /// The header lines sent: the caller's, then the client's own fields, which win.
    static func headerLines(for request: HTTPRequest) throws -> [String] {
        var lines: [String] = []
        for field in request.headers {
            guard !field.name.isEmpty, field.name.utf8.allSatisfy({ (0x21..<0x7F).contains($0) && $0 != UInt8(ascii: ":") }) else {
                throw HTTPClient.Failure.invalidRequest("a header name must be printable ASCII without a colon")
            }
            guard !field.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
                throw HTTPClient.Failure.invalidRequest("the value of \(field.name) has a line break")
            }
            if field.name.lowercased() == "accept-encoding" { continue }
            lines.append("\(field.name): \(field.value)")
        }
        lines.append("Accept-Encoding: identity")
        // libcurl would otherwise add `Expect: 100-continue` to larger bodies and a form Content-Type.
        lines.append("Expect:")
        if request.body != nil, !request.headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            lines.append("Content-Type:")
        }
        return lines
    }
}

/// What one transfer has received so far; used only on the transfer's thread, from libcurl's
/// callbacks. A callback that returns less than it was given makes libcurl abandon the transfer,
/// and ``stop`` says why.
private final class Receiver {
    let exchange: HTTPExchange
    let maximumBodyBytes: Int
    private(set) var body = Data()
    private(set) var headers: [HTTPHeader] = []
    private(set) var stop: HTTPClient.Failure?
    private var headerBytes = 0

    init(exchange: HTTPExchange, maximumBodyBytes: Int) {
        self.exchange = exchange
        self.maximumBodyBytes = maximumBodyBytes
    }

    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        if exchange.shouldStop { return 0 }
        guard body.count + bytes.count <= maximumBodyBytes else {
            stop = .tooLarge(limit: maximumBodyBytes)
            return 0
        }
        body.append(contentsOf: bytes)
        return bytes.count
    }

    /// Takes one header line (libcurl hands them over one by one, with their line end). A status
    /// line starts a response (there may be interim ones, such as `100 Continue`): a redirect is
    /// refused there, and an encoded body as soon as its `Content-Encoding` field arrives.
    func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Int {
        headerBytes += bytes.count
        guard headerBytes <= HTTPClient.maximumHeaderBytes else {
            stop = .tooLarge(limit: HTTPClient.maximumHeaderBytes)
            return 0
        }
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x0D || bytes[end - 1] == 0x0A { end -= 1 }
        let line = Substring(String(decoding: bytes[..<end], as: UTF8.self))
        if line.hasPrefix("HTTP/") {
            headers = []
            let fields = line.split(separator: " ", maxSplits: 2)
            let status = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
            if (300..<400).contains(status) {
                stop = .redirected(status: status)
                return 0
            }
        } else if let first = line.first, first == " " || first == "\t", !headers.isEmpty {
            headers[headers.count - 1].value += " " + String(line).trimmingWhitespace()
        } else if let colon = line.firstIndex(of: ":") {
            let field = HTTPHeader(String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingWhitespace())
            if field.name.lowercased() == "content-encoding", field.value.lowercased() != "identity" {
                stop = .encoded(field.value)
                return 0
            }
            headers.append(field)
        }
        return bytes.count
    }
}
