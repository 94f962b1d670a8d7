import CheckoutCore

/// A source of BIN data: the embedded table, a CSV file, an HTTP service, or none.
///
/// `lookup` answers for one 8-digit BIN. `nil` or an answer with no networks means the service
/// knows nothing of it; a thrown error means it failed. Both lead to `LOCAL_FALLBACK`.
public protocol BinDataService: Sendable {
    func lookup(bin: String) async throws -> BinAnswer?
}
