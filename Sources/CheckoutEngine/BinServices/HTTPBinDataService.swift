import CheckoutCore
import Foundation
// PLACEHOLDER (engine work replaces): signature fixed.
/// Asks a BIN data service over HTTP: `GET {baseURL}/v1/bin-data/{bin}`.
public struct HTTPBinDataService: BinDataService {
    public let baseURL: URL
    public let timeout: Duration
    public init(baseURL: URL, timeout: Duration = .seconds(3)) {
        self.baseURL = baseURL
        self.timeout = timeout
    }
    public func lookup(bin: String) async throws -> BinAnswer? { nil }
}
