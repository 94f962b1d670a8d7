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
            let word = switch payment.status {
            case .authorized: "authorized"
            case .declined: "declined"
            case .failed: "failed"
            }
            let reason = payment.status == .authorized ? "" : payment.declineReason.map { " (\($0))" } ?? ""
            return [Narration("Payment \(word)\(reason): \(card).\nPayment id \(payment.id).")]
        case .failed(let error):
            return [Narration((error.errorId == "payment-failed" ? "Payment failed: " : "Payment refused: ") + error.description)]
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
            options.append(.init("Try again", steps: press(.tryAgain) + [.paste(form.cvv), .key(.enter), .key(.enter), .key(.enter)]))
        }
        options.append(.init("Another card", steps: press(buttons.contains(.newPayment) ? .newPayment : .anotherCard)))
        options.append(.init("Home", steps: [.home]))
        return ScreenQuestion(
            step: "card.result", prompt: "",
            help: ["Try again pays again with the same card; Another card starts a new payment."],
            kind: .choice(.init(heading: "What next?", options: options, defaultIndex: 0)),
            back: discardQuestion == nil ? [.key(.escape)] : [.key(.escape), .key(.character("y"))])
    }
}
