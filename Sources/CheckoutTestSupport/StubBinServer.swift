import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The loopback BIN service of the tests (`Tests/CheckoutEngineTests/Support/stub_bin_server.py`,
/// whose header lists its routes), started for one test and stopped by it.
///
/// It listens on 127.0.0.1 only, logs every request with the time it arrived on `CLOCK_MONOTONIC`,
/// and ends by itself after five minutes or when the test process is gone.
///
///     let server = try StubBinServer.start()
///     defer { server.stop() }
///     let url = server.url.appendingPathComponent("drip")   // a hostile service
public struct StubBinServer: Sendable {
    /// `http://127.0.0.1:PORT`.
    public let url: URL
    /// A loopback URL where nothing listens, so connecting is refused.
    public let refusedURL: URL
    private let server: LoopbackServer

    /// One line of the server's log: when (`CLOCK_MONOTONIC`, nanoseconds) and what (`GET /path`,
    /// or `gone /path` when a client left in the middle of a streamed answer).
    public struct LogEntry: Sendable {
        public var nanoseconds: UInt64
        public var event: String
        public var path: String
    }

    public static func start() throws -> StubBinServer {
        let server = try LoopbackServer.start("stub_bin_server", portCount: 2)
        return StubBinServer(url: server.url(0), refusedURL: server.url(1), server: server)
    }

    public func stop() { server.stop() }

    /// Everything logged so far.
    public func log() -> [LogEntry] {
        server.logLines().compactMap { line in
            let words = line.split(separator: " ", maxSplits: 2)
            guard words.count == 3, let nanoseconds = UInt64(words[0]) else { return nil }
            return LogEntry(nanoseconds: nanoseconds, event: String(words[1]), path: String(words[2]))
        }
    }

    /// Waits (polling, for at most `seconds`) until an entry satisfies `predicate`; returns it.
    public func awaitLog(within seconds: Double, where predicate: (LogEntry) -> Bool) async -> LogEntry? {
        let deadline = Self.monotonicNanoseconds() + UInt64(seconds * 1e9)
        while true {
            if let entry = log().first(where: predicate) { return entry }
            if Self.monotonicNanoseconds() > deadline { return nil }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// `CLOCK_MONOTONIC` now, in nanoseconds: the clock of the server's log.
    public static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
