import Foundation

/// How much a seeded random test does: a short run always (the same seed every run, so a failure
/// replays), the long one with `CHECKOUT_FUZZ_LONG=1` (ten to twenty times the cases; what a change to
/// a parser or the app model deserves before it is merged).
///
///     for _ in 0..<FuzzBudget.cases(short: 5_000, long: 100_000) { … }
///     CHECKOUT_FUZZ_LONG=1 swift test --filter 'FuzzTests|ValidationFastPathTests|ModelFuzzTests'
public enum FuzzBudget {
    /// Whether `CHECKOUT_FUZZ_LONG` asks for the long runs.
    public static let isLong: Bool = {
        let value = ProcessInfo.processInfo.environment["CHECKOUT_FUZZ_LONG"] ?? ""
        return !value.isEmpty && value != "0"
    }()

    /// `long` with `CHECKOUT_FUZZ_LONG=1`, else `short`.
    public static func cases(short: Int, long: Int) -> Int { isLong ? long : short }
}
