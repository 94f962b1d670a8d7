/// Money as a person reads it: `€49.99`, `$10.00`, `AED 12.50`; in ASCII the code always
/// (`EUR 49.99`), since a currency symbol cannot be shown. The one way amounts are written: the
/// screens, plain mode, the Nol components and the payments table all come here.
///
///     MoneyText.format(minorUnits: 4999, currency: "EUR")               // "€49.99"
///     MoneyText.format(minorUnits: 4999, currency: "EUR", ascii: true)  // "EUR 49.99"
///     MoneyText.format(minorUnits: 750, currency: "AED")                // "AED 7.50"
///     MoneyText.format(minorUnits: 1234, currency: "JPY")               // "¥1234"
public enum MoneyText {
    public static func format(minorUnits: Int, currency: String, ascii: Bool = false) -> String {
        let code = currency.uppercased()
        var bytes: [UInt8] = []
        appendDecimal(Int64(minorUnits), decimals: fractionDigits(code), to: &bytes)
        let number = String(decoding: bytes, as: UTF8.self)
        let sign = minorUnits < 0 ? "-" : ""
        let magnitude = minorUnits < 0 ? String(number.dropFirst()) : number
        if !ascii, let symbol = symbol(code) { return sign + symbol + magnitude }
        return sign + code + " " + magnitude
    }

    /// The symbol English writes before an amount in `code` (uppercase), if it has one. A switch,
    /// not a dictionary: made at each call, the dictionary was most of an amount's cost, and a
    /// frame shows two or three amounts.
    static func symbol(_ code: String) -> String? {
        switch code {
        case "EUR": "€"
        case "USD": "$"
        case "GBP": "£"
        case "JPY": "¥"
        case "INR": "₹"
        default: nil
        }
    }

    /// How many digits a currency's minor unit has: 2 for EUR, 0 for JPY, 3 for BHD, as ISO 4217
    /// says (``ISO4217``); 2 for a code it does not list (an old ledger row).
    public static func fractionDigits(_ currency: String) -> Int {
        ISO4217.minorUnits(of: currency) ?? 2
    }

    /// Appends the amount as a plain decimal, without a currency: `49.99` for 4999 minor units with
    /// 2 decimals, `4999` with none, `4.999` with 3, `-0.05`. Bytes, so the payments table can write
    /// thousands of rows without a string per amount.
    public static func appendDecimal(_ minorUnits: Int64, decimals: Int, to bytes: inout [UInt8]) {
        if minorUnits < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = minorUnits.magnitude
        var scale: UInt64 = 1
        for _ in 0..<max(0, decimals) { scale *= 10 }
        appendDigits(magnitude / scale, to: &bytes)
        guard decimals > 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var fraction = magnitude % scale
        let start = bytes.count
        for _ in 0..<decimals {
            bytes.append(UInt8(48 + fraction % 10))
            fraction /= 10
        }
        bytes[start...].reverse()
    }

    private static func appendDigits(_ value: UInt64, to bytes: inout [UInt8]) {
        if value >= 10 { appendDigits(value / 10, to: &bytes) }
        bytes.append(UInt8(48 + value % 10))
    }
}
