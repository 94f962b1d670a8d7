import CheckoutCore
import Dispatch
import FoundationEssentials
import Glibc
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
/// - cancelling the calling task ends the call at once, and the transfer with it (its sockets
///   are shut down, so the blocked transfer returns);
/// - at most ``maximumTransfers`` transfers run at once in the process; more wait (cancellable)
///   for one to end, so a storm of superseded lookups against a slow service cannot pile up
///   threads and descriptors (that storm once ran libdispatch out of descriptors, and it trapped).
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
    public enum Failure: Error, Equatable, CustomStringConvertible, ShownInLanguage {
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

        /// The description as a sentence of the catalogues; a transport failure is libcurl's own
        /// words (`curl_easy_strerror`), which have none.
        public var shown: LocalizedText? {
            switch self {
            case let .libcurlUnavailable(reason): LocalizedText(.errorHTTPNoLibcurl, .text(reason))
            case let .invalidRequest(reason): LocalizedText(.errorHTTPInvalidRequest, .text(reason))
            case .timedOut: LocalizedText(.errorHTTPTimedOut)
            case let .tooLarge(limit): LocalizedText(.errorHTTPTooLarge, .text(String(limit)))
            case let .redirected(status): LocalizedText(.errorHTTPRedirected, .text(String(status)))
            case let .encoded(encoding): LocalizedText(.errorHTTPEncoded, .text(encoding))
            case .transport: nil
            }
        }
    }

    /// The most bytes of header fields read from one response.
    public static let maximumHeaderBytes = 64 << 10
    /// The most transfers running at once in the process.
    public static let maximumTransfers = 8

    /// The slots this client's transfers take: the process's (``TransferSlots/shared``), except in
    /// a test that fills a set of its own, which would otherwise hold up every other suite's requests.
    let slots: TransferSlots

    public init() {
        slots = .shared
    }

    init(slots: TransferSlots) {
        self.slots = slots
    }

    /// Sends `request` and returns the complete response, whatever its status except a redirect.
    ///
    /// Throws ``Failure``, or `CancellationError` when the calling task is cancelled.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let exchange = HTTPExchange(deadline: ContinuousClock.now + request.timeout)
        try Task.checkCancellation()
        let slots = slots
        try await slots.acquire()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                guard exchange.start(continuation) else {
                    slots.release()
                    return
                }
                // A serial queue of its own gets a thread that may block for the whole transfer;
                // the slot is given back when the transfer has ended, not when its caller left.
                DispatchQueue(label: "checkout-http").async {
                    exchange.end(Self.perform(request, exchange: exchange))
                    slots.release()
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

    /// Resumes the caller with `CancellationError` and tells the transfer to stop, shutting its
    /// sockets down so that a transfer blocked on one returns now.
    func cancel() {
        cancelledFlag.store(true, ordering: .relaxed)
        sockets.withLock { sockets in
            for socket in sockets { shutdown(socket, Int32(SHUT_RDWR)) }
        }
        end(.failure(CancellationError()))
    }

    /// The transfer's open sockets; a socket is removed under the same lock it is closed under, so
    /// ``cancel()`` never shuts down a descriptor number that has since been given to another file.
    private let sockets = Mutex<Set<Int32>>([])

    /// The transfer opened `socket` (libcurl's socket-option callback).
    func opened(_ socket: Int32) {
        sockets.withLock { sockets in
            sockets.insert(socket)
            if cancelled { shutdown(socket, Int32(SHUT_RDWR)) }
        }
    }

    /// The transfer is done with `socket` (libcurl's close-socket callback): closes it.
    func close(_ socket: Int32) -> Int32 {
        sockets.withLock { sockets in
            sockets.remove(socket)
            return Glibc.close(socket)
        }
    }
}

/// The process's transfer slots: ``HTTPClient/maximumTransfers`` of them, handed out in order of
/// asking; a caller cancelled while it waits leaves the queue at once.
final class TransferSlots: Sendable {
    static let shared = TransferSlots(count: HTTPClient.maximumTransfers)

    private struct State {
        var free: Int
        var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
        /// Waits cancelled before their continuation was kept.
        var cancelled: Set<UInt64> = []
        var lastID: UInt64 = 0
    }

    private let state: Mutex<State>
    private let count: Int

    init(count: Int) {
        self.count = count
        state = Mutex(State(free: count))
    }

    /// How many slots are taken now.
    var inUse: Int { state.withLock { count - $0.free } }

    /// Returns once a slot is the caller's; throws `CancellationError` if the task is cancelled first.
    func acquire() async throws {
        let id = state.withLock { state -> UInt64 in
            state.lastID += 1
            return state.lastID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let granted: Bool? = state.withLock { state in
                    if state.cancelled.remove(id) != nil { return nil }
                    if state.free > 0 {
                        state.free -= 1
                        return true
                    }
                    state.waiters.append((id, continuation))
                    return false
                }
                switch granted {
                case true?: continuation.resume()
                case nil: continuation.resume(throwing: CancellationError())
                case false?: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.waiters.remove(at: index).continuation
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Gives a slot back: to the first caller waiting, else to the pool.
    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard !state.waiters.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiters.removeFirst().continuation
        }
        next?.resume()
    }
}
