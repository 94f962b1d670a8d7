import CheckoutCore
import CheckoutEngine

/// After Pay: the payment (id, status, amount, network and how it was chosen, masked number), or
/// why it did not go through.
///
/// A decline or a failure keeps the card: "Try again" brings the form back with the same card and
/// the security code to type again, "Use another card" with the number and security code cleared
/// and the expiry and name kept.
public struct ResultScreen: Screen {
    /// What came back from the engine.
    public enum Outcome: Sendable, Equatable {
        case completed(Payment)
        case failed(CheckoutError)
    }

    /// How the network the payment used was settled.
    public enum NetworkChoice: Sendable, Equatable {
        /// The card was co-badged and the cardholder picked the network.
        case chosenByCardholder
        /// The card was co-badged and the preselected (preferred) network was kept.
        case preselected
        /// No choice was shown: one network, or the BIN answer came after Pay.
        case noChoiceOffered
        /// The card was co-badged with eftpos: the network was selected for the cardholder.
        case automatic
    }

    /// The buttons under the result.
    public enum Button: Sendable, Equatable {
        case newPayment, tryAgain, anotherCard

        var title: String {
            switch self {
            case .newPayment: "New payment"
            case .tryAgain: "Try again"
            case .anotherCard: "Use another card"
            }
        }
    }

    public enum Action: Sendable { case activate, previous, next }

    public var outcome: Outcome
    /// The form as it was when Pay was pressed.
    public var form: CardFormScreen?
    public var choice: NetworkChoice
    public var selected = 0
    public var title: String { "Pay by card · Result" }

    public init(outcome: Outcome, form: CardFormScreen? = nil, choice: NetworkChoice = .noChoiceOffered) {
        self.outcome = outcome
        self.form = form
        self.choice = choice
    }

    /// True when the payment went through.
    public var isAuthorized: Bool {
        if case .completed(let payment) = outcome { return payment.status == .authorized }
        return false
    }

    /// True when the payment went through or is pending at the processor: paying again could charge twice.
    var isSettled: Bool {
        if case .completed(let payment) = outcome { return payment.status == .authorized || payment.status == .pending }
        return false
    }

    public var buttons: [Button] {
        isSettled || form == nil ? [.newPayment] : [.tryAgain, .anotherCard]
    }

    public var discardQuestion: String? { isSettled || form == nil ? nil : "Discard this card?" }

    public func keyMap(context: ScreenContext) -> KeyMap<Action> {
        var bindings: [KeyBinding<Action>] = []
        if buttons.count > 1 {
            bindings.append(KeyBinding([.left, .backTab, .up], "←/→", "choose", .previous, explain: "the button before"))
            bindings.append(KeyBinding([.right, .tab, .down], "→", "the next button", .next, footer: false))
        }
        let current = buttons[min(selected, buttons.count - 1)]
        bindings.append(KeyBinding([.enter], "enter", current.title.lowercased(), .activate, rank: .focused, explain: "press the chosen button"))
        return KeyMap(bindings)
    }

    public mutating func perform(_ action: Action, context: ScreenContext) -> [ScreenEffect] {
        switch action {
        case .previous: selected = (selected + buttons.count - 1) % buttons.count
        case .next: selected = (selected + 1) % buttons.count
        case .activate:
            switch buttons[min(selected, buttons.count - 1)] {
            case .newPayment: return [.replace(CardFormScreen(context: context))]
            case .tryAgain: return [.replace(form?.retry(keepNumber: true) ?? CardFormScreen(context: context))]
            case .anotherCard: return [.replace(form?.retry(keepNumber: false) ?? CardFormScreen(context: context))]
            }
        }
        return []
    }

    /// A click on a button presses it.
    public mutating func receive(_ input: ScreenInput, context: ScreenContext) -> [ScreenEffect] {
        guard case .click(let button as Button, _) = input, let index = buttons.firstIndex(of: button) else { return [] }
        selected = index
        return perform(.activate, context: context)
    }

    public func render(into canvas: inout Canvas, area: Rect, context: ScreenContext) {
        let glyphs = context.glyphs
        let left = area.left + 2
        let valueWidth = area.width - left - 16
        var row = area.top + 1
        let headline: String, style: CellStyle
        var lines: [(String, String)]
        switch outcome {
        case .completed(let payment):
            (headline, style) = switch payment.status {
            case .authorized: ("\(glyphs.success) Payment authorized", .success)
            case .declined: ("\(glyphs.failure) Payment declined", .error)
            case .failed: ("\(glyphs.failure) Payment failed", .error)
            case .pending: ("\(glyphs.noteMark) Payment pending: the processor has not decided yet", .accent)
            }
            lines = [
                ("Payment id", payment.id),
                ("Status", payment.status.rawValue),
                ("Amount", context.money(payment.amount, currency: payment.currency)),
                ("Network", context.catalogue.info(payment.network).displayName + glyphs.separator + choiceText),
                ("Card", String(repeating: glyphs.maskedDigit, count: 4) + " " + payment.last4Digits),
            ]
            // The total the cardholder was charged, and the surcharge in it apart from the order amount.
            var charges = [("Total", context.money(payment.total, currency: payment.currency))]
            if payment.surcharge > 0 { charges.insert(("Surcharge", context.money(payment.surcharge, currency: payment.currency)), at: 0) }
            lines.insert(contentsOf: charges, at: 3)
            if let reason = payment.declineReason { lines.append(("Reason", reason)) }
            // Apart from the outcome, which is the processor's: a row the ledger will get later.
            if let notRecorded = payment.notRecorded { lines.append(("Ledger", "\(payment.status.rawValue.lowercased()), but not recorded: \(notRecorded)")) }
        case .failed(let error):
            let failed = error.errorId == "payment-failed"
            (headline, style) = ("\(glyphs.failure) Payment \(failed ? "failed" : "refused")", .error)
            lines = [("Reason", error.description), ("Error id", error.errorId)]
            // Primer created the payment before it failed: its id is what support looks up.
            if let payment = error.payment { lines.insert(("Payment id", payment.id), at: 0) }
        }
        canvas.put(headline, row: row, column: left, style: style)
        row += 2
        for (label, value) in lines where row < area.bottom - 2 {
            canvas.put(label, row: row, column: left, style: .dim)
            let isNote = label == "Reason" || label == "Ledger"
            let valueStyle: CellStyle = isNote ? .error : .bold
            // A reason is read whole; other values are one line.
            if isNote {
                row += canvas.putWrapped(glyphs.text(value), row: row, column: left + 14, width: valueWidth, maxLines: 3,
                                         style: valueStyle, ellipsis: glyphs.ellipsis)
            } else {
                canvas.put(context.truncate(value, to: valueWidth), row: row, column: left + 14, style: valueStyle)
                row += 1
            }
        }
        row = min(row + 1, area.bottom - 1)
        var x = left
        for (index, button) in buttons.enumerated() {
            let chosen = index == min(selected, buttons.count - 1)
            if chosen { canvas.put(glyphs.focusBar, row: row, column: x, style: .focus) }
            let start = x
            x += 2
            x += canvas.put("[ \(button.title) ]", row: row, column: x, style: chosen ? .selection : .bold)
            canvas.addTarget(Rect(top: row, left: start, width: x - start, height: 1), button)
            x += 2
        }
    }

    /// How the network was settled, in words.
    var choiceText: String {
        switch choice {
        case .chosenByCardholder: "chosen by you"
        case .preselected: "preferred network, not changed by you"
        case .noChoiceOffered: "no choice offered"
        case .automatic: "chosen automatically: eftpos cards are routed by the merchant"
        }
    }
}
