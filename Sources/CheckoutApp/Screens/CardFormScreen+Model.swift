import CheckoutCore
import CheckoutEngine

/// The card form as a value (``ScreenModel``): its fields by Primer's input element names
/// (`cardNumber`, `cardNetwork`, `expiryDate`, `cvv`, `cardholderName`), the co-badge chooser as
/// a choice, Pay, and the status line the terminal draws under them; with the words a conversation
/// asks each with (plain mode): its prompt, help, what refuses an answer, and how an answer goes in.
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
        shown.stepBack = stepBackLabel(context: context)
        shown.discard = discardQuestion(context: context)
        shown.yesNo = yesNoQuestion(context: context)
        // The terminal draws the form itself (``render(into:area:context:)``): its frame reads no more.
        guard context.modelDetail == .whole else { return shown }
        let metadata = metadata(context: context)
        func error(_ field: Field) -> String? { visibleError(for: field)?.shownDescription(text) }
        func notice(_ field: Field) -> [String] { focus == field ? self.notice.map { [$0] } ?? [] : [] }

        // The number as it is shown outside its field (first six and last four), never whole: a
        // model goes to scripts and logs, not only to the field itself.
        let badges = (metadata?.detectedCardNetworks.items ?? []).filter { $0.network != .other }
            .map { $0.allowed ? $0.displayName : $0.displayName + " " + text.text(.cardNotAccepted) }
        // Refused answers: the engine's errors for the field, whether shown yet or not.
        func refusal(_ field: Field) -> [String] {
            errors.filter { Self.field(of: $0.inputElementType) == field }.map { $0.shownDescription(text) }
        }
        // Back from the number leaves; from any other field it goes to the one before, as Shift-Tab.
        func spoken(_ field: Field, _ prompt: String, _ help: [String]) -> ScreenModel.Spoken {
            .init(prompt: prompt, help: help, refusal: field == .network || field == .pay ? [] : refusal(field),
                  back: field == .number ? [.key(.escape)] : [.key(.backTab)])
        }
        var number = ScreenModel.Field(id: Self.elementId(.number), label: text.text(.cardNumberLabel), value: CardNumberMask.mask(digits),
                                       notes: badges + notice(.number), error: error(.number), focused: focus == .number, length: digits.count)
        let accepted = (context.session.orderedAllowedCardNetworks ?? CardNetwork.allCases.filter { $0 != .other })
            .map { context.catalogue.info($0).displayName }
        number.spoken = spoken(.number, text.text(.plainNumberPrompt),
                               [text.text(.plainNumberHelp1), text.text(.plainNumberHelp2), text.text(.plainNumberHelp3, accepted.joined(with: ", "))])
        number.echo = .cardNumber
        number.keptAs = CardNumberMask.echo(digits: digits)
        shown.fields.append(number)
        let items = selectableNetworks(context: context)
        if let items {
            let preferred = metadata?.chooserNetworks?.preferred?.network
            let label = text.text(.cardPayWith).trimmingWhitespace()
            shown.fields.append(.init(id: Self.elementId(.network), label: label,
                                      value: choice.map { context.catalogue.info($0).displayName } ?? "", focused: focus == .network))
            var chooser = ScreenModel.Choice(
                id: Self.elementId(.network), label: label,
                options: items.map { item in
                    let surcharge = sessionDue.flatMap { $0.network == item.network ? $0.surcharge : nil } ?? context.session.surcharge(for: item.network)
                    var option = ScreenModel.Choice.Option(id: item.network.rawValue, label: item.displayName,
                                                           surcharge: surcharge > 0 ? "+" + context.money(surcharge, currency: context.session.currency) : nil)
                    option.spoken = (item.network == preferred ? text.text(.plainPreferred, item.displayName) : item.displayName)
                        + (item.surcharge > 0 ? " " + context.surcharge(item.surcharge, currency: context.settings.currency) : "")
                    return option
                },
                marked: items.firstIndex { $0.network == choice }, preferred: items.firstIndex { $0.network == preferred },
                focused: focus == .network)
            chooser.spoken = spoken(.network, "", [text.text(.plainChooseHelp1), text.text(.plainChooseHelp2)])
            chooser.spoken.errors = error(.network).map { [$0] } ?? []
            chooser.heading = text.text(.plainChooseHeading)
            chooser.moves = .across
            chooser.asked = chooser.marked ?? 0
            shown.choices.append(chooser)
        } else if let automatic = autoSelectedNetwork(context: context) {
            shown.fields[0].notes.append(text.text(.cardAutomatic, automatic.displayName, glyphs.separator))
        }
        var expiry = ScreenModel.Field(id: Self.elementId(.expiry), label: text.text(.cardExpiryLabel, text.format.expiryPlaceholder),
                                       value: expiryText, hint: text.format.expiryPlaceholder, notes: notice(.expiry), error: error(.expiry),
                                       focused: focus == .expiry)
        expiry.spoken = spoken(.expiry, text.text(.plainExpiryPrompt, text.format.expiryPlaceholder), [text.text(.plainExpiryHelp)])
        shown.fields.append(expiry)
        var code = ScreenModel.Field.secret(id: Self.elementId(.cvv), label: cvvLabel(context: context), text: cvv, glyphs: glyphs,
                                            hint: cvvPlaceholder(context: context), notes: notice(.cvv), error: error(.cvv), focused: focus == .cvv)
        let codeLabel = cvvLabel(context: context)
        let length = network(context: context).flatMap { context.catalogue.info($0).cvvLength }.map { text.text(.plainCvvDigits, text.format.number($0)) }
            ?? text.text(.plainCvvAnyDigits)
        code.spoken = spoken(.cvv, text.text(.plainCvvPrompt, codeLabel, length), [text.text(.plainCvvHelp, length, codeLabel), text.text(.plainCvvNeverStored)])
        code.unseen = .init(prompt: text.text(.plainCvvPromptHidden, codeLabel, length),
                            help: [text.text(.plainCvvHelp, length, codeLabel), text.text(.plainCvvNeverStoredHidden)])
        shown.fields.append(code)
        if context.session.collectsCardholderName {
            var name = ScreenModel.Field(id: Self.elementId(.name), label: text.text(.cardNameLabel), value: cardholderName,
                                         hint: text.text(.cardNamePlaceholder), notes: notice(.name), error: error(.name), focused: focus == .name)
            name.spoken = spoken(.name, text.text(.plainNamePrompt), [text.text(.plainNameHelp)])
            shown.fields.append(name)
        }
        let due = amountDue(context: context)
        let amount = context.money(due.total, currency: due.currency)
        let button = paying || hold != nil ? text.text(.cardPayingButton, amount, "")
            : changedTotal != nil ? text.text(.cardConfirmButton, amount) : text.text(.cardPayButton, amount)
        var pay = ScreenModel.Choice(id: Self.elementId(.pay), label: "", options: [.init(id: "pay", label: button.trimmingWhitespace())],
                                     marked: 0, focused: focus == .pay)
        let included = due.surcharge > 0 ? text.text(.plainPaySurcharge, context.money(due.surcharge, currency: due.currency)) : ""
        let with = network(context: context).map { text.text(.plainPayWith, context.catalogue.info($0).displayName) } ?? ""
        pay.spoken = spoken(.pay, text.text(.plainPayPrompt, amount, included, with, CardNumberMask.lastFour(String(digits.suffix(4)))),
                            [text.text(.plainPayHelp)])
        pay.spoken.errors = error(.pay).map { [$0] } ?? []
        // No leaves the form, as Esc and y do: nothing was paid.
        pay.confirm = .init(defaultYes: true, yes: [.key(.enter)], no: [.key(.escape), .key(.character("y"))], noSaid: text.text(.plainNothingPaid))
        shown.choices.append(pay)
        let status = statusLine(metadata: metadata, spinner: "", context: context).0.trimmingWhitespace()
        shown.status = [banner, status].compactMap { $0 }.joined(with: glyphs.separator)
        shown.narration = narration(context: context)
        // While a BIN lookup or a payment is under way the form waits: the answer decides what it
        // asks next (the chooser appears, or the result).
        shown.waiting = paying || lookupInFlight || awaitsBinAnswer || hold != nil
        // "Leave this payment?" rather than the terminal's "Discard this card?": a conversation says
        // what leaving means.
        shown.leaving = discardQuestion(context: context).map { _ in text.text(.plainLeavePayment) }
        // What happened, honestly: after a payment that went through, leaving this form pays
        // nothing more, and the payment made stands.
        shown.atEnd = text.text(context.eventLog.authorizedPayments > 0 ? .plainNothingMorePaid : .plainNothingPaid)
        shown.keyHelp = helpLines(context: context)
        shown.helpAbout = helpAbout(context: context)
        return shown
    }

    /// True while the number has a BIN the engine has not answered for yet: its answer comes (a
    /// BIN answer, or local rules once the service fails), and may bring the chooser.
    var awaitsBinAnswer: Bool { digits.utf8.count >= CardNetworkResolver.binLength && !engineAnswersDigits }
}

extension CardFormScreen {
    public var frame: ScreenFrame {
        ScreenFrame(title: title, isAnimating: isAnimating, isBusy: isBusy, focusedText: focusedText, editsText: editsText,
                    wantsEventPanel: wantsEventPanel, bodyWidthBesidePanel: bodyWidthBesidePanel)
    }

    public mutating func respond(to event: ScreenEvent, context: ScreenContext) -> [ScreenEffect] {
        switch event {
        case .appear: appear(context: context)
        case .stepBack: stepBack(context: context)
        case .answer(let yes): answer(yes, context: context)
        }
    }
}
