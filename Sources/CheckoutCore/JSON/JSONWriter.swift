/// Compact JSON text written as UTF-8 bytes into a reusable buffer: the one JSON writer of checkout.
///
/// Values are appended in order; commas between members and elements are placed by the writer, so a
/// shape reads as a list of keys and values. Strings are escaped by scanning their UTF-8 bytes: runs
/// that need no escape are copied whole, and nothing builds a `String` per character. The output is
/// what ``JSONValue/serialized()`` has always printed: no spaces, keys in the order written,
/// non-ASCII text as UTF-8, `"`, `\`, control characters, U+2028 and U+2029 escaped, integral
/// numbers without a fraction, NaN and infinities as `null`.
///
///     var json = JSONWriter()
///     json.beginObject()
///     json.key("network"); json.string("VISA")
///     json.key("allowed"); json.bool(true)
///     json.endObject()
///     String(decoding: json.bytes, as: UTF8.self)   // {"network":"VISA","allowed":true}
///
/// Clear it with ``removeAll()`` to reuse its storage for the next line of JSON Lines output.
public struct JSONWriter: Sendable {
    /// The text written so far, as UTF-8 bytes.
    public private(set) var bytes: [UInt8]
    /// Whether the next value or key follows a complete value and so needs a comma first.
    private var needsComma = false
    /// Whether a card number is written masked (``CardNumberMask/mask(_:)``), as the event log and
    /// its detail view show one; `checkout events` writes what was typed.
    public var masksCardNumbers = false

    public init(capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Empties the buffer, keeping its storage.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    /// Hands the text written so far over to `other`, in place of what it held; the writer goes on
    /// empty, writing into `other`'s former storage. No bytes are copied.
    public mutating func handOver(to other: inout [UInt8]) {
        other.removeAll(keepingCapacity: true)
        swap(&bytes, &other)
        needsComma = false
    }

    /// Ends one JSON Lines record: a line feed, after which a new top-level value may start.
    public mutating func endLine() {
        bytes.append(0x0A)
        needsComma = false
    }

    /// Appends bytes that are already one complete JSON value (or whole JSON Lines records).
    public mutating func raw(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: text)
        needsComma = true
    }

    /// Continues with what `other` wrote, as if it were written here: a part of a value written
    /// once and copied many times (members, or the head or tail of an object). A comma goes
    /// between the two where one is due.
    public mutating func append(_ other: JSONWriter) {
        guard !other.bytes.isEmpty else { return }
        if needsComma, let first = other.bytes.first, first != UInt8(ascii: "}"), first != UInt8(ascii: "]") {
            bytes.append(UInt8(ascii: ","))
        }
        bytes.append(contentsOf: other.bytes)
        needsComma = other.needsComma
    }

    // MARK: Structure

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// An object key known at compile time; it must need no escaping (plain ASCII letters and such).
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// An object key of any text, escaped like a string value.
    public mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    // MARK: Values

    public mutating func null() {
        separate()
        Self.append("null", to: &bytes)
        needsComma = true
    }

    public mutating func bool(_ flag: Bool) {
        separate()
        Self.append(flag ? "true" : "false", to: &bytes)
        needsComma = true
    }

    /// A whole number.
    public mutating func integer(_ value: Int) {
        separate()
        Self.appendDecimal(Int64(value), to: &bytes)
        needsComma = true
    }

    /// A number: integral values below 10^15 print without a fraction, others as Swift describes
    /// them (`1.5`, `1e+20`); NaN and infinities, which JSON lacks, print as null.
    public mutating func number(_ value: Double) {
        guard value.isFinite else { return null() }
        separate()
        if value == value.rounded(), abs(value) < 1e15 {
            Self.appendDecimal(Int64(value), to: &bytes)
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
        needsComma = true
    }

    /// A string value, quoted and escaped.
    public mutating func string(_ text: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { Self.appendEscaped($0, to: &bytes) }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// A string value, or null when `text` is nil.
    public mutating func string(orNull text: String?) {
        if let text { string(text) } else { null() }
    }

    /// A value that writes itself.
    public mutating func value(_ value: some JSONWritable) {
        value.write(to: &self)
    }

    /// A value that writes itself, or null when it is nil.
    public mutating func value(orNull value: (some JSONWritable)?) {
        if let value { value.write(to: &self) } else { null() }
    }

    /// An array of values that write themselves.
    public mutating func array(_ values: some Sequence<some JSONWritable>) {
        beginArray()
        for value in values { value.write(to: &self) }
        endArray()
    }

    // MARK: Bytes

    @inline(__always)
    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
        var magnitude = value.magnitude
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // 20 digits hold any UInt64; written backwards into a small stack buffer.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var index = 20
            repeat {
                index -= 1
                digits[index] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 48
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[index..<20]))
        }
    }

    /// Appends `utf8` escaped for a JSON string: runs of bytes that need no escape are copied whole.
    static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        var runStart = 0
        var index = 0
        let count = utf8.count
        while index < count {
            let byte = utf8[index]
            // Fast path: printable ASCII other than `"` and `\`, and every byte of a multi-byte
            // sequence except the lead byte of U+2028/U+2029 (E2 80 A8/A9).
            if byte >= 0x20, byte != 0x22, byte != 0x5C, byte != 0xE2 {
                index &+= 1
                continue
            }
            var skip = 1
            let escape: StaticString
            switch byte {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x08: escape = "\\b"
            case 0x0C: escape = "\\f"
            case 0xE2:
                guard index + 2 < count, utf8[index + 1] == 0x80, utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9 else {
                    index &+= 1
                    continue
                }
                escape = utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                skip = 3
            default:
                escape = ""
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            if escape.utf8CodeUnitCount > 0 {
                append(escape, to: &bytes)
            } else {
                // Other control characters: \u00XX with lowercase hex digits.
                let hex: StaticString = "0123456789abcdef"
                append("\\u00", to: &bytes)
                hex.withUTF8Buffer { digits in
                    bytes.append(digits[Int(byte >> 4)])
                    bytes.append(digits[Int(byte & 0x0F)])
                }
            }
            index &+= skip
            runStart = index
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
    }
}

/// A value with a JSON shape of its own, written straight into a ``JSONWriter``.
///
/// Each shape is written in one place, and its text (``serialized()``) comes from there.
public protocol JSONWritable {
    func write(to json: inout JSONWriter)
}

extension JSONWritable {
    /// The compact JSON text of the value.
    public func serialized() -> String {
        var json = JSONWriter()
        write(to: &json)
        return String(decoding: json.bytes, as: UTF8.self)
    }
}
