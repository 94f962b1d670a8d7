import CheckoutCore
import FoundationEssentials
import Synchronization

/// BIN lookups at Primer's `binDataUrl`, with the SDK's header fields (research §4).
///
/// The current endpoint, `GET {binDataUrl}/v1/bin-data/{bin}`, answers
/// `{"firstDigits":"…","binData":[{"network":"VISA","displayName":"Visa","issuerCountryCode":"FR",…}]}`
/// and is read by ``HTTPBinDataService/decode(_:bin:)``, under the same rules as any HTTP BIN
/// service (an answer about other digits is refused, unknown networks are dropped).
///
/// The legacy endpoint, `GET {binDataUrl}/v1/bin-data/{bin}/networks`, answers
/// `{"networks":[{"displayName":"Visa","value":"VISA"}]}` (the iOS SDK before PR #1569 and the Android
/// SDK read it); its answer names no digits, so it stands for the BIN asked. It is asked only when
/// the current endpoint answers 404 before it has ever answered 2xx: a deployment older than the
/// current endpoint does not know its path at all, whereas one that does answers every BIN, and a
/// 404 from it then only means the BIN is unknown. When the legacy endpoint answers, later lookups
/// go to it directly. A 404 from both is a BIN Primer knows nothing of (`nil`).
///
/// Failures throw ``HTTPBinDataService/Failure``, which the engine turns into `LOCAL_FALLBACK`.
public struct PrimerBinDataService: BinDataService {
    public let baseURL: URL
    public let timeout: Duration
    let api: PrimerAPI
    private let memory = EndpointMemory()

    /// Which endpoint the deployment has shown it serves.
    enum Endpoint: Sendable, Equatable { case unknown, current, legacy }

    final class EndpointMemory: Sendable {
        let endpoint = Mutex(Endpoint.unknown)
    }

    init(baseURL: URL, api: PrimerAPI, timeout: Duration) {
        self.baseURL = baseURL
        self.api = api
        self.timeout = timeout
    }

    /// The endpoint later lookups start with.
    var endpoint: Endpoint { memory.endpoint.withLock { $0 } }

    public func lookup(bin: String) async throws -> BinAnswer? {
        if endpoint == .legacy { return try await legacyLookup(bin: bin) }
        guard let body = try await get(baseURL.appending(segments: "v1", "bin-data", bin)) else {
            return endpoint == .current ? nil : try await legacyLookup(bin: bin)
        }
        memory.endpoint.withLock { $0 = .current }
        return try HTTPBinDataService.decode(body, bin: bin)
    }

    private func legacyLookup(bin: String) async throws -> BinAnswer? {
        guard let body = try await get(baseURL.appending(segments: "v1", "bin-data", bin, "networks")) else { return nil }
        memory.endpoint.withLock { $0 = .legacy }
        return try Self.decodeLegacy(body, bin: bin)
    }

    /// The body of a 2xx answer; nil for a 404; a failure for anything else.
    private func get(_ url: URL) async throws -> Data? {
        let response: HTTPResponse
        do { response = try await api.client.send(api.request(url, timeout: timeout)) } catch let failure as HTTPClient.Failure {
            throw HTTPBinDataService.Failure(failure)
        }
        if response.status == 404 { return nil }
        guard (200..<300).contains(response.status) else { throw HTTPBinDataService.Failure.status(response.status) }
        return response.body
    }

    /// Parses a legacy answer, `{"networks":[{"displayName":…,"value":…}]}`, for `bin`; items without
    /// a known network in `value` are dropped.
    static func decodeLegacy(_ data: Data, bin: String) throws -> BinAnswer {
        guard data.count <= HTTPBinDataService.maximumAnswerBytes,
              let object = try? JSONValue(parsing: String(decoding: data, as: UTF8.self)),
              let items = object["networks"]?.arrayValue else { throw HTTPBinDataService.Failure.malformedAnswer }
        let networks: [BinNetwork] = items.compactMap { item in
            guard let id = item["value"]?.stringValue, let network = CardNetwork(identifier: id), network != .other else { return nil }
            return BinNetwork(network: network, displayName: item["displayName"]?.stringValue, issuer: IssuerDetails())
        }
        return BinAnswer(firstDigits: bin, networks: networks)
    }
}
