/// A sentence of the catalogues, named by its key and arguments, kept beside an English text that
/// a wire carries (an error's message in `checkout nol events`), so that a screen can show it in
/// its language while the wire keeps its English, as ``ValidationError/sentence`` does for the
/// card form's errors.
///
/// Not part of what the value carrying it is: types that keep one leave it out of equality.
public struct LocalizedText: Sendable, Equatable {
    public var key: TextKey
    /// The number a counted sentence counts (``Localizer/counted(_:_:_:)``); nil for a plain one.
    public var count: Int?
    public var arguments: [String]

    public init(_ key: TextKey, _ arguments: String...) {
        self.key = key
        self.arguments = arguments
    }

    /// A counted sentence: `{0}` is `count` in the locale's digits, `{1}`… are `arguments`.
    public static func counted(_ key: TextKey, _ count: Int, _ arguments: String...) -> LocalizedText {
        var text = LocalizedText(key)
        text.count = count
        text.arguments = arguments
        return text
    }

    /// The sentence in `localizer`'s language.
    public func text(_ localizer: Localizer) -> String {
        count.map { localizer.counted(key.rawValue, $0, arguments) } ?? localizer.text(key.rawValue, arguments)
    }
}
