/// One input a front end hands the app for an answer, as the terminal's keys are handed.
public enum AnswerStep: Sendable, Equatable {
    case key(Key)
    /// Text pasted in one go.
    case paste(String)
    /// Stops here when the question the screen now asks has a refusal (the answer just put in is
    /// not one the field takes): the refusal is said and the question asked again.
    case check
    /// Enter, to go on from the field just answered, unless the screen already went on by itself
    /// (a field that moves the focus on once complete, a one-time code that submits itself): a
    /// front end that asks one question at a time hands it only while the same question is asked.
    case goOn
    /// The home menu: back to it, or opened in place of the screen when there is none underneath
    /// (``AppModel/goHome()``).
    case home
}

/// A sentence a screen says, for a front end that prints what happens as lines: what the screen
/// has learnt ("BIN service: Visa."), what it is doing ("Paying..."), how a flow starts.
public struct Narration: Sendable, Equatable {
    public var text: String
    /// Said once while the flow lasts, however often its screen starts again: a flow's
    /// introduction, an SMS (by its id). `nil`: said once by the screen that says it.
    public var once: String?

    public init(_ text: String, once: String? = nil) {
        self.text = text
        self.once = once
    }
}

/// Sentences as a person says them.
public enum Sentence {
    /// `A`, `A and B`, `A, B and C`.
    public static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(with: ", ") + " and " + items[items.count - 1]
        }
    }
}

extension AnswerStep {
    /// The keys that replace what a text field holds with `text`: to its end, erased, then pasted.
    public static func replacing(with text: String) -> [AnswerStep] {
        [.key(.end), .key(.ctrl(.character("u"))), .paste(text)]
    }

    /// The keys that move a selection from `from` to `to` in a list: ↓ or ↑ as many times as it takes.
    public static func moving(from: Int, to: Int, down: Key = .down, up: Key = .up) -> [AnswerStep] {
        Array(repeating: .key(to > from ? down : up), count: abs(to - from))
    }
}
