import CheckoutCore
import CheckoutEngine

/// After Pay: the payment's receipt (merchant and items, id, time, status, amount, surcharge,
/// total, network and how it was chosen, masked number), or why it did not go through, with the
/// card and amount it was for. `s` saves the receipt to a file the person names, `c` copies it
/// through the terminal.
///
/// A decline or a failure keeps the card: "Try again" brings the form back with the same card and
/// the security code to type again, "Use another card" with the number and security code cleared
/// and the expiry and name kept.
public struct ResultScreen: KeepsReceipts {
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

        var title: String { title(Bundled.english) }

        func title(_ text: Localizer) -> String {
            switch self {
            case .newPayment: text.text(.resultNewPayment)
            case .tryAgain: text.text(.resultTryAgain)
            case .anotherCard: text.text(.resultAnotherCard)
            }
        }
    }

    public enum Action: Sendable, Equatable { case activate, previous, next, receipt(ReceiptStep) }

    public var outcome: Outcome
    /// The form as it was when Pay was pressed.
    public var form: CardFormScreen?
    public var choice: NetworkChoice
    public var selected = 0
    /// The session the payment was made in: its merchant and order go on the receipt.
    public var session: ClientSession?
    /// When the answer came, in seconds since 1970.
    public var time: Double
    /// `s` and `c`: the receipt saved to a file or copied.
    var keeping = ReceiptKeeping()
    public var title: String { "Pay by card · Result" }
    public func title(context: ScreenContext) -> String { context.localizer.text(.titleResult) }

    public init(outcome: Outcome, form: CardFormScreen? = nil, choice: NetworkChoice = .noChoiceOffered, session: ClientSession? = nil,
                time: Double = 0) {
        self.outcome = outcome
        self.form = form
        self.choice = choice
        self.session = session
        self.time = time
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

    public func discardQuestion(context: ScreenContext) -> String? { isSettled || form == nil ? nil : context.localizer.text(.cardDiscard) }


    /// The receipt of the payment the processor answered with (authorized, declined or failed);
    /// `nil` when no payment was made (refused before it reached the processor).
    public func receipt(context: ScreenContext) -> Receipt? {
        guard case .completed(let payment) = outcome else { return nil }
        return Receipt(payment: payment, session: session ?? context.session, networkName: context.catalogue.info(payment.network).displayName,
                       networkChoice: choiceText(context.localizer), time: time, mask: CardNumberMask.hidden(4, ascii: context.glyphs.isASCII))
    }

    public func keyMap(context: ScreenContext) -> KeyMap<Action> {
        if keeping.isAsking { return KeyMap(ReceiptKeeping.askingBindings(Action.receipt, text: context.localizer)) }
        var bindings: [KeyBinding<Action>] = []
        let text = context.localizer
        if buttons.count > 1 {
            bindings.append(KeyBinding([.left, .backTab, .up], "←/→", text.text(.resultKeyChoose), .previous, explain: text.text(.resultKeyBefore)))
            bindings.append(KeyBinding([.right, .tab, .down], "→", text.text(.resultKeyNext), .next, footer: false))
        }
        let current = buttons[min(selected, buttons.count - 1)]
        bindings.append(KeyBinding([.enter], "enter", current.title(text).lowercased(), .activate, rank: .focused,
                                   explain: text.text(.resultKeyPress)))
        if receipt(context: context) != nil { bindings += ReceiptKeeping.bindings(Action.receipt, text: text) }
        return KeyMap(bindings)
    }

    public mutating func perform(_ action: Action, context: ScreenContext) -> [ScreenEffect] {
        switch action {
        case .previous: selected = (selected + buttons.count - 1) % buttons.count
        case .next: selected = (selected + 1) % buttons.count
        case .receipt(let step): return keepReceipt(step, context: context)
        case .activate:
            switch buttons[min(selected, buttons.count - 1)] {
            case .newPayment: return [.replace(CardFormScreen(context: context))]
            case .tryAgain: return [.replace(form?.retry(keepNumber: true) ?? CardFormScreen(context: context))]
            case .anotherCard: return [.replace(form?.retry(keepNumber: false) ?? CardFormScreen(context: context))]
            }
        }
        return []
    }

    /// A click on a button presses it; while a file name is typed, keys and pastes edit it.
    public mutating func receive(_ input: ScreenInput, context: ScreenContext) -> [ScreenEffect] {
        if keeping.receive(input) { return [] }
        guard case .click(let button as Button, _) = input, !keeping.isAsking, let index = buttons.firstIndex(of: button) else { return [] }
        selected = index
        return perform(.activate, context: context)
    }

    /// The lines the screen shows under its headline: the receipt's, or for a payment refused
    /// before it reached the processor why, and the card and amount it was for.
    func lines(context: ScreenContext) -> [Receipt.Line] {
        if let receipt = receipt(context: context) {
            var lines = receipt.lines(glyphs: context.glyphs, localizer: context.localizer, writesMoney: { context.money($0, currency: $1) })
            // Apart from the outcome, which is the processor's: a row the ledger will get later.
            if case .completed(let payment) = outcome, let notRecorded = payment.notRecorded {
                lines.append(Receipt.Line(label: "Ledger", value: context.localizer.text(.resultNotRecorded, context.localizer.paymentStatus(payment.status.rawValue).lowercased(), notRecorded), priority: 9))
            }
            return lines
        }
        guard case .failed(let error) = outcome else { return [] }
        var lines = [Receipt.Line(label: "Reason", value: error.shownDescription(context.localizer), priority: 9),
                     Receipt.Line(label: "Error id", value: error.errorId, priority: 5)]
        // Primer created the payment before it failed: its id is what support looks up.
        if let payment = error.payment { lines.insert(Receipt.Line(label: "Payment id", value: payment.id, priority: 9), at: 0) }
        if let form {
            let due = form.amountDue(context: context)
            lines.append(Receipt.Line(label: "Amount", value: context.money(due.total, currency: due.currency), priority: 7))
            if let network = form.knownNetwork(context: context) {
                lines.append(Receipt.Line(label: "Network", value: context.catalogue.info(network).displayName + context.glyphs.separator + choiceText(context.localizer),
                                          priority: 7))
            }
            if form.digits.count >= 4 {
                lines.append(Receipt.Line(label: "Card", value: CardNumberMask.lastFour(String(form.digits.suffix(4)), ascii: context.glyphs.isASCII),
                                          priority: 7))
            }
        }
        return lines
    }

    public func render(into canvas: inout Canvas, area: Rect, context: ScreenContext) {
        let glyphs = context.glyphs
        let text = context.localizer
        let left = area.left + 2
        let valueColumn = left + 14
        let valueWidth = max(4, area.left + area.width - valueColumn - 2)
        var row = area.top + 1
        let headline: String, style: CellStyle
        switch outcome {
        case .completed(let payment):
            (headline, style) = switch payment.status {
            case .authorized: (text.text(.resultAuthorized, glyphs.success), .success)
            case .declined: (text.text(.resultDeclined, glyphs.failure), .error)
            case .failed: (text.text(.resultFailed, glyphs.failure), .error)
            case .pending: (text.text(.resultPending, glyphs.noteMark), .accent)
            }
        case .failed(let error):
            let failed = error.errorId == "payment-failed"
            (headline, style) = (text.text(failed ? .resultFailed : .resultRefused, glyphs.failure), .error)
        }
        canvas.put(headline, row: row, column: left, style: style)
        row += 2
        // Each value wraps (a long network reason reads whole); when the rows do not all fit above
        // the buttons and the message row, the least needed go first: all of them are in the receipt.
        var shown = lines(context: context).map { line in
            (line, Canvas.wrap(glyphs.text(line.value), width: valueWidth, maxLines: line.label == "Reason" || line.label == "Ledger" ? 3 : 2, ellipsis: glyphs.ellipsis))
        }
        let room = area.bottom - row - 3
        var dropped = false
        while shown.reduce(0, { $0 + $1.1.count }) + (dropped ? 1 : 0) > room, let lowest = shown.indices.min(by: { shown[$0].0.priority < shown[$1].0.priority }) {
            shown.remove(at: lowest)
            dropped = true
        }
        for (line, values) in shown {
            canvas.put(line.shownLabel(text), row: row, column: left, style: .dim)
            for value in values {
                canvas.put(value, row: row, column: valueColumn, style: line.label == "Reason" || line.label == "Ledger" ? .error : .bold)
                row += 1
            }
        }
        if dropped {
            canvas.put(context.truncate(text.text(.resultMore, glyphs.ellipsis), to: area.width - 4), row: row, column: left, style: .dim)
            row += 1
        }
        row = min(row + 1, area.bottom - 2)
        var x = left
        for (index, button) in buttons.enumerated() {
            let chosen = !keeping.isAsking && index == min(selected, buttons.count - 1)
            if chosen { canvas.put(glyphs.focusBar, row: row, column: x, style: .focus) }
            let start = x
            x += 2
            x += canvas.put("[ \(button.title(text)) ]", row: row, column: x, style: chosen ? .selection : .bold)
            canvas.addTarget(Rect(top: row, left: start, width: x - start, height: 1), button)
            x += 2
        }
        // The message row: the file name being typed, or how the last save or copy went.
        keeping.drawMessage(into: &canvas, row: row + 1, left: left, width: area.width - 4, maxRows: area.bottom - row - 1, context: context)
    }

    /// How the network was settled, in words.
    func choiceText(_ text: Localizer) -> String {
        switch choice {
        case .chosenByCardholder: text.text(.resultChosenByYou)
        case .preselected: text.text(.resultPreselected)
        case .noChoiceOffered: text.text(.resultNoChoice)
        case .automatic: text.text(.resultAutomatic)
        }
    }
}
