import CheckoutCore

/// The BIN data service of `--bin-service off`: it behaves like a service that cannot be reached,
/// so every lookup fails and detection falls back to local rules (`LOCAL_FALLBACK`).
public struct OfflineBinDataService: BinDataService {
    /// The error every lookup throws.
    public struct Unreachable: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String { "the BIN data service is switched off (--bin-service off)" }
        public init() {}
    }

    public init() {}

    public func lookup(bin: String) async throws -> BinAnswer? {
        throw Unreachable()
    }
}
