import CheckoutCore
import CheckoutEngine

/// The result as a conversation says and asks it (plain mode): the payment in a sentence (its
/// model's narration), then "What next?": its buttons, the home menu and saving the receipt.
extension ResultScreen {
    public var frame: ScreenFrame {
        ScreenFrame(title: title, focusedText: keeping.fileName, wantsEventPanel: wantsEventPanel, bodyWidthBesidePanel: bodyWidthBesidePanel)
    }

    public mutating func respond(to event: ScreenEvent, context: ScreenContext) -> [ScreenEffect] { respondKeeping(to: event) }

    func narration(context: ScreenContext) -> [Narration] {
        let text = context.localizer
        switch outcome {
        case .completed(let payment):
            let card = text.text(.plainResultCard, context.money(payment.total, currency: payment.currency),
                                 context.catalogue.info(payment.network).displayName, CardNumberMask.lastFour(payment.last4Digits))
            // Apart from the processor's outcome: a row the ledger will get later.
            let ledger = payment.notRecorded.map { "\n" + text.text(.plainResultNotRecorded, $0) } ?? ""
            let id = "\n" + text.text(.plainResultId, payment.id) + ledger
            switch payment.status {
            case .authorized:
                return [Narration(text.text(.plainResultAuthorized, card) + id)]
            case .pending:
                return [Narration(text.text(.plainResultPending, card) + id)]
            case .declined, .failed:
                let declined = payment.status == .declined
                let said = payment.declineReason.map { text.text(declined ? .plainResultDeclinedWhy : .plainResultFailedWhy, text.declineReason($0), card) }
                    ?? text.text(declined ? .plainResultDeclined : .plainResultFailed, card)
                return [Narration(said + id)]
            }
        case .failed(let error) where error.isOutcomeUnknown:
            return [Narration(text.text(.plainResultUnknown, error.shownDescription(context.localizer)))]
        case .failed(let error):
            return [Narration(text.text(error.errorId == "payment-failed" ? .plainResultFailedError : .plainResultRefused, error.shownDescription(context.localizer)))]
        }
    }

    /// The buttons as a conversation offers them: paying again with the same card types its
    /// security code again and presses Pay, as a person does in the terminal; then the home menu
    /// and, with a receipt, saving it (`s` asks for a file name, as in the terminal).
    func spokenButtons(_ choice: ScreenModel.Choice, context: ScreenContext) -> ScreenModel.Choice {
        var choice = choice
        let text = context.localizer
        let current = min(selected, buttons.count - 1)
        for (index, button) in buttons.enumerated() {
            choice.options[index].spoken = text.text(button != .tryAgain ? .plainResultAnother
                                                     : isOutcomeUnknown ? .plainResultTryAgainUnknown : .plainResultTryAgain)
            if button == .tryAgain, let form {
                let order = form.focusOrder(context: context)
                let enters = (order.firstIndex(of: .pay) ?? 0) - (order.firstIndex(of: .cvv) ?? 0) + 1
                choice.options[index].steps = AnswerStep.moving(from: current, to: index, down: .right, up: .left) + [.key(.enter), .paste(form.cvv)]
                    + Array(repeating: .key(.enter), count: max(1, enters))
            }
        }
        choice.moves = .across
        choice.asked = 0
        choice.heading = text.text(.plainResultNext)
        choice.more = [.init(id: "home", label: text.text(.plainResultHome), steps: [.home])]
        if receipt(context: context) != nil {
            let save = text.text(.receiptKeySave)
            choice.more.append(.init(id: "save", label: save.prefix(1).uppercased() + save.dropFirst(), steps: [.key(.character("s"))]))
        }
        choice.spoken = .init(help: [(buttons.contains(.tryAgain) ? text.text(.plainResultHelpTry) : "") + text.text(.plainResultHelpAnother)],
                              errors: context.exportNote.map { [$0.text] } ?? [],
                              back: discardQuestion(context: context) == nil ? [.key(.escape)] : [.key(.escape), .key(.character("y"))])
        return choice
    }
}
