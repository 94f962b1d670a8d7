/// A sentence of the catalogues with its arguments, carried beside an English description that
/// stays what the wire and the JSON say (an error's `description`), so a front end can say the same
/// thing in its language. An argument is either text used as it is (an id, a number, a detail
/// quoted from a server) or another wording, said in the same language: "Nothing was charged. {0}"
/// with the reason the client session gave.
///
/// In English a wording says exactly its description: the tests hold each error to it.
///
///     let why = Wording(.errorSandboxUnavailable)
///     let failed = Wording(.errorPaymentNotMade, .wording(why))
///     french.text(failed)   // "Le paiement n’a pas pu être fait : le processeur sandbox est indisponible…"
public struct Wording: Sendable, Equatable {
    public var key: TextKey
    public var arguments: [Argument]

    public indirect enum Argument: Sendable, Equatable, ExpressibleByStringLiteral {
        /// Used as it is, in every language.
        case text(String)
        /// Said in the language.
        case wording(Wording)

        public init(stringLiteral value: String) { self = .text(value) }
    }

    public init(_ key: TextKey, _ arguments: Argument...) {
        self.key = key
        self.arguments = arguments
    }

    public init(_ key: TextKey, arguments: [Argument]) {
        self.key = key
        self.arguments = arguments
    }
}

/// An error that can say what it is as a ``Wording`` (nil when it has none: its description is English only).
public protocol Worded {
    var wording: Wording? { get }
}

extension Wording.Argument {
    /// `error` said in the language when it can be, else its English text.
    public static func of(_ error: any Error) -> Wording.Argument {
        (error as? any Worded)?.wording.map { .wording($0) } ?? .text("\(error)")
    }
}

extension Wording {
    /// The wording with `transform` applied to each argument used as it is, at every depth.
    public func mappingTexts(_ transform: (String) -> String) -> Wording {
        Wording(key, arguments: arguments.map { argument in
            switch argument {
            case let .text(text): .text(transform(text))
            case let .wording(inner): .wording(inner.mappingTexts(transform))
            }
        })
    }
}

extension Localizer {
    /// The wording in this language, its argument wordings too.
    public func text(_ wording: Wording) -> String {
        text(wording.key.rawValue, wording.arguments.map { argument in
            switch argument {
            case let .text(text): text
            case let .wording(inner): self.text(inner)
            }
        })
    }
}
