/// How a card number, or any secret typed digit by digit, is shown outside its field: the one
/// masking of the program (screens, plain mode, events, logs, the payments table).
///
/// - ``mask(_:)`` keeps the first six and, for a number of 13 digits or more, the last four; every
///   other digit becomes `•`, in groups of four.
/// - ``lastFour(_:ascii:separator:)`` names a finished payment's card: `•••• 1001`.
/// - ``firstAndLast(_:_:ascii:)`` names a ledger row's card in a list: `40000025…1001`.
/// - ``named(_:last4:ascii:)`` names a card by its label: `Silver card •••• 0125`.
/// - ``hidden(_:ascii:)`` stands for digits not shown at all (a CVV, a short number).
///
/// Where only ASCII can be shown, the dot is `*`.
///
///     CardNumberMask.mask("4111111111111111")   // "4111 11•• •••• 1111"
///     CardNumberMask.mask("40000025")           // "4000 00••"
///     CardNumberMask.lastFour("1001")           // "•••• 1001"
///     CardNumberMask.lastFour("1001", ascii: true) // "**** 1001"
///     CardNumberMask.firstAndLast("40000025", "1001") // "40000025…1001"
///     CardNumberMask.named("Silver card", last4: "0125") // "Silver card ••••\u{A0}0125"
///     CardNumberMask.echo(digits: "411111111111") // "•••• 1111"
public enum CardNumberMask {
    public static func mask(_ number: String) -> String {
        let digits = Array(CardNumberNormalizer.asciiDigits(in: number))
        let keepTail = digits.count >= 13 ? 4 : 0
        var masked = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, index % 4 == 0 { masked.append(" ") }
            masked.append(index < 6 || index >= digits.count - keepTail ? digit : "•")
        }
        return masked
    }

    /// The character that stands for one hidden digit.
    public static func dot(ascii: Bool = false) -> String { ascii ? "*" : "•" }

    /// `count` hidden digits: `•••`.
    public static func hidden(_ count: Int, ascii: Bool = false) -> String {
        String(repeating: dot(ascii: ascii), count: max(0, count))
    }

    /// How a finished payment names its card: `•••• 1001` (`separator` a no-break space where a
    /// line must not break inside it).
    public static func lastFour(_ last4: String, ascii: Bool = false, separator: String = " ") -> String {
        hidden(4, ascii: ascii) + separator + last4
    }

    /// A card named by its label and last four, as a line may not break inside: `Silver card •••• 0125`.
    public static func named(_ label: String, last4: some StringProtocol, ascii: Bool = false) -> String {
        label + " " + lastFour(String(last4), ascii: ascii, separator: "\u{00A0}")
    }

    /// How a ledger row names its card in a list: the first digits it keeps, an ellipsis and the
    /// last four (`40000025…1001`); `•••• 1001` when it keeps no first digits.
    public static func firstAndLast(_ firstDigits: String, _ last4: String, ascii: Bool = false) -> String {
        firstDigits.isEmpty ? lastFour(last4, ascii: ascii) : firstDigits + (ascii ? "..." : "…") + last4
    }

    /// What a typed card number is echoed as once given (plain mode's answer): its last four from
    /// 12 digits on, when the number is nearly whole, dots alone before that.
    public static func echo(digits: String) -> String {
        digits.count >= 12 ? lastFour(String(digits.suffix(4))) : hidden(digits.count)
    }
}
