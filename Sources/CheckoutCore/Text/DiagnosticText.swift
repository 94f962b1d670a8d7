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
    /// `text` with every character that ``mustEscape(_:)`` names written as `\uXXXX`.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: mustEscape) else { return text }
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if mustEscape(scalar) {
                output.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                output.append(scalar)
            }
        }
        return String(output)
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

    /// `\u` and four lowercase hex digits (every escaped scalar is below U+10000).
    static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
