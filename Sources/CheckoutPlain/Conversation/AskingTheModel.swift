import CheckoutCore
import CheckoutApp

/// What a screen asks next, for a front end that asks one thing at a time and reads the answer as
/// a line (plain mode), the way huh's accessible mode asks a form's fields: the same field, label,
/// rule and error, asked as a line.
///
/// Plain mode makes it from the screen's model (``ScreenModel/question(asking:context:)``); the answer
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

    /// How an answer is written back (the field's ``ScreenModel/Field/Echo``).
    public typealias Echo = ScreenModel.Field.Echo

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

/// A screen model asked one question at a time, the way huh's accessible mode asks a form: written
/// once per kind of thing shown, not once per screen, so plain mode knows no screen by name.
///
/// - a yes/no over the screen (the app's "Discard this card?", a held Pay's question) first;
/// - the field or choice a previous answer opened (`part`: Settings' `latency`), else the focused one:
///   a field is a line for it (a secret one typed unseen and echoed as bullets), a choice a
///   numbered list of its options (or yes/no, for one that confirms), each option's answer the
///   keys that move to it and take it;
/// - a table whose rows can be chosen (Payments) is a numbered choice: its rows, then the screen's
///   other keys (the next filter, the next page, save the receipt…), the tables that go with the
///   row chosen (its receipt) read aloud before, and the status line (how a save went) said first;
/// - anything else is said (its notice, or its title, tables and status) and left, as Esc leaves it.
///
/// Every answer goes back as the terminal's keys, so the screen's rules are its own.
extension ScreenModel {
    public func question(asking part: String? = nil, context: ScreenContext) -> ScreenQuestion? {
        if waiting { return nil }
        var asked = focusedElement
        if let part, let opened = element(part), !choices.contains(where: { $0.focused && $0.confirm != nil }) { asked = opened }
        switch asked {
        case .field(let field): return question(field)
        case .choice(let choice): return question(choice)
        case nil: break
        }
        if let notice {
            return ScreenQuestion(step: screen, lead: notice.lead, prompt: "", kind: .notice(notice.steps), error: notice.errors, atEnd: atEnd)
        }
        let said = tables.filter { $0.marked == nil && !$0.rows.isEmpty }.flatMap { Self.readAloud($0, context.localizer) }
        if let table = tables.first(where: { $0.marked != nil && !$0.rows.isEmpty }), let marked = table.marked {
            var options = table.rows.enumerated().map { index, row in
                ScreenQuestion.Option(row.filter { !$0.isEmpty }.joined(separator: ", "), steps: AnswerStep.moving(from: marked, to: index))
            }
            // The screen's own keys but the rows' (↑ ↓), Esc (`back` says it) and the global ones.
            let moving: Set<Key> = [.up, .down, .escape, .function(1), .function(2), .tab, .backTab, .enter]
            for action in actions {
                guard let key = action.key, !moving.contains(key) else { continue }
                options.append(.init(action.label.prefix(1).uppercased() + action.label.dropFirst() + " (\(action.keys))", steps: [.key(key)]))
            }
            let heading = [table.filter, table.position].compactMap { $0 }.joined(separator: context.glyphs.separator)
            return ScreenQuestion(step: "\(screen).\(table.id).\(heading).\(marked)", lead: said, prompt: "",
                                  help: actions.filter { $0.key != nil }.map { "\($0.keys): \($0.label)" },
                                  kind: .choice(.init(heading: heading.isEmpty ? title : context.localizer.text(.plainLabelled, title, heading), options: options, defaultIndex: marked)),
                                  error: status.map { [$0] } ?? [], atEnd: atEnd)
        }
        return ScreenQuestion(step: screen, lead: [title + "."] + said + (status.map { [$0] } ?? []), prompt: "", kind: .notice([.key(.escape)]),
                              atEnd: atEnd)
    }

    /// A field asked as a line: an empty answer keeps what it holds (when it keeps it and nothing
    /// refused it), a word may be a key ("resend"), anything else goes in as the field's entry says.
    private func question(_ field: Field) -> ScreenQuestion {
        let spoken = field.spoken
        let errors = spoken.errors ?? [field.error].compactMap { $0 }
        let entry = field.entry
        let kept = field.value.isEmpty || !entry.keeps || !spoken.refusal.isEmpty || !errors.isEmpty ? nil : field.value
        var answer = ScreenQuestion.TextAnswer(current: kept, shownCurrent: kept.flatMap { _ in field.keptAs }, hidden: field.hidesTyping,
                                               echo: field.echo) { typed in
            if let keys = entry.words[typed.lowercased()] { return keys }
            let put: [AnswerStep] = typed == kept ? [] : entry.replaces ? AnswerStep.replacing(with: typed) : [.paste(typed)]
            return entry.before + put + [.check] + (entry.goesOn ? [.goOn] : [])
        }
        answer.whenHidden = field.unseen.map { (prompt: $0.prompt, help: $0.help) }
        var question = ScreenQuestion(step: "\(screen).\(field.id)", lead: spoken.lead, prompt: spoken.prompt ?? field.label,
                                      help: spoken.help.isEmpty ? field.hint.map { [$0] } ?? [] : spoken.help, kind: .text(answer),
                                      error: errors, refusal: spoken.refusal, back: spoken.back, atEnd: atEnd)
        question.afterRefusal = spoken.afterRefusal
        return question
    }

    /// A choice asked by number (its options, then what else a conversation offers), or as yes/no.
    private func question(_ choice: Choice) -> ScreenQuestion {
        let spoken = choice.spoken
        let from = choice.marked ?? 0
        func option(_ option: Choice.Option, _ steps: [AnswerStep]) -> ScreenQuestion.Option {
            ScreenQuestion.Option(option.spoken ?? option.label, steps: option.steps ?? steps, said: option.said, opens: option.opens)
        }
        let kind: ScreenQuestion.Kind
        if let confirm = choice.confirm {
            kind = .confirm(.init(defaultYes: confirm.defaultYes, yes: option(confirm.yes, []), no: option(confirm.no, [])))
        } else {
            let moves = choice.moves
            let options = choice.options.enumerated().map { index, item in
                option(item, moves.before + AnswerStep.moving(from: from, to: index, down: moves.down, up: moves.up) + moves.then)
            } + choice.more.map { option($0, []) }
            kind = .choice(.init(heading: choice.heading ?? (choice.label.isEmpty ? nil : choice.label), options: options,
                                 defaultIndex: choice.asked ?? choice.marked))
        }
        var question = ScreenQuestion(step: "\(screen).\(choice.id)", lead: spoken.lead,
                                      prompt: spoken.prompt ?? (choice.confirm == nil ? "" : choice.label), help: spoken.help, kind: kind,
                                      error: spoken.errors ?? [], refusal: spoken.refusal, back: spoken.back, atEnd: atEnd)
        question.afterRefusal = spoken.afterRefusal
        return question
    }

    /// A table read aloud: a line a row, its cells apart (a label and its value as the language
    /// writes them); a row without a first cell goes on the last.
    static func readAloud(_ table: Table, _ localizer: Localizer) -> [String] {
        table.rows.map { row in
            let cells = row.filter { !$0.isEmpty }
            if row.first?.isEmpty == true { return "  " + cells.joined(separator: ", ") }
            return cells.count < 2 ? cells.joined() : localizer.text(.plainLabelled, cells[0], cells.dropFirst().joined(separator: ", "))
        }
    }
}

extension AppModel {
    /// What the app asks next, as its model says it (``AppModel/screenModel``): the question over
    /// the screen while one is up, else the top screen's (`part` names one a previous question
    /// opened); `nil` while the screen waits for an answer it must show.
    public func question(asking part: String? = nil) -> ScreenQuestion? {
        guard top != nil else { return nil }
        return screenModel.question(asking: part, context: context)
    }
}
