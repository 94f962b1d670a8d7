/// One line of text being edited, with the caret that ← → Home End move and the deletes work around.
///
/// The caret counts characters of `text`, the value as stored: the card number's caret counts digits,
/// because the spaces between its groups are drawn, never stored. Inserting takes only the characters
/// a field allows and stops at its length limit, so a 100 KB paste costs no more than the field holds.
///
///     var field = EditableText("4000")
///     field.apply(.left)                              // caret between 0 and 0
///     field.insert("9", limit: 19) { $0.isNumber }    // "40090"
public struct EditableText: Sendable, Equatable {
    public private(set) var text: String
    /// Where the next character goes, `0...text.count`.
    public private(set) var caret: Int

    public init(_ text: String = "") {
        self.text = text
        caret = text.count
    }

    public var isEmpty: Bool { text.isEmpty }

    /// Inserts at the caret the characters of `incoming` that `allowed` accepts, up to `limit`
    /// characters in all; returns how many went in.
    @discardableResult
    public mutating func insert(_ incoming: some Sequence<Character>, limit: Int, allowed: (Character) -> Bool = { _ in true }) -> Int {
        let room = max(0, limit - text.count)
        guard room > 0 else { return 0 }
        var accepted = ""
        var count = 0
        for character in incoming where allowed(character) {
            accepted.append(character)
            count += 1
            if count == room { break }
        }
        guard count > 0 else { return 0 }
        let index = text.index(text.startIndex, offsetBy: caret)
        text.insert(contentsOf: accepted, at: index)
        caret += count
        return count
    }

    /// Replaces the whole text, caret at the end.
    public mutating func set(_ newText: String) {
        text = newText
        caret = newText.count
    }

    /// Deletes the character before the caret (Backspace).
    public mutating func deleteBackward() {
        guard caret > 0 else { return }
        text.remove(at: text.index(text.startIndex, offsetBy: caret - 1))
        caret -= 1
    }

    /// Deletes the character after the caret (Delete).
    public mutating func deleteForward() {
        guard caret < text.count else { return }
        text.remove(at: text.index(text.startIndex, offsetBy: caret))
    }

    /// Puts the caret at the end (where it goes when the field gains focus).
    public mutating func moveToEnd() { caret = text.count }

    /// Applies an editing key (← → Home End Backspace Delete); returns false for any other key.
    public mutating func apply(_ key: Key) -> Bool {
        switch key {
        case .left: caret = max(0, caret - 1)
        case .right: caret = min(text.count, caret + 1)
        case .home: caret = 0
        case .end: caret = text.count
        case .backspace: deleteBackward()
        case .delete: deleteForward()
        default: return false
        }
        return true
    }

    /// The column of the caret in `shown`, the text as drawn with separators between the stored
    /// characters (`"4000 0025"` for `"40000025"`): right before the stored character the caret
    /// stands on, or after the last one.
    public func caretColumn(in shown: String, isStored: (Character) -> Bool) -> Int {
        var seen = 0
        var column = 0
        for character in shown {
            if isStored(character) {
                if seen == caret { return column }
                seen += 1
            }
            column += DisplayWidth.of(character)
        }
        return column
    }

    /// The first `limit` characters of `text` a field may take: escape sequences (`ESC [ 31 m`) and
    /// other control characters go; tabs and line breaks become spaces when `keepSpaces`, and go
    /// otherwise. Pasted text goes through this, so a paste can neither act as a key nor paint.
    public static func printable(_ text: String, keepSpaces: Bool, limit: Int) -> String {
        enum State { case text, escape, controlSequence, controlString, controlStringEscape }
        var state = State.text
        var result = ""
        var count = 0
        for character in text {
            if count >= limit { break }
            let value = character.unicodeScalars.first.map(\.value) ?? 0
            switch state {
            case .text:
                if value == 0x1B {
                    state = .escape
                } else if character.isNewline || character == "\t" {
                    if keepSpaces { result.append(" "); count += 1 }
                } else if value >= 0x20, !(0x7F...0x9F).contains(value) {
                    result.append(character)
                    count += 1
                }
            case .escape:
                state = switch value {
                case 0x5B: .controlSequence
                case 0x5D, 0x50, 0x5F: .controlString
                default: .text
                }
            case .controlSequence:
                if (0x40...0x7E).contains(value) { state = .text }
            case .controlString:
                if value == 0x07 { state = .text } else if value == 0x1B { state = .controlStringEscape }
            case .controlStringEscape:
                state = value == 0x5C ? .text : .controlString
            }
        }
        return result
    }
}
