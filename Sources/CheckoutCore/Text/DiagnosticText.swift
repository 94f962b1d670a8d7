/// Text made safe to write as one line of a diagnostic: stderr, an error event's description, a log.
///
/// Every character that a terminal or a log reader would act on instead of showing is written as
/// `\uXXXX` (`\u001b` for Escape): the C0 controls (line feed, carriage return and tab among them),
/// DEL, the C1 controls (NEL among them), the line and paragraph separators U+2028/U+2029, and the
/// bidirectional marks, embeddings, overrides and isolates that reorder what a reader sees
/// (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069). An escape sequence therefore shows as
/// text (`\u001b[2J`) and does nothing, and a sanitised message is always exactly one line, so one
/// input line can never forge a second log line.
///
///     DiagnosticText.sanitized("x\ncheckout: payment AUTHORIZED")
///     // "x\\u000acheckout: payment AUTHORIZED"
///
/// Everything else, including non-Latin text and emoji, is kept as it is.
public enum DiagnosticText {
    /// `text` with every character that ``mustEscape(_:)`` names written as `\uXXXX`, in time
    /// linear in its length (the bytes are built in one buffer: appending escapes one at a time to a
    /// scalar view took minutes for a megabyte of NUL bytes).
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: mustEscape) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 64)
        for scalar in text.unicodeScalars {
            if mustEscape(scalar) {
                appendEscape(scalar, to: &output)
            } else if scalar.isASCII {
                output.append(UInt8(truncatingIfNeeded: scalar.value))
            } else {
                output.append(contentsOf: scalar.utf8)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A text of several lines made safe to leave the program (a saved receipt, a clipboard
    /// payload): each line as ``sanitized(_:)`` writes it, the line feeds between them kept. No
    /// escape sequence, C1 control, bidi override or isolate, or U+2028/U+2029 stays raw, so a
    /// merchant's or a damaged row's text cannot retitle a terminal, set a clipboard or reorder a
    /// line when the file is shown with `cat`.
    ///
    ///     DiagnosticText.sanitizedLines("Shop\u{1b}]0;x\u{07}\nTotal")   // "Shop\\u001b]0;x\\u0007\nTotal"
    public static func sanitizedLines(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value != 0x0A && mustEscape($0) }) else { return text }
        // Split on the byte: a CR LF is one Character, and its CR must be escaped apart.
        return text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
            .map { sanitized(String(decoding: $0, as: UTF8.self)) }.joined(separator: "\n")
    }

    /// `text` sanitised and cut to its first `limit` characters (then `…`), for quoting something
    /// from outside in a one-line message: a field of a file may be megabytes long. Characters that
    /// show as nothing (a byte-order mark, a zero-width space: default-ignorable code points) are
    /// escaped too, so a quote never looks like text it is not.
    ///
    ///     DiagnosticText.quoted(String(repeating: "9", count: 10_000))   // "9999…" (40 nines)
    ///     DiagnosticText.quoted("\u{FEFF}start")                          // "\\ufeffstart"
    public static func quoted(_ text: String, limit: Int = 40) -> String {
        var cut = Substring(text)
        var isCut = false
        if let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex {
            cut = text[..<end]
            isCut = true
        }
        var output: [UInt8] = []
        for scalar in cut.unicodeScalars {
            if mustEscape(scalar) || scalar.properties.isDefaultIgnorableCodePoint && scalar.value < 0x10000 {
                appendEscape(scalar, to: &output)
            } else {
                output.append(contentsOf: scalar.utf8)
            }
        }
        return String(decoding: output, as: UTF8.self) + (isCut ? "…" : "")
    }

    /// Bytes from outside (a file, a network answer, an input line) as sanitised text; bytes that
    /// are not UTF-8 show as U+FFFD.
    public static func sanitized<Bytes: Collection>(bytes: Bytes) -> String where Bytes.Element == UInt8 {
        sanitized(String(decoding: bytes, as: UTF8.self))
    }

    /// Whether `scalar` is shown escaped rather than written as it is.
    @inlinable
    public static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true   // C0, DEL, C1
        case 0x2028, 0x2029: return true             // line and paragraph separators
        case 0x061C, 0x200E, 0x200F: return true     // bidi marks: Arabic letter mark, LRM, RLM
        case 0x202A...0x202E: return true            // bidi embeddings and overrides
        case 0x2066...0x2069: return true            // bidi isolates
        default: return false
        }
    }

    /// `scalar` as its escape: `\u001b`; above U+FFFF its two UTF-16 halves (`\ud83d\ude00`), as
    /// JSON writes them. The one notation of the program for a character it will not write as it
    /// is: diagnostics here, plain mode's lines (``mustEscape(_:)`` decides for diagnostics, plain
    /// mode decides what it cannot print).
    public static func escaped(_ scalar: Unicode.Scalar) -> String {
        var output: [UInt8] = []
        appendEscape(scalar, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    static func appendEscape(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        guard scalar.value > 0xFFFF else { return appendUnit(scalar.value, to: &output) }
        let above = scalar.value - 0x10000
        appendUnit(0xD800 + above >> 10, to: &output)
        appendUnit(0xDC00 + above & 0x3FF, to: &output)
    }

    /// `\u` and four lowercase hex digits.
    private static func appendUnit(_ unit: UInt32, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        output.append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) {
            let digit = UInt8(truncatingIfNeeded: unit >> UInt32(shift)) & 0xF
            output.append(digit < 10 ? 0x30 + digit : 0x57 + digit)
        }
    }
}
