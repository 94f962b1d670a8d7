/// A sentence of the catalogues, named by its key and arguments, kept beside an English text that
/// a wire carries (an error's message in `checkout nol events`), so that a screen can show it in
/// its language while the wire keeps its English, as ``ValidationError/sentence`` does for the
/// card form's errors.
///
/// Not part of what the value carrying it is: types that keep one leave it out of equality.
public struct LocalizedText: Sendable, Equatable {
    /// An argument: text as it is, an amount the language writes in its own way (`2,50 AED`), or
    /// another sentence said in the same language ("Nothing was charged. {0}" with the session's reason).
    public indirect enum Argument: Sendable, Equatable {
        case text(String)
        case money(minorUnits: Int, currency: String)
        case localized(LocalizedText)
    }

    public var key: TextKey
    /// The number a counted sentence counts (``Localizer/counted(_:_:_:)``); nil for a plain one.
    public var count: Int?
    public var arguments: [Argument]

    public init(_ key: TextKey, _ arguments: String...) {
        self.key = key
        self.arguments = arguments.map(Argument.text)
    }

    /// A sentence whose arguments are amounts or sentences too.
    public init(_ key: TextKey, _ first: Argument, _ rest: Argument...) {
        self.key = key
        self.arguments = [first] + rest
    }

    public init(_ key: TextKey, arguments: [Argument]) {
        self.key = key
        self.arguments = arguments
    }

    /// A counted sentence: `{0}` is `count` in the locale's digits, `{1}`… are `arguments`.
    public static func counted(_ key: TextKey, _ count: Int, _ arguments: String...) -> LocalizedText {
        var text = LocalizedText(key, arguments: arguments.map(Argument.text))
        text.count = count
        return text
    }

    /// The sentence in `localizer`'s language, its amounts as its locale writes them (English's
    /// as ``MoneyText`` does).
    public func text(_ localizer: Localizer) -> String {
        let written = arguments.map { argument in
            switch argument {
            case .text(let text): text
            case let .money(minorUnits, currency): localizer.money(minorUnits: minorUnits, currency: currency)
            case .localized(let inner): inner.text(localizer)
            }
        }
        return count.map { localizer.counted(key, $0, written) } ?? localizer.text(key, written)
    }
}
