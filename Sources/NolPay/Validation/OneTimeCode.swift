import CheckoutCore

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
