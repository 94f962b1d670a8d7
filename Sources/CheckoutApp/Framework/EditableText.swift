import CheckoutCore

/// One line of text being edited, with the caret that ← → Home End move and the deletes work around,
/// and readline's editing keys (``Command``): Ctrl-A/E, Ctrl-U/K, Ctrl-W and Alt-Backspace, Alt-D,
/// Alt-B/F and Ctrl-←/→, Ctrl-D, and Ctrl-Y, which yanks what this field last killed.
///
/// Text is edited and measured in extended grapheme clusters (Swift `Character`s): a letter and its
/// combining accents, a flag, a family emoji joined by ZWJ, a Hangul syllable typed as jamo are each
/// one character that the caret steps over and Backspace deletes whole. The caret counts characters
/// of `text`, the value as stored: the card number's caret counts digits, because the spaces between
/// its groups are drawn, never stored. Inserting takes only the characters a field allows and stops
/// at its length limit, so a 100 KB paste costs no more than the field holds.
///
/// A character inserted may merge with its neighbour (a combining accent typed after `e` makes one
/// `é`), so the caret is counted again after every insert and is always in `0...text.count`.
///
///     var field = EditableText("4000")
///     field.apply(.left)                              // caret between 0 and 0
///     field.insert("9", limit: 19) { $0.isNumber }    // "40090"
public struct EditableText: Sendable, Equatable {
    public private(set) var text: String
    /// Where the next character goes, `0...text.count`.
    public private(set) var caret: Int
    /// `text.count`, kept so that the caret checks cost nothing on long text.
    public private(set) var count: Int
    /// What Ctrl-U, Ctrl-K, Ctrl-W, Alt-Backspace or Alt-D last took out of this field, for Ctrl-Y.
    /// Each field keeps its own, so a card number killed in its field is never yanked anywhere else.
    public private(set) var killed = ""

    /// A character (grapheme cluster) may hold at most this many Unicode scalars: enough for any
    /// emoji sequence or accented letter, and a bound on "Zalgo" text that stacks accents without end.
    public static let maximumScalarsPerCharacter = 32

    public init(_ text: String = "") {
        var kept = ""
        for character in text { kept.append(Self.bounded(character)) }
        self.text = kept
        count = kept.count
        caret = count
    }

    public var isEmpty: Bool { text.isEmpty }

    /// Inserts at the caret the characters of `incoming` that `allowed` accepts, up to `limit`
    /// characters in all; returns how many went in.
    ///
    /// The caret ends after the inserted text, counted in the characters of the result: when the
    /// first inserted character joins the one before the caret (a combining mark, a ZWJ, the second
    /// half of a flag) the text has fewer characters than before plus the inserted ones.
    @discardableResult
    public mutating func insert(_ incoming: some Sequence<Character>, limit: Int, allowed: (Character) -> Bool = { _ in true }) -> Int {
        let room = max(0, limit - count)
        guard room > 0 else { return 0 }
        var accepted = ""
        var acceptedCount = 0
        for character in incoming where allowed(character) {
            accepted.append(Self.bounded(character))
            acceptedCount += 1
            if acceptedCount == room { break }
        }
        guard acceptedCount > 0 else { return 0 }
        let split = text.index(text.startIndex, offsetBy: caret, limitedBy: text.endIndex) ?? text.endIndex
        let before = String(text[..<split]) + accepted
        let merged = before + String(text[split...])
        let mergedCount = merged.count
        // A character grown past the bound by the merge is refused whole: the text stays as it was.
        guard mergedCount <= limit, !Self.hasOverlongCharacter(merged, from: caret - 1, through: caret + acceptedCount) else {
            return 0
        }
        text = merged
        count = mergedCount
        caret = min(before.count, count)
        return acceptedCount
    }

    /// Replaces the whole text, caret at the end (what was killed stays, for Ctrl-Y).
    public mutating func set(_ newText: String) {
        let kept = killed
        self = EditableText(newText)
        killed = kept
    }

    /// Deletes the character before the caret (Backspace).
    public mutating func deleteBackward() {
        guard caret > 0, let index = text.index(text.startIndex, offsetBy: caret - 1, limitedBy: text.endIndex), index < text.endIndex else { return }
        text.remove(at: index)
        caret -= 1
        recount()
    }

    /// Deletes the character after the caret (Delete).
    public mutating func deleteForward() {
        guard caret < count, let index = text.index(text.startIndex, offsetBy: caret, limitedBy: text.endIndex), index < text.endIndex else { return }
        text.remove(at: index)
        recount()
    }

    /// Puts the caret at the end (where it goes when the field gains focus).
    public mutating func moveToEnd() { caret = count }

    /// What an editing key does, as readline has it. A word is a run of letters and digits.
    public enum Command: Sendable, Equatable, CaseIterable {
        case left, right, home, end, wordLeft, wordRight
        case deleteBackward, deleteForward, deleteWordBackward, deleteWordForward, killToStart, killToEnd
        /// Inserts ``EditableText/killed`` at the caret. A field does not do it itself, since only
        /// its screen knows what it may hold: the app hands it to the screen as a paste.
        case yank

        /// The command of an editing key; `nil` for any other key.
        public init?(_ key: Key) {
            // A plain character is never an editing key: answered before the table is looked in.
            if case .character = key { return nil }
            guard let command = Self.byKey[key] else { return nil }
            self = command
        }

        /// Each command under each of its ``keys``, made once (every key typed asks: the lists of
        /// keys made and searched at each were a fifth of typing a digit, callgrind).
        private static let byKey: [Key: Command] = {
            var table: [Key: Command] = [:]
            for command in allCases { for key in command.keys where table[key] == nil { table[key] = command } }
            return table
        }()

        /// The keys that give the command, as readline has them.
        public var keys: [Key] {
            switch self {
            case .left: [.left]
            case .right: [.right]
            case .home: [.home, .ctrl(.character("a"))]
            case .end: [.end, .ctrl(.character("e"))]
            case .wordLeft: [.alt(.character("b")), .ctrl(.left)]
            case .wordRight: [.alt(.character("f")), .ctrl(.right)]
            case .deleteBackward: [.backspace]
            case .deleteForward: [.delete, .ctrl(.character("d"))]
            case .deleteWordBackward: [.ctrl(.character("w")), .alt(.backspace)]
            case .deleteWordForward: [.alt(.character("d"))]
            case .killToStart: [.ctrl(.character("u"))]
            case .killToEnd: [.ctrl(.character("k"))]
            case .yank: [.ctrl(.character("y"))]
            }
        }

        /// What the command does, for the F1 help, in `text`'s language.
        public func help(_ text: Localizer) -> String {
            switch self {
            case .left: text.text(.editCaretLeft)
            case .right: text.text(.editCaretRight)
            case .home: text.text(.editCaretStart)
            case .end: text.text(.editCaretEnd)
            case .wordLeft: text.text(.editWordLeft)
            case .wordRight: text.text(.editWordRight)
            case .deleteBackward: text.text(.editEraseBefore)
            case .deleteForward: text.text(.editEraseAfter)
            case .deleteWordBackward: text.text(.editEraseWordBefore)
            case .deleteWordForward: text.text(.editEraseWordAfter)
            case .killToStart: text.text(.editEraseToStart, Self.yank.keys[0].hintName)
            case .killToEnd: text.text(.editEraseToEnd, Self.yank.keys[0].hintName)
            case .yank: text.text(.editPutBack)
            }
        }

        /// The F1 help's lines for every editing key.
        public static func helpLines(_ text: Localizer) -> [KeyHint] {
            allCases.map { KeyHint(keys: $0.keys.map(\.hintName).joined(with: "/"), help: $0.help(text)) }
        }

        /// Whether the command changes the text, not only the caret.
        public var changesText: Bool {
            switch self {
            case .left, .right, .home, .end, .wordLeft, .wordRight: false
            default: true
            }
        }
    }

    /// The key that yanks, for the app to recognise.
    public static let yankKey = Key.ctrl(.character("y"))

    /// Applies an editing key (see ``Command``); returns false for any other key, and for Ctrl-Y,
    /// which the screen inserts as it inserts anything else.
    public mutating func apply(_ key: Key) -> Bool {
        guard let command = Command(key), command != .yank else { return false }
        perform(command)
        return true
    }

    /// Does one editing command (Ctrl-Y excepted: see ``Command/yank``).
    public mutating func perform(_ command: Command) {
        switch command {
        case .left: caret = max(0, caret - 1)
        case .right: caret = min(count, caret + 1)
        case .home: caret = 0
        case .end: caret = count
        case .wordLeft: caret = wordStart(before: caret)
        case .wordRight: caret = wordEnd(after: caret)
        case .deleteBackward: deleteBackward()
        case .deleteForward: deleteForward()
        case .deleteWordBackward: kill(from: wordStart(before: caret), to: caret)
        case .deleteWordForward: kill(from: caret, to: wordEnd(after: caret))
        case .killToStart: kill(from: 0, to: caret)
        case .killToEnd: kill(from: caret, to: count)
        case .yank: break
        }
    }

    static func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber }

    /// Where the word before `offset` starts: back over what is not a word, then over the word.
    func wordStart(before offset: Int) -> Int {
        let characters = Array(text)
        var index = min(offset, characters.count)
        while index > 0, !Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        while index > 0, Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        return index
    }

    /// Where the word after `offset` ends: on over what is not a word, then over the word.
    func wordEnd(after offset: Int) -> Int {
        let characters = Array(text)
        var index = max(0, offset)
        while index < characters.count, !Self.isWordCharacter(characters[index]) { index += 1 }
        while index < characters.count, Self.isWordCharacter(characters[index]) { index += 1 }
        return index
    }

    /// Takes characters `start..<end` out into ``killed``, the caret at `start`. Nothing taken
    /// leaves the last kill as it was.
    private mutating func kill(from start: Int, to end: Int) {
        guard start < end else { return }
        let lower = text.index(text.startIndex, offsetBy: start, limitedBy: text.endIndex) ?? text.endIndex
        let upper = text.index(lower, offsetBy: end - start, limitedBy: text.endIndex) ?? text.endIndex
        killed = String(text[lower..<upper])
        let before = String(text[..<lower])
        text = before + String(text[upper...])
        // Taking characters out can join the ones either side (an accent left after a letter).
        count = text.count
        caret = min(before.count, count)
    }

    /// Removing a character can join its neighbours (a lone accent left after a letter): count again.
    private mutating func recount() {
        count = text.count
        caret = min(caret, count)
    }

    /// `character`, cut to ``maximumScalarsPerCharacter`` scalars.
    static func bounded(_ character: Character) -> Character {
        let scalars = character.unicodeScalars
        guard scalars.count > maximumScalarsPerCharacter else { return character }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars.prefix(maximumScalarsPerCharacter))
        // The cut scalars can only make one cluster (they came from one), but a Character needs exactly one.
        return String(view).first ?? " "
    }

    /// Whether a character at offsets `start...end` of `text` holds more scalars than allowed.
    private static func hasOverlongCharacter(_ text: String, from start: Int, through end: Int) -> Bool {
        // ASCII makes no character of more than two scalars ("\r\n"): nothing to break into characters.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return false }
        var offset = 0
        for character in text {
            if offset > end { break }
            if offset >= start, character.unicodeScalars.count > maximumScalarsPerCharacter { return true }
            offset += 1
        }
        return false
    }

    /// The column of the caret in `shown`, the text as drawn with separators between the stored
    /// characters (`"4000 0025"` for `"40000025"`): right before the stored character the caret
    /// stands on, or after the last one.
    public func caretColumn(in shown: String, isStored: (Character) -> Bool) -> Int {
        var seen = 0
        var column = 0
        // Printable ASCII (a number, an expiry, most names) is a character per byte, each one
        // column wide: no grapheme breaking (the number's field at each key, a tenth of a key's
        // card form, callgrind).
        if let found = shown.utf8.withContiguousStorageIfAvailable({ bytes -> Int? in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            // `isStored` asked once per byte value (a number has two: digits and spaces).
            var asked: UInt128 = 0, answers: UInt128 = 0
            func stored(_ byte: UInt8) -> Bool {
                let bit = UInt128(1) << byte
                if asked & bit == 0 {
                    asked |= bit
                    if isStored(Character(Unicode.Scalar(byte))) { answers |= bit }
                }
                return answers & bit != 0
            }
            for byte in bytes {
                if stored(byte) {
                    if seen == caret { return column }
                    seen += 1
                }
                column += 1
            }
            return column
        }), let found {
            return found
        }
        for character in shown {
            if isStored(character) {
                if seen == caret { return column }
                seen += 1
            }
            column += DisplayWidth.of(character)
        }
        return column
    }

    /// Where a click at `column` of `shown` (the text as drawn, as for ``caretColumn(in:isStored:)``)
    /// puts the caret: before the stored character drawn there (a click on a separator, before the
    /// next stored one), or at the end when the click is past the text. Columns are display
    /// columns, so a click on either half of a wide character lands before it.
    public func caret(atColumn column: Int, in shown: String, isStored: (Character) -> Bool) -> Int {
        var seen = 0
        var x = 0
        for character in shown {
            let w = DisplayWidth.of(character)
            if w > 0, column < x + w { return min(seen, count) }
            if isStored(character) { seen += 1 }
            x += w
        }
        return min(seen, count)
    }

    /// Puts the caret where a click at `column` of `shown` lands (see ``caret(atColumn:in:isStored:)``).
    public mutating func moveCaret(toColumn column: Int, in shown: String, isStored: (Character) -> Bool) {
        caret = caret(atColumn: column, in: shown, isStored: isStored)
    }

    /// The part of a field's text that is drawn in `width` columns, and where the caret is in it.
    public struct Window: Sendable, Equatable {
        /// The characters to draw from the field's first column (a wide character cut at the left
        /// edge is drawn as a space).
        public var text: String
        /// The caret's column from the field's first column, `0..<width`.
        public var caretColumn: Int
        /// The column of the whole text drawn at the field's first column: a click `n` columns into
        /// the field is at column `start + n` of the text.
        public var start: Int = 0
    }

    /// What of `shown` (the field's text as drawn) fits in `width` columns with the caret, at
    /// `caretColumn` of `shown`, in view: all of it when it fits with a column to spare for the caret
    /// at its end, else the columns that end at the caret. The result never takes more than `width`
    /// columns, measured by display width, so a field never draws over its neighbours.
    ///
    ///     EditableText.window("Jane Doe", caretColumn: 8, width: 5) // text " Doe", caret column 4
    public static func window(_ shown: String, caretColumn: Int, width: Int) -> Window {
        guard width > 0 else { return Window(text: "", caretColumn: 0, start: 0) }
        let caret = max(0, caretColumn)
        let total = DisplayWidth.of(shown)
        let start = total < width && caret < width ? 0 : max(0, caret - width + 1)
        // Printable ASCII that fits whole (a card number, an expiry) is its own window, not rebuilt a
        // character at a time (the loop below would keep every character of it, as none is zero-width).
        if start == 0, total <= width, shown.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return Window(text: shown, caretColumn: min(width - 1, caret), start: 0)
        }
        let end = start + width
        var text = ""
        var column = 0
        for character in shown {
            let w = DisplayWidth.of(character)
            defer { column += w }
            if column + w <= start { continue }
            if column >= end { break }
            if column < start || column + w > end {
                // Half of a wide character: a space keeps the columns right.
                text.append(String(repeating: " ", count: min(end, column + w) - max(start, column)))
                continue
            }
            text.append(character)
        }
        return Window(text: text, caretColumn: min(width - 1, caret - start), start: start)
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
                } else if value >= 0x20, !(0x7F...0x9F).contains(value), !isBidiControl(character) {
                    result.append(bounded(character))
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

    /// Whether `character` is an invisible bidirectional control (RLO and friends): kept out of
    /// fields because a terminal that reorders text would show the rest of the line backwards.
    static func isBidiControl(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }
}
