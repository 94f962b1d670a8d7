import CheckoutCore
import CheckoutApp
import Glibc

/// Plain mode as the app loop's input and display: it says what the screen on top says
/// (``Screen/narration(context:)``), asks what it asks (``AppModel/question(asking:)``) as a line,
/// and hands the answer back as the terminal's keys are handed, one step at a time, each once the
/// engine and the Nol system have answered the one before.
///
/// Nothing here knows a flow: the card form, the co-badge choice, the result, the Nol flows and
/// Settings are the screens' own questions, answered through their own update.
@MainActor
final class PlainConversation: AppInput, AppDisplay {
    let conversation: Conversation
    /// The app is laid out at the size its screens were written for; nothing is drawn.
    let size = TerminalSize(width: 80, height: 24)
    /// The steps of the answer being handed on, and what to do once they are.
    private var plan: [AnswerStep] = []
    private var afterPlan: (said: String?, opens: String?) = (nil, nil)
    /// What the focused field held right after the answer being handed on was pasted into it;
    /// `nil` before the paste.
    private var afterPaste: String?
    /// The part of the screen's question being asked (a question another opened).
    private var part: String?
    /// The step of the question asked last: a new step's lead is said first.
    private var lastStep: String?
    /// Whether the next question comes right after an answer: its error is said first.
    private var afterAnswer = true
    /// The home menu or a flow: a blank line goes between them.
    private var section: String?
    /// Narration said once per flow, and how much of each screen's own has been said.
    private var saidOnce: Set<String> = []
    private var saidBy: [Int: Int] = [:]
    private var notesSaid = 0
    /// True once the person ended input.
    private(set) var inputEnded = false
    /// Whether the loop should give the conversation its turn without waiting for anything.
    private var ready = true

    init(conversation: Conversation) {
        self.conversation = conversation
    }

    var descriptor: Int32? { nil }
    var deadline: Duration? { ready ? .zero : nil }

    func show(_ model: AppModel) {}

    func take(_ loop: AppLoop, readable: Bool) async {
        ready = false
        // The engine takes what was handed to it before anything is said or asked.
        guard !loop.isBusy, loop.exitCode == nil else { return }
        // A language chosen in Settings is spoken from the next line on.
        conversation.localizer = loop.model.context.localizer
        narrate(loop.model)
        // A step waits while the screen waits for an answer it must show (a lookup, a payment, a Nol call).
        guard let question = loop.model.question(asking: part) else { return }
        if !plan.isEmpty {
            handNextStep(question, loop)
        } else {
            await ask(question, loop)
        }
        ready = loop.exitCode == nil
    }

    // MARK: Saying

    private func narrate(_ model: AppModel) {
        // The app has left: nothing more is said before goodbye.
        guard model.top != nil else { return }
        let section = model.screenModel.screen == "home" ? "home" : "flow"
        if let last = self.section, last != section {
            conversation.pause()
            // A flow opened again from the home menu introduces itself again.
            if section == "home" { saidOnce = [] }
        }
        self.section = section
        if model.settingsNotes != notesSaid, let note = model.context.settingsNote {
            notesSaid = model.settingsNotes
            conversation.say(note.text + ".")
        }
        guard let serial = model.topSerial else { return }
        var own = 0
        let said = saidBy[serial] ?? 0
        for narration in model.narration {
            if let once = narration.once {
                if saidOnce.insert(once).inserted { conversation.say(narration.text) }
            } else {
                if own >= said { conversation.say(narration.text) }
                own += 1
            }
        }
        saidBy[serial] = max(said, own)
    }

    // MARK: Answering

    private func handNextStep(_ question: ScreenQuestion, _ loop: AppLoop) {
        let step = plan.removeFirst()
        // A pasted answer that completed its field may have made the screen go on by itself: the
        // focus moved on (auto-advance), or the field the paste filled was emptied since (a one-time
        // code that sent itself and was refused). Then its check and Enter are no longer about it.
        let wentOn = afterPaste.map { pasted in
            question.step != lastStep || (!pasted.isEmpty && loop.model.top?.focusedText?.isEmpty == true)
        } ?? false
        if step == .goOn {
            if !wentOn { loop.hand(.key(.enter)) }
            narrate(loop.model)
        } else if step == .check {
            if !wentOn, !question.refusal.isEmpty {
                // Refused: said, and the same question asked again without its lead.
                for line in question.refusal { conversation.say(line) }
                plan = question.afterRefusal
                afterPlan = (nil, nil)
                afterAnswer = false
                return
            }
        } else {
            loop.hand(step)
            if case .paste = step { afterPaste = loop.model.top?.focusedText?.text ?? "" }
            // What the step did at once ("Paying...") is said before an answer can replace the screen.
            narrate(loop.model)
        }
        guard plan.isEmpty else { return }
        if let said = afterPlan.said { conversation.say(said) }
        part = afterPlan.opens
        afterPlan = (nil, nil)
        afterAnswer = true
    }

    private func ask(_ question: ScreenQuestion, _ loop: AppLoop) async {
        if question.step != lastStep {
            for line in question.lead { conversation.say(line) }
            lastStep = question.step
        }
        if afterAnswer { for line in question.error { conversation.say(line) } }
        afterAnswer = false
        switch question.kind {
        case .notice(let steps):
            start(steps, said: nil, opens: nil)
        case .text(let answer):
            let hidden = answer.hidden && conversation.canHideInput
            let asked = Conversation.Question(
                prompt: hidden ? answer.whenHidden?.prompt ?? question.prompt : question.prompt, defaultAnswer: answer.current,
                shownDefault: answer.shownCurrent, help: hidden ? answer.whenHidden?.help ?? question.help : question.help,
                hidden: answer.hidden, echo: Self.echo(answer.echo), masksTerminalEcho: answer.echo == .cardNumber)
            switch await conversation.ask(asked) {
            case .answer(let text): start(answer.steps(text), said: nil, opens: nil)
            case .back: back(question)
            case .end: end(question, loop)
            }
        case .choice(let choice):
            if let heading = choice.heading { conversation.say(heading) }
            switch await conversation.choose(choice.options.map(\.label), prompt: question.prompt, defaultIndex: choice.defaultIndex,
                                             help: question.help) {
            case .chose(let index):
                let option = choice.options[index]
                start(option.steps, said: option.said, opens: option.opens)
            case .back: back(question)
            case .end: end(question, loop)
            }
        case .confirm(let confirm):
            switch await conversation.confirm(question.prompt, defaultYes: confirm.defaultYes, help: question.help) {
            case .yes: start(confirm.yes.steps, said: confirm.yes.said, opens: confirm.yes.opens)
            case .no: start(confirm.no.steps, said: confirm.no.said, opens: confirm.no.opens)
            case .back: back(question)
            case .end: end(question, loop)
            }
        }
    }

    private func start(_ steps: [AnswerStep], said: String?, opens: String?) {
        plan = steps
        afterPaste = nil
        afterPlan = (said, opens)
        if steps.isEmpty {
            if let said { conversation.say(said) }
            part = opens
            afterAnswer = true
        }
    }

    /// `back`: the question's way one step back; a question another opened goes back to that one.
    private func back(_ question: ScreenQuestion) {
        if question.back.isEmpty { part = nil }
        start(question.back, said: nil, opens: nil)
    }

    private func end(_ question: ScreenQuestion, _ loop: AppLoop) {
        if let said = question.atEnd { conversation.say(said) }
        conversation.say(conversation.localizer.text(.plainEndOfInput))
        inputEnded = true
        loop.quit(0)
    }

    /// How an answer is written after its prompt when the terminal does not show typing.
    static func echo(_ echo: ScreenQuestion.Echo) -> (String) -> String {
        switch echo {
        case .asTyped: { $0 }
        case .cardNumber: { CardNumberMask.echo(digits: CardNumberNormalizer.normalize($0).digits) }
        case .secret: { CardNumberMask.hidden($0.count) }
        }
    }
}

