import CheckoutCore
import CheckoutApp
import FoundationEssentials
import Glibc
import NolPay

/// Text as plain mode prints it: printable characters only, ASCII in a locale that is not UTF-8.
///
/// Everything the conversation writes goes through ``printable(_:ascii:)``, its own sentences as
/// well as what the person or the engine supplied, so no control character (ESC, CR, backspace,
/// bidi override…) can reach the terminal: each one is shown escaped as diagnostics are (`\u001b`,
/// ``DiagnosticText/escaped(_:)``). In ASCII mode
/// the few symbols the sentences use get their ASCII spelling (`•` → `*`, `€49.99` → `EUR 49.99`)
/// and any other non-ASCII character is shown escaped too. The one escape sequence plain mode
/// writes is its own, on a terminal that can take it: the card number's echoed line written over
/// (``Conversation/ask(_:)``).
public enum PlainText {
    /// `text` with every character that is not printable shown escaped; newlines are kept only
    /// when `keepNewlines` (the conversation's own line breaks), never in supplied text.
    public static func printable(_ text: String, ascii: Bool, keepNewlines: Bool = false) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if scalar == "\n", keepNewlines {
                result.unicodeScalars.append(scalar)
            } else if isPrintable(scalar) && (!ascii || scalar.isASCII) {
                result.unicodeScalars.append(scalar)
            } else if ascii, let spelling = asciiSpelling[scalar] {
                result += spelling
            } else {
                result += DiagnosticText.escaped(scalar)
            }
        }
        return result
    }

    /// Whether a scalar may be written as it is: not a control, format or separator character
    /// (those move the cursor, erase, or reorder what follows), and assigned.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        // The isolates and marks the Arabic sentences and CLDR's money use (LRI, RLI, FSI, PDI;
        // LRM, RLM, ALM): an isolate ends at the line's end whatever it holds, unlike the
        // embeddings and overrides (U+202A–U+202E), which stay escaped.
        if (0x2066...0x2069).contains(scalar.value) || scalar.value == 0x200E || scalar.value == 0x200F || scalar.value == 0x061C {
            return true
        }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate, .privateUse:
            return false
        default:
            return true
        }
    }

    /// ASCII spellings of the symbols the sentences use.
    static let asciiSpelling: [Unicode.Scalar: String] = [
        "•": "*", "€": "EUR ", "£": "GBP ", "¥": "JPY ", "₹": "INR ", "…": "...", "—": "-", "–": "-",
        "’": "'", "‘": "'", "“": "\"", "”": "\"", "\u{00A0}": " ",
    ]

    /// Whether the locale of the environment uses UTF-8 (`LC_ALL`, `LC_CTYPE`, `LANG`, as the C
    /// library resolves them, with ``ProcessLocale``'s fallback for a UTF-8 locale this machine
    /// never generated); plain mode prints ASCII otherwise.
    public static func localeIsUTF8() -> Bool {
        GlyphSet(codeset: ProcessLocale.adoptEnvironment(LC_CTYPE)) == .unicode
    }

    // MARK: Values as sentences say them (the screens' words, for plain mode's own lines)

    /// A mobile number as a person reads it aloud, in international groups: `+971 50 123 4567`.
    static func phone(_ text: String) -> String {
        guard case let .success(number) = MobileNumber.parse(text) else { return text }
        return number.grouped
    }

    /// `A`, `A and B`, `A, B and C` (``Sentence/list(_:)``).
    static func list(_ items: [String]) -> String {
        Sentence.list(items)
    }
}
