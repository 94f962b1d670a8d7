import CheckoutCore
import FoundationEssentials

/// Asks a BIN data service over HTTP: `GET {baseURL}/v1/bin-data/{bin}`.
///
/// The answer is `{"firstDigits":"…","binData":[{"network":"…","displayName":"…","issuerCountryCode":"…",…}]}`;
/// items whose network is missing or unknown are dropped. A 404 means the service knows nothing
/// of the BIN (`nil`). Anything else throws ``HTTPBinDataService/Failure``: any other status
/// (a redirect included: none is followed), a body that is not that JSON or is about another BIN
/// (see ``decode(_:bin:)``), a body over 1 MiB or sent compressed, a refused connection, or a
/// response that has not ended within `timeout`. The request runs under ``HTTPClient``'s rules,
/// so the timeout covers the whole exchange and memory stays bounded whatever the server sends.
public struct HTTPBinDataService: BinDataService {
    /// Why a lookup failed.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case timedOut
        case status(Int)
        case malformedAnswer
        case libcurlUnavailable
        case transport(String)

        public var description: String {
            switch self {
            case .timedOut: return "the BIN service did not answer in time"
            case let .status(code): return "the BIN service answered with HTTP status \(code)"
            case .malformedAnswer: return "the BIN service's answer is not BIN data JSON"
            case .libcurlUnavailable: return "the HTTP BIN service needs libcurl (Debian package libcurl4)"
            case let .transport(message): return "the BIN service could not be reached: \(message)"
            }
        }

        init(_ failure: HTTPClient.Failure) {
            switch failure {
            case .timedOut: self = .timedOut
            case let .redirected(status): self = .status(status)
            case .tooLarge, .encoded: self = .malformedAnswer
            case .libcurlUnavailable: self = .libcurlUnavailable
            case .invalidRequest, .transport: self = .transport(failure.description)
            }
        }
    }

    public let baseURL: URL
    public let timeout: Duration
    private let client: HTTPClient

    public init(baseURL: URL, timeout: Duration = .seconds(3), client: HTTPClient = HTTPClient()) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.client = client
    }

    public func lookup(bin: String) async throws -> BinAnswer? {
        let url = baseURL.appendingPathComponent("v1").appendingPathComponent("bin-data").appendingPathComponent(bin)
        let request = HTTPRequest(url: url, headers: [HTTPHeader("Accept", "application/json")],
                                  timeout: timeout, maximumBodyBytes: Self.maximumAnswerBytes)
        let response: HTTPResponse
        do { response = try await client.send(request) } catch let failure as HTTPClient.Failure {
            throw Failure(failure)
        }
        if response.status == 404 { return nil }
        guard (200..<300).contains(response.status) else { throw Failure.status(response.status) }
        return try Self.decode(response.body, bin: bin)
    }

    /// The largest answer body read; a BIN answer is a few hundred bytes, so more is not one.
    public static let maximumAnswerBytes = HTTPRequest.defaultMaximumBodyBytes

    /// Parses the answer body for `bin`; items without a known network are dropped.
    ///
    /// The body must be a JSON object whose `binData` is an array, at most ``maximumAnswerBytes``
    /// long. Its `firstDigits` says which digits the answer is about, and Primer's own say less than
    /// was asked: its SDK models them as optional and passes them on as given
    /// (Primer iOS SDK 2.51.1, `Modules/PrimerNetworking/.../APIModels/Bin.swift`), and its test
    /// mocks answer an 8-digit question with 6 (`Tests/Utilities/Mocks/Services/MockAPIClient.swift`,
    /// `firstDigits: String(bin.prefix(6))`; `Tests/Primer/Services/CardValidationServiceTests.swift`,
    /// `"552266"`). So an answer is believed when its `firstDigits` is absent (or null) or is a prefix,
    /// of 6 digits or more, of `bin`; one that says anything else (other digits, fewer than 6, more
    /// than were asked, not a string) contradicts the number and is refused as
    /// ``Failure/malformedAnswer``, so the lookup falls back to local detection. The answer keeps the
    /// `firstDigits` as given. Fields of the wrong type inside the items are ignored.
    static func decode(_ data: Data, bin: String) throws -> BinAnswer {
        guard data.count <= maximumAnswerBytes,
              let object = try? JSONValue(parsing: String(decoding: data, as: UTF8.self)),
              object.objectValue != nil, let items = object["binData"]?.arrayValue else { throw Failure.malformedAnswer }
        let firstDigits: String?
        switch object["firstDigits"] {
        case nil, .null?: firstDigits = nil
        case let value?:
            guard let digits = value.stringValue, Self.isAbout(bin, firstDigits: digits) else { throw Failure.malformedAnswer }
            firstDigits = digits
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
        return BinAnswer(firstDigits: firstDigits, networks: networks)
    }

    /// Whether an answer naming `firstDigits` can be about `bin`: 6 or more ASCII digits that `bin` starts with.
    static func isAbout(_ bin: String, firstDigits: String) -> Bool {
        firstDigits.utf8.count >= 6 && firstDigits.utf8.allSatisfy { (0x30...0x39).contains($0) } && bin.utf8.starts(with: firstDigits.utf8)
    }
}
