import CheckoutCore

/// A caption's or a check's text as a script writes it, which a demo shows or looks for in the
/// language it plays in: words as written, `{key}` a sentence of the catalogues (a ``TextKey``),
/// `{key A | B}` the sentence with its arguments, `{money 4999}` an amount in minor units of the
/// session's currency as the language writes it (`€49.99`, `49,99 €`).
///
///     caption {demoCobadgeTestCard}
///     expect {cardPayButton {money 4999}}           # [ Pay €49.99 ], [ Payer 49,99 € ]
///     expect ○ Visa +{money 30}
///     expect {resultAuthorized}                     # an argument left out matches anything (the check mark)
///
/// So one script holds in every language: a check names what the screens say by the key they say
/// it with, never by its English words, and a key that does not exist is a problem of the script's
/// line, found before the demo starts.
public struct DemoText: Sendable, Equatable, CustomStringConvertible {
    public indirect enum Part: Sendable, Equatable {
        case words(String)
        case sentence(TextKey, [DemoText])
        case money(Int)
    }

    public var parts: [Part]
    /// As the script wrote it.
    public var description: String

    /// Reads `text`; the error says what is wrong with it, for the step's line.
    public init(_ text: String) throws(Problem) {
        var rest = Substring(text)
        parts = try Self.parseParts(&rest, inArgument: false)
        description = text
    }

    init(parts: [Part], description: String) {
        self.parts = parts
        self.description = description
    }

    public struct Problem: Error, Sendable, Equatable {
        public var message: String
    }

    /// What a caption shows in `context`'s language (an argument left out is left empty).
    public func shown(in context: ScreenContext) -> String {
        resolved(in: context, wildcard: "")
    }

    /// The pieces a screen must show on one row, in this order, for a check of this text to hold:
    /// the text in `context`'s language cut where an argument was left out. What a canvas does not
    /// draw (the isolates and marks of right-to-left text, zero columns wide) is not looked for.
    public func pieces(in context: ScreenContext) -> [String] {
        let visible = resolved(in: context, wildcard: String(Self.wildcard)).filter { DisplayWidth.of($0) > 0 || $0 == Self.wildcard }
        return visible.split(separator: Self.wildcard).map(String.init)
    }

    /// Whether `rows` (a screen in logical order) show the text in `context`'s language: its
    /// pieces in order on one row, a piece the screen wrapped going on under itself, at the column
    /// it started, on the rows below (a result's long value, a sentence longer in French).
    public func isShown(on rows: [String], in context: ScreenContext) -> Bool {
        let pieces = pieces(in: context).map(Array.init)
        guard let first = pieces.first else { return true }
        let cells = rows.map(Array.init)
        for row in cells.indices {
            for column in cells[row].indices where cells[row][column] == first[0] {
                guard var end = Self.flow(first[...], cells, row: row, column: column) else { continue }
                var found = true
                for piece in pieces.dropFirst() {
                    let line = cells[end.row]
                    guard let next = (end.column..<max(end.column, line.count)).lazy
                        .compactMap({ Self.flow(piece[...], cells, row: end.row, column: $0) }).first else { found = false; break }
                    end = next
                }
                if found { return true }
            }
        }
        return false
    }

    /// Where `piece` ends when it is written from `row`, `column`, going on at the same column of
    /// the next row where a row ends (its next cell blank) at one of the piece's spaces; nil when
    /// the cells do not read so.
    private static func flow(_ piece: ArraySlice<Character>, _ cells: [[Character]], row: Int, column: Int) -> (row: Int, column: Int)? {
        let line = cells[row]
        var cell = column, index = piece.startIndex
        while index < piece.endIndex, cell < line.count, line[cell] == piece[index] {
            cell += 1
            index += 1
        }
        if index == piece.endIndex { return (row, cell) }
        guard row + 1 < cells.count, cell >= line.count || line[cell] == " " else { return nil }
        if piece[index] == " " { return flow(piece[(index + 1)...], cells, row: row + 1, column: column) }
        if index > piece.startIndex, piece[index - 1] == " " { return flow(piece[index...], cells, row: row + 1, column: column) }
        return nil
    }

    /// How a message quotes the text it looked for: `…` where anything may stand.
    public func quoted(in context: ScreenContext) -> String {
        resolved(in: context, wildcard: "…").filter { DisplayWidth.of($0) > 0 }
    }

    /// A private-use character no sentence holds: where an argument left out stands.
    static let wildcard: Character = "\u{E000}"

    private func resolved(in context: ScreenContext, wildcard: String) -> String {
        parts.map { part in
            switch part {
            case .words(let words): return words
            case .money(let minorUnits): return context.money(minorUnits, currency: context.session.currency)
            case .sentence(let key, let arguments):
                let localizer = context.localizer
                var given = arguments.map { $0.resolved(in: context, wildcard: wildcard) }
                let template: String? = switch localizer.catalogue[key] ?? localizer.fallback?[key] {
                case .text(let text)?: text
                case .counted(let forms)?: forms[.other]
                case nil: nil
                }
                let wanted = (template.map(StringCatalogue.placeholders(in:))?.max() ?? -1) + 1
                if given.count < wanted { given += Array(repeating: wildcard, count: wanted - given.count) }
                if case .counted? = localizer.catalogue[key], let count = given.first.flatMap({ Int($0) }) {
                    return localizer.counted(key, count, Array(given.dropFirst()))
                }
                return localizer.text(key, given)
            }
        }.joined()
    }

    /// Words up to the end (or, in an argument, up to its `|` or `}`), with the references in them.
    private static func parseParts(_ rest: inout Substring, inArgument: Bool) throws(Problem) -> [Part] {
        var parts: [Part] = []
        var words = ""
        while let character = rest.first {
            if inArgument, character == "|" || character == "}" { break }
            rest = rest.dropFirst()
            guard character == "{" else {
                words.append(character)
                continue
            }
            if !words.isEmpty { parts.append(.words(words)) }
            words = ""
            parts.append(try parseReference(&rest))
        }
        if !words.isEmpty { parts.append(.words(words)) }
        return parts
    }

    /// After a `{`: `money N}`, `key}` or `key A | B}`.
    private static func parseReference(_ rest: inout Substring) throws(Problem) -> Part {
        let name = String(rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) })
        rest = rest.dropFirst(name.count)
        guard !name.isEmpty else { throw Problem(message: "`{` begins a sentence's key, `{key}`, or an amount, `{money 4999}`") }
        var arguments: [DemoText] = []
        if rest.first == " " {
            repeat {
                rest = rest.dropFirst()
                let start = rest
                let parts = try parseParts(&rest, inArgument: true)
                let written = String(start[..<rest.startIndex])
                arguments.append(DemoText(parts: trimmed(parts), description: written.trimmingWhitespace()))
            } while rest.first == "|"
        }
        guard rest.first == "}" else {
            throw Problem(message: "`{\(name)` has no `}`")
        }
        rest = rest.dropFirst()
        if name == "money" {
            guard arguments.count == 1, case .words(let digits)? = arguments[0].parts.first, arguments[0].parts.count == 1,
                  let minorUnits = Int(digits), minorUnits >= 0 else {
                throw Problem(message: "`{money …}` takes an amount in minor units, e.g. `{money 4999}` for 49.99")
            }
            return .money(minorUnits)
        }
        guard let key = TextKey(rawValue: name) else {
            throw Problem(message: "no sentence named `\(name)` in the catalogues (Resources/data/strings/en.tsv's keys)")
        }
        return .sentence(key, arguments)
    }

    /// An argument without the spaces around its `|`s.
    private static func trimmed(_ parts: [Part]) -> [Part] {
        var parts = parts
        if case .words(let first)? = parts.first {
            let words = String(first.drop { $0 == " " })
            if words.isEmpty { parts.removeFirst() } else { parts[0] = .words(words) }
        }
        if case .words(let last)? = parts.last {
            let words = String(last.reversed().drop { $0 == " " }.reversed())
            if words.isEmpty { parts.removeLast() } else { parts[parts.count - 1] = .words(words) }
        }
        return parts
    }
}
