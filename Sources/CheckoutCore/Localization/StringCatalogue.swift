/// One language's sentences, read from its catalogue file (`Resources/data/strings/<code>.tsv`).
///
/// The file is tab-separated text. Lines starting with `#` are comments; the first other line is
/// the header, naming the columns in any order:
///
/// | column | what it holds |
/// | --- | --- |
/// | `key` | the sentence's name, a ``TextKey`` case |
/// | `count` | empty for a plain sentence; for a counted one, the CLDR plural category of this row (`one`, `few`…), one row per category the language has |
/// | `text` | the sentence; `{0}`, `{1}`… are its arguments (for a counted one `{0}` is the count); `\t`, `\n` and `\\` stand for a tab, a new line and a backslash |
/// | `note` | for translators: where the sentence shows and what its arguments are |
///
///     key            count  text                     note
///     homeAmountDue         Amount due {0}           {0}: the amount, as the locale writes money
///     nolTriesLeft   one    {0} try left             …
///     nolTriesLeft   other  {0} tries left
public struct StringCatalogue: Sendable, Equatable {
    /// A sentence: the same text for every number, or one text per plural category.
    public enum Entry: Sendable, Equatable {
        case text(String)
        case counted([PluralCategory: String])
    }

    /// The sentences of ``TextKey``'s cases, each at its case's ``TextKey/ordinal``: a frame looks
    /// up some forty sentences, and a start builds English's, with no string hashed for either
    /// (a dictionary of 830 names was a sixth of a start's instructions, callgrind).
    private var slots: [Entry?]
    /// Sentences under names that are no case of ``TextKey`` (a test's catalogue, a key the
    /// program no longer has).
    private var others: [String: Entry]
    /// The translators' notes, by key.
    public private(set) var notes: [String: String]

    /// Every sentence by its key's name.
    public var entries: [String: Entry] {
        var all = others
        for key in TextKey.allCases { if let entry = slots[key.ordinal] { all[key.rawValue] = entry } }
        return all
    }

    public var keys: Set<String> { Set(entries.keys) }

    /// The sentence of `key`, if the catalogue has it.
    public subscript(key: TextKey) -> Entry? { slots[key.ordinal] }

    /// The sentence named `name`, if the catalogue has it.
    public subscript(name: String) -> Entry? { self[TextKey.named(name)?.ordinal, name] }

    public init(entries: [String: Entry], notes: [String: String] = [:]) {
        slots = Array(repeating: nil, count: TextKey.count)
        others = [:]
        self.notes = notes
        for (name, entry) in entries { self[TextKey.named(name)?.ordinal, name] = entry }
    }

    private init(slots: [Entry?], others: [String: Entry], notes: [String: String]) {
        self.slots = slots
        self.others = others
        self.notes = notes
    }

    /// The sentence at a case's place, or under a name no case has (`ordinal` nil).
    private subscript(ordinal: Int?, name: String) -> Entry? {
        get { ordinal.map { slots[$0] } ?? others[name] }
        set { if let ordinal { slots[ordinal] = newValue } else { others[name] = newValue } }
    }

    /// Reads a catalogue file; a line that cannot be read is refused with its number and why.
    public init(tsv: String) throws(StringCatalogueError) {
        var tsv = tsv
        let parsed = tsv.withUTF8 { bytes -> Result<StringCatalogue, StringCatalogueError> in
            do throws(StringCatalogueError) { return .success(try Self.parse(bytes)) } catch { return .failure(error) }
        }
        self = try parsed.get()
    }

    /// The entries and notes of a catalogue file's bytes.
    ///
    /// Lines and fields are found by walking the bytes, and only the fields used become Strings: the
    /// English catalogue is read before the first frame, and splitting it with the generic
    /// `split(separator:)` (a closure call per byte), then unescaping every text through Characters,
    /// was half of an English start's instructions (callgrind: 21 M of 54 M with 790 rows). A line
    /// ending "\r\n" (a file written on Windows) splits the same.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(StringCatalogueError) -> StringCatalogue {
        var catalogue = StringCatalogue(entries: [:])
        var columns: (key: Int, count: Int?, text: Int, note: Int?, total: Int)?
        var number = 0
        var fields: [Range<Int>] = []
        func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        var lineStart = 0
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            number += 1
            let start = lineStart
            let end = lineEnd > start && bytes[lineEnd - 1] == UInt8(ascii: "\r") ? lineEnd - 1 : lineEnd
            lineStart = lineEnd + 1
            if end == start || bytes[start] == UInt8(ascii: "#") { continue }
            fields.removeAll(keepingCapacity: true)
            var fieldStart = start
            for index in start..<end where bytes[index] == UInt8(ascii: "\t") {
                fields.append(fieldStart..<index)
                fieldStart = index + 1
            }
            fields.append(fieldStart..<end)
            guard let header = columns else {
                var named: [String: Int] = [:]
                for (index, range) in fields.enumerated() {
                    let name = string(range).trimmingWhitespace()
                    guard ["key", "count", "text", "note"].contains(name) else {
                        throw StringCatalogueError(line: number, "unknown column '\(name)' (the columns are key, count, text and note)")
                    }
                    guard named[name] == nil else { throw StringCatalogueError(line: number, "column '\(name)' is named twice") }
                    named[name] = index
                }
                guard let key = named["key"], let text = named["text"] else {
                    throw StringCatalogueError(line: number, "the header must name the columns 'key' and 'text'")
                }
                columns = (key, named["count"], text, named["note"], fields.count)
                continue
            }
            guard fields.count == header.total else {
                throw StringCatalogueError(line: number, "\(fields.count) fields where the header names \(header.total) (fields are separated by one tab)")
            }
            let keyRange = fields[header.key]
            guard Self.isKey(UnsafeBufferPointer(rebasing: bytes[keyRange])) else {
                throw StringCatalogueError(line: number, "'\(string(keyRange))' is not a key (letters and digits, as the TextKey case is spelt)")
            }
            let text = try unescape(UnsafeBufferPointer(rebasing: bytes[fields[header.text]]), line: number)
            try catalogue.add(Row(line: number, key: string(keyRange), count: header.count.map { string(fields[$0]) } ?? "",
                                  text: text, note: header.note.map { string(fields[$0]) } ?? ""))
        }
        guard columns != nil else {
            // As `String.hasSuffix("\n")` says it: a file ending "\r\n" ends in one Character, not "\n".
            let endsInNewline = bytes.last == UInt8(ascii: "\n") && !(bytes.count >= 2 && bytes[bytes.count - 2] == UInt8(ascii: "\r"))
            throw StringCatalogueError(line: max(1, number - (endsInNewline ? 1 : 0)), "no header line (key, count, text, note)")
        }
        return catalogue
    }

    /// One row of a catalogue file, its text already unescaped: what `ResourceEmbedder` reads from a
    /// shipped catalogue at build time (CheckoutEngine's `ReadyData`), so a start builds the
    /// catalogue from constants instead of parsing its text (issue 33).
    public struct Row: Sendable, Equatable {
        /// The row's line number in its file, for errors.
        public var line: Int
        public var key: String
        /// The plural category (`one`, `few`…), empty for a plain sentence.
        public var count: String
        public var text: String
        /// The translators' note, empty for none.
        public var note: String
        /// The key's ``TextKey/ordinal`` when it is known already (ready rows carry it); nil to
        /// look the name up.
        public var ordinal: Int?

        public init(line: Int, key: String, count: String, text: String, note: String, ordinal: Int? = nil) {
            self.line = line
            self.key = key
            self.count = count
            self.text = text
            self.note = note
            self.ordinal = ordinal
        }
    }

    /// A catalogue from its rows, checked as ``init(tsv:)`` checks a file's: the same catalogue,
    /// the same errors.
    public init(rows: [Row]) throws(StringCatalogueError) {
        try self.init(count: rows.count) { index in rows[index] }
    }

    /// A catalogue from `count` rows that `row` gives one at a time, checked as ``init(rows:)``
    /// checks them: what CheckoutEngine's ready data builds its catalogues with, straight from its
    /// constants, with no array of rows made and dropped first (a start builds English's 830).
    public init(count: Int, row: (Int) -> Row) throws(StringCatalogueError) {
        self.init(entries: [:])
        for index in 0..<count {
            let row = row(index)
            var key = row.key
            let valid = key.withUTF8 { Self.isKey($0) }
            guard valid else {
                throw StringCatalogueError(line: row.line, "'\(row.key)' is not a key (letters and digits, as the TextKey case is spelt)")
            }
            try add(row)
        }
    }

    /// A catalogue from its sentences placed by their key's ``TextKey/ordinal`` at build time
    /// (CheckoutEngine's `ReadyData`, for a shipped file every row of which the rules take): the
    /// plain sentences at `plain`'s places, and each counted sentence's form in `categories` at
    /// `counted`'s. What an English start builds its catalogue with, looking no name up.
    public init(plain: [Int], texts: [String], counted: [Int], categories: [String], forms: [String]) {
        self.init(entries: [:])
        for (ordinal, text) in zip(plain, texts) { slots[ordinal] = .text(text) }
        for index in counted.indices {
            guard let category = PluralCategory(rawValue: categories[index]) else { continue }
            if case .counted(var all)? = slots[counted[index]] {
                all[category] = forms[index]
                slots[counted[index]] = .counted(all)
            } else {
                slots[counted[index]] = .counted([category: forms[index]])
            }
        }
    }

    /// Whether a key field is spelt as a TextKey case is: letters and digits.
    private static func isKey(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x7A).contains($0 | 0x20) }
    }

    /// Adds one row's sentence (or plural form) and note: the one home of a catalogue's rules on
    /// repeated keys and plural categories, for a file's lines and for ready rows.
    private mutating func add(_ row: Row) throws(StringCatalogueError) {
        let key = row.key
        // The name is looked up once, for both the look and the store; a ready row says where.
        let ordinal = row.ordinal ?? TextKey.named(key)?.ordinal
        if !row.note.isEmpty { notes[key] = row.note }
        guard !row.count.isEmpty else {
            guard self[ordinal, key] == nil else {
                throw StringCatalogueError(line: row.line, "key '\(key)' is given twice")
            }
            self[ordinal, key] = .text(row.text)
            return
        }
        guard let category = PluralCategory(rawValue: row.count) else {
            throw StringCatalogueError(line: row.line, "'\(row.count)' is not a plural category (zero, one, two, few, many, other)")
        }
        switch self[ordinal, key] {
        case nil:
            self[ordinal, key] = .counted([category: row.text])
        case .counted(var forms):
            guard forms[category] == nil else { throw StringCatalogueError(line: row.line, "key '\(key)' gives its '\(row.count)' form twice") }
            forms[category] = row.text
            self[ordinal, key] = .counted(forms)
        case .text:
            throw StringCatalogueError(line: row.line, "key '\(key)' is both a plain and a counted sentence")
        }
    }

    /// A text field with `\n`, `\t` and `\\` turned into what they stand for.
    private static func unescape(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) throws(StringCatalogueError) -> String {
        guard bytes.contains(UInt8(ascii: "\\")) else { return String(decoding: bytes, as: UTF8.self) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else { result.append(byte); continue }
            switch index < bytes.count ? bytes[index] : 0 {
            case UInt8(ascii: "n"): result.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "t"): result.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "\\"): result.append(UInt8(ascii: "\\"))
            default: throw StringCatalogueError(line: line, "a backslash starts \\n, \\t or \\\\ only")
            }
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    // MARK: Arguments

    /// `template` with `{0}`, `{1}`… replaced by the arguments; a placeholder with no argument is left as it is.
    public static func fill(_ template: String, _ arguments: [String]) -> String {
        // Walked as bytes: `{`, its digits and `}` are ASCII, so every index found is a character
        // boundary of the template (a frame fills a hundred sentences: through Characters this was
        // a fifth of a key's instructions, callgrind). The result is put together as bytes too:
        // `String += Substring` runs the stdlib's unspecialized generic append, whose first call
        // looks up its associated types at run time (0.18 M instructions before the first frame).
        var template = template
        let filled = template.withUTF8 { bytes -> String? in
            // A sentence with no `{` is its own text (most of a frame's are): returned as it is, not copied.
            guard var open = bytes.firstIndex(of: UInt8(ascii: "{")) else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + arguments.reduce(0) { $0 + $1.utf8.count })
            var copied = 0
            while true {
                var cursor = open + 1
                var index = 0, digits = 0
                while cursor < bytes.count, digits < 4, case let byte = bytes[cursor], byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    index = index * 10 + Int(byte - UInt8(ascii: "0"))
                    digits += 1
                    cursor += 1
                }
                var searchFrom = open + 1
                if digits > 0, cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}"), arguments.indices.contains(index) {
                    result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<open]))
                    var argument = arguments[index]
                    argument.withUTF8 { result.append(contentsOf: $0) }
                    copied = cursor + 1
                    searchFrom = copied
                }
                guard let next = bytes[searchFrom...].firstIndex(of: UInt8(ascii: "{")) else { break }
                open = next
            }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return String(decoding: result, as: UTF8.self)
        }
        return filled ?? template
    }

    /// The argument numbers a text uses: `[0, 1]` for "Pay {0} with {1}".
    public static func placeholders(in text: String) -> Set<Int> {
        var found: Set<Int> = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else { break }
            if let index = Int(rest[afterOpen..<close]) { found.insert(index) }
            rest = rest[afterOpen...]
        }
        return found
    }
}

/// A catalogue line that cannot be read: its number and why.
public struct StringCatalogueError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var reason: String
    public var description: String { "line \(line): \(reason)" }
    public init(line: Int, _ reason: String) {
        self.line = line
        self.reason = reason
    }
}

extension StringCatalogue {
    /// The catalogue as a terminal that shows only ASCII can show it: French letters without their
    /// accents (`é` → `e`, `œ` → `oe`), typographic quotes and spaces as ASCII ones. Only the
    /// program's own sentences go through this; what a person typed is never rewritten.
    public func transliteratedToASCII() -> StringCatalogue {
        func ascii(_ text: String) -> String {
            var result = ""
            for scalar in text.unicodeScalars {
                if scalar.isASCII { result.unicodeScalars.append(scalar) } else { result += Self.asciiSpelling[scalar] ?? "?" }
            }
            return result
        }
        func transliterated(_ entry: Entry) -> Entry {
            switch entry {
            case .text(let text): .text(ascii(text))
            case .counted(let forms): .counted(forms.mapValues(ascii))
            }
        }
        return StringCatalogue(slots: slots.map { $0.map(transliterated) }, others: others.mapValues(transliterated), notes: notes)
    }

    /// The ASCII spelling of each letter and mark the French catalogue uses.
    static let asciiSpelling: [Unicode.Scalar: String] = {
        var map: [Unicode.Scalar: String] = [
            "œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE", "’": "'", "‘": "'", "«": "\"", "»": "\"", "“": "\"", "”": "\"",
            "…": "...", "°": "o", "–": "-", "—": "-", "·": "-", "\u{00A0}": " ", "\u{202F}": " ", "⇧": "shift-",
            "←": "<-", "→": "->", "↑": "up", "↓": "down",
        ]
        for (letters, base) in [("àâä", "a"), ("ÀÂÄ", "A"), ("éèêë", "e"), ("ÉÈÊË", "E"), ("îï", "i"), ("ÎÏ", "I"), ("ôö", "o"),
                                ("ÔÖ", "O"), ("ùûü", "u"), ("ÙÛÜ", "U"), ("ç", "c"), ("Ç", "C"), ("ÿ", "y")] {
            for letter in letters.unicodeScalars { map[letter] = base }
        }
        return map
    }()
}
