import CheckoutCore
import CheckoutEngine

/// The card form asked one field at a time (plain mode): the focused field's label, help, value
/// and error, answered by pasting into the field and pressing Enter, as in the terminal.
extension CardFormScreen {
    public func narration(context: ScreenContext) -> [Narration] {
        // The order first, as the session gives it: who is paid, for what.
        let order = OrderSummary(context.session, mode: .unicode)
        let text = context.localizer
        var said: [Narration] = []
        if order.hasDetails {
            let heading = [order.merchantName, order.orderId.map { text.text(.cardOrderNumber, $0) }].compactMap { $0 }.joined(separator: ", ")
            said.append(Narration(([heading.isEmpty ? text.text(.plainYourOrder) : text.text(.plainOrderHeading, heading)] + order.itemLines.map { "  " + $0 }
                                   + ["  " + text.text(.cardOrderTotal) + " " + order.total]).joined(separator: "\n"), once: "card.order"))
        }
        said.append(Narration(context.localizer.text(.plainCardIntro, context.money(context.settings.amount, currency: context.settings.currency),
                                                     acceptedSentence(context: context)), once: "card"))
        return said + learnt.flatMap { sentences(for: $0, context: context) }.map { Narration($0) }
    }

    /// While a BIN lookup or a payment is under way the form waits: the answer decides what it
    /// asks next (the chooser appears, or the result).
    public func question(context: ScreenContext, asking part: String?) -> ScreenQuestion? {
        if paying || lookupInFlight || awaitsBinAnswer || hold != nil { return nil }
        let error = visibleError(for: focus).map { [$0.shownDescription(context.localizer)] } ?? []
        let refusal = errors.filter { Self.field(of: $0.inputElementType) == focus }.map { $0.shownDescription(context.localizer) }
        let back: [AnswerStep] = focus == .number ? [.key(.escape)] : [.key(.backTab)]
        let text = context.localizer
        var question: ScreenQuestion
        switch focus {
        case .number:
            let accepted = (context.session.orderedAllowedCardNetworks ?? CardNetwork.allCases.filter { $0 != .other })
                .map { context.catalogue.info($0).displayName }
            question = ScreenQuestion(
                step: "card.number", prompt: text.text(.plainNumberPrompt),
                help: [text.text(.plainNumberHelp1), text.text(.plainNumberHelp2), text.text(.plainNumberHelp3, accepted.joined(separator: ", "))],
                kind: .text(textAnswer(current: digits, refused: !refusal.isEmpty, shown: CardNumberMask.echo(digits: digits), echo: .cardNumber)))
        case .network:
            let items = selectableNetworks(context: context) ?? []
            let preferred = metadata(context: context)?.chooserNetworks?.preferred?.network
            let current = items.firstIndex { $0.network == choice } ?? 0
            let options = items.enumerated().map { index, item in
                ScreenQuestion.Option((item.network == preferred ? text.text(.plainPreferred, item.displayName) : item.displayName)
                                      + (item.surcharge > 0 ? " " + context.surcharge(item.surcharge, currency: context.settings.currency) : ""),
                                      steps: AnswerStep.moving(from: current, to: index, down: .right, up: .left) + [.key(.enter)])
            }
            question = ScreenQuestion(
                step: "card.network", prompt: "",
                help: [text.text(.plainChooseHelp1), text.text(.plainChooseHelp2)],
                kind: .choice(.init(heading: text.text(.plainChooseHeading), options: options,
                                    defaultIndex: current)))
        case .expiry:
            question = ScreenQuestion(
                step: "card.expiry", prompt: text.text(.plainExpiryPrompt, text.format.expiryPlaceholder), help: [text.text(.plainExpiryHelp)],
                kind: .text(textAnswer(current: expiryText, refused: !refusal.isEmpty)))
        case .cvv:
            let label = cvvLabel(context: context)
            let length = network(context: context).flatMap { context.catalogue.info($0).cvvLength }.map { text.text(.plainCvvDigits, text.format.number($0)) } ?? text.text(.plainCvvAnyDigits)
            var answer = textAnswer(current: cvv, refused: !refusal.isEmpty, shown: String(repeating: "•", count: cvv.count), echo: .secret)
            answer.hidden = true
            answer.whenHidden = (prompt: text.text(.plainCvvPromptHidden, label, length),
                                 help: [text.text(.plainCvvHelp, length, label), text.text(.plainCvvNeverStoredHidden)])
            question = ScreenQuestion(
                step: "card.cvv", prompt: text.text(.plainCvvPrompt, label, length),
                help: [text.text(.plainCvvHelp, length, label), text.text(.plainCvvNeverStored)],
                kind: .text(answer))
        case .name:
            question = ScreenQuestion(
                step: "card.name", prompt: text.text(.plainNamePrompt),
                help: [text.text(.plainNameHelp)],
                kind: .text(textAnswer(current: cardholderName, refused: !refusal.isEmpty)))
        case .pay:
            let due = amountDue(context: context)
            let included = due.surcharge > 0 ? text.text(.plainPaySurcharge, context.money(due.surcharge, currency: due.currency)) : ""
            let with = network(context: context).map { text.text(.plainPayWith, context.catalogue.info($0).displayName) } ?? ""
            question = ScreenQuestion(
                step: "card.pay", prompt: text.text(.plainPayPrompt, context.money(due.total, currency: due.currency), included, with,
                                                    CardNumberMask.lastFour(String(digits.suffix(4)))),
                help: [text.text(.plainPayHelp)],
                kind: .confirm(.init(defaultYes: true, yes: .init("yes", steps: [.key(.enter)]),
                                     no: .init("no", steps: [.key(.escape), .key(.character("y"))], said: text.text(.plainNothingPaid)))))
        }
        question.error = error
        question.refusal = focus == .network || focus == .pay ? [] : refusal
        question.back = back
        // What happened, honestly: after a payment that went through, leaving this form pays
        // nothing more, and the payment made stands.
        let paid = context.eventLog.entries.contains { $0.name == "checkoutCompleted" && $0.detail["payment"]?["status"]?.stringValue == "AUTHORIZED" }
        question.atEnd = text.text(paid ? .plainNothingMorePaid : .plainNothingPaid)
        return question
    }

    /// "Leave this payment?" rather than the terminal's "Discard this card?": a conversation says
    /// what leaving means.
    public func leavingQuestion(context: ScreenContext) -> String? {
        discardQuestion(context: context).map { _ in context.localizer.text(.plainLeavePayment) }
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
        let text = context.localizer
        guard let allowed = context.session.orderedAllowedCardNetworks else { return text.text(.plainEveryNetwork) }
        let names = allowed.map { context.catalogue.info($0).displayName }
        if names.count <= 6 { return text.text(.plainWeAccept, Self.list(names, text)) }
        let first = text.language == .english ? names.prefix(3).joined(separator: ", ") : text.format.openList(Array(names.prefix(3)))
        return text.counted(.plainWeAcceptMore, names.count - 3, first)
    }

    /// `A`, `A and B`, `A, B and C`, in the language (``Sentence/list(_:)`` is English's).
    /// Items joined as the language joins a list: English `A, B and C`, the others by CLDR's list
    /// patterns (`A, B et C`; Arabic `A وB وC`).
    static func list(_ items: [String], _ text: Localizer) -> String {
        guard text.language == .english else { return text.format.list(items) }
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return text.text(.plainListAnd, items.dropLast().joined(separator: ", "), last)
    }

    private func names(_ items: [DetectedCardNetwork], _ text: Localizer) -> String {
        Self.list(items.filter { $0.network != .other }.map { $0.allowed ? $0.displayName : text.text(.plainNotAccepted, $0.displayName) }, text)
    }

    private func sentences(for learnt: Learnt, context: ScreenContext) -> [String] {
        let off = context.settings.binSource == .off
        let text = context.localizer
        func names(_ items: [DetectedCardNetwork]) -> String { self.names(items, text) }
        switch learnt {
        case .asking(let local):
            // With the service off the wait is the debounce only, and the fallback line says it all.
            guard !off else { return [] }
            let found = names(local.detectedCardNetworks.items)
            return [text.text(.plainAskingBin, found.isEmpty ? text.text(.plainNotKnown) : found)]
        case .answered(let metadata):
            let found = names(metadata.detectedCardNetworks.items)
            var said: [String]
            switch metadata.source {
            case .remote: said = [text.text(.plainBinAnswer, found.isEmpty ? text.text(.plainNoNetwork) : found)]
            case .localFallback:
                let network = found.isEmpty ? text.text(.plainNotKnown) : found
                // The service answered and knows nothing of the card: that is not an outage.
                said = [text.text(metadata.fallbackReason == .noBinData ? .plainNoBinData : off ? .plainBinOff : .plainBinUnavailable, network)]
            case .local: said = []
            }
            if let chosen = metadata.autoSelectedCardNetwork {
                said.append(text.text(.plainEftpos, chosen.displayName))
            }
            return said
        case .paying:
            return [text.text(.plainPaying)]
        case .totalChanged:
            return [text.text(.plainTotalChanged)]
        }
    }
}
