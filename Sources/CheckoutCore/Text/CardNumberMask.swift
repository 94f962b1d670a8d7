/// Masks a card number for display outside its field: the first six and, for a number of 13 digits
/// or more, the last four stay; every other digit becomes `•`, in groups of four.
///
///     CardNumberMask.mask("4111111111111111") // "4111 11•• •••• 1111"
///     CardNumberMask.mask("40000025")         // "4000 00••"
public enum CardNumberMask {
    public static func mask(_ number: String) -> String {
        let digits = Array(number.filter(\.isNumber))
        let keepTail = digits.count >= 13 ? 4 : 0
        var masked = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, index % 4 == 0 { masked.append(" ") }
            masked.append(index < 6 || index >= digits.count - keepTail ? digit : "•")
        }
        return masked
    }

    /// How a finished payment names its card: `•••• 1001`.
    public static func lastFour(_ last4: String) -> String { "•••• " + last4 }
}
