/// A CLDR plural category: which form of a counted phrase a number takes in a language.
///
/// English has `one` and `other` ("1 try", "2 tries"); French adds `many` (for millions);
/// Arabic uses all six ("محاولتان" for two, "3 محاولات" for three to ten, "11 محاولة" for eleven to
/// ninety-nine).
public enum PluralCategory: String, Sendable, CaseIterable, Comparable {
    case zero, one, two, few, many, other

    public static func < (a: PluralCategory, b: PluralCategory) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A language's cardinal plural rules, read from CLDR's rule text (`supplemental/plurals.xml`, kept in
/// `Resources/data/locales.json`) and applied to whole numbers.
///
/// The rule syntax is Unicode TR35 Part 3 §5.1 ("Plural rules syntax"), of which counted phrases
/// need the integer part: operands `n` and `i` (the number), `v`, `w`, `f`, `t` (its fraction
/// digits, 0 for a whole number), `e` and `c` (its compact exponent, 0); `%` (modulo); `=` and `!=`
/// against lists of values and ranges (`3..10`); `and` binding tighter than `or`. The samples
/// after `@` are CLDR's examples; the tests check every integer one.
///
///     let french = try PluralRules(["one": "i = 0,1", "many": "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5"])
///     french.category(1)          // .one
///     french.category(1_000_000)  // .many
///     french.category(2)          // .other
public struct PluralRules: Sendable, Equatable {
    /// The categories with a rule, in CLDR's order; `other` (no rule: every number no rule takes) last.
    public let categories: [PluralCategory]
    private let rules: [(PluralCategory, Condition)]

    /// The rules' text, by category: what makes two rule sets the same.
    private let source: [String: String]

    public static func == (a: PluralRules, b: PluralRules) -> Bool { a.source == b.source }

    /// Rules from CLDR's text, keyed by category name; `other` may be given (its text is only samples).
    public init(_ text: [String: String]) throws(PluralRuleError) {
        var rules: [(PluralCategory, Condition)] = []
        for (name, rule) in text {
            guard let category = PluralCategory(rawValue: name) else { throw PluralRuleError("unknown plural category '\(name)'") }
            guard category != .other else { continue }
            rules.append((category, try Self.parse(rule)))
        }
        rules.sort { $0.0 < $1.0 }
        self.rules = rules
        categories = rules.map(\.0) + [.other]
        source = text.filter { $0.key != PluralCategory.other.rawValue }
    }

    /// No rule: every number takes `other` (CLDR's root, and languages without plural forms).
    public static let onlyOther = try! PluralRules([:])

    /// The category of a whole number (its absolute value: "-1 try" is `one`).
    public func category(_ number: Int) -> PluralCategory {
        let value = number.magnitude
        for (category, condition) in rules where condition.holds(for: value) { return category }
        return .other
    }

    // MARK: The rule language

    /// `or` of `and`s of relations.
    struct Condition: Sendable {
        var alternatives: [[Relation]]
        func holds(for value: UInt) -> Bool {
            alternatives.contains { $0.allSatisfy { $0.holds(for: value) } }
        }
    }

    struct Relation: Sendable {
        var operand: Character
        var modulus: UInt?
        var negated: Bool
        var ranges: [ClosedRange<UInt>]

        func holds(for value: UInt) -> Bool {
            // A whole number has no fraction digits and no compact exponent.
            var x: UInt = "ni".contains(operand) ? value : 0
            if let modulus { x %= modulus }
            return ranges.contains { $0.contains(x) } != negated
        }
    }

    static func parse(_ text: String) throws(PluralRuleError) -> Condition {
        let rule = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        var tokens = tokenize(rule)[...]
        var alternatives: [[Relation]] = [[]]
        while true {
            alternatives[alternatives.count - 1].append(try relation(&tokens, rule: text))
            guard let next = tokens.popFirst() else { break }
            switch next {
            case "and": continue
            case "or": alternatives.append([])
            default: throw PluralRuleError("expected 'and' or 'or' before '\(next)' in '\(text)'")
            }
        }
        return Condition(alternatives: alternatives)
    }

    private static func relation(_ tokens: inout ArraySlice<String>, rule: String) throws(PluralRuleError) -> Relation {
        guard let operand = tokens.popFirst(), operand.count == 1, let letter = operand.first, "nivwftce".contains(letter) else {
            throw PluralRuleError("expected an operand (n, i, v, w, f, t, c, e) in '\(rule)'")
        }
        var modulus: UInt?
        if tokens.first == "%" {
            tokens.removeFirst()
            guard let value = tokens.popFirst().flatMap({ UInt($0) }), value > 0 else { throw PluralRuleError("expected a modulus after % in '\(rule)'") }
            modulus = value
        }
        let negated: Bool
        switch tokens.popFirst() {
        case "=": negated = false
        case "!=": negated = true
        default: throw PluralRuleError("expected = or != in '\(rule)'")
        }
        var ranges: [ClosedRange<UInt>] = []
        repeat {
            guard let item = tokens.popFirst() else { throw PluralRuleError("expected a value in '\(rule)'") }
            let bounds = item.split(separator: ".", omittingEmptySubsequences: true).compactMap { UInt($0) }
            if item.contains(".."), bounds.count == 2, bounds[0] <= bounds[1] {
                ranges.append(bounds[0]...bounds[1])
            } else if let value = UInt(item) {
                ranges.append(value...value)
            } else {
                throw PluralRuleError("expected a value or range, found '\(item)' in '\(rule)'")
            }
        } while tokens.first == "," && tokens.popFirst() != nil
        return Relation(operand: letter, modulus: modulus, negated: negated, ranges: ranges)
    }

    /// Words, numbers and ranges (`3..10`), `%`, `=`, `!=` and `,` as tokens.
    private static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        func flush() { if !current.isEmpty { tokens.append(current); current = "" } }
        var characters = text[...]
        while let character = characters.popFirst() {
            switch character {
            case " ", "\t": flush()
            case "%", ",", "=": flush(); tokens.append(String(character))
            case "!" where characters.first == "=":
                flush(); characters.removeFirst(); tokens.append("!=")
            default: current.append(character)
            }
        }
        flush()
        return tokens
    }
}

/// A plural rule CLDR's syntax does not allow, with the rule quoted.
public struct PluralRuleError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
