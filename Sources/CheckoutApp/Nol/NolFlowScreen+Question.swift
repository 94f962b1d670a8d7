import CheckoutCore
import CheckoutStore
import NolPay

/// The Nol Pay flows asked one step at a time (plain mode): the reader's cards and the linked cards
/// as numbered choices, the number and the code as lines, each answer handed to the flow's state
/// machine through the same keys as in the terminal.
extension NolFlowScreen {
    public func narration(context: ScreenContext) -> [Narration] {
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

    public func question(context: ScreenContext, asking part: String?) -> ScreenQuestion? {
        guard !busy else { return nil }
        let text = context.localizer
        switch stage {
        case .scan: return scanQuestion(context)
        case .phone:
            var question = textQuestion(.phone, step: "nol.phone", prompt: text.text(.nolAskPhone), help: [text.text(.nolHelpPhone)], text)
            question.lead = chosenCardLine(context).map { [text.text(.nolCardRead, $0)] } ?? []
            return question
        case .code:
            return codeQuestion(text)
        case .cardAndPhone:
            switch pick {
            case .phone:
                return textQuestion(.phone, step: "nol.cards.phone", prompt: text.text(flow == .cards ? .nolAskMobile : .nolAskMobileLinked),
                                    help: [text.text(.nolHelpPhone)], text)
            case let .list(cards, number):
                return flow == .cards ? myCardsQuestion(cards, number, context) : listQuestion(cards, number, typedBack: [], context)
            case let .typed(cards, number):
                // A typed card that was refused: the linked cards are offered again, as after any refusal.
                if fieldErrors[.card] != nil || currentCard.flatMap({ cardFailures[$0] }) != nil {
                    return listQuestion(cards, number, typedBack: [.key(.escape)], context)
                }
                var question = textQuestion(.card, step: "nol.card", prompt: text.text(.nolAskCard), help: [text.text(.nolHelpCard)], text)
                question.afterRefusal = [.key(.escape)]
                return question
            }
        case .cardActions:
            // My cards' actions are the terminal's; the conversation's My cards lists the cards only.
            return ScreenQuestion(step: "nol.actions", prompt: "", kind: .notice([.key(.escape)]))
        case .requested:
            return nil
        case .linked, .paid, .declined, .unlinked:
            return finishedQuestion(context)
        }
    }

    /// A line for one of the step's fields: pasted over what it holds, then Enter submits it.
    private func textQuestion(_ field: Field, step: String, prompt: String, help: [String], _ text: Localizer) -> ScreenQuestion {
        let value = values[field]?.text ?? ""
        let error = errorLines(text)
        return ScreenQuestion(
            step: step, prompt: prompt, help: help,
            kind: .text(.init(current: value.isEmpty || !error.isEmpty ? nil : value) { [value] answer in
                (answer == value ? [] : AnswerStep.replacing(with: answer)) + [.check, .goOn]
            }),
            error: error, refusal: refusal(field, text))
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

    private func codeQuestion(_ text: Localizer) -> ScreenQuestion {
        // The word that asks for a new code: the language's, and the English one everywhere.
        let resend = text.text(.nolResendWord)
        return ScreenQuestion(
            step: "nol.code", prompt: text.text(flow == .link ? .nolAskCodeLink : .nolAskCode, resend),
            help: [text.text(.nolHelpCode, resend)],
            kind: .text(.init(current: nil, echo: .secret) { answer in
                let word = answer.lowercased()
                return word == "resend" || word == resend.lowercased() ? [.key(.function(5))] : AnswerStep.replacing(with: answer) + [.check, .goOn]
            }),
            error: waitLine(text) + errorLines(text), refusal: refusal(.code, text))
    }

    /// "Wait 24 s for a new code.": what the code field says when a new code was asked for before
    /// the wait between codes is over (the countdown the footer shows), said before the code is asked again.
    private func waitLine(_ text: Localizer) -> [String] {
        guard let notice, notice.key == .nolWaitForCode else { return [] }
        return [notice.text(text) + "."]
    }

    private func scanQuestion(_ context: ScreenContext) -> ScreenQuestion {
        let text = context.localizer
        let cards = readerCards
        // A card that could not be read is not offered again by Enter.
        let current = min(selected, max(0, cards.count - 1))
        let refused = currentCard.flatMap { cardFailures[$0] } != nil
        let options = cards.enumerated().map { index, card in
            ScreenQuestion.Option(Self.line(card, context), steps: AnswerStep.moving(from: current, to: index) + [.key(.enter)])
        }
        return ScreenQuestion(
            step: "nol.scan", prompt: text.text(.nolAskTap),
            help: [text.text(.nolHelpTap)],
            kind: cards.isEmpty ? .notice([.key(.escape)]) : .choice(.init(heading: text.text(.nolTapHeading),
                                                                           options: options, defaultIndex: refused ? 0 : current)),
            error: cards.isEmpty ? [text.text(.nolReaderEmpty)] : errorLines(text))
    }

    /// The cards linked to the number, and typing one by hand; `typedBack` first goes back from a
    /// refused typed card to the list.
    private func listQuestion(_ cards: [NolPaymentCard], _ number: MobileNumber, typedBack: [AnswerStep], _ context: ScreenContext) -> ScreenQuestion {
        let text = context.localizer
        let current = min(selected, cards.count)
        let options = (cards.map { Self.line($0, context) } + [text.text(.nolTypeCardNumber)]).enumerated().map { index, label in
            ScreenQuestion.Option(label, steps: typedBack + AnswerStep.moving(from: current, to: index) + [.key(.enter)])
        }
        return ScreenQuestion(
            step: "nol.list", prompt: "",
            help: [text.text(.nolHelpList)],
            kind: .choice(.init(heading: text.text(flow == .pay ? .nolListPay : .nolListUnlink, number.grouped),
                                options: options, defaultIndex: min(current, cards.count - 1))),
            error: errorLines(text))
    }

    private func myCardsQuestion(_ cards: [NolPaymentCard], _ number: MobileNumber, _ context: ScreenContext) -> ScreenQuestion {
        let text = context.localizer
        return ScreenQuestion(
            step: "nol.mycards",
            lead: [text.counted(.nolCardsLinked, cards.count, number.grouped) + "\n" + cards.map { "  " + Self.line($0, context) }.joined(separator: "\n")],
            prompt: "", help: [],
            kind: .choice(.init(heading: text.text(.nolWhatNext),
                                options: [.init(text.text(.nolAnotherNumber), steps: [.key(.escape)]), .init(text.text(.routeHome), steps: [.home])],
                                defaultIndex: 1)))
    }

    /// "What next?" once the flow's work is done: the flow again (for another card, or the same
    /// number's cards, found again), or the home menu.
    private func finishedQuestion(_ context: ScreenContext) -> ScreenQuestion {
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
        return ScreenQuestion(
            step: "nol.done", lead: lead.isEmpty ? [] : [lead], prompt: "", help: [],
            kind: .choice(.init(heading: text.text(.nolWhatNext), options: [.init(again, steps: restart), .init(text.text(.routeHome), steps: [.home])],
                                defaultIndex: 1)),
            error: errorLines(text))
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
