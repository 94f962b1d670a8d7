import CheckoutCore
import CheckoutEngine

/// The result asked as "What next?" (plain mode): the payment said in a sentence, then its buttons
/// and the home menu as the choices.
extension ResultScreen {
    public func narration(context: ScreenContext) -> [Narration] {
        switch outcome {
        case .completed(let payment):
            let card = "\(context.money(payment.total, currency: payment.currency)) with \(context.catalogue.info(payment.network).displayName), "
                + "card \(CardNumberMask.lastFour(payment.last4Digits))"
            // Apart from the processor's outcome: a row the ledger will get later.
            let ledger = payment.notRecorded.map { "\nNot recorded in the ledger yet: \($0)." } ?? ""
            switch payment.status {
            case .authorized:
                return [Narration("Payment authorized: \(card).\nPayment id \(payment.id).\(ledger)")]
            case .pending:
                return [Narration("Payment pending: \(card). The processor has not decided yet; do not pay again.\nPayment id \(payment.id).\(ledger)")]
            case .declined, .failed:
                let word = payment.status == .declined ? "declined" : "failed"
                return [Narration("Payment \(word)\(payment.declineReason.map { " (\($0))" } ?? ""): \(card).\nPayment id \(payment.id).\(ledger)")]
            }
        case .failed(let error):
            return [Narration(error.errorId == "payment-failed" ? "Payment failed. \(error.description)" : "Payment refused: \(error.description)")]
        }
    }

    public func question(context: ScreenContext, asking part: String?) -> ScreenQuestion? {
        let current = min(selected, buttons.count - 1)
        func press(_ button: Button) -> [AnswerStep] {
            AnswerStep.moving(from: current, to: buttons.firstIndex(of: button) ?? 0, down: .right, up: .left) + [.key(.enter)]
        }
        var options: [ScreenQuestion.Option] = []
        if buttons.contains(.tryAgain), let form {
            // Paying again with the same card: the form comes back without its security code, which
            // is typed again, and Pay is pressed, as a person does in the terminal.
            let order = form.focusOrder(context: context)
            let enters = (order.firstIndex(of: .pay) ?? 0) - (order.firstIndex(of: .cvv) ?? 0) + 1
            options.append(.init("Try again", steps: press(.tryAgain) + [.paste(form.cvv)] + Array(repeating: .key(.enter), count: max(1, enters))))
        }
        options.append(.init("Another card", steps: press(buttons.contains(.newPayment) ? .newPayment : .anotherCard)))
        options.append(.init("Home", steps: [.home]))
        return ScreenQuestion(
            step: "card.result", prompt: "",
            help: [(buttons.contains(.tryAgain) ? "Try again pays again with the same card; " : "") + "Another card starts a new payment."],
            kind: .choice(.init(heading: "What next?", options: options, defaultIndex: 0)),
            back: discardQuestion == nil ? [.key(.escape)] : [.key(.escape), .key(.character("y"))])
    }
}
