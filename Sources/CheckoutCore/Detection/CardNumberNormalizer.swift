// PLACEHOLDER (Core work replaces): signatures per CONTRACT.md
/// The result of normalising typed card-number text.
public enum NormalizedCardNumber: Sendable, Equatable {
    case digits(String)
    case malformed(String)
}

public enum CardNumberNormalizer {
    public static func normalize(_ raw: String) -> NormalizedCardNumber {
        var out = ""
        for ch in raw {
            if ch.isASCII, ch.isNumber { out.append(ch) } else if ch == " " || ch == "-" || ch == "." { continue } else { return .malformed(out) }
        }
        return .digits(out)
    }
}
