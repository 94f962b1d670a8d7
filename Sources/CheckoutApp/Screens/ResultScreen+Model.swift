import CheckoutCore
import CheckoutEngine

/// The result as a value (``ScreenModel``): the outcome a script checks (``ScreenModel/PaymentResult``),
/// the receipt's lines as a table, the buttons as a choice, and the file name while one is asked for.
extension ResultScreen {
    public func model(context: ScreenContext) -> ScreenModel {
        let text = context.localizer
        var shown = ScreenModel(screen: "result", title: title(context: context))
        switch outcome {
        case .completed(let payment):
            shown.result = .init(status: payment.status.rawValue, network: payment.network.rawValue, chosenBy: payment.networkChosenBy?.rawValue,
                                 last4: payment.last4Digits, amount: payment.amount, surcharge: payment.surcharge, total: payment.total,
                                 currency: payment.currency, paymentId: payment.id, reason: payment.declineReason)
        case .failed(let error):
            let due = form?.amountDue(context: context)
            // The ledger's status for a payment asked and never answered: UNKNOWN, never FAILED.
            shown.result = .init(status: error.isOutcomeUnknown ? "UNKNOWN" : error.errorId == "payment-failed" ? "FAILED" : "REFUSED",
                                 network: form?.knownNetwork(context: context)?.rawValue,
                                 last4: form.flatMap { $0.digits.count >= 4 ? String($0.digits.suffix(4)) : nil },
                                 amount: due?.amount, surcharge: due?.surcharge, total: due?.total, currency: due?.currency,
                                 paymentId: error.payment?.id, reason: error.shownDescription(text))
        }
        shown.tables = [.init(id: "receipt", columns: ["", ""], rows: lines(context: context).map { [$0.shownLabel(text), $0.value] })]
        let current = min(selected, buttons.count - 1)
        shown.choices = [spokenButtons(.init(id: "buttons", label: "", options: buttons.map { .init(id: "\($0)", label: title(of: $0, text)) },
                                             marked: current, focused: !keeping.isAsking), context: context)]
        if let field = keeping.field(context: context) { shown.fields = [field] }
        shown.status = context.exportNote?.text
        shown.narration = narration(context: context)
        shown.discard = discardQuestion(context: context)
        addKeeping(to: &shown, context: context)
        return shown
    }
}

extension ReceiptKeeping {
    /// The file name being typed, as a field of the screen's model, while one is asked for.
    func field(context: ScreenContext) -> ScreenModel.Field? {
        fileName.map {
            var field = ScreenModel.Field(id: "receiptFile", label: context.localizer.text(.receiptSaveTo), value: $0.text, focused: true)
            // How the last save went ("a file is there already") is said before the name is asked again.
            field.spoken.errors = context.exportNote.map { [$0.text] } ?? []
            return field
        }
    }
}
