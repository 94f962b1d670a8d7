/// What a front end that asks one thing at a time (plain mode) needs beyond what is shown: the
/// question's words and how an answer goes back as the terminal's keys. It is part of each
/// field and choice, as huh's fields carry their title, description and validation; the front end
/// asks every field, choice and table of a kind the same way, whichever screen it is on.
extension ScreenModel {
    /// The words around a field or a choice when it is asked.
    public struct Spoken: Sendable, Equatable {
        /// The question in words; the field's label when nil (a choice's options are listed before it).
        public var prompt: String?
        /// What to say before the question the first time it is asked ("Card read: …").
        public var lead: [String] = []
        /// What `?` says; a field's hint when empty.
        public var help: [String] = []
        /// The errors on show, said before the question; the field's error when nil.
        public var errors: [String]?
        /// Why the answer just put in is not taken: looked at right after it is put in, said, and
        /// the question asked again.
        public var refusal: [String] = []
        /// What a refused answer leads to before the question is asked again (a Nol card typed by
        /// hand goes back to the list it was typed instead of).
        public var afterRefusal: [AnswerStep] = []
        /// What `back` does: Esc, as in the terminal, unless the screen says otherwise.
        public var back: [AnswerStep] = [.key(.escape)]

        public init(prompt: String? = nil, lead: [String] = [], help: [String] = [], errors: [String]? = nil, refusal: [String] = [],
                    afterRefusal: [AnswerStep] = [], back: [AnswerStep] = [.key(.escape)]) {
            self.prompt = prompt
            self.lead = lead
            self.help = help
            self.errors = errors
            self.refusal = refusal
            self.afterRefusal = afterRefusal
            self.back = back
        }
    }
}

extension ScreenModel.Field {
    /// How an answer is written back where typing is not shown.
    public enum Echo: Sendable, Equatable {
        case asTyped
        /// A card number: its last four digits behind bullets once it is long enough to be one.
        case cardNumber
        /// Bullets only (a security code, a one-time code).
        case secret
    }

    /// The prompt and help while typing is kept off the screen ("typing is not shown").
    public struct Unseen: Sendable, Equatable {
        public var prompt: String
        public var help: [String]
        public init(prompt: String, help: [String]) {
            self.prompt = prompt
            self.help = help
        }
    }

    /// How an answer goes into the field: the keys before it (the focus moved to its row), the
    /// text replacing what the field holds or pasted onto it, then Enter to go on or not; words
    /// that are keys instead ("resend" is F5). An empty answer keeps what the field holds, when
    /// it ``keeps`` and holds a value nothing refused.
    public struct Entry: Sendable, Equatable {
        public var before: [AnswerStep] = []
        public var replaces = true
        public var goesOn = true
        public var keeps = true
        public var words: [String: [AnswerStep]] = [:]

        public init(before: [AnswerStep] = [], replaces: Bool = true, goesOn: Bool = true, keeps: Bool = true, words: [String: [AnswerStep]] = [:]) {
            self.before = before
            self.replaces = replaces
            self.goesOn = goesOn
            self.keeps = keeps
            self.words = words
        }
    }
}

extension ScreenModel.Choice {
    /// The keys that take an option: `before`, then ↓ or ↑ (`down`, `up`) from the marked option
    /// to it, then `then` (Enter, or nothing where moving is choosing).
    public struct Moves: Sendable, Equatable {
        public var before: [AnswerStep] = []
        public var down: Key = .down
        public var up: Key = .up
        public var then: [AnswerStep] = [.key(.enter)]

        public init(before: [AnswerStep] = [], down: Key = .down, up: Key = .up, then: [AnswerStep] = [.key(.enter)]) {
            self.before = before
            self.down = down
            self.up = up
            self.then = then
        }

        /// ← → between buttons or a row's values.
        public static let across = Moves(down: .right, up: .left)
    }

    /// A choice asked as yes or no, and what each answer does.
    public struct Confirm: Sendable, Equatable {
        public var defaultYes: Bool
        public var yes: Option
        public var no: Option

        public init(defaultYes: Bool, yes: [AnswerStep], no: [AnswerStep], noSaid: String? = nil) {
            self.defaultYes = defaultYes
            self.yes = Option(id: "yes", label: "yes", steps: yes)
            self.no = Option(id: "no", label: "no", steps: no, said: noSaid)
        }
    }
}

extension ScreenModel {
    /// What a screen with nothing to answer says (its lead, its errors) and the steps it hands on.
    public struct Notice: Sendable, Equatable {
        public var lead: [String]
        public var errors: [String]
        public var steps: [AnswerStep]

        public init(lead: [String] = [], errors: [String] = [], steps: [AnswerStep] = [.key(.escape)]) {
            self.lead = lead
            self.errors = errors
            self.steps = steps
        }
    }
}
