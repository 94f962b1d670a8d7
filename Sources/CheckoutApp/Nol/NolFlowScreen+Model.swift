import CheckoutCore
import CheckoutStore
import NolPay

/// A Nol flow as a value (``ScreenModel``), under the flow's id (`nol.link`, `nol.cards`,
/// `nol.pay`, `nol.unlink`): its step as one focused field or choice (the reader's cards and the
/// linked cards as choices, the number and the code as fields), with the words a conversation asks
/// it with; each answer goes to the flow's state machine through the same keys as in the terminal.
extension NolFlowScreen {
    public func model(context: ScreenContext) -> ScreenModel {
        let text = context.localizer
        var shown = ScreenModel(screen: "nol.\(flow)", title: title(context: context))
        shown.narration = narration(context: context)
        shown.waiting = busy
        shown.stepBack = stepBackLabel(context: context)
        shown.discard = discardQuestion(context: context)
        switch stage {
        case .scan:
            let cards = readerCards
            if cards.isEmpty {
                shown.status = text.text(.nolReaderEmpty)
                shown.notice = .init(errors: [text.text(.nolReaderEmpty)])
            } else {
                // A card that could not be read is not offered again by Enter.
                let current = min(selected, max(0, cards.count - 1))
                let refused = currentCard.flatMap { cardFailures[$0] } != nil
                var choice = ScreenModel.Choice(id: "nol.scan", label: text.text(.nolTapHeading),
                                                options: cards.enumerated().map { .init(id: String($0.offset + 1), label: Self.line($0.element, context)) },
                                                marked: current, focused: true)
                choice.asked = refused ? 0 : current
                choice.spoken = .init(prompt: text.text(.nolAskTap), help: [text.text(.nolHelpTap)], errors: errorLines(text))
                shown.choices = [choice]
            }
        case .phone:
            var field = textField(.phone, id: "nol.phone", prompt: text.text(.nolAskPhone), help: [text.text(.nolHelpPhone)], text)
            field.spoken.lead = chosenCardLine(context).map { [text.text(.nolCardRead, $0)] } ?? []
            shown.fields = [field]
        case .code:
            shown.fields = [codeField(context)]
        case .cardAndPhone:
            switch pick {
            case .phone:
                shown.fields = [textField(.phone, id: "nol.cards.phone", prompt: text.text(flow == .cards ? .nolAskMobile : .nolAskMobileLinked),
                                          help: [text.text(.nolHelpPhone)], text)]
            case let .list(cards, number):
                shown.choices = [flow == .cards ? myCards(cards, number, context) : list(cards, number, typedBack: [], context)]
            case let .typed(cards, number):
                // A typed card that was refused: the linked cards are offered again, as after any refusal.
                if fieldErrors[.card] != nil || currentCard.flatMap({ cardFailures[$0] }) != nil {
                    shown.choices = [list(cards, number, typedBack: [.key(.escape)], context)]
                } else {
                    var field = textField(.card, id: "nol.card", prompt: text.text(.nolAskCard), help: [text.text(.nolHelpCard)], text)
                    field.spoken.afterRefusal = [.key(.escape)]
                    shown.fields = [field]
                }
            }
        case .cardActions:
            // My cards' actions are the terminal's; a conversation's My cards lists the cards only.
            shown.notice = .init()
        case .requested:
            shown.waiting = true
        case .linked, .paid, .declined, .unlinked:
            shown.choices = [finished(context)]
        }
        return shown
    }

    func narration(context: ScreenContext) -> [Narration] {
        let text = context.localizer
        var said = [Narration(introduction(context), once: "nol.\(flow)")]
        if let sms, flow == .link || flow == .unlink {
            said.append(Narration(text.text(.nolSaidSMS, Self.grouped(sms.mobileNumber), sms.code), once: "sms.\(sms.id)"))
        }
        return said + self.said.map { Narration(text.text($0)) }
    }

    private func introduction(_ context: ScreenContext) -> String {
        let text = context.localizer
        return switch flow {
        case .link: text.text(.nolIntroLink)
        case .cards: text.text(.nolIntroCards)
        case .pay: text.text(.nolIntroPay, context.money(nol.fare, currency: nol.currency))
        case .unlink: text.text(.nolIntroUnlink)
        }
    }

    /// A line for one of the step's fields: pasted over what it holds, then Enter submits it.
    private func textField(_ field: Field, id: String, prompt: String, help: [String], _ text: Localizer) -> ScreenModel.Field {
        let errors = errorLines(text)
        var shown = ScreenModel.Field(id: id, label: prompt, value: values[field]?.text ?? "", error: errors.first, focused: true)
        shown.spoken = .init(help: help, errors: errors, refusal: refusal(field, text))
        return shown
    }

    /// An answer with characters the field does not take is not what the field asks for: the
    /// field's validation error says so, as it would for the whole text.
    private func refusal(_ field: Field, _ text: Localizer) -> [String] {
        guard notice != nil else { return [] }
        let error = switch field {
        case .card: NolPayValidator.invalidCardNumber
        case .phone: NolPayValidator.invalidPhone
        case .code: NolPayValidator.invalidOtp
        }
        return [error.shownDescription(text) + "\n" + error.shownAdvice(text)]
    }

    /// The code: typed as it is (a conversation echoes it as bullets), never kept by an empty
    /// answer; the word that asks for a new code (the language's, and the English one everywhere) is F5.
    private func codeField(_ context: ScreenContext) -> ScreenModel.Field {
        let text = context.localizer
        let resend = text.text(.nolResendWord)
        var field = ScreenModel.Field.secret(id: "nol.code", label: text.text(flow == .link ? .nolAskCodeLink : .nolAskCode, resend),
                                             text: values[.code]?.text ?? "", glyphs: context.glyphs, error: errorLines(text).first, focused: true)
        field.hidesTyping = false
        field.spoken = .init(help: [text.text(.nolHelpCode, resend)], errors: waitLine(text) + errorLines(text), refusal: refusal(.code, text))
        field.entry = .init(keeps: false, words: Dictionary(["resend", resend.lowercased()].map { ($0, [AnswerStep.key(.function(5))]) }) { first, _ in first })
        return field
    }

    /// "Wait 24 s for a new code.": what the code field says when a new code was asked for before
    /// the wait between codes is over (the countdown the footer shows), said before the code is asked again.
    private func waitLine(_ text: Localizer) -> [String] {
        guard let notice, notice.key == .nolWaitForCode else { return [] }
        return [notice.text(text) + "."]
    }

    /// The cards linked to the number, and typing one by hand; `typedBack` first goes back from a
    /// refused typed card to the list.
    private func list(_ cards: [NolPaymentCard], _ number: MobileNumber, typedBack: [AnswerStep], _ context: ScreenContext) -> ScreenModel.Choice {
        let text = context.localizer
        let current = min(selected, cards.count)
        let labels = cards.map { Self.line($0, context) } + [text.text(.nolTypeCardNumber)]
        var choice = ScreenModel.Choice(id: "nol.list", label: text.text(flow == .pay ? .nolListPay : .nolListUnlink, number.grouped),
                                        options: labels.enumerated().map { .init(id: String($0.offset + 1), label: $0.element) },
                                        marked: current, focused: true)
        choice.asked = min(current, cards.count - 1)
        choice.moves.before = typedBack
        choice.spoken = .init(help: [text.text(.nolHelpList)], errors: errorLines(text))
        return choice
    }

    private func myCards(_ cards: [NolPaymentCard], _ number: MobileNumber, _ context: ScreenContext) -> ScreenModel.Choice {
        let text = context.localizer
        var choice = ScreenModel.Choice(id: "nol.mycards", label: text.text(.nolWhatNext),
                                        options: [.init(id: "another", label: text.text(.nolAnotherNumber), steps: [.key(.escape)]),
                                                  .init(id: "home", label: text.text(.routeHome), steps: [.home])],
                                        marked: 1, focused: true)
        choice.spoken.lead = [text.counted(.nolCardsLinked, cards.count, number.grouped) + "\n"
            + cards.map { "  " + Self.line($0, context) }.joined(with: "\n")]
        return choice
    }

    /// "What next?" once the flow's work is done: the flow again (for another card, or the same
    /// number's cards, found again), or the home menu.
    private func finished(_ context: ScreenContext) -> ScreenModel.Choice {
        let text = context.localizer
        let again: String, lead: String
        var restart: [AnswerStep] = [.key(.enter)]
        let phone = values[.phone]?.text ?? linkedCards?.number.e164 ?? ""
        switch stage {
        case let .linked(card):
            (again, lead) = (text.text(.nolLinkAnother), text.text(.nolLeadLinked, Self.line(card, context)))
        case let .paid(payment):
            (again, lead) = (text.text(.nolPayAgain), text.text(.nolLeadPaid, Self.sentence(payment, context)))
            restart += [.paste(phone), .key(.enter)]
        case let .declined(payment):
            (again, lead) = (text.text(.nolPayAgain), text.text(.nolLeadDeclined, Self.sentence(payment, context)))
            restart += [.paste(phone), .key(.enter)]
        case let .unlinked(card):
            (again, lead) = (text.text(.nolUnlinkAnother), text.text(.nolLeadUnlinked, CardNumberMask.lastFour(String(card.suffix(4)))))
            // The number's cards are found again when one is left; otherwise the number is asked again.
            let left = linkedCards?.cards.filter { $0.cardNumber != card } ?? []
            restart += [.paste(phone)] + (left.isEmpty ? [] : [.key(.enter)])
        default:
            (again, lead) = (text.text(.nolStartAgain), "")
        }
        var choice = ScreenModel.Choice(id: "nol.done", label: text.text(.nolWhatNext),
                                        options: [.init(id: "again", label: again, steps: restart), .init(id: "home", label: text.text(.routeHome), steps: [.home])],
                                        marked: 1, focused: true)
        choice.spoken = .init(lead: lead.isEmpty ? [] : [lead], errors: errorLines(text))
        return choice
    }

    /// The errors on show, each with what to do about it: the fields', the chosen card's, the step's.
    private func errorLines(_ text: Localizer) -> [String] {
        var lines: [String] = []
        for field in fields {
            if let error = fieldErrors[field] { lines.append(error.shownDescription(text) + "\n" + error.shownAdvice(text)) }
        }
        if let card = currentCard, let error = cardFailures[card] { lines.append(Self.sentence(error, text)) }
        if let failure { lines.append(Self.sentence(failure, text)) }
        return lines
    }

    /// A failure and what to do next, as two lines; a number without cards says where to link one
    /// in the same sentence, naming the menu entry.
    static func sentence(_ error: NolPayError, _ text: Localizer) -> String {
        if error.errorId == "no-linked-card" { return text.text(.nolSentenceNoLinked, error.shownMessage(text)) }
        let advice = error.shownAdvice(text)
        return error.shownMessage(text) + (advice.isEmpty ? "" : "\n" + advice)
    }

    /// The card tapped last, as the reader lists it.
    private func chosenCardLine(_ context: ScreenContext) -> String? {
        readerCards.first { $0.cardNumber == chosenCard }.map { Self.line($0, context) }
    }

    /// A card as the reader lists it: label, last four digits, balance or why it cannot be used.
    static func line(_ card: NolCardRecord, _ context: ScreenContext) -> String {
        let state = card.status == "active" ? context.money(card.balance, currency: NolFare.currency) : status(card.status, context.localizer)
        return "\(card.label), \(CardNumberMask.lastFour(String(card.cardNumber.suffix(4)))), \(state)"
    }

    /// A linked card: label, last four digits, balance.
    static func line(_ card: NolPaymentCard, _ context: ScreenContext) -> String {
        "\(card.label), \(CardNumberMask.lastFour(card.last4)), \(context.money(card.balance, currency: NolFare.currency))"
    }

    static func sentence(_ payment: NolPayment, _ context: ScreenContext) -> String {
        context.localizer.text(.nolPaymentSentence, context.money(payment.amount, currency: payment.currency),
                               CardNumberMask.lastFour(payment.last4), context.money(payment.balance, currency: payment.currency), payment.id)
    }
}

extension NolFlowScreen {
    public var frame: ScreenFrame {
        ScreenFrame(title: title, isAnimating: isAnimating, isBusy: isBusy, focusedText: focusedText, wantsEventPanel: wantsEventPanel)
    }

    public mutating func respond(to event: ScreenEvent, context: ScreenContext) -> [ScreenEffect] {
        switch event {
        case .appear: appear(context: context)
        case .stepBack: stepBack(context: context)
        case .answer: []
        }
    }
}
