import Dispatch
import FoundationEssentials
import Synchronization

/// Sends HTTP requests that a hostile or broken server cannot push around.
///
/// Every request, whatever its caller, runs under the same rules:
/// - the body is read as a stream and the transfer is abandoned the moment it passes
///   ``HTTPRequest/maximumBodyBytes`` (a `Content-Length` over it is refused before any body is
///   read), and the header fields may not pass 64 KiB;
/// - `Accept-Encoding: identity` is sent and nothing is decoded: a response with another
///   `Content-Encoding` is refused rather than inflated;
/// - no redirect is followed: a 3xx status is a failure (``Failure/redirected(status:)``);
/// - one deadline, ``HTTPRequest/timeout`` after ``send(_:)`` is called, covers name resolution,
///   connecting, the headers and the body;
/// - only `http` and `https` URLs are fetched, and no signal is used for timing;
/// - cancelling the calling task ends the call at once (the transfer is abandoned in the
///   background, within about a second).
///
/// It is libcurl underneath, opened with `dlopen` the first time a request is sent, so a run that
/// makes no request never loads libcurl and its dependencies (TLS, Kerberos, LDAP…). This replaces
/// Foundation's `URLSession` (FoundationNetworking), which linked that whole tree into every run,
/// buffered whole bodies before any cap could apply, followed redirects and inflated compressed
/// bodies. Without libcurl on the machine every request fails with
/// ``Failure/libcurlUnavailable(_:)`` (Debian package `libcurl4`).
///
/// The blocking transfer runs on a thread of its own, never on the concurrency pool, so a slow
/// server holds nothing but that thread.
public struct HTTPClient: Sendable {
    /// Why a request failed.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// libcurl could not be loaded; the reason is the loader's.
        case libcurlUnavailable(String)
        /// The request itself cannot be sent (a URL that is not http(s), a header with a line break).
        case invalidRequest(String)
        /// The deadline passed before the response was complete.
        case timedOut
        /// The body (or the header fields) would have passed this many bytes.
        case tooLarge(limit: Int)
        /// The server answered with a redirect, which is not followed.
        case redirected(status: Int)
        /// The body is compressed or otherwise encoded (this `Content-Encoding`), which is not decoded.
        case encoded(String)
        /// The connection failed: refused, reset, name not resolved, TLS…
        case transport(String)

        public var description: String {
            switch self {
            case let .libcurlUnavailable(reason): return "HTTP needs libcurl (Debian package libcurl4): \(reason)"
            case let .invalidRequest(reason): return "the HTTP request cannot be sent: \(reason)"
            case .timedOut: return "the server did not answer in time"
            case let .tooLarge(limit): return "the answer is larger than \(limit) bytes"
            case let .redirected(status): return "the server answered with a redirect (HTTP \(status)), which is not followed"
            case let .encoded(encoding): return "the answer is sent with Content-Encoding \"\(encoding)\", which is not accepted"
            case let .transport(message): return message
            }
        }
    }

    /// The most bytes of header fields read from one response.
    public static let maximumHeaderBytes = 64 << 10

    public init() {}

    /// Sends `request` and returns the complete response, whatever its status except a redirect.
    ///
    /// Throws ``Failure``, or `CancellationError` when the calling task is cancelled.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let exchange = HTTPExchange(deadline: ContinuousClock.now + request.timeout)
        try Task.checkCancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                guard exchange.start(continuation) else { return }
                // A serial queue of its own gets a thread that may block for the whole transfer.
                DispatchQueue(label: "checkout-http").async {
                    exchange.end(Self.perform(request, exchange: exchange))
                }
            }
        } onCancel: {
            exchange.cancel()
        }
    }

    /// Runs the transfer on the calling thread, blocking until it ends.
    private static func perform(_ request: HTTPRequest, exchange: HTTPExchange) -> Result<HTTPResponse, any Error> {
        switch LibCurl.shared {
        case let .failure(failure):
            return .failure(failure)
        case let .success(libcurl):
            return Result { try libcurl.perform(request, exchange: exchange) }
        }
    }
}

/// One request's meeting point between the caller's task and the transfer's thread: the caller
/// is resumed exactly once, by the transfer's end or by cancellation, whichever comes first; the
/// transfer watches ``cancelled`` and its ``deadline`` to abandon its work.
final class HTTPExchange: Sendable {
    let deadline: ContinuousClock.Instant
    private let cancelledFlag = Atomic<Bool>(false)
    private let state = Mutex(State())

    private struct State {
        var continuation: CheckedContinuation<HTTPResponse, any Error>?
        var ended = false
    }

    init(deadline: ContinuousClock.Instant) {
        self.deadline = deadline
    }

    /// True once the caller has gone: the transfer should stop as soon as it can.
    var cancelled: Bool { cancelledFlag.load(ordering: .relaxed) }

    /// Whether the transfer should stop now: the caller has gone or the deadline has passed.
    var shouldStop: Bool { cancelled || ContinuousClock.now >= deadline }

    /// Keeps the caller's continuation; false (having resumed it) when the call was already cancelled.
    func start(_ continuation: CheckedContinuation<HTTPResponse, any Error>) -> Bool {
        let started = state.withLock { state in
            if state.ended { return false }
            state.continuation = continuation
            return true
        }
        if !started { continuation.resume(throwing: CancellationError()) }
        return started
    }

    /// Resumes the caller with `result` unless it was resumed already.
    func end(_ result: Result<HTTPResponse, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<HTTPResponse, any Error>? in
            if state.ended { return nil }
            state.ended = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }

    /// Resumes the caller with `CancellationError` and tells the transfer to stop.
    func cancel() {
        cancelledFlag.store(true, ordering: .relaxed)
        end(.failure(CancellationError()))
    }
}
