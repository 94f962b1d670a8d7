/// The app as a line-by-line front end hands it its answers: the terminal's keys, one step at a time.
extension AppModel {
    /// What the screen on top has said so far (its model's ``ScreenModel/narration``).
    public var narration: [Narration] { topModel?.narration ?? [] }

    /// Hands one step of an answer to the app, as the terminal's keys are handed; what the runtime
    /// must do. ``AnswerStep/check`` is the front end's to look at and does nothing here.
    public mutating func hand(_ step: AnswerStep) -> [AppCommand] {
        switch step {
        // An answer's keys are logical (the next option is →), while `press` takes a mirrored
        // screen's keys as they point: swapping them first hands the key the answer means.
        case .key(let key): return press(visualKey(key))
        case .paste(let text): return paste(text)
        case .home:
            goHome()
            return takeCommands()
        case .goOn: return press(.enter)
        case .check: return []
        }
    }
}

/// The app as a front end that lays out values sees it (`checkout drive`, plain mode).
extension AppModel {
    /// What is on show, as a value: the top screen's model, with the keys that work there (its
    /// own, Esc's, the global ones), and the question asked over it as a focused choice while
    /// one is (y and n its only keys then).
    public var screenModel: ScreenModel {
        guard let top, let index = stack.indices.last, var shown = topModel else { return ScreenModel(screen: "none", title: "") }
        if shown.actions.isEmpty {
            let escape = escapeLabel(at: index, model: shown).map { [ScreenModel.Action(keys: "esc", label: $0, key: .escape)] } ?? []
            shown.actions = top.actions(context: context) + escape + ScreenModel.actions(globalKeyMap())
        }
        if isTooSmall {
            let text = context.localizer
            shown.status = text.text(.frameTooSmall) + ": " + text.text(.frameTooSmallSize, String(size.width), String(size.height),
                                                                      String(Self.minimumWidth), String(Self.minimumHeight))
        } else if let note = context.exportNote {
            shown.status = note.text
        }
        if let asked = yesNoQuestion(over: shown) {
            for index in shown.fields.indices { shown.fields[index].focused = false }
            for index in shown.choices.indices { shown.choices[index].focused = false }
            var question = ScreenModel.Choice(id: "question", label: asked.text, options: [.init(id: "yes", label: asked.yes), .init(id: "no", label: asked.no)],
                                              focused: true)
            // Asked as the terminal asks it: y or n, `back` is no.
            question.confirm = .init(defaultYes: false, yes: [.key(.character("y"))], no: [.key(.character("n"))])
            let text = context.localizer
            if let confirmation {
                // A conversation says what leaving means ("Leave this payment?").
                let leaving = stack[confirmation.index].model(context: context).leaving ?? confirmation.question
                question.spoken = .init(prompt: leaving, help: [text.text(.frameLeaveHelp)], back: [.key(.character("n"))])
            } else {
                question.spoken = .init(prompt: asked.text, help: [text.text(.frameYesNoHelp, asked.yes, asked.no)], back: [.key(.character("n"))])
            }
            shown.choices.append(question)
            shown.actions = ScreenModel.actions(Self.questionHints(asked))
            // The question is asked even while the screen waits (a held Pay).
            shown.waiting = false
        }
        return shown
    }
}
