import CheckoutCore

/// A BIN data service answered in-process from a ``BinTable``: the embedded table, or a CSV file
/// given with `--bin-table`.
///
/// `latency` simulates a network round trip for demos (`--bin-latency MS`); it sleeps on the injected
/// clock, so tests advance a manual clock instead of waiting.
public struct TableBinDataService: BinDataService {
    public let table: BinTable
    public let latency: Duration
    private let clock: any Clock<Duration>

    public init(table: BinTable, latency: Duration = .zero, clock: any Clock<Duration> = ContinuousClock()) {
        self.table = table
        self.latency = latency
        self.clock = clock
    }

    /// The table's answer for the BIN; nil when no range holds it. Throws only if cancelled while
    /// the simulated latency runs.
    public func lookup(bin: String) async throws -> BinAnswer? {
        if latency > .zero { try await clock.sleep(for: latency) }
        guard let answer = table.lookup(bin), !answer.networks.isEmpty else { return nil }
        return answer
    }
}
