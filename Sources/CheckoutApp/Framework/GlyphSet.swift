import CheckoutCore

/// The symbols the screens draw with: Unicode where the terminal's locale is UTF-8, plain ASCII
/// otherwise (`LANG=C` in a server shell, `sudo`, cron), so that every screen keeps its meaning —
/// radio marks, check boxes, the focus bar, borders, currency — whatever the locale.
///
/// Chosen once at start from the locale and carried in ``ScreenContext``; screens take their
/// symbols from it and pass free text (error messages, event summaries) through ``text(_:)``.
/// Layout never depends on the set beyond the widths the drawing code measures.
///
///     context.glyphs.radio(on: true)   // "◉" or "(*)"
///     context.glyphs.text("Link one first: home menu › Nol Pay") // "...home menu > Nol Pay" in ASCII
public struct GlyphSet: Sendable, Equatable {
    /// Which characters the terminal can show.
    public enum Mode: Sendable, Equatable { case unicode, ascii }

    public let mode: Mode

    public static let unicode = GlyphSet(mode: .unicode)
    public static let ascii = GlyphSet(mode: .ascii)

    public init(mode: Mode) { self.mode = mode }

    /// The set for a locale's character encoding (`nl_langinfo(CODESET)`): Unicode for UTF-8 only.
    public init(codeset: String) {
        let name = codeset.lowercased().filter { $0 != "-" && $0 != "_" }
        self.init(mode: name == "utf8" ? .unicode : .ascii)
    }

    public var isASCII: Bool { mode == .ascii }

    private func pick(_ unicode: String, _ ascii: String) -> String { mode == .unicode ? unicode : ascii }

    /// A radio button of a one-of-many choice (the co-badge chooser).
    public func radio(on: Bool) -> String { on ? pick("◉", "(*)") : pick("○", "( )") }
    /// A check box (the accepted networks in Settings).
    public func checkBox(on: Bool) -> String { on ? pick("[✓]", "[x]") : "[ ]" }
    /// The bar left of the focused field or row.
    public var focusBar: String { pick("┃", ">") }
    /// The marker of the chosen row in a list and the current step.
    public var pointer: String { pick("▸", ">") }
    /// Ends a text that was cut.
    public var ellipsis: String { pick("…", "...") }
    /// Separates items on one line (footer hints, accepted networks, titles).
    public var separator: String { pick(" · ", " | ") }
    /// Starts a short note about the key just refused ("· digits only").
    public var noteMark: String { pick("·", "-") }
    /// A masked digit of a card number.
    public var maskedDigit: String { CardNumberMask.dot(ascii: isASCII) }
    /// Starts a line that reports success or failure.
    public var success: String { pick("✓", "OK") }
    public var failure: String { pick("✗", "!") }
    /// Starts a line saying what to do next.
    public var advice: String { pick("→", "->") }
    /// The advice's arrow pointing the way the text reads: `←` (`<-`) in a right-to-left language.
    public func advice(rightToLeft: Bool) -> String { rightToLeft ? pick("←", "<-") : advice }
    /// Encloses a value that ← → change.
    public var decrease: String { pick("◀", "<") }
    public var increase: String { pick("▶", ">") }
    /// Says there are more rows below, in `text`'s language.
    public func moreBelow(_ text: Localizer) -> String { mode == .unicode ? text.text(.frameMoreBelow, "↓") : self.text(text.text(.frameMoreBelowASCII)) }
    /// Says there are more rows above, in `text`'s language.
    public func moreAbove(_ text: Localizer) -> String { mode == .unicode ? text.text(.frameMoreAbove, "↑") : self.text(text.text(.frameMoreAboveASCII)) }
    public var horizontal: String { pick("─", "-") }
    public var vertical: String { pick("│", "|") }
    public var topLeft: String { pick("┌", "+") }
    public var topRight: String { pick("┐", "+") }
    public var bottomLeft: String { pick("└", "+") }
    public var bottomRight: String { pick("┘", "+") }
    /// The frames of the "working" spinner.
    public var spinner: [String] { mode == .unicode ? ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] : ["|", "/", "-", "\\"] }
    /// A wizard's step number, 1-based.
    public func stepNumber(_ number: Int) -> String {
        let circled = ["①", "②", "③", "④", "⑤", "⑥", "⑦", "⑧", "⑨"]
        return mode == .unicode && (1...circled.count).contains(number) ? circled[number - 1] : "(\(number))"
    }

    /// `text` as this set can show it: unchanged in Unicode; in ASCII the symbols and punctuation the
    /// program itself writes (arrows, bullets, dashes, quotes, `›`, `…`) become their ASCII forms.
    /// Other characters (a name typed in another script) are left to the terminal adapter, which
    /// shows `?` for them.
    public func text(_ text: String) -> String {
        guard mode == .ascii, !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        var result = ""
        for character in text {
            if let replacement = Self.asciiForms[character] { result += replacement } else { result.append(character) }
        }
        return result
    }

    /// Key names as the footer and help show them: in ASCII, `up`/`down`, `<-`/`->` and `S-tab`.
    public func keys(_ label: String) -> String {
        guard mode == .ascii else { return label }
        var result = label
        for (symbol, name) in [("↑↓", "up/down"), ("←→", "<-/->"), ("↑", "up"), ("↓", "down"), ("←", "<-"), ("→", "->"), ("⇧", "S-")] {
            result = result.replacing(symbol, with: name)
        }
        return text(result)
    }

    static let asciiForms: [Character: String] = [
        "…": "...", "·": "|", "•": "*", "›": ">", "‹": "<", "»": ">>", "«": "<<",
        "—": "-", "–": "-", "‐": "-", "‑": "-", "’": "'", "‘": "'", "“": "\"", "”": "\"",
        "→": "->", "←": "<-", "↑": "^", "↓": "v", "⇧": "shift+", "▸": ">", "◀": "<", "▶": ">",
        "✓": "OK", "✗": "!", "◉": "(*)", "○": "( )", "┃": "|", "│": "|", "─": "-",
        "┌": "+", "┐": "+", "└": "+", "┘": "+", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR",
        "\u{00A0}": " ", "\u{202F}": " ", "×": "x",
    ]
}
