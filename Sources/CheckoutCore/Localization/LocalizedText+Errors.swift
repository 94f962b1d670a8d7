/// An error whose description a person may read in their language: its ``LocalizedText``, kept
/// beside the English description the wire carries (nil when it has none: English only).
public protocol ShownInLanguage {
    var shown: LocalizedText? { get }
}

extension LocalizedText.Argument {
    /// `error` said in the language when it can be, else its English text.
    public static func of(_ error: any Error) -> LocalizedText.Argument {
        (error as? any ShownInLanguage)?.shown.map { .localized($0) } ?? .text("\(error)")
    }
}

extension LocalizedText {
    /// The sentence with `transform` applied to each argument used as it is, at every depth.
    public func mappingTexts(_ transform: (String) -> String) -> LocalizedText {
        var mapped = self
        mapped.arguments = arguments.map { argument in
            switch argument {
            case let .text(text): .text(transform(text))
            case .money: argument
            case let .localized(inner): .localized(inner.mappingTexts(transform))
            }
        }
        return mapped
    }
}
