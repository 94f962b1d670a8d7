import CheckoutCore
import CheckoutEngine

/// The card form as a value (``ScreenModel``): its fields by Primer's input element names
/// (`cardNumber`, `cardNetwork`, `expiryDate`, `cvv`, `cardholderName`), the co-badge chooser as
/// a choice, Pay, and the status line the terminal draws under them.
extension CardFormScreen {
    /// Primer's name of a field's input element; Pay is `pay`.
    static func elementId(_ field: Field) -> String {
        switch field {
        case .number: "cardNumber"
        case .network: "cardNetwork"
        case .expiry: "expiryDate"
        case .cvv: "cvv"
        case .name: "cardholderName"
        case .pay: "pay"
        }
    }

    public func model(context: ScreenContext) -> ScreenModel {
        let text = context.localizer
        let glyphs = context.glyphs
        var shown = ScreenModel(screen: "pay", title: title(context: context))
        let metadata = metadata(context: context)
        func error(_ field: Field) -> String? { visibleError(for: field)?.shownDescription(text) }
        func notice(_ field: Field) -> [String] { focus == field ? self.notice.map { [$0] } ?? [] : [] }

        // The number as it is shown outside its field (first six and last four), never whole: a
        // model goes to scripts and logs, not only to the field itself.
        let badges = (metadata?.detectedCardNetworks.items ?? []).filter { $0.network != .other }
            .map { $0.allowed ? $0.displayName : $0.displayName + " " + text.text(.cardNotAccepted) }
        shown.fields.append(.init(id: Self.elementId(.number), label: text.text(.cardNumberLabel), value: CardNumberMask.mask(digits),
                                  notes: badges + notice(.number), error: error(.number), focused: focus == .number, length: digits.count))
        let items = selectableNetworks(context: context)
        if let items {
            let preferred = metadata?.chooserNetworks?.preferred?.network
            let label = text.text(.cardPayWith).trimmingWhitespace()
            shown.fields.append(.init(id: Self.elementId(.network), label: label,
                                      value: choice.map { context.catalogue.info($0).displayName } ?? "", focused: focus == .network))
            shown.choices.append(.init(
                id: Self.elementId(.network), label: label,
                options: items.map { item in
                    let surcharge = sessionDue.flatMap { $0.network == item.network ? $0.surcharge : nil } ?? context.session.surcharge(for: item.network)
                    return .init(id: item.network.rawValue, label: item.displayName,
                                 surcharge: surcharge > 0 ? "+" + context.money(surcharge, currency: context.session.currency) : nil)
                },
                marked: items.firstIndex { $0.network == choice }, preferred: items.firstIndex { $0.network == preferred },
                focused: focus == .network))
        } else if let automatic = autoSelectedNetwork(context: context) {
            shown.fields[0].notes.append(text.text(.cardAutomatic, automatic.displayName, glyphs.separator))
        }
        shown.fields.append(.init(id: Self.elementId(.expiry), label: text.text(.cardExpiryLabel, text.format.expiryPlaceholder),
                                  value: expiryText, hint: text.format.expiryPlaceholder, notes: notice(.expiry), error: error(.expiry),
                                  focused: focus == .expiry))
        shown.fields.append(.secret(id: Self.elementId(.cvv), label: cvvLabel(context: context), text: cvv, glyphs: glyphs,
                                    hint: cvvPlaceholder(context: context), notes: notice(.cvv), error: error(.cvv), focused: focus == .cvv))
        if context.session.collectsCardholderName {
            shown.fields.append(.init(id: Self.elementId(.name), label: text.text(.cardNameLabel), value: cardholderName,
                                      hint: text.text(.cardNamePlaceholder), notes: notice(.name), error: error(.name), focused: focus == .name))
        }
        let due = amountDue(context: context)
        let amount = context.money(due.total, currency: due.currency)
        let button = paying || hold != nil ? text.text(.cardPayingButton, amount, "")
            : changedTotal != nil ? text.text(.cardConfirmButton, amount) : text.text(.cardPayButton, amount)
        shown.choices.append(.init(id: Self.elementId(.pay), label: "", options: [.init(id: "pay", label: button.trimmingWhitespace())],
                                   marked: 0, focused: focus == .pay))
        let status = statusLine(metadata: metadata, spinner: "", context: context).0.trimmingWhitespace()
        shown.status = [banner, status].compactMap { $0 }.joined(separator: glyphs.separator)
        shown.narration = narration(context: context)
        return shown
    }
}
