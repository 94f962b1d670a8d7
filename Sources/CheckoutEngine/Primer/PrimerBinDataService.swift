import CheckoutCore
import FoundationEssentials

/// BIN lookups at Primer's `binDataUrl`, with the SDK's header fields.
///
/// `GET {binDataUrl}/v1/bin-data/{first 8 digits}` (15 s in the SDK; here the engine's lookup
/// timeout), answering `{"firstDigits":"…","binData":[{"network":"VISA","displayName":"Visa","issuerCountryCode":"FR",…}]}`,
/// read by ``HTTPBinDataService/decode(_:bin:)`` under the rules of any HTTP BIN service
/// (`firstDigits` absent or a prefix of 6 digits or more of the digits asked; unknown networks dropped).
///
/// One endpoint, the one this configuration implies. The base is the configuration's `binDataUrl`
/// and nothing else (Primer iOS SDK 2.51.1, `Sources/PrimerSDK/Classes/PCI/Services/API/PrimerAPI.swift`
/// `listCardNetworks`: base `configuration?.binDataUrl`, path `/v1/bin-data/{bin}`, GET). These
/// requests say they come from that SDK (`Primer-SDK-Version: 2.51.1`), and it asks that path only:
/// the older `/v1/bin-data/{bin}/networks` belongs to SDKs before primer-sdk-ios PR #1569, whose
/// version header would say so. No SDK asks both, so probing the second after a 404 of the first
/// would be a request Primer never gets from a real client (and a 404 here means only that Primer
/// knows nothing of the BIN).
///
/// Failures throw ``HTTPBinDataService/Failure``, which the engine turns into `LOCAL_FALLBACK`.
public struct PrimerBinDataService: BinDataService {
    public let baseURL: URL
    public let timeout: Duration
    let api: PrimerAPI

    init(baseURL: URL, api: PrimerAPI, timeout: Duration) {
        self.baseURL = baseURL
        self.api = api
        self.timeout = timeout
    }

    public func lookup(bin: String) async throws -> BinAnswer? {
        let response: HTTPResponse
        do {
            response = try await api.client.send(api.request(baseURL.appending(segments: "v1", "bin-data", bin), timeout: timeout))
        } catch let failure as HTTPClient.Failure {
            throw HTTPBinDataService.Failure(failure)
        }
        if response.status == 404 { return nil }
        guard (200..<300).contains(response.status) else { throw HTTPBinDataService.Failure.status(response.status) }
        return try HTTPBinDataService.decode(response.body, bin: bin)
    }
}
