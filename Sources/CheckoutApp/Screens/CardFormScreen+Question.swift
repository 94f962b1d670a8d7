import CheckoutCore
import CheckoutEngine

/// The card form asked one field at a time (plain mode): the focused field's label, help, value
/// and error, answered by pasting into the field and pressing Enter, as in the terminal.
extension CardFormScreen {
    public func narration(context: ScreenContext) -> [Narration] {
        // The order first, as the session gives it: who is paid, for what.
        let order = OrderSummary(context.session, mode: .unicode)
        var said: [Narration] = []
        if order.hasDetails {
            let heading = [order.merchantName, order.orderId.map { "order \($0)" }].compactMap { $0 }.joined(separator: ", ")
            said.append(Narration(([heading.isEmpty ? "Your order:" : heading + ":"] + order.itemLines.map { "  " + $0 }
                                   + ["  Order total \(order.total)"]).joined(separator: "\n"), once: "card.order"))
        }
        said.append(Narration("Pay by card: \(context.money(context.settings.amount, currency: context.settings.currency)). "
                              + acceptedSentence(context: context), once: "card"))
        return said + learnt.flatMap { sentences(for: $0, context: context) }.map { Narration($0) }
    }

    /// While a BIN lookup or a payment is under way the form waits: the answer decides what it
    /// asks next (the chooser appears, or the result).
    public func question(context: ScreenContext, asking part: String?) -> ScreenQuestion? {
        if paying || lookupInFlight || awaitsBinAnswer || hold != nil { return nil }
        let error = visibleError(for: focus).map { [$0.shownDescription] } ?? []
        let refusal = errors.filter { Self.field(of: $0.inputElementType) == focus }.map(\.shownDescription)
        let back: [AnswerStep] = focus == .number ? [.key(.escape)] : [.key(.backTab)]
        var question: ScreenQuestion
        switch focus {
        case .number:
            let accepted = (context.session.orderedAllowedCardNetworks ?? CardNetwork.allCases.filter { $0 != .other })
                .map { context.catalogue.info($0).displayName }
            question = ScreenQuestion(
                step: "card.number", prompt: "Card number",
                help: ["The long number on the front of the card, 13 to 19 digits; spaces and dashes are fine.",
                       "Once typed it is only ever shown as its last four digits.",
                       "Accepted networks, in order of preference: \(accepted.joined(separator: ", "))."],
                kind: .text(textAnswer(current: digits, refused: !refusal.isEmpty, shown: CardNumberMask.echo(digits: digits), echo: .cardNumber)))
        case .network:
            let items = selectableNetworks(context: context) ?? []
            let preferred = metadata(context: context)?.chooserNetworks?.preferred?.network
            let current = items.firstIndex { $0.network == choice } ?? 0
            let options = items.enumerated().map { index, item in
                ScreenQuestion.Option(item.displayName + (item.network == preferred ? " (preferred)" : "")
                                      + (item.surcharge > 0 ? " +" + context.money(item.surcharge, currency: context.settings.currency) : ""),
                                      steps: AnswerStep.moving(from: current, to: index, down: .right, up: .left) + [.key(.enter)])
            }
            question = ScreenQuestion(
                step: "card.network", prompt: "",
                help: ["EU rules let the cardholder choose the network of a co-badged card.",
                       "Type the number of a network, or press Enter for the one in brackets."],
                kind: .choice(.init(heading: "This card is co-badged: choose the network that carries the payment.", options: options,
                                    defaultIndex: current)))
        case .expiry:
            question = ScreenQuestion(
                step: "card.expiry", prompt: "Expiry date (MM/YY)", help: ["The month and year printed on the card: 12/30, 1230, 12/2030 or 12 / 30."],
                kind: .text(textAnswer(current: expiryText, refused: !refusal.isEmpty)))
        case .cvv:
            let label = cvvLabel(context: context)
            let length = network(context: context).flatMap { context.catalogue.info($0).cvvLength }.map { "\($0) digits" } ?? "3 or 4 digits"
            var answer = textAnswer(current: cvv, refused: !refusal.isEmpty, shown: String(repeating: "•", count: cvv.count), echo: .secret)
            answer.hidden = true
            answer.whenHidden = (prompt: "\(label) (\(length); typing is not shown)",
                                 help: ["The \(length) security code (\(label)) on the card: on the back, or on the front of American Express cards.",
                                        "It is never stored or shown; what you type stays hidden."])
            question = ScreenQuestion(
                step: "card.cvv", prompt: "\(label) (\(length))",
                help: ["The \(length) security code (\(label)) on the card: on the back, or on the front of American Express cards.",
                       "It is never stored or shown."],
                kind: .text(answer))
        case .name:
            question = ScreenQuestion(
                step: "card.name", prompt: "Cardholder name",
                help: ["The name as printed on the card: letters, spaces, apostrophes, hyphens and periods."],
                kind: .text(textAnswer(current: cardholderName, refused: !refusal.isEmpty)))
        case .pay:
            let due = amountDue(context: context)
            let included = due.surcharge > 0 ? " (\(context.money(due.surcharge, currency: due.currency)) surcharge included)" : ""
            let with = network(context: context).map { " with \(context.catalogue.info($0).displayName)" } ?? ""
            question = ScreenQuestion(
                step: "card.pay", prompt: "Pay \(context.money(due.total, currency: due.currency))\(included)\(with), "
                    + "card \(CardNumberMask.lastFour(String(digits.suffix(4))))?",
                help: ["y (or Enter) pays; n leaves without paying."],
                kind: .confirm(.init(defaultYes: true, yes: .init("yes", steps: [.key(.enter)]),
                                     no: .init("no", steps: [.key(.escape), .key(.character("y"))], said: "Nothing was paid."))))
        }
        question.error = error
        question.refusal = focus == .network || focus == .pay ? [] : refusal
        question.back = back
        question.atEnd = "Nothing was paid."
        return question
    }

    /// "Leave this payment?" rather than the terminal's "Discard this card?": a conversation says
    /// what leaving means.
    public func leavingQuestion(context: ScreenContext) -> String? {
        discardQuestion.map { _ in "Leave this payment? What you typed is forgotten." }
    }

    /// True while the number has a BIN the engine has not answered for yet: its answer comes (a
    /// BIN answer, or local rules once the service fails), and may bring the chooser.
    var awaitsBinAnswer: Bool { digits.count >= CardNetworkResolver.binLength && engineMetadataBin != String(digits.prefix(CardNetworkResolver.binLength)) }

    /// A field's answer: what it holds is kept by an empty answer, unless it was refused; anything
    /// else replaces it, is checked as the field checks it, then Enter goes on.
    private func textAnswer(current: String, refused: Bool, shown: String? = nil,
                            echo: ScreenQuestion.Echo = .asTyped) -> ScreenQuestion.TextAnswer {
        let kept = current.isEmpty || refused ? nil : current
        return ScreenQuestion.TextAnswer(current: kept, shownCurrent: kept.flatMap { _ in shown }, echo: echo) { answer in
            (answer == kept ? [] : AnswerStep.replacing(with: answer)) + [.check, .goOn]
        }
    }

    private func acceptedSentence(context: ScreenContext) -> String {
        guard let allowed = context.session.orderedAllowedCardNetworks else { return "Every card network is accepted." }
        let names = allowed.map { context.catalogue.info($0).displayName }
        if names.count <= 6 { return "We accept \(Sentence.list(names))." }
        return "We accept \(names.prefix(3).joined(separator: ", ")) and \(names.count - 3) more networks."
    }

    private func names(_ items: [DetectedCardNetwork]) -> String {
        Sentence.list(items.filter { $0.network != .other }.map { $0.displayName + ($0.allowed ? "" : " (not accepted)") })
    }

    private func sentences(for learnt: Learnt, context: ScreenContext) -> [String] {
        let off = context.settings.binSource == .off
        switch learnt {
        case .asking(let local):
            // With the service off the wait is the debounce only, and the fallback line says it all.
            guard !off else { return [] }
            let found = names(local.detectedCardNetworks.items)
            return [(found.isEmpty ? "Card network: not known from the first digits" : "Card network: \(found)") + "; asking the BIN service..."]
        case .answered(let metadata):
            let found = names(metadata.detectedCardNetworks.items)
            var said: [String]
            switch metadata.source {
            case .remote: said = ["BIN service: \(found.isEmpty ? "no network" : found)."]
            case .localFallback:
                let network = found.isEmpty ? "not known from the first digits" : found
                // The service answered and knows nothing of the card: that is not an outage.
                said = [metadata.fallbackReason == .noBinData ? "No BIN data for this card: networks from local rules. Card network: \(network)."
                            : "BIN service \(off ? "off" : "unavailable"): using local rules. Card network: \(network)."]
            case .local: said = []
            }
            if let chosen = metadata.autoSelectedCardNetwork {
                said.append("This card is co-badged with eftpos: its network is selected automatically, \(chosen.displayName).")
            }
            return said
        case .paying:
            return ["Paying..."]
        case .totalChanged:
            return ["The total changed before the payment went; nothing was charged."]
        }
    }
}
