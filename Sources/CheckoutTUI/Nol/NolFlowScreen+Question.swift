import CheckoutCore
import CheckoutStore
import NolPay

/// The Nol Pay flows asked one step at a time (plain mode): the reader's cards and the linked cards
/// as numbered choices, the number and the code as lines, each answer handed to the flow's state
/// machine through the same keys as in the terminal.
extension NolFlowScreen {
    public func narration(context: ScreenContext) -> [Narration] {
        var said = [Narration(introduction, once: "nol.\(flow)")]
        if let sms, flow == .link || flow == .unlink {
            said.append(Narration("SMS to \(Self.grouped(sms.mobileNumber)): your code is \(sms.code)", once: "sms.\(sms.id)"))
        }
        return said + self.said.map { Narration($0) }
    }

    private var introduction: String {
        switch flow {
        case .link: "Nol Pay: link a card to a mobile number in 3 steps:\ntap the card, give the number, type the code sent by SMS."
        case .cards: "Nol Pay: my cards. See the Nol cards linked to a mobile number."
        case .pay: "Nol Pay: pay \(NolAmount.format(worker.amount, currency: "AED")) with a Nol card linked to your mobile number."
        case .unlink: "Nol Pay: unlink a card: choose it, then type the code sent by SMS."
        }
    }

    public func question(context: ScreenContext, asking part: String?) -> ScreenQuestion? {
        guard !busy else { return nil }
        switch stage {
        case .scan: return scanQuestion
        case .phone:
            var question = textQuestion(.phone, step: "nol.phone", prompt: "Step 2 of 3: mobile number that receives the code", help: Self.phoneHelp)
            question.lead = chosenCardLine.map { ["Card read: \($0)."] } ?? []
            return question
        case .code:
            return codeQuestion
        case .cardAndPhone:
            switch pick {
            case .phone:
                return textQuestion(.phone, step: "nol.cards.phone", prompt: flow == .cards ? "Mobile number" : "Mobile number the card is linked to",
                                    help: Self.phoneHelp)
            case let .list(cards, number):
                return flow == .cards ? myCardsQuestion(cards, number) : listQuestion(cards, number, typedBack: [])
            case let .typed(cards, number):
                // A typed card that was refused: the linked cards are offered again, as after any refusal.
                if fieldErrors[.card] != nil || currentCard.flatMap({ cardFailures[$0] }) != nil {
                    return listQuestion(cards, number, typedBack: [.key(.escape)])
                }
                var question = textQuestion(.card, step: "nol.card", prompt: "Nol card number (printed on the back of the card)",
                                            help: ["The digits printed on the back of the Nol card."])
                question.afterRefusal = [.key(.escape)]
                return question
            }
        case .cardActions:
            // My cards' actions are the terminal's; the conversation's My cards lists the cards only.
            return ScreenQuestion(step: "nol.actions", prompt: "", kind: .notice([.key(.escape)]))
        case .requested:
            return nil
        case .linked, .paid, .declined, .unlinked:
            return finishedQuestion
        }
    }

    static let phoneHelp = ["The mobile number the code goes to: a UAE mobile such as 050 123 4567, or an international number starting with +."]

    /// A line for one of the step's fields: pasted over what it holds, then Enter submits it.
    private func textQuestion(_ field: Field, step: String, prompt: String, help: [String]) -> ScreenQuestion {
        let value = values[field]?.text ?? ""
        let error = errorLines
        return ScreenQuestion(
            step: step, prompt: prompt, help: help,
            kind: .text(.init(current: value.isEmpty || !error.isEmpty ? nil : value) { [value] answer in
                (answer == value ? [] : AnswerStep.replacing(with: answer)) + [.check, .goOn]
            }),
            error: error, refusal: refusal(field))
    }

    /// An answer with characters the field does not take is not what the field asks for: the
    /// field's validation error says so, as it would for the whole text.
    private func refusal(_ field: Field) -> [String] {
        guard notice != nil else { return [] }
        let error = switch field {
        case .card: NolPayValidator.invalidCardNumber
        case .phone: NolPayValidator.invalidPhone
        case .code: NolPayValidator.invalidOtp
        }
        return [error.description + "\n" + error.recoverySuggestion]
    }

    private var codeQuestion: ScreenQuestion {
        ScreenQuestion(
            step: "nol.code", prompt: flow == .link ? "Step 3 of 3: the 6-digit code from the SMS (or resend)" : "The 6-digit code from the SMS (or resend)",
            help: ["The code in the SMS line above. Type resend for a new code (after 30 seconds)."],
            kind: .text(.init(current: nil, echo: .secret) { answer in
                answer.lowercased() == "resend" ? [.key(.function(5))] : AnswerStep.replacing(with: answer) + [.check, .goOn]
            }),
            error: errorLines, refusal: refusal(.code))
    }

    private var scanQuestion: ScreenQuestion {
        let cards = readerCards
        // A card that could not be read is not offered again by Enter.
        let current = min(selected, max(0, cards.count - 1))
        let refused = currentCard.flatMap { cardFailures[$0] } != nil
        let options = cards.enumerated().map { index, card in
            ScreenQuestion.Option(Self.line(card), steps: AnswerStep.moving(from: current, to: index) + [.key(.enter)])
        }
        return ScreenQuestion(
            step: "nol.scan", prompt: "Tap which card?",
            help: ["The simulated NFC reader lists the demo Nol cards; choosing one taps it on the reader."],
            kind: cards.isEmpty ? .notice([.key(.escape)]) : .choice(.init(heading: "Step 1 of 3: hold a Nol card to the reader. The reader sees:",
                                                                           options: options, defaultIndex: refused ? 0 : current)),
            error: cards.isEmpty ? ["The reader sees no Nol card."] : errorLines)
    }

    /// The cards linked to the number, and typing one by hand; `typedBack` first goes back from a
    /// refused typed card to the list.
    private func listQuestion(_ cards: [NolPaymentCard], _ number: MobileNumber, typedBack: [AnswerStep]) -> ScreenQuestion {
        let current = min(selected, cards.count)
        let options = (cards.map(Self.line) + ["Type a card number"]).enumerated().map { index, label in
            ScreenQuestion.Option(label, steps: typedBack + AnswerStep.moving(from: current, to: index) + [.key(.enter)])
        }
        return ScreenQuestion(
            step: "nol.list", prompt: "",
            help: ["The cards linked to this number; the last choice lets you type a Nol card number."],
            kind: .choice(.init(heading: "Cards linked to \(number.grouped); which do you want to \(flow == .pay ? "pay with" : "unlink")?",
                                options: options, defaultIndex: min(current, cards.count - 1))),
            error: errorLines)
    }

    private func myCardsQuestion(_ cards: [NolPaymentCard], _ number: MobileNumber) -> ScreenQuestion {
        let count = cards.count == 1 ? "1 card is" : "\(cards.count) cards are"
        return ScreenQuestion(
            step: "nol.mycards", lead: ["\(count) linked to \(number.grouped):\n" + cards.map { "  " + Self.line($0) }.joined(separator: "\n")],
            prompt: "", help: [],
            kind: .choice(.init(heading: "What next?", options: [.init("Another number", steps: [.key(.escape)]), .init("Home", steps: [.home])],
                                defaultIndex: 1)))
    }

    /// "What next?" once the flow's work is done: the flow again (for another card, or the same
    /// number's cards, found again), or the home menu.
    private var finishedQuestion: ScreenQuestion {
        let again: String, lead: String
        var restart: [AnswerStep] = [.key(.enter)]
        let phone = values[.phone]?.text ?? linkedCards?.number.e164 ?? ""
        switch stage {
        case let .linked(card):
            (again, lead) = ("Link another card", "Card linked: \(Self.line(card)).\nIt is ready to pay with.")
        case let .paid(payment):
            (again, lead) = ("Pay again", "Payment authorized: \(Self.sentence(payment)).")
            restart += [.paste(phone), .key(.enter)]
        case let .declined(payment):
            (again, lead) = ("Pay again", "Payment declined: \(Self.sentence(payment)).")
            restart += [.paste(phone), .key(.enter)]
        case let .unlinked(card):
            (again, lead) = ("Unlink another card", "Card unlinked: Nol card \(CardNumberMask.lastFour(String(card.suffix(4)))) is no longer linked to this number.")
            // The number's cards are found again when one is left; otherwise the number is asked again.
            let left = linkedCards?.cards.filter { $0.cardNumber != card } ?? []
            restart += [.paste(phone)] + (left.isEmpty ? [] : [.key(.enter)])
        default:
            (again, lead) = ("Start again", "")
        }
        return ScreenQuestion(
            step: "nol.done", lead: lead.isEmpty ? [] : [lead], prompt: "", help: [],
            kind: .choice(.init(heading: "What next?", options: [.init(again, steps: restart), .init("Home", steps: [.home])], defaultIndex: 1)),
            error: errorLines)
    }

    /// The errors on show, each with what to do about it: the fields', the chosen card's, the step's.
    private var errorLines: [String] {
        var lines: [String] = []
        for field in fields {
            if let error = fieldErrors[field] { lines.append(error.description + "\n" + error.recoverySuggestion) }
        }
        if let card = currentCard, let error = cardFailures[card] { lines.append(Self.sentence(error)) }
        if let failure { lines.append(Self.sentence(failure)) }
        return lines
    }

    /// A failure and what to do next, as two lines; a number without cards says where to link one
    /// in the same sentence, naming the menu entry.
    static func sentence(_ error: NolPayError) -> String {
        if error.errorId == "no-linked-card" { return error.message + " Link one first: home menu, Nol Pay: link a card." }
        return error.message + (error.recoverySuggestion.isEmpty ? "" : "\n" + error.recoverySuggestion)
    }

    /// The card tapped last, as the reader lists it.
    private var chosenCardLine: String? {
        readerCards.first { $0.cardNumber == chosenCard }.map(Self.line)
    }

    /// A card as the reader lists it: label, last four digits, balance or why it cannot be used.
    static func line(_ card: NolCardRecord) -> String {
        let state = card.status == "active" ? NolAmount.format(card.balance, currency: "AED") : card.status
        return "\(card.label), \(CardNumberMask.lastFour(String(card.cardNumber.suffix(4)))), \(state)"
    }

    /// A linked card: label, last four digits, balance.
    static func line(_ card: NolPaymentCard) -> String {
        "\(card.label), \(CardNumberMask.lastFour(card.last4)), \(NolAmount.format(card.balance, currency: "AED"))"
    }

    static func sentence(_ payment: NolPayment) -> String {
        "\(NolAmount.format(payment.amount, currency: payment.currency)) from Nol card \(CardNumberMask.lastFour(payment.last4)), "
            + "balance now \(NolAmount.format(payment.balance, currency: payment.currency)).\nPayment id \(payment.id)"
    }
}
