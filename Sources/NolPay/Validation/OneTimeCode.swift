import CheckoutCore
import FoundationEssentials

/// A Nol Pay one-time code: the six digits the SMS carries. The one home of its rule: the
/// validator reads one (``init(_:)``), the simulator and the demo make one (``random()``,
/// ``init(drawn:)``), the code field holds ``length`` characters.
///
///     OneTimeCode(" 123456 ")?.digits   // "123456"
///     OneTimeCode("12345")              // nil
///     OneTimeCode(drawn: 42).digits     // "000042"
public struct OneTimeCode: Sendable, Hashable, CustomStringConvertible {
    /// How many digits a code has.
    public static let length = 6

    public let digits: String

    /// The code typed in `text` (surrounding spaces ignored): exactly ``length`` ASCII digits.
    public init?(_ text: String) {
        let trimmed = text.trimmingSpaces
        guard trimmed.utf8.count == Self.length, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        digits = trimmed
    }

    /// The code a draw of a random source stands for: its last ``length`` decimal digits, zero-padded.
    public init(drawn value: UInt64) {
        digits = String(Int(value % Self.bound), zeroPaddedTo: Self.length)
    }

    /// A random code.
    public static func random() -> OneTimeCode { OneTimeCode(drawn: UInt64.random(in: 0..<bound)) }

    /// 10 to the power of ``length``: how many codes there are.
    private static let bound: UInt64 = (0..<length).reduce(1) { value, _ in value * 10 }

    public var description: String { digits }
}

extension OneTimeCode {
    /// The numbers a code lives by: one home for the simulator that enforces them and the screens
    /// that count down to them (``NolTerms/resendCooldown`` comes from here).
    public struct Rules: Sendable, Equatable {
        /// How long a code works once sent.
        public var lifetime: TimeInterval = 5 * 60
        /// How many wrong tries void a code.
        public var wrongTriesAllowed = 3
        /// How long after a code the system takes a request for another.
        public var resendCooldown: TimeInterval = 30
        public init() {}
    }

    /// What a try at a code that is still pending comes to.
    public enum Verdict: Sendable, Equatable {
        case opens
        case wrong(triesLeft: Int)
        /// The last wrong try allowed: the code no longer works.
        case voided
        case expired
    }

    /// Judges `typed` against the code sent, which had `triesLeft` wrong tries left and may have
    /// `expired`; the simulator records what it comes to.
    public static func judge(_ typed: String, expected: String, triesLeft: Int, expired: Bool) -> Verdict {
        if expired { return .expired }
        if typed == expected { return .opens }
        return triesLeft - 1 <= 0 ? .voided : .wrong(triesLeft: triesLeft - 1)
    }

    /// The whole seconds, rounded up, that "wait N s" says when `left` of the wait between codes
    /// remains; nil when it is over. The simulator's refusal and the screens' countdown both say it.
    public static func secondsToWait(_ left: Duration) -> Int? {
        guard left > .zero else { return nil }
        let (seconds, attoseconds) = left.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }
}
