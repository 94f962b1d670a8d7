extension String {
    /// `value` in decimal with leading zeros up to `width` digits: what `String(format: "%0*d")`
    /// gives, without Foundation.
    ///
    ///     String(42, zeroPaddedTo: 6)    // "000042"
    ///     String(-42, zeroPaddedTo: 4)   // "-042"
    public init(_ value: Int, zeroPaddedTo width: Int) {
        self = Self.zeroPadded(value, width)
    }

    private static func zeroPadded(_ value: Int, _ width: Int) -> String {
        let digits = String(value.magnitude)
        var text = value < 0 ? "-" : ""
        let padding: Int = width - text.utf8.count - digits.utf8.count
        if padding > 0 { text += String(repeating: "0", count: padding) }
        text += digits
        return text
    }

    /// `value` with `fractionDigits` digits after the point, rounded half away from zero: what
    /// `String(format: "%.*f")` gives for the figures checkout prints, without Foundation.
    ///
    ///     String(3.14159, fractionDigits: 1)   // "3.1"
    ///     String(2.5, fractionDigits: 0)       // "3"
    public init(_ value: Double, fractionDigits: Int) {
        self = Self.fixed(value, fractionDigits)
    }

    private static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
        var unit: UInt64 = 1
        for _ in 0..<digits { unit *= 10 }
        let scaled = (value.magnitude * Double(unit)).rounded()
        guard scaled < 9e18 else { return String(value) }
        let whole = UInt64(scaled)
        var text = value < 0 && whole != 0 ? "-" : ""
        text += String(whole / unit)
        if digits > 0 { text += "." + String(Int(whole % unit), zeroPaddedTo: digits) }
        return text
    }
}
