import FoundationEssentials

/// How the configuration fetch is tried again, as the SDK tries it, within one overall deadline.
///
/// The SDK fetches the configuration with `RetryConfig(enabled: true)` (Primer iOS SDK 2.51.1,
/// `Sources/PrimerSDK/Classes/Services/Network/PrimerAPIClient.swift`, `fetchConfiguration`), whose
/// defaults are 8 retries, a 0.1 s initial backoff, network errors retried, 5xx not, and up to 0.1 s
/// of jitter (`Modules/PrimerNetworking/.../Model/RetryConfiguration.swift`). Before retry `n` (from
/// 1) it waits `initialBackoff · 2^(n-1)` plus a jitter drawn evenly from `0...maxJitter`
/// (`Modules/PrimerNetworking/.../Classes/RetryHandler.swift`, `backoffWithJitter`). What it retries
/// (`Sources/PrimerSDK/Classes/PCI/User Interface/RetryHandler.swift`, `shouldRetry`): a network
/// error, and any HTTP status that is neither 2xx nor 5xx.
///
/// Three differences, each because this client differs from URLSession or from a phone:
/// - every attempt and every wait fit in one deadline (the configuration's 15 s): the SDK gives each
///   attempt 15 s of its own, so its eight retries could keep a person waiting minutes;
/// - a redirect is not retried: URLSession follows redirects, so the SDK never sees one, while this
///   client refuses them (``HTTPClient``), and asking again would be refused again;
/// - 401 and 403 are not retried: they are Primer refusing the client token, which no retry of the
///   same token changes; the SDK would spend up to 13 s retrying before saying so.
///
/// The clock and the source of jitter are injected, so a test fixes both and checks every wait.
public struct PrimerRetryPolicy: Sendable, Equatable {
    public var maximumRetries: Int
    public var initialBackoff: Duration
    public var maximumJitter: Duration

    /// The SDK's `RetryConfig` defaults.
    public static let sdk = PrimerRetryPolicy(maximumRetries: 8, initialBackoff: .milliseconds(100), maximumJitter: .milliseconds(100))
    /// No retry at all.
    public static let none = PrimerRetryPolicy(maximumRetries: 0, initialBackoff: .zero, maximumJitter: .zero)

    public init(maximumRetries: Int, initialBackoff: Duration, maximumJitter: Duration) {
        self.maximumRetries = maximumRetries
        self.initialBackoff = initialBackoff
        self.maximumJitter = maximumJitter
    }

    /// The wait before retry `retry` (1 for the first): the exponential part, plus `jitter` (0 to 1)
    /// of the maximum jitter.
    public func backoff(beforeRetry retry: Int, jitter: Double) -> Duration {
        initialBackoff * (1 << min(max(retry - 1, 0), 30)) + maximumJitter * min(max(jitter, 0), 1)
    }

    /// Whether a failed attempt is worth another: a network error, or a status the SDK retries.
    public func isRetryable(_ failure: PrimerFailure) -> Bool {
        switch failure {
        case .unreachable:
            return true
        case let .status(_, code, _, _):
            return !(500..<600).contains(code) && !(300..<400).contains(code) && code != 401 && code != 403
        case .timedOut, .malformedAnswer, .malformedToken, .expiredToken:
            // A timed-out attempt has used the whole deadline; a 2xx answer that cannot be read is
            // not retried by the SDK either (its retry handler sees only statuses and network errors).
            return false
        }
    }

    /// Runs `attempt` until it succeeds, fails for good, runs out of retries, or the next wait would
    /// pass `deadline` from now on `clock`. Each attempt is given the time left as its timeout; the
    /// last failure is what is thrown (a timeout as one of the whole `deadline`).
    func run<Value: Sendable, C: Clock>(deadline: Duration, clock: C, jitter: @Sendable () -> Double,
                                        _ attempt: (_ timeout: Duration) async throws(PrimerFailure) -> Value) async throws(PrimerFailure) -> Value
        where C.Duration == Duration {
        let end = clock.now.advanced(by: deadline)
        var retries = 0
        while true {
            let left = clock.now.duration(to: end)
            do {
                return try await attempt(max(left, .milliseconds(1)))
            } catch {
                // An attempt given what was left of the deadline ran out of the whole of it.
                if case let .timedOut(operation, _) = error { throw .timedOut(operation: operation, after: deadline) }
                retries += 1
                guard retries <= maximumRetries, isRetryable(error) else { throw error }
                let wait = backoff(beforeRetry: retries, jitter: jitter())
                let failure = error
                guard clock.now.advanced(by: wait) < end else { throw failure }
                do { try await clock.sleep(until: clock.now.advanced(by: wait), tolerance: nil) } catch { throw failure }
            }
        }
    }
}
