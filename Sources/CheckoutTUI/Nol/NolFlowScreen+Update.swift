import NolPay

extension NolFlowScreen {
    public mutating func perform(_ action: Action, context: ScreenContext) -> [ScreenEffect] {
        fieldErrors = [:]
        switch action {
        case .back:
            return [.pop]
        case .up:
            if stage == .scan, !readerCards.isEmpty { selected = (selected + readerCards.count - 1) % readerCards.count }
        case .down:
            if stage == .scan, !readerCards.isEmpty { selected = (selected + 1) % readerCards.count }
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
            if isFinished { return [.replace(NolFlowScreen(flow: flow, worker: worker))] }
            failure = nil
            submit()
        }
        return []
    }

    public mutating func receive(_ input: ScreenInput, context: ScreenContext) -> [ScreenEffect] {
        switch input {
        case .tick:
            for answer in worker.collect() { take(answer) }
        case let .key(key):
            fieldErrors = [:]
            guard !fields.isEmpty, !busy else { break }
            switch key {
            case let .character(character): type(String(character))
            case .space: type(" ")
            default: _ = values[focus, default: EditableText()].apply(key)
            }
        case let .paste(text):
            fieldErrors = [:]
            if !fields.isEmpty, !busy { type(text) }
        case .engine:
            break
        }
        return []
    }

    /// Inserts typed or pasted text at the caret: printable characters only (a pasted line break
    /// never submits), up to the field's length.
    private mutating func type(_ text: String) {
        let limit = focus == .code ? 6 : 20
        values[focus, default: EditableText()].insert(EditableText.printable(text, keepSpaces: false, limit: limit), limit: limit)
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
        let card = values[.card]?.text ?? "", phone = values[.phone]?.text ?? "", code = values[.code]?.text ?? ""
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
                    worker.run { await reader.tap(tapped); return await perform(.scanCard) }
                }
                return
            }
            if stage == .phone { _ = link.update(.phoneData(mobileNumber: phone)) }
            if stage == .code { _ = link.update(.otpData(otpCode: code)) }
            actions = link.submit()
            machine = .link(link)
            apply(actions)
        case var .unlink(unlink):
            if stage == .cardAndPhone { _ = unlink.update(.cardAndPhoneData(cardNumber: card, mobileNumber: phone)) }
            if stage == .code { _ = unlink.update(.otpData(otpCode: code)) }
            let actions = unlink.submit()
            machine = .unlink(unlink)
            apply(actions)
        case var .pay(pay):
            _ = pay.update(.paymentData(cardNumber: card, mobileNumber: phone))
            let actions = pay.submit()
            machine = .pay(pay)
            apply(actions)
        case .cards:
            if case let .failure(error) = NolPayValidator.mobileNumber(phone) {
                fieldErrors[.phone] = error.description
                return
            }
            busy = true
            let component = NolPayLinkedCardsComponent(transit: worker.transit)
            worker.run { await component.getLinkedCardsFor(mobileNumber: phone) }
        }
    }

    /// Feeds one Transit answer back into the flow's machine.
    private mutating func take(_ answer: NolWorker.Answer) {
        busy = false
        if flow == .link || flow == .unlink, let message = answer.sms, message.id > smsBaseline { sms = message }
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
            switch answer.completion as? Result<[NolPaymentCard], NolPayError> {
            case let .success(cards)?: stage = .cardsList(cards)
            case let .failure(error)?: failure = error
            case nil: break
            }
        }
    }

    private mutating func apply<Step, Data, Effect>(_ actions: [NolPayAction<Step, Data, Effect>]) {
        for action in actions {
            switch action {
            case let .emit(.step(step)): enter(step)
            case let .emit(.validation(.invalid(errors), _)): show(errors)
            case .emit(.validation): break
            case let .emit(.error(error)): failure = error
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

    private mutating func enter(_ step: Any) {
        switch step {
        case NolPayLinkCardStep.collectTagData: stage = .scan
        case NolPayLinkCardStep.collectPhoneData: stage = .phone; focus = .phone
        case NolPayLinkCardStep.collectOtpData, NolPayUnlinkCardStep.collectOtpData: stage = .code; focus = .code; values[.code] = nil
        case let NolPayLinkCardStep.cardLinked(card): stage = .linked(card)
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
