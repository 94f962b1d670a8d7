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

    /// How the network the payment used was settled (the receipt says it).
    public typealias NetworkChoice = Receipt.NetworkChoice

    /// The buttons under the result.
    public enum Button: Sendable, Equatable {
        case newPayment, tryAgain, anotherCard

        var title: String { title(Bundled.english) }

        /// The button's words; after an unknown outcome "Try again" says that paying again may charge twice.
        func title(_ text: Localizer, outcomeUnknown: Bool = false) -> String {
            switch self {
            case .newPayment: text.text(.resultNewPayment)
            case .tryAgain: text.text(outcomeUnknown ? .resultTryAgainUnknown : .resultTryAgain)
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

    /// True when the processor was asked and its answer never came (the ledger's `UNKNOWN`): the
    /// card may have been charged, so the screen says "outcome unknown", never "failed".
    public var isOutcomeUnknown: Bool {
        if case .failed(let error) = outcome { return error.isOutcomeUnknown }
        return false
    }

    /// The words of a button on this result.
    func title(of button: Button, _ text: Localizer) -> String { button.title(text, outcomeUnknown: isOutcomeUnknown) }

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
        return Receipt(payment: payment, session: session ?? context.session, choice: choice, time: time)
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
        bindings.append(KeyBinding([.enter], "enter", title(of: current, text).lowercased(), .activate, rank: .focused,
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

    /// While a file name is typed, keys and pastes edit it.
    public mutating func receive(_ input: ScreenInput, context: ScreenContext) -> [ScreenEffect] {
        _ = keeping.receive(input)
        return []
    }

    /// A click on a button presses it.
    public mutating func click(_ button: Button, column: Int, context: ScreenContext) -> [ScreenEffect] {
        guard !keeping.isAsking, let index = buttons.firstIndex(of: button) else { return [] }
        selected = index
        return perform(.activate, context: context)
    }

    /// The lines the screen shows under its headline: the receipt's, or for a payment refused
    /// before it reached the processor why, and the card and amount it was for.
    func lines(context: ScreenContext) -> [Receipt.Line] {
        if let receipt = receipt(context: context) { return receipt.lines(context: context) }
        guard case .failed(let error) = outcome else { return [] }
        var lines = [Receipt.Line(.resultReason, error.shownDescription(context.localizer), priority: 9),
                     Receipt.Line(.resultErrorId, error.errorId, priority: 5)]
        // Primer created the payment before it failed: its id is what support looks up.
        if let payment = error.payment { lines.insert(Receipt.Line(.resultPaymentId, payment.id, priority: 9), at: 0) }
        if let form {
            let due = form.amountDue(context: context)
            lines.append(Receipt.Line(.resultAmount, context.money(due.total, currency: due.currency), priority: 7))
            if let network = form.knownNetwork(context: context) {
                lines.append(Receipt.Line(.resultNetwork, context.catalogue.info(network).displayName + context.glyphs.separator + choice.text(context.localizer),
                                          priority: 7))
            }
            if form.digits.count >= 4 {
                lines.append(Receipt.Line(.resultCard, CardNumberMask.lastFour(String(form.digits.suffix(4)), ascii: context.glyphs.isASCII), priority: 7))
            }
        }
        return lines
    }

    public func render(into canvas: inout Canvas, area: Rect, context: ScreenContext) {
        let glyphs = context.glyphs
        let text = context.localizer
        let left = area.left + 2
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
        case .failed(let error) where error.isOutcomeUnknown:
            // Asked and never answered: not a failure, the card may have been charged.
            (headline, style) = (text.text(.resultUnknown, glyphs.noteMark), .error)
        case .failed(let error):
            let failed = error.errorId == "payment-failed"
            (headline, style) = (text.text(failed ? .resultFailed : .resultRefused, glyphs.failure), .error)
        }
        // On two rows when the screen is too narrow for it (an unknown outcome's is long).
        for line in Canvas.wrap(glyphs.text(headline), width: area.width - 4, maxLines: 2, ellipsis: glyphs.ellipsis) {
            canvas.put(line, row: row, column: left, style: style)
            row += 1
        }
        row += 1
        // The buttons side by side, or one a row when they do not fit (a long "Try again" after an
        // unknown outcome on a narrow screen).
        let labels = buttons.map { "[ \(title(of: $0, text)) ]" }
        let buttonRows = labels.reduce(0) { $0 + 4 + DisplayWidth.of($1) } <= area.width - 2 ? 1 : labels.count
        // Above the buttons and the message row; the least needed go first: all of them are in the receipt.
        row = Receipt.draw(lines(context: context), top: row, left: left, width: area.width - 4, bottom: area.bottom - 2 - buttonRows,
                           into: &canvas, context: context)
        row = min(row + 1, area.bottom - 1 - buttonRows)
        var x = left
        for (index, button) in buttons.enumerated() {
            if buttonRows > 1, index > 0 { (row, x) = (row + 1, left) }
            let chosen = !keeping.isAsking && index == min(selected, buttons.count - 1)
            if chosen { canvas.put(glyphs.focusBar, row: row, column: x, style: .focus) }
            let start = x
            x += 2
            x += canvas.put(labels[index], row: row, column: x, style: chosen ? .selection : .bold)
            canvas.addTarget(Rect(top: row, left: start, width: x - start, height: 1), button)
            x += 2
        }
        // The message row: the file name being typed, or how the last save or copy went.
        keeping.drawMessage(into: &canvas, row: row + 1, left: left, width: area.width - 4, maxRows: area.bottom - row - 1, context: context)
    }

}
