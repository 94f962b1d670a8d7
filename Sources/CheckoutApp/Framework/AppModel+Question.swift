/// The app as a line-by-line front end sees it: one question at a time, the answer handed back as
/// the terminal's keys are.
extension AppModel {
    /// What the app asks next: the question before a screen holding what was entered is left,
    /// while it is up, else the top screen's (`part` names one a previous question opened); `nil`
    /// while the screen waits for an answer it must show.
    public func question(asking part: String? = nil) -> ScreenQuestion? {
        guard let top else { return nil }
        if let confirmation {
            let leaving = stack[confirmation.index].leavingQuestion(context: context) ?? confirmation.question
            return ScreenQuestion(
                step: "leave", prompt: leaving, help: [context.localizer.text(.frameLeaveHelp)],
                kind: .confirm(.init(defaultYes: false, yes: .init("yes", steps: [.key(.character("y"))]),
                                     no: .init("no", steps: [.key(.character("n"))]))),
                back: [.key(.character("n"))])
        }
        if let asked = top.yesNoQuestion(context: context) {
            // The screen's own yes/no (a held Pay that waited its time), asked as the terminal asks it.
            return ScreenQuestion(
                step: "yes-no", prompt: asked.text, help: [context.localizer.text(.frameYesNoHelp, asked.yes, asked.no)],
                kind: .confirm(.init(defaultYes: false, yes: .init(asked.yes, steps: [.key(.character("y"))]),
                                     no: .init(asked.no, steps: [.key(.character("n"))]))),
                back: [.key(.character("n"))])
        }
        return top.question(context: context, asking: part)
    }

    /// What the screen on top has said so far (see ``Screen/narration(context:)``).
    public var narration: [Narration] { top?.narration(context: context) ?? [] }

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
        guard let top, let index = stack.indices.last else { return ScreenModel(screen: "none", title: "") }
        var shown = top.model(context: context)
        if shown.actions.isEmpty {
            let escape = escapeLabel(at: index).map { [ScreenModel.Action(keys: "esc", label: $0, key: .escape)] } ?? []
            shown.actions = top.actions(context: context) + escape + ScreenModel.actions(globalKeyMap())
        }
        if isTooSmall {
            let text = context.localizer
            shown.status = text.text(.frameTooSmall) + ": " + text.text(.frameTooSmallSize, String(size.width), String(size.height),
                                                                      String(Self.minimumWidth), String(Self.minimumHeight))
        } else if let note = context.exportNote {
            shown.status = note.text
        }
        if let asked = yesNoQuestion {
            for index in shown.fields.indices { shown.fields[index].focused = false }
            for index in shown.choices.indices { shown.choices[index].focused = false }
            shown.choices.append(.init(id: "question", label: asked.text, options: [.init(id: "yes", label: asked.yes), .init(id: "no", label: asked.no)],
                                       focused: true))
            shown.actions = ScreenModel.actions(Self.questionHints(asked))
        }
        return shown
    }
}
