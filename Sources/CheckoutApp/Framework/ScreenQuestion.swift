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
        default: return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
    }
}

/// What a screen asks next, for a front end that asks one thing at a time and reads the answer as
/// a line (plain mode), the way huh's accessible mode asks a form's fields: the same field, label,
/// rule and error, asked as a line.
///
/// A screen builds its question from its state in ``Screen/question(context:asking:)``; the answer
/// goes back as ``AnswerStep``s (a paste and Enter, the keys that move a chooser, a click's worth of
/// keys), so every rule stays in the screen's update. A question may open another (Settings' menu
/// opens the question for the setting chosen), named by ``ScreenQuestion/Option/opens``.
public struct ScreenQuestion: Sendable {
    /// How the question is answered.
    public enum Kind: Sendable {
        /// A line that goes into the focused field.
        case text(TextAnswer)
        /// One of several options, by number or by name.
        case choice(Choice)
        /// Yes or no.
        case confirm(Confirm)
        /// Nothing to answer: the lead is said and the steps handed on (a screen that only says something).
        case notice([AnswerStep])
    }

    /// A line for the focused field.
    public struct TextAnswer: Sendable {
        /// What an empty answer keeps: the field's value, when it is one the field takes.
        public var current: String?
        /// How the kept value is shown in brackets (`•••• 1001` for a card number); `current` itself when nil.
        public var shownCurrent: String?
        /// Typed with terminal echo off, where the terminal can.
        public var hidden: Bool
        /// The prompt and help to use instead when typing is kept off the screen ("typing is not shown").
        public var whenHidden: (prompt: String, help: [String])?
        /// How an answer is written after its prompt when the terminal does not show typing.
        public var echo: Echo
        /// The steps that put `answer` in and go on (`current` kept as it is when the answer is empty).
        public var steps: @Sendable (_ answer: String) -> [AnswerStep]

        public init(current: String?, shownCurrent: String? = nil, hidden: Bool = false, echo: Echo = .asTyped,
                    steps: @escaping @Sendable (_ answer: String) -> [AnswerStep]) {
            self.current = current
            self.shownCurrent = shownCurrent
            self.hidden = hidden
            self.echo = echo
            self.steps = steps
        }
    }

    /// How an answer is written back.
    public enum Echo: Sendable, Equatable {
        case asTyped
        /// A card number: its last four digits behind bullets once it is long enough to be one.
        case cardNumber
        /// Bullets only (a security code, a one-time code).
        case secret
    }

    public struct Option: Sendable {
        public var label: String
        public var steps: [AnswerStep]
        /// What to say once the option is handed on ("Defaults restored: …").
        public var said: String?
        /// The part of the screen's question to ask next (Settings' "latency"); `nil` goes back to
        /// the screen's own question.
        public var opens: String?

        public init(_ label: String, steps: [AnswerStep], said: String? = nil, opens: String? = nil) {
            self.label = label
            self.steps = steps
            self.said = said
            self.opens = opens
        }
    }

    public struct Choice: Sendable {
        /// Said before the options each time they are listed ("What next?").
        public var heading: String?
        public var options: [Option]
        /// The option an empty answer takes.
        public var defaultIndex: Int?

        public init(heading: String? = nil, options: [Option], defaultIndex: Int?) {
            self.heading = heading
            self.options = options
            self.defaultIndex = defaultIndex
        }
    }

    public struct Confirm: Sendable {
        public var defaultYes: Bool
        public var yes: Option
        public var no: Option

        public init(defaultYes: Bool, yes: Option, no: Option) {
            self.defaultYes = defaultYes
            self.yes = yes
            self.no = no
        }
    }

    /// Names what the question is about: when it differs from the last one asked, ``lead`` is said
    /// first; asked again (after a refusal) the question comes without it.
    public var step: String
    /// What to say before the question the first time it is asked in its step.
    public var lead: [String]
    /// The question itself, in words; a choice's options are listed before it.
    public var prompt: String
    /// What `?` says.
    public var help: [String]
    public var kind: Kind
    /// The error on show for what the question is about, said before it is asked.
    public var error: [String]
    /// Why the answer just put in is not taken (what ``AnswerStep/check`` looks at).
    public var refusal: [String]
    /// What a refused answer leads to before the question is asked again: nothing (the same
    /// question), or the step back to a choice the question belongs to (a Nol card typed by hand
    /// goes back to the list it was typed instead of).
    public var afterRefusal: [AnswerStep] = []
    /// What `back` does: one step back, as Esc (the default) does in the terminal.
    public var back: [AnswerStep]
    /// What to say when input ends at this question ("Nothing was paid.").
    public var atEnd: String?

    public init(step: String, lead: [String] = [], prompt: String, help: [String] = [], kind: Kind, error: [String] = [],
                refusal: [String] = [], back: [AnswerStep] = [.key(.escape)], atEnd: String? = nil) {
        self.step = step
        self.lead = lead
        self.prompt = prompt
        self.help = help
        self.kind = kind
        self.error = error
        self.refusal = refusal
        self.back = back
        self.atEnd = atEnd
    }

    /// The steps an answer to a choice or a confirmation leads to, by its option index
    /// (a confirmation's yes is 0, no is 1).
    public func option(_ index: Int) -> Option? {
        switch kind {
        case .choice(let choice): choice.options.indices.contains(index) ? choice.options[index] : nil
        case .confirm(let confirm): index == 0 ? confirm.yes : (index == 1 ? confirm.no : nil)
        case .text, .notice: nil
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
