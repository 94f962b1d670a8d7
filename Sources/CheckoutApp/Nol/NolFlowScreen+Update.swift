import CheckoutCore
import NolPay

extension NolFlowScreen {
    public mutating func perform(_ action: Action, context: ScreenContext) -> [ScreenEffect] {
        fieldErrors = [:]
        notice = nil
        newCodeSent = false
        switch action {
        case .up, .down:
            let count = chooserRowCount
            if count > 0 { selected = (selected + (action == .up ? count - 1 : 1)) % count }
        case .next, .previous:
            guard let index = fields.firstIndex(of: focus) else { break }
            validate(focus)
            let step = action == .next ? 1 : fields.count - 1
            focus = fields[(index + step) % fields.count]
            values[focus, default: EditableText()].moveToEnd()
        case .resend:
            guard !busy else { break }
            // The Nol system would refuse it: say when it will not, without asking.
            if let seconds = resendSeconds(context: context) {
                notice = .counted(.nolWaitForCode, seconds)
                break
            }
            failure = nil
            switch machine {
            case var .link(link): let actions = link.resendCode(); machine = .link(link); apply(link: actions)
            case var .unlink(unlink): let actions = unlink.resendCode(); machine = .unlink(unlink); apply(unlink: actions)
            default: break
            }
        case .submit:
            guard !busy else { break }
            if isFinished {
                // Opened from My cards, the result leads back to the list, as Esc does.
                if cameFromMyCards { return stepBack(context: context) }
                return drainLog() + [.replace(NolFlowScreen(flow: flow, nol: nol, hasHomeMenu: hasHomeMenu))]
            }
            failure = nil
            if case let .cardActions(index) = stage {
                act(CardAction.allCases[min(selected, CardAction.allCases.count - 1)], onCardAt: index)
                return drainLog()
            }
            let before = checkpoint
            submit()
            recordStep(from: before)
        }
        return drainLog()
    }

    public func stepBackLabel(context: ScreenContext) -> String? {
        // A finished flow has no step to go back to, unless it carried on from My cards.
        guard !busy, let previous = history.last, !isFinished || previous.flow != flow else { return nil }
        let here = steps, there = Self.steps(flow: previous.flow, stage: previous.stage, pick: previous.pick)
        let name = there.names[there.current]
        let text = context.localizer
        return name == here.names[here.current] && previous.flow == flow
            ? text.text(.nolBack) : text.text(.nolBackTo, Self.stepKeys[name].map { text.text($0) } ?? name)
    }

    public mutating func stepBack(context: ScreenContext) -> [ScreenEffect] {
        guard !busy, let previous = history.popLast() else { return [] }
        // What was typed stays, so going back and forth again does not mean typing it again.
        let typed = values
        let outcome = stage
        checkpoint = previous
        values = typed
        fieldErrors = [:]
        notice = nil
        failure = nil
        pendingStep = nil
        if flow == .cards {
            // Back in the list, an unlink's code is spent or no longer wanted: its SMS goes with it.
            sms = nil
            showInMyCards(outcome)
        }
        log("nolStepBack", "to \(steps.names[steps.current])")
        return drainLog()
    }

    /// Back in My cards after paying or unlinking there: the list shows what that did (the new
    /// balance, the card gone) without asking the Nol system again; with no card left, the number
    /// is asked for again and the screen says it has none.
    private mutating func showInMyCards(_ outcome: Stage) {
        guard case .list(var cards, let number) = pick else { return }
        switch outcome {
        case let .paid(payment), let .declined(payment):
            if let index = cards.firstIndex(where: { $0.cardNumber == chosenCard }) { cards[index].balance = payment.balance }
        case let .unlinked(cardNumber):
            cards.removeAll { $0.cardNumber == cardNumber }
        default:
            return
        }
        pick = .list(cards, number)
        selected = min(selected, max(0, cards.count - 1))
        if cards.isEmpty, let phoneStep = history.popLast() {
            let typed = values
            checkpoint = phoneStep
            values = typed
            failure = Self.noLinkedCard(number)
        }
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
            if let resendAt, context.now >= resendAt { self.resendAt = nil }
        case let .transit(answer):
            take(answer, now: context.now)
        case let .nol(reading):
            take(reading)
        case let .key(key):
            fieldErrors = [:]
            notice = nil
            newCodeSent = false
            guard !fields.isEmpty, !busy else { break }
            switch key {
            case let .character(character): type(String(character))
            case .space: type(" ")
            default: _ = values[focus, default: EditableText()].apply(key)
            }
            if codeIsComplete { return perform(.submit, context: context) }
        case let .paste(text):
            fieldErrors = [:]
            notice = nil
            newCodeSent = false
            if !fields.isEmpty, !busy { type(text) }
            if codeIsComplete { return perform(.submit, context: context) }
        case let .scroll(lines):
            let count = chooserRowCount
            if count > 0, !busy { selected = max(0, min(count - 1, selected + lines)) }
        case .engine, .ledger:
            break
        }
        return drainLog()
    }

    /// A click on a card chooses it, and on the card already chosen does what Enter does (taps
    /// it, pays, opens My cards' actions), so a stray click never pays; a click on one of My
    /// cards' actions does it, and on another card closes them. A click on a field puts the caret
    /// where it lands.
    public mutating func click(_ target: Click, column: Int, context: ScreenContext) -> [ScreenEffect] {
        guard !busy else { return drainLog() }
        switch target {
        case let .row(index):
            if isChoosingAction {
                let effects = stepBack(context: context)
                selected = min(index, max(0, chooserRowCount - 1))
                return effects
            }
            guard index < chooserRowCount else { break }
            if index == selected { return perform(.submit, context: context) }
            selected = index
        case let .action(index):
            guard isChoosingAction, index < chooserRowCount else { break }
            selected = index
            return perform(.submit, context: context)
        case let .field(field, start):
            guard fields.contains(field) else { break }
            focus = field
            var edited = values[field] ?? EditableText()
            if let start { edited.moveCaret(toColumn: start + column, in: edited.text) { _ in true } } else { edited.moveToEnd() }
            values[field] = edited
        }
        return drainLog()
    }

    /// Whether the one-time code has its sixth digit, on the code step with nothing out: it then
    /// goes off by itself, as Enter would send it.
    var codeIsComplete: Bool {
        stage == .code && focus == .code && !busy && values[.code]?.count == Self.limit(of: .code)
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

    /// Asks the Nol system for `call`: the screen is busy until its answer comes.
    private mutating func ask(_ call: NolTransitCall) {
        busy = true
        logged.append(.transit(call))
    }

    /// A mobile number as the screens and the log show it, in international groups
    /// (`+971 50 123 4567`); text that is not a number stays as it is.
    static func grouped(_ phone: String) -> String {
        (try? MobileNumber.parse(phone).get())?.grouped ?? phone
    }

    /// The failure that says a number has no linked card; ``advice(for:)`` says where to link one.
    static func noLinkedCard(_ number: MobileNumber) -> NolPayError {
        let message = "No card is linked to \(number.grouped)."
        return NolPayError(errorId: "no-linked-card", code: "no-linked-card", message: message, description: message,
                           recoverySuggestion: "Link one first, with checkout nol link.")
            .saying(LocalizedText(.nolNoLinkedCard, number.grouped), LocalizedText(.nolNoLinkedCardAdvice))
    }

    /// The characters a field takes: the code and the card number digits only (Unicode digits
    /// become ASCII ones, as on the card form), the phone digits and the separators a number is
    /// written with.
    static func accepted(_ character: Character, in field: Field) -> String? {
        let digit = CardNumberNormalizer.asciiDigits(in: String(character), limit: 1)
        if !digit.isEmpty { return digit }
        if field == .phone, " +-()".contains(character) { return String(character) }
        return nil
    }

    /// The hint shown when a field refuses a key.
    static func refusal(for field: Field) -> LocalizedText {
        LocalizedText(field == .phone ? .nolRefusedPhone : .nolRefusedDigits)
    }

    /// The most characters each field holds.
    static func limit(of field: Field) -> Int {
        switch field {
        case .code: OneTimeCode.length
        case .card: 19
        case .phone: 20
        }
    }

    /// Inserts typed or pasted text at the caret: the characters the field takes, up to its length
    /// (a pasted line break never submits); anything refused shows a short hint until the next key.
    private mutating func type(_ text: String) {
        let limit = Self.limit(of: focus)
        let printable = EditableText.printable(text, keepSpaces: false, limit: limit * 4)
        var kept = ""
        var refused = false
        for character in printable {
            if let accepted = Self.accepted(character, in: focus) {
                kept += accepted
            } else if !(focus == .card && character == " ") {
                // Spaces between a card number's groups are harmless: the number is its digits.
                refused = true
            }
        }
        values[focus, default: EditableText()].insert(kept, limit: limit)
        if refused { notice = Self.refusal(for: focus) }
        if values[focus]?.isEmpty ?? true {
            if refused { refusedWhileEmpty.insert(focus) }
        } else {
            refusedWhileEmpty.remove(focus)
        }
    }

    /// What a phone number field that refused all it was given says on submit, instead of "cannot be blank".
    static let onlyRefusedCharacters = NolPayValidationError(
        errorId: "invalid-phone-number", description: "Phone number is not valid: it takes digits, not letters.",
        recoverySuggestion: "Type the mobile number with digits, such as 050 123 4567, or +44 7700 900123.")
        .saying(LocalizedText(.nolOnlyRefused), LocalizedText(.nolOnlyRefusedAdvice))

    /// Shows `field`'s validation error, if any (when it is left).
    mutating func validate(_ field: Field) {
        let value = values[field]?.text ?? ""
        guard !value.isEmpty else { return }
        let error: NolPayValidationError? = switch field {
        case .card: NolPayValidator.cardNumber(value).failure
        case .phone: NolPayValidator.mobileNumber(value).failure
        case .code: NolPayValidator.otpCode(value).failure
        }
        fieldErrors[field] = error
    }

    private mutating func submit() {
        let phone = values[.phone]?.text ?? "", code = values[.code]?.text ?? ""
        switch machine {
        case var .link(link):
            var actions: [NolPayLinkCardStateMachine.Action] = []
            if stage == .scan, readerCards.indices.contains(selected) {
                let tapped = readerCards[selected].cardNumber
                actions = link.submit()
                machine = .link(link)
                if actions.contains(.perform(.scanCard)) {
                    cardFailures[tapped] = nil
                    cardInFlight = tapped
                    chosenCard = tapped
                    log("nolTap", "card \(CardNumberMask.lastFour(String(tapped.suffix(4)))) held to the reader")
                    ask(.tapAndScan(cardNumber: tapped))
                }
                apply(link: actions.filter { if case .perform = $0 { false } else { true } })
                return
            }
            if stage == .phone { apply(link: link.update(.phoneData(mobileNumber: phone))) }
            if stage == .code { apply(link: link.update(.otpData(otpCode: code))) }
            let checksCode = stage == .code
            actions = link.submit()
            machine = .link(link)
            apply(link: actions)
            codeInFlight = checksCode && busy
        case .unlink, .pay, .cards:
            if stage == .code, case var .unlink(unlink) = machine {
                apply(unlink: unlink.update(.otpData(otpCode: code)))
                let actions = unlink.submit()
                machine = .unlink(unlink)
                apply(unlink: actions)
                codeInFlight = busy
                return
            }
            switch pick {
            case .phone:
                lookUpLinkedCards(phone)
            case let .list(cards, number):
                if cards.indices.contains(selected) {
                    if flow == .cards {
                        stage = .cardActions(selected)
                        selected = 0
                    } else {
                        submitCardAndPhone(card: cards[selected].cardNumber, phone: number.e164)
                    }
                } else {
                    pick = .typed(cards, number)
                    focus = .card
                    values[.card, default: EditableText()].moveToEnd()
                }
            case let .typed(_, number):
                submitCardAndPhone(card: values[.card]?.text ?? "", phone: number.e164)
            }
        }
    }

    /// Carries My cards on as the pay or unlink flow for the card at `index` of the list, with the
    /// number and the card already given: paying asks the Nol system at once, unlinking sends the
    /// code. The list stays the step Esc goes back to.
    private mutating func act(_ action: CardAction, onCardAt index: Int) {
        guard case let .list(cards, number) = pick, cards.indices.contains(index) else { return }
        switch action {
        case .pay:
            var pay = NolPayPaymentStateMachine(amount: nol.fare, currency: nol.currency)
            _ = pay.start()
            flow = .pay
            machine = .pay(pay)
        case .unlink:
            var unlink = NolPayUnlinkCardStateMachine()
            _ = unlink.start()
            flow = .unlink
            machine = .unlink(unlink)
        }
        stage = .cardAndPhone
        selected = index
        submitCardAndPhone(card: cards[index].cardNumber, phone: number.e164)
    }

    /// Asks for the cards linked to `phone`, after checking it is a mobile number.
    private mutating func lookUpLinkedCards(_ phone: String) {
        if case let .failure(error) = NolPayValidator.mobileNumber(phone) {
            fieldErrors[.phone] = refusedWhileEmpty.contains(.phone) && error == NolPayValidator.blankPhone ? Self.onlyRefusedCharacters : error
            log("nolValidation", "invalid: \(error.errorId)")
            return
        }
        ask(.linkedCards(mobileNumber: phone))
    }

    /// Hands the chosen card and the looked-up number to the pay or unlink machine: the same
    /// `cardAndPhoneData`/`paymentData` the headless components collect.
    private mutating func submitCardAndPhone(card typed: String, phone: String) {
        let card = typed.filter { $0 != " " }
        cardFailures[card] = nil
        chosenCard = card
        switch machine {
        case var .unlink(unlink):
            apply(unlink: unlink.update(.cardAndPhoneData(nolPaymentCard: NolPaymentCard(cardNumber: card), mobileNumber: phone)))
            let actions = unlink.submit()
            machine = .unlink(unlink)
            apply(unlink: actions)
        case var .pay(pay):
            apply(pay: pay.update(.paymentData(cardNumber: card, mobileNumber: phone)))
            let actions = pay.submit()
            machine = .pay(pay)
            apply(pay: actions)
        default:
            break
        }
        if busy { cardInFlight = card }
    }

    /// Feeds one Transit answer back into the flow's machine; `now` is the app's clock, which the
    /// new-code countdown runs on.
    private mutating func take(_ answer: NolTransitAnswer, now: Duration) {
        busy = false
        let card = cardInFlight, checkedCode = codeInFlight
        cardInFlight = nil
        codeInFlight = false
        defer {
            if !busy, let before = pendingStep { recordStep(from: before) }
            // A code that the Nol system says no longer works is marked so in the SMS panel.
            switch codeEntry?.spent {
            case .usedUp: smsDead = .nolCodeUsedUp
            case .expired: smsDead = .nolCodeExpired
            case nil: break
            }
        }
        if flow == .link || flow == .unlink, let message = answer.sms, message.id > smsBaseline, message != sms {
            newCodeSent = sms != nil
            sms = message
            smsDead = nil
            resendAt = now + .seconds(nol.resendCooldown)
            log("nolSMS", "to \(Self.grouped(message.mobileNumber)) (\(newCodeSent ? "new code" : "code") sent)")
        }
        switch (answer.result, machine) {
        case let (.linkedCards(mobileNumber, result), _):
            found(result, for: mobileNumber)
            return
        case (.link(let completion), var .link(link)):
            let actions = link.complete(completion)
            machine = .link(link)
            apply(link: actions)
        case (.unlink(let completion), var .unlink(unlink)):
            let actions = unlink.complete(completion)
            machine = .unlink(unlink)
            apply(unlink: actions)
        case (.pay(let completion), var .pay(pay)):
            let actions = pay.complete(completion)
            machine = .pay(pay)
            apply(pay: actions)
        default:
            // An answer for a machine this screen no longer runs.
            return
        }
        // A failure about the card just tapped or chosen is that card's, while there are cards to
        // choose from; a decline ends the flow and stays on its result.
        if let card, let error = failure, !isFinished {
            cardFailures[card] = error
            failure = nil
        }
        // A refused code cannot be mended digit by digit: the field empties for the next try.
        if checkedCode, failure != nil { values[.code] = nil }
    }

    /// Shows the cards linked to the number as a list to choose from; no card at all says where
    /// to link one, and the flow stays on the number.
    private mutating func found(_ result: Result<[NolPaymentCard], NolPayError>, for mobileNumber: String) {
        switch result {
        case let .failure(error):
            failure = error
            log("nolError", "\(error.errorId) \(error.code): \(error.message)")
        case let .success(cards):
            log("nolLinkedCards", "\(cards.count) for \(Self.grouped(mobileNumber))"
                + (cards.isEmpty ? "" : ": " + cards.map { CardNumberMask.lastFour($0.last4) }.joined(with: ", ")))
            guard case let .success(number) = NolPayValidator.mobileNumber(mobileNumber) else { return }
            if cards.isEmpty {
                failure = Self.noLinkedCard(number)
                return
            }
            pick = .list(cards, number)
            selected = 0
        }
    }

    private mutating func apply(link actions: [NolPayLinkCardStateMachine.Action]) {
        apply(actions, step: Step.link, call: NolTransitCall.link)
    }

    private mutating func apply(unlink actions: [NolPayUnlinkCardStateMachine.Action]) {
        apply(actions, step: Step.unlink, call: NolTransitCall.unlink)
    }

    private mutating func apply(pay actions: [NolPayPaymentStateMachine.Action]) {
        apply(actions, step: Step.pay, call: NolTransitCall.pay)
    }

    /// A step of whichever machine the flow runs, typed.
    enum Step: Sendable, Equatable {
        case link(NolPayLinkCardStep)
        case unlink(NolPayUnlinkDataStep)
        case pay(NolPayPaymentStep)
    }

    /// Applies a machine's actions: its steps become the screen's stages (`step` says which
    /// machine's they are), its effects Transit calls (`call`).
    private mutating func apply<MachineStep, Data, Effect>(_ actions: [NolPayAction<MachineStep, Data, Effect>],
                                                           step: (MachineStep) -> Step, call: (Effect) -> NolTransitCall) {
        for action in actions {
            switch action {
            case let .emit(.step(machineStep)):
                log("nolStep", describe(step(machineStep)))
                enter(step(machineStep))
            case let .emit(.outcome(outcome)):
                enter(outcome)
            case let .emit(.validation(.invalid(errors), _)):
                logValidation("invalid: " + errors.map(\.errorId).joined(with: ", "))
                show(errors)
            case .emit(.validation(.validating, _)):
                break
            case let .emit(.validation(status, _)):
                logValidation(status.name)
            case let .emit(.error(error)):
                log("nolError", "\(error.errorId) \(error.code): \(error.message)")
                failure = error
            case let .perform(effect): ask(call(effect))
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
            // Someone who typed only letters is not told the field is blank.
            let shown = field == .phone && refusedWhileEmpty.contains(.phone) && error == NolPayValidator.blankPhone ? Self.onlyRefusedCharacters : error
            if fieldErrors[field] == nil { fieldErrors[field] = shown }
        }
        if let first = fields.first(where: { fieldErrors[$0] != nil }) { focus = first }
    }

    /// A step as the event log names it: the seed's name, and the card's last four or the number
    /// it concerns; never a whole card number. The SDK's unlink steps and last steps carry nothing,
    /// so what they concern is the machine's (it holds it once the step is out).
    func describe(_ step: Step) -> String {
        switch (step, machine) {
        case let (.link(.collectPhoneData(card)), _): "collectPhoneData \(CardNumberMask.lastFour(String(card.suffix(4))))"
        case let (.link(.collectOtpData(phone)), _): "collectOtpData \(Self.grouped(phone))"
        case let (.unlink(.collectOtpData), .unlink(unlink)): "collectOtpData \(Self.grouped(unlink.codeSentTo ?? ""))"
        case let (.link(.cardLinked), .link(link)): "cardLinked \(CardNumberMask.lastFour(link.linkedCard?.last4 ?? ""))"
        case let (.unlink(.cardUnlinked), .unlink(unlink)): "cardUnlinked \(CardNumberMask.lastFour(unlink.unlinkedCard?.last4 ?? ""))"
        case let (.link(step), _): step.name
        case let (.unlink(step), _): step.name
        case let (.pay(step), _): step.name
        }
    }

    private mutating func enter(_ step: Step) {
        switch step {
        case .link(.collectTagData): stage = .scan
        case .link(.collectPhoneData): stage = .phone; focus = .phone
        case let .link(.collectOtpData(phone)): enterCode(sentTo: phone)
        case .unlink(.collectOtpData):
            if case let .unlink(unlink) = machine { enterCode(sentTo: unlink.codeSentTo ?? "") }
        // A refused payment comes back here; the chooser stays so another card is one key away.
        case .unlink(.collectCardAndPhoneData), .pay(.collectCardAndPhoneData): stage = .cardAndPhone
        case .pay(.paymentRequested):
            stage = .requested
            said.append(.nolAskingSaid)
        default: break
        }
    }

    private mutating func enterCode(sentTo phone: String) {
        stage = .code
        focus = .code
        values[.code] = nil
        codeSentTo = Self.grouped(phone)
    }

    /// What the flow produced: the card linked or unlinked, or the payment's result (which the SDK
    /// gives the checkout delegate rather than a step).
    private mutating func enter(_ outcome: NolPayOutcome) {
        switch outcome {
        case let .cardLinked(card): stage = .linked(card)
        case let .cardUnlinked(card): stage = .unlinked(card.cardNumber)
        case let .checkoutCompleted(payment):
            log("nolCheckout", "checkoutCompleted \(payment.id) \(payment.status) \(MoneyText.format(minorUnits: payment.amount, currency: payment.currency)) \(CardNumberMask.lastFour(payment.last4))")
            stage = .paid(payment)
        case let .checkoutFailed(payment):
            log("nolCheckout", "checkoutFailed \(payment.id) \(payment.status) \(MoneyText.format(minorUnits: payment.amount, currency: payment.currency)) \(CardNumberMask.lastFour(payment.last4))")
            stage = .declined(payment)
        }
    }
}
