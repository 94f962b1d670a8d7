import CheckoutTestSupport
import Synchronization
import Testing
@testable import CheckoutEngine

/// The configuration fetch's retries on a manual clock with a fixed jitter: which failures are
/// tried again, every wait, and the overall deadline (Primer iOS SDK 2.51.1, `RetryConfiguration.swift`,
/// `RetryHandler.swift`).
@Suite struct PrimerRetryPolicyTests {
    static let unreachable = PrimerFailure.unreachable(operation: "fetching the configuration", detail: "refused")

    /// What a scripted attempt saw: the moment it started and the timeout it was given.
    final class Attempts: Sendable {
        let recorded = Mutex<[(at: Duration, timeout: Duration)]>([])
        var count: Int { recorded.withLock { $0.count } }
        var all: [(at: Duration, timeout: Duration)] { recorded.withLock { $0 } }
    }

    @Test func theBackoffIsTheSDKsExponentialWithJitter() {
        let sdk = PrimerRetryPolicy.sdk
        #expect(sdk == PrimerRetryPolicy(maximumRetries: 8, initialBackoff: .milliseconds(100), maximumJitter: .milliseconds(100)))
        #expect(sdk.backoff(beforeRetry: 1, jitter: 0) == .milliseconds(100))
        #expect(sdk.backoff(beforeRetry: 1, jitter: 1) == .milliseconds(200))
        #expect(sdk.backoff(beforeRetry: 2, jitter: 0.5) == .milliseconds(250))
        #expect(sdk.backoff(beforeRetry: 8, jitter: 0.25) == .milliseconds(12_825))
        #expect(sdk.backoff(beforeRetry: 3, jitter: 7) == .milliseconds(500), "jitter is kept within 0...1")
    }

    @Test func networkErrorsAndStatusesOtherThan5xxAreRetriedButNotARefusedTokenOrARedirect() {
        let sdk = PrimerRetryPolicy.sdk
        func status(_ code: Int) -> PrimerFailure { .status(operation: "x", code: code, errorId: nil, diagnosticsId: nil) }
        #expect(sdk.isRetryable(Self.unreachable))
        for code in [400, 404, 408, 409, 429] { #expect(sdk.isRetryable(status(code)), "\(code)") }
        for code in [500, 502, 503, 504, 599, 301, 302, 307, 401, 403] { #expect(!sdk.isRetryable(status(code)), "\(code)") }
        #expect(!sdk.isRetryable(.timedOut(operation: "x", after: .seconds(1))))
        #expect(!sdk.isRetryable(.malformedAnswer(operation: "x", detail: "y")))
    }

    /// Runs the policy on `clock` with attempts that fail with `failures` in turn, then succeed.
    func start(_ policy: PrimerRetryPolicy, deadline: Duration, clock: ManualClock, failures: [PrimerFailure],
               attempts: Attempts) -> Task<Result<String, PrimerFailure>, Never> {
        Task {
            do throws(PrimerFailure) {
                let value = try await policy.run(deadline: deadline, clock: clock, jitter: { 0.5 }) { (timeout) throws(PrimerFailure) -> String in
                    let index = attempts.recorded.withLock { list -> Int in
                        list.append((clock.now.offset, timeout))
                        return list.count - 1
                    }
                    if index < failures.count { throw failures[index] }
                    return "configuration"
                }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
    }

    @Test func eachRetryWaitsItsBackoffAndIsGivenWhatIsLeftOfTheDeadline() async {
        let clock = ManualClock()
        let attempts = Attempts()
        let run = start(.sdk, deadline: .seconds(15), clock: clock, failures: Array(repeating: Self.unreachable, count: 3), attempts: attempts)
        for (retry, wait) in [(1, 150), (2, 250), (3, 450)] {
            await waitUntil { clock.sleeperCount == 1 }
            await clock.advance(by: .milliseconds(wait - 1))
            #expect(attempts.count == retry, "retry \(retry) not before \(wait) ms")
            await clock.advance(by: .milliseconds(1))
            await waitUntil { attempts.count == retry + 1 }
        }
        #expect(await run.value == .success("configuration"))
        #expect(attempts.all.map(\.at) == [.zero, .milliseconds(150), .milliseconds(400), .milliseconds(850)])
        #expect(attempts.all.map(\.timeout) == [.seconds(15), .milliseconds(14_850), .milliseconds(14_600), .milliseconds(14_150)])
    }

    @Test func noWaitPassesTheDeadlineAndTheLastFailureIsTheAnswer() async {
        let clock = ManualClock()
        let attempts = Attempts()
        let run = start(.sdk, deadline: .seconds(1), clock: clock, failures: Array(repeating: Self.unreachable, count: 100), attempts: attempts)
        for wait in [150, 250, 450] {
            await waitUntil { clock.sleeperCount == 1 }
            await clock.advance(by: .milliseconds(wait))
        }
        // At 850 ms the next wait would be 850 ms, past the 1 s deadline: no fifth attempt.
        #expect(await run.value == .failure(Self.unreachable))
        #expect(attempts.count == 4 && clock.sleeperCount == 0)
    }

    @Test func aFailureNotRetriedOrTheLastRetryEndsTheRun() async {
        let clock = ManualClock()
        let refused = PrimerFailure.status(operation: "fetching the configuration", code: 401, errorId: "InvalidClientToken", diagnosticsId: nil)
        let once = Attempts()
        #expect(await start(.sdk, deadline: .seconds(15), clock: clock, failures: [refused], attempts: once).value == .failure(refused))
        #expect(once.count == 1)

        let twice = PrimerRetryPolicy(maximumRetries: 2, initialBackoff: .milliseconds(10), maximumJitter: .zero)
        let attempts = Attempts()
        let run = start(twice, deadline: .seconds(15), clock: clock, failures: Array(repeating: Self.unreachable, count: 5), attempts: attempts)
        for wait in [10, 20] {
            await waitUntil { clock.sleeperCount == 1 }
            await clock.advance(by: .milliseconds(wait))
        }
        #expect(await run.value == .failure(Self.unreachable))
        #expect(attempts.count == 3, "the first attempt and two retries")
        #expect(await start(.none, deadline: .seconds(15), clock: clock, failures: [Self.unreachable], attempts: Attempts()).value
                == .failure(Self.unreachable))
    }
}
