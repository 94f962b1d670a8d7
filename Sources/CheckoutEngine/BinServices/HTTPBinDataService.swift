import CheckoutCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Asks a BIN data service over HTTP: `GET {baseURL}/v1/bin-data/{bin}`.
///
/// The answer is `{"firstDigits":"…","binData":[{"network":"…","displayName":"…","issuerCountryCode":"…",…}]}`;
/// items whose network is missing or unknown are dropped. A 404 means the service knows nothing
/// of the BIN (`nil`). Any other non-2xx status, a body that is not that JSON (or is over 1 MiB,
/// or is about another BIN: see ``decode(_:bin:)``), a refused
/// connection, or a response that has not ended within `timeout` throws ``HTTPBinDataService/Failure``.
/// The timeout covers the whole exchange, so a server that never finishes its response cannot
/// hold a lookup longer than `timeout`.
public struct HTTPBinDataService: BinDataService {
    /// Why a lookup failed.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case timedOut
        case status(Int)
        case malformedAnswer
        case transport(String)

        public var description: String {
            switch self {
            case .timedOut: return "the BIN service did not answer in time"
            case let .status(code): return "the BIN service answered with HTTP status \(code)"
            case .malformedAnswer: return "the BIN service's answer is not BIN data JSON"
            case let .transport(message): return "the BIN service could not be reached: \(message)"
            }
        }
    }

    public let baseURL: URL
    public let timeout: Duration
    private let session: URLSession

    public init(baseURL: URL, timeout: Duration = .seconds(3)) {
        self.baseURL = baseURL
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        // The exchange's own timer enforces `timeout`; URLSession's limits only back it up (its
        // request timeout can fire early while the session is still setting itself up).
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        configuration.timeoutIntervalForRequest = seconds + 5
        configuration.timeoutIntervalForResource = seconds + 5
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    public func lookup(bin: String) async throws -> BinAnswer? {
        let url = baseURL.appendingPathComponent("v1").appendingPathComponent("bin-data").appendingPathComponent(bin)
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, status) = try await fetch(request)
        if status == 404 { return nil }
        guard (200..<300).contains(status) else { throw Failure.status(status) }
        return try Self.decode(data, bin: bin)
    }

    /// The largest answer body read; a BIN answer is a few hundred bytes, so more is not one.
    public static let maximumAnswerBytes = 1 << 20

    /// Parses the answer body for `bin`; items without a known network are dropped.
    ///
    /// The body must be a JSON object whose `binData` is an array, at most
    /// ``maximumAnswerBytes`` long. Its `firstDigits`, when present, must be digits that are a
    /// prefix of `bin` (a 6-digit BIN answering an 8-digit question) or start with `bin`; an
    /// answer about some other BIN is a faulty service, not the truth about this card, and is
    /// refused as ``Failure/malformedAnswer``. An accepted answer reports `bin` as its first
    /// digits, the digits the card was looked up by. Fields of the wrong type are ignored.
    static func decode(_ data: Data, bin: String) throws -> BinAnswer {
        guard data.count <= maximumAnswerBytes,
              let object = try? JSONValue(parsing: String(decoding: data, as: UTF8.self)),
              object.objectValue != nil, let items = object["binData"]?.arrayValue else { throw Failure.malformedAnswer }
        switch object["firstDigits"] {
        case nil, .null?:
            break
        case let .string(digits)? where digits.isEmpty
            || (digits.utf8.allSatisfy { (0x30...0x39).contains($0) } && (bin.hasPrefix(digits) || digits.hasPrefix(bin))):
            break
        default:
            throw Failure.malformedAnswer
        }
        let networks: [BinNetwork] = items.compactMap { item in
            guard let id = item["network"]?.stringValue,
                  let network = CardNetwork(identifier: id), network != .other else { return nil }
            func text(_ key: String) -> String? { item[key]?.stringValue }
            return BinNetwork(network: network, displayName: text("displayName"), issuer: IssuerDetails(
                issuerCountryCode: text("issuerCountryCode"), issuerName: text("issuerName"),
                accountFundingType: text("accountFundingType"),
                prepaidReloadableIndicator: text("prepaidReloadableIndicator"),
                productUsageType: text("productUsageType"), productCode: text("productCode"),
                productName: text("productName"), issuerCurrencyCode: text("issuerCurrencyCode"),
                regionalRestriction: text("regionalRestriction"), accountNumberType: text("accountNumberType")))
        }
        return BinAnswer(firstDigits: bin, networks: networks)
    }

    /// Runs one request, ending it after `timeout` whatever the server does, and on cancellation.
    private func fetch(_ request: URLRequest) async throws -> (Data, Int) {
        let exchange = Exchange()
        let timeout = self.timeout
        let session = self.session
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, Int), any Error>) in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error = error as? URLError, error.code == .timedOut {
                        exchange.complete(.failure(Failure.timedOut))
                    } else if let error {
                        exchange.complete(.failure(Failure.transport(error.localizedDescription)))
                    } else if let http = response as? HTTPURLResponse {
                        exchange.complete(.success((data ?? Data(), http.statusCode)))
                    } else {
                        exchange.complete(.failure(Failure.transport("no HTTP response")))
                    }
                }
                exchange.start(task, continuation: continuation)
                Task {
                    try? await Task.sleep(for: timeout)
                    exchange.complete(.failure(Failure.timedOut))
                }
            }
        } onCancel: {
            exchange.complete(.failure(CancellationError()))
        }
    }
}

/// One HTTP exchange whose caller is resumed exactly once: by the response, the timeout or a
/// cancellation, whichever comes first; the others then cancel the data task or do nothing.
private final class Exchange: Sendable {
    private struct State {
        var continuation: CheckedContinuation<(Data, Int), any Error>?
        var task: URLSessionDataTask?
        var early: Result<(Data, Int), any Error>?
    }

    private let state = Mutex(State())

    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<(Data, Int), any Error>) {
        let early: Result<(Data, Int), any Error>? = state.withLock { state in
            if let early = state.early { return early }
            state.continuation = continuation
            state.task = task
            return nil
        }
        if let early {
            task.cancel()
            continuation.resume(with: early)
        } else {
            task.resume()
        }
    }

    func complete(_ result: Result<(Data, Int), any Error>) {
        let (continuation, task) = state.withLock { state -> (CheckedContinuation<(Data, Int), any Error>?, URLSessionDataTask?) in
            guard state.early == nil else { return (nil, nil) }
            state.early = result
            defer { state.continuation = nil; state.task = nil }
            return (state.continuation, state.task)
        }
        continuation?.resume(with: result)
        if case .failure = result { task?.cancel() }
    }
}
