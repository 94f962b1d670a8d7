import Synchronization

/// What a front end says in one language: its sentences (``StringCatalogue``) and how its locale
/// writes numbers and money (``LocaleFormat``).
///
/// A sentence missing from the language's catalogue is taken from English, and from the key's name
/// when English lacks it too, so a person never sees an empty line; the tests keep the shipped
/// catalogues complete.
///
/// In a right-to-left language every argument is wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL
/// ISOLATE (U+2068, U+2069), the way Project Fluent places its arguments: a Latin name, a card
/// number or an amount inside an Arabic sentence keeps its own direction and does not reorder the
/// words around it (Unicode UAX #9 §2.7 and "Bidirectional text in localization" in Fluent's guide).
///
///     french.text(.homeAmountDue, "49,99\u{A0}€")   // "Montant à payer\u{A0}: 49,99\u{A0}€"
///     arabic.text(.homeAmountDue, "€49.99")          // "المبلغ المستحق: \u{2068}€49.99\u{2069}"
public struct Localizer: Sendable, Equatable {
    /// The language's parts, in one shared box: a localizer rides in every screen's context, which
    /// is copied many times a frame, and its catalogues and locale data held inline were some
    /// twenty retains and releases at each copy (callgrind); two copies of one localizer are also
    /// told equal at once, as the kept parts' keys ask at every frame.
    private final class Parts: Sendable {
        let language: Language
        let catalogue: StringCatalogue
        let fallback: StringCatalogue?
        let format: LocaleFormat
        /// Amounts already written (a frame writes the same two or three at every key, each a few
        /// thousand instructions); emptied when it holds 64.
        let amounts = Mutex<[Amount: String]>([:])

        init(language: Language, catalogue: StringCatalogue, fallback: StringCatalogue?, format: LocaleFormat) {
            self.language = language
            self.catalogue = catalogue
            self.fallback = fallback
            self.format = format
        }
    }

    private let parts: Parts

    /// One amount as asked for: the key of ``Parts/amounts``.
    private struct Amount: Hashable, Sendable {
        var minorUnits: Int
        var currency: String
        var ascii: Bool
        var explicitPlus: Bool
    }

    /// The amount as `write` writes it, written once for this localizer.
    private func written(_ amount: Amount, _ write: () -> String) -> String {
        if let kept = parts.amounts.withLock({ $0[amount] }) { return kept }
        let made = write()
        parts.amounts.withLock { amounts in
            if amounts.count >= 64 { amounts.removeAll(keepingCapacity: true) }
            amounts[amount] = made
        }
        return made
    }

    // Read in place (`_read`): a getter would copy a catalogue or the locale's format out of the
    // box at each look, to read one field of it.
    public var language: Language { parts.language }
    public var catalogue: StringCatalogue { _read { yield parts.catalogue } }
    /// English, for a sentence the language's catalogue lacks.
    public var fallback: StringCatalogue? { _read { yield parts.fallback } }
    public var format: LocaleFormat { _read { yield parts.format } }

    public init(language: Language, catalogue: StringCatalogue, fallback: StringCatalogue?, format: LocaleFormat) {
        parts = Parts(language: language, catalogue: catalogue, fallback: fallback, format: format)
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.parts === b.parts
            || (a.language == b.language && a.catalogue == b.catalogue && a.fallback == b.fallback && a.format == b.format)
    }

    // `text(.homeAmountDue, amount)` and `counted(.cardOrderItems, count)` take as many arguments as
    // the English sentence has: they are generated with `TextKey` from en.tsv (TextKey0…, CountedKey0…).

    /// A sentence with its arguments.
    public func text(_ key: TextKey, _ arguments: [String]) -> String {
        StringCatalogue.fill(Self.template(catalogue[key] ?? fallback?[key]) ?? key.rawValue, isolated(arguments))
    }

    /// A sentence by the key's name, with its arguments: for what names its sentences as data (the
    /// help's option table, a demo script) and for tests of other catalogues.
    public func text(_ key: String, _ arguments: [String]) -> String {
        StringCatalogue.fill(Self.template(catalogue[key] ?? fallback?[key]) ?? key, isolated(arguments))
    }

    /// A plain sentence's text, or a counted one's `other` form.
    private static func template(_ entry: StringCatalogue.Entry?) -> String? {
        switch entry {
        case .text(let text)?: text
        case .counted(let forms)?: forms[.other] ?? forms.values.first
        case nil: nil
        }
    }

    /// The counted sentence `key` in the form the language gives `count` (CLDR's plural category),
    /// with `{0}` the count in the locale's digits and `{1}`… the other arguments.
    public func counted(_ key: TextKey, _ count: Int, _ arguments: [String]) -> String {
        counted(catalogue[key], fallback?[key], name: key.rawValue, count, arguments)
    }

    /// ``counted(_:_:_:)-(TextKey,_,_)`` by the key's name.
    public func counted(_ key: String, _ count: Int, _ arguments: [String]) -> String {
        counted(catalogue[key], fallback?[key], name: key, count, arguments)
    }

    private func counted(_ entry: StringCatalogue.Entry?, _ english: StringCatalogue.Entry?, name: String, _ count: Int,
                         _ arguments: [String]) -> String {
        let all = [format.number(count)] + arguments
        let category = format.plurals.category(count)
        let template: String
        if case .counted(let forms)? = entry {
            template = forms[category] ?? forms[.other] ?? name
        } else if case .counted(let forms)? = english {
            // English's forms follow English's rules, not this language's.
            template = forms[count.magnitude == 1 ? .one : .other] ?? forms[.other] ?? name
        } else {
            return StringCatalogue.fill(Self.template(entry ?? english) ?? name, isolated(all))
        }
        return StringCatalogue.fill(template, isolated(all))
    }

    /// An amount as this language writes it, with ISO 4217's minor units: English as ``MoneyText``
    /// writes it (`€49.99`, `EUR 49.99` in ASCII), the others from CLDR (`49,99 €`).
    public func money(minorUnits: Int, currency: String, ascii: Bool = false) -> String {
        written(Amount(minorUnits: minorUnits, currency: currency, ascii: ascii, explicitPlus: false)) {
            guard language != .english else { return MoneyText.format(minorUnits: minorUnits, currency: currency, ascii: ascii) }
            return format.money(minorUnits: minorUnits, currency: currency, fractionDigits: MoneyText.fractionDigits(currency), ascii: ascii)
        }
    }

    /// An amount added to another (a network's surcharge) with its plus sign: `+€0.30` in English,
    /// CLDR's explicit plus in the others (`+0,30 €`; Arabic's plus sign is `U+200E +`).
    public func surcharge(minorUnits: Int, currency: String, ascii: Bool = false) -> String {
        written(Amount(minorUnits: minorUnits, currency: currency, ascii: ascii, explicitPlus: true)) {
            guard language != .english else { return "+" + MoneyText.format(minorUnits: minorUnits, currency: currency, ascii: ascii) }
            return format.money(minorUnits: minorUnits, currency: currency, fractionDigits: MoneyText.fractionDigits(currency), ascii: ascii,
                                explicitPlus: true)
        }
    }

    /// An argument as it is placed in a sentence: isolated in a right-to-left language.
    func isolated(_ argument: String) -> String {
        language.direction == .rightToLeft && !argument.isEmpty ? "\u{2068}" + argument + "\u{2069}" : argument
    }

    /// A sentence's arguments as they are placed in it; in a left-to-right language, the same array
    /// (not a copy made per sentence: a frame fills some forty).
    func isolated(_ arguments: [String]) -> [String] {
        arguments.isEmpty || language.direction != .rightToLeft ? arguments : arguments.map { isolated($0) }
    }
}
