import NolPay

extension NolFlowScreen {
    public mutating func perform(_ action: Action, context: ScreenContext) -> [ScreenEffect] {
        fieldErrors = [:]
        notice = nil
        switch action {
        case .up:
            let count = stage == .scan ? readerCards.count : chooserRowCount
            if count > 0 { selected = (selected + count - 1) % count }
        case .down:
            let count = stage == .scan ? readerCards.count : chooserRowCount
            if count > 0 { selected = (selected + 1) % count }
        case .next, .previous:
            guard let index = fields.firstIndex(of: focus) else { break }
            validate(focus)
            let step = action == .next ? 1 : fields.count - 1
            focus = fields[(index + step) % fields.count]
            values[focus, default: EditableText()].moveToEnd()
        case .resend:
            guard !busy else { break }
            failure = nil
            switch machine {
            case var .link(link): let actions = link.resendCode(); machine = .link(link); apply(actions)
            case var .unlink(unlink): let actions = unlink.resendCode(); machine = .unlink(unlink); apply(actions)
            default: break
            }
        case .submit:
            guard !busy else { break }
            if isFinished { return drainLog() + [.replace(NolFlowScreen(flow: flow, worker: worker))] }
            failure = nil
            let before = checkpoint
            submit()
            recordStep(from: before)
        }
        return drainLog()
    }

    public func stepBackLabel(context: ScreenContext) -> String? {
        guard !busy, !isFinished, let previous = history.last else { return nil }
        let here = steps, there = Self.steps(flow: flow, stage: previous.stage, pick: previous.pick)
        let name = there.names[there.current]
        return name == here.names[here.current] ? "back" : "back to \(name)"
    }

    public mutating func stepBack(context: ScreenContext) -> [ScreenEffect] {
        guard !busy, let previous = history.popLast() else { return [] }
        // What was typed stays, so going back and forth again does not mean typing it again.
        let typed = values
        checkpoint = previous
        values = typed
        fieldErrors = [:]
        notice = nil
        failure = nil
        pendingStep = nil
        log("nolStepBack", "to \(steps.names[steps.current])")
        return drainLog()
    }

    /// Remembers `before` as the step to go back to once the flow has moved to another step; a
    /// Transit call still out decides later, when its answer comes in.
    mutating func recordStep(from before: Checkpoint) {
        guard !busy else {
            pendingStep = before
            return
        }
        pendingStep = nil
        if before.stage != stage || before.pick != pick, !isFinished { history.append(before) }
    }

    public mutating func receive(_ input: ScreenInput, context: ScreenContext) -> [ScreenEffect] {
        switch input {
        case .tick:
            for answer in worker.collect() { take(answer) }
        case let .key(key):
            fieldErrors = [:]
            notice = nil
            guard !fields.isEmpty, !busy else { break }
            switch key {
            case let .character(character): type(String(character))
            case .space: type(" ")
            default: _ = values[focus, default: EditableText()].apply(key)
            }
        case let .paste(text):
            fieldErrors = [:]
            notice = nil
            if !fields.isEmpty, !busy { type(text) }
        case .engine, .click, .scroll:
            break
        }
        return drainLog()
    }

    /// The event-log lines gathered while handling one input, emptied.
    private mutating func drainLog() -> [ScreenEffect] {
        defer { logged = [] }
        return logged
    }

    private mutating func log(_ name: String, _ summary: String) {
        logged.append(.log(name: name, summary: summary))
    }

    /// Logs a validation status once: `update` and a refused `submit` report the same errors.
    private mutating func logValidation(_ summary: String) {
        if case let .log("nolValidation", last)? = logged.last, last == summary { return }
        log("nolValidation", summary)
    }

    /// The characters a field takes: the code and the card number digits only (Unicode digits
    /// become ASCII ones, as on the card form), the phone digits and the separators a number is
    /// written with.
    static func accepted(_ character: Character, in field: Field) -> String? {
        let digit = CardFormScreen.asciiDigits(String(character), limit: 1)
        if !digit.isEmpty { return digit }
        if field == .phone, " +-()".contains(character) { return String(character) }
        return nil
    }

    /// The hint shown when a field refuses a key.
    static func refusal(for field: Field) -> String {
        field == .phone ? "digits, spaces, + - ( ) only" : "digits only"
    }

    /// Inserts typed or pasted text at the caret: the characters the field takes, up to its length
    /// (a pasted line break never submits); anything refused shows a short hint until the next key.
    private mutating func type(_ text: String) {
        let limit = switch focus {
        case .code: 6
        case .card: 19
        case .phone: 20
        }
        let printable = EditableText.printable(text, keepSpaces: false, limit: limit * 4)
        var kept = ""
        var refused = false
        for character in printable {
            if let accepted = Self.accepted(character, in: focus) { kept += accepted } else { refused = true }
        }
        values[focus, default: EditableText()].insert(kept, limit: limit)
        if refused { notice = Self.refusal(for: focus) }
    }

    /// Shows `field`'s validation error, if any (when it is left).
    mutating func validate(_ field: Field) {
        let value = values[field]?.text ?? ""
        guard !value.isEmpty else { return }
        let error: NolPayValidationError? = switch field {
        case .card: NolPayValidator.cardNumber(value).failure
        case .phone: NolPayValidator.mobileNumber(value).failure
        case .code: NolPayValidator.otpCode(value).failure
        }
        fieldErrors[field] = error?.description
    }

    private mutating func submit() {
        let phone = values[.phone]?.text ?? "", code = values[.code]?.text ?? ""
        switch machine {
        case var .link(link):
            var actions: [NolPayLinkCardStateMachine.Action] = []
            if stage == .scan, readerCards.indices.contains(selected) {
                let tapped = readerCards[selected].cardNumber
                let perform = NolPayLinkCardStateMachine.performer(transit: worker.transit)
                let reader = worker.transit.reader
                actions = link.submit()
                machine = .link(link)
                if actions.contains(.perform(.scanCard)) {
                    busy = true
                    log("nolTap", "card •••• \(tapped.suffix(4)) held to the reader")
                    worker.run { await reader.tap(tapped); return await perform(.scanCard) }
                }
                apply(actions.filter { if case .perform = $0 { false } else { true } })
                return
            }
            if stage == .phone { apply(link.update(.phoneData(mobileNumber: phone))) }
            if stage == .code { apply(link.update(.otpData(otpCode: code))) }
            actions = link.submit()
            machine = .link(link)
            apply(actions)
        case .unlink, .pay:
            if stage == .code, case var .unlink(unlink) = machine {
                apply(unlink.update(.otpData(otpCode: code)))
                let actions = unlink.submit()
                machine = .unlink(unlink)
                apply(actions)
                return
            }
            switch pick {
            case .phone:
                lookUpLinkedCards(phone)
            case let .list(cards, number):
                if cards.indices.contains(selected) {
                    submitCardAndPhone(card: cards[selected].cardNumber, phone: number.e164)
                } else {
                    pick = .typed(cards, number)
                    focus = .card
                    values[.card, default: EditableText()].moveToEnd()
                }
            case let .typed(_, number):
                submitCardAndPhone(card: values[.card]?.text ?? "", phone: number.e164)
            }
        case .cards:
            lookUpLinkedCards(phone)
        }
    }

    /// Asks for the cards linked to `phone`, after checking it is a mobile number.
    private mutating func lookUpLinkedCards(_ phone: String) {
        if case let .failure(error) = NolPayValidator.mobileNumber(phone) {
            fieldErrors[.phone] = error.description
            log("nolValidation", "invalid: \(error.errorId)")
            return
        }
        busy = true
        let component = NolPayLinkedCardsComponent(transit: worker.transit)
        worker.run { LinkedCardsLookup(mobileNumber: phone, result: await component.getLinkedCardsFor(mobileNumber: phone)) }
    }

    /// Hands the chosen card and the looked-up number to the pay or unlink machine: the same
    /// `cardAndPhoneData`/`paymentData` the headless components collect.
    private mutating func submitCardAndPhone(card: String, phone: String) {
        switch machine {
        case var .unlink(unlink):
            apply(unlink.update(.cardAndPhoneData(cardNumber: card, mobileNumber: phone)))
            let actions = unlink.submit()
            machine = .unlink(unlink)
            apply(actions)
        case var .pay(pay):
            apply(pay.update(.paymentData(cardNumber: card, mobileNumber: phone)))
            let actions = pay.submit()
            machine = .pay(pay)
            apply(actions)
        default:
            break
        }
    }

    /// Feeds one Transit answer back into the flow's machine.
    private mutating func take(_ answer: NolWorker.Answer) {
        busy = false
        defer { if !busy, let before = pendingStep { recordStep(from: before) } }
        if flow == .link || flow == .unlink, let message = answer.sms, message.id > smsBaseline, message != sms {
            sms = message
            log("nolSMS", "to \(message.mobileNumber) (code sent)")
        }
        if let lookup = answer.completion as? LinkedCardsLookup {
            found(lookup)
            return
        }
        switch machine {
        case var .link(link):
            guard let completion = answer.completion as? NolPayLinkCardStateMachine.Completion else { return }
            let actions = link.complete(completion)
            machine = .link(link)
            apply(actions)
        case var .unlink(unlink):
            guard let completion = answer.completion as? NolPayUnlinkCardStateMachine.Completion else { return }
            let actions = unlink.complete(completion)
            machine = .unlink(unlink)
            apply(actions)
        case var .pay(pay):
            guard let completion = answer.completion as? NolPayPaymentStateMachine.Completion else { return }
            let actions = pay.complete(completion)
            machine = .pay(pay)
            apply(actions)
        case .cards:
            break
        }
    }

    /// Shows the linked cards: as the list of My cards, or as the chooser of pay and unlink, where
    /// no card at all says where to link one.
    private mutating func found(_ lookup: LinkedCardsLookup) {
        switch lookup.result {
        case let .failure(error):
            failure = error
            log("nolError", "\(error.errorId) \(error.code): \(error.message)")
        case let .success(cards):
            log("nolLinkedCards", "\(cards.count) for \(lookup.mobileNumber): " + cards.map { "•••• \($0.last4)" }.joined(separator: ", "))
            guard flow != .cards else {
                stage = .cardsList(cards)
                return
            }
            guard case let .success(number) = NolPayValidator.mobileNumber(lookup.mobileNumber) else { return }
            if cards.isEmpty {
                failure = NolPayError(errorId: "no-linked-card", code: "no-linked-card",
                                      message: "No card is linked to \(number.display).",
                                      description: "No card is linked to \(number.display).",
                                      recoverySuggestion: "Link one first: home menu › Nol Pay: link a card.")
                return
            }
            pick = .list(cards, number)
            selected = 0
        }
    }

    private mutating func apply<Step, Data, Effect>(_ actions: [NolPayAction<Step, Data, Effect>]) {
        for action in actions {
            switch action {
            case let .emit(.step(step)):
                log("nolStep", Self.describe(step))
                enter(step)
            case let .emit(.validation(.invalid(errors), _)):
                logValidation("invalid: " + errors.map(\.errorId).joined(separator: ", "))
                show(errors)
            case .emit(.validation(.validating, _)):
                break
            case let .emit(.validation(status, _)):
                logValidation(status.name)
            case let .emit(.error(error)):
                log("nolError", "\(error.errorId) \(error.code): \(error.message)")
                failure = error
            case let .perform(effect): start(effect)
            }
        }
    }

    private mutating func show(_ errors: [NolPayValidationError]) {
        for error in errors {
            let field: Field = switch error.errorId {
            case "invalid-card-number": .card
            case "invalid-otp-code": .code
            default: .phone
            }
            if fieldErrors[field] == nil { fieldErrors[field] = error.description }
        }
        if let first = fields.first(where: { fieldErrors[$0] != nil }) { focus = first }
    }

    /// A step as the event log names it: the seed's name, and the card's last four or the number
    /// it concerns; never a whole card number.
    static func describe(_ step: Any) -> String {
        switch step {
        case let NolPayLinkCardStep.collectPhoneData(card): "collectPhoneData •••• \(card.suffix(4))"
        case let NolPayLinkCardStep.collectOtpData(phone), let NolPayUnlinkCardStep.collectOtpData(phone): "collectOtpData \(phone)"
        case let NolPayLinkCardStep.cardLinked(card): "cardLinked •••• \(card.last4)"
        case let NolPayUnlinkCardStep.cardUnlinked(card): "cardUnlinked •••• \(card.suffix(4))"
        case let NolPayPaymentStep.paymentCompleted(payment), let NolPayPaymentStep.paymentDeclined(payment):
            "\((step as? NolPayPaymentStep)?.name ?? "") \(payment.id) \(payment.status) \(NolAmount.format(payment.amount, currency: payment.currency)) •••• \(payment.last4)"
        case let step as NolPayLinkCardStep: step.name
        case let step as NolPayUnlinkCardStep: step.name
        case let step as NolPayPaymentStep: step.name
        default: "\(step)"
        }
    }

    private mutating func enter(_ step: Any) {
        switch step {
        case NolPayLinkCardStep.collectTagData: stage = .scan
        case NolPayLinkCardStep.collectPhoneData: stage = .phone; focus = .phone
        case NolPayLinkCardStep.collectOtpData, NolPayUnlinkCardStep.collectOtpData: stage = .code; focus = .code; values[.code] = nil
        case let NolPayLinkCardStep.cardLinked(card): stage = .linked(card)
        // A refused payment comes back here; the chooser stays so another card is one key away.
        case NolPayUnlinkCardStep.collectCardAndPhoneData, NolPayPaymentStep.collectCardAndPhoneData: stage = .cardAndPhone
        case let NolPayUnlinkCardStep.cardUnlinked(card): stage = .unlinked(card)
        case NolPayPaymentStep.paymentRequested: stage = .requested
        case let NolPayPaymentStep.paymentCompleted(payment): stage = .paid(payment)
        case let NolPayPaymentStep.paymentDeclined(payment): stage = .declined(payment)
        default: break
        }
    }

    private mutating func start<Effect>(_ effect: Effect) {
        busy = true
        let transit = worker.transit
        switch effect {
        case let link as NolPayLinkCardStateMachine.Effect:
            let perform = NolPayLinkCardStateMachine.performer(transit: transit)
            worker.run { await perform(link) }
        case let unlink as NolPayUnlinkCardStateMachine.Effect:
            let perform = NolPayUnlinkCardStateMachine.performer(transit: transit)
            worker.run { await perform(unlink) }
        case let pay as NolPayPaymentStateMachine.Effect:
            let perform = NolPayPaymentStateMachine.performer(transit: transit)
            worker.run { await perform(pay) }
        default:
            busy = false
        }
    }
}

private extension Result {
    var failure: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}
