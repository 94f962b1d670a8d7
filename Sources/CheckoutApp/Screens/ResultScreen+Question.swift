import CheckoutCore
import CheckoutEngine

/// The result asked as "What next?" (plain mode): the payment said in a sentence, then its buttons
/// and the home menu as the choices.
extension ResultScreen {
    public func narration(context: ScreenContext) -> [Narration] {
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

    public func question(context: ScreenContext, asking part: String?) -> ScreenQuestion? {
        // The file name for the receipt, asked as every text field of a model is.
        if keeping.isAsking { return model(context: context).question(context: context) }
        let current = min(selected, buttons.count - 1)
        func press(_ button: Button) -> [AnswerStep] {
            AnswerStep.moving(from: current, to: buttons.firstIndex(of: button) ?? 0, down: .right, up: .left) + [.key(.enter)]
        }
        let text = context.localizer
        var options: [ScreenQuestion.Option] = []
        if buttons.contains(.tryAgain), let form {
            // Paying again with the same card: the form comes back without its security code, which
            // is typed again, and Pay is pressed, as a person does in the terminal.
            let order = form.focusOrder(context: context)
            let enters = (order.firstIndex(of: .pay) ?? 0) - (order.firstIndex(of: .cvv) ?? 0) + 1
            options.append(.init(text.text(isOutcomeUnknown ? .plainResultTryAgainUnknown : .plainResultTryAgain), steps: press(.tryAgain) + [.paste(form.cvv)] + Array(repeating: .key(.enter), count: max(1, enters))))
        }
        options.append(.init(text.text(.plainResultAnother), steps: press(buttons.contains(.newPayment) ? .newPayment : .anotherCard)))
        options.append(.init(text.text(.plainResultHome), steps: [.home]))
        // The receipt kept where a paying person keeps it: `s` asks for a file name, as in the terminal.
        if receipt(context: context) != nil {
            let save = text.text(.receiptKeySave)
            options.append(.init(save.prefix(1).uppercased() + save.dropFirst(), steps: [.key(.character("s"))]))
        }
        return ScreenQuestion(
            step: "card.result", prompt: "",
            help: [(buttons.contains(.tryAgain) ? text.text(.plainResultHelpTry) : "") + text.text(.plainResultHelpAnother)],
            kind: .choice(.init(heading: text.text(.plainResultNext), options: options, defaultIndex: 0)),
            error: context.exportNote.map { [$0.text] } ?? [],
            back: discardQuestion(context: context) == nil ? [.key(.escape)] : [.key(.escape), .key(.character("y"))])
    }
}
