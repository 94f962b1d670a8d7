import CheckoutCore
import CheckoutEngine
import CheckoutTUI
import FoundationEssentials

/// Pay by card as a conversation over a ``RawDataManager``: card number → what the engine learns
/// about its networks (the BIN answer awaited through the engine's events) → the network, when the
/// card is co-badged → expiry → security code → name → confirmation → the engine pays.
///
/// Each answer goes to the engine as raw card data, as the full-screen form's keystrokes do, and
/// is checked by the engine's own ``CardValidator`` against the engine's current metadata, so the
/// messages are the form's. The engine's `submit` stays the authority: a payment it refuses sends
/// the person back to the field it names.
final class CardPaymentFlow {
    enum Question { case number, network, expiry, cvv, name, confirm }

    let conversation: Conversation
    let catalogue: NetworkCatalogue
    let settings: CheckoutSettings
    let engine: RawDataManager
    let validator: CardValidator
    let resolver: CardNetworkResolver
    let now: @Sendable () -> Date
    private var localCalendar = LocalCalendar()
    private var events: AsyncStream<CheckoutEvent>.AsyncIterator

    /// The card as answered so far, as the engine has it.
    private var data = CardData()
    /// What the engine said about the number's networks once its BIN answer (or fallback) came.
    private var metadata: CardNumberEntryMetadata?
    /// Whether the current card data went to the processor.
    private var submitted = false
    /// The total the cardholder last said yes to.
    private var confirmedTotal: Int?

    init(conversation: Conversation, catalogue: NetworkCatalogue, settings: CheckoutSettings, engine: RawDataManager,
         now: @escaping @Sendable () -> Date) {
        self.conversation = conversation
        self.catalogue = catalogue
        self.settings = settings
        self.engine = engine
        self.now = now
        validator = CardValidator(catalogue: catalogue, session: settings.session)
        resolver = CardNetworkResolver(catalogue: catalogue, session: settings.session)
        events = engine.events().makeAsyncIterator()
    }

    private var say: (String) -> Void { conversation.say }

    private var amount: String { PlainText.money(settings.amount, currency: settings.currency) }

    /// The networks the cardholder chooses between, when the card is co-badged and no network is
    /// selected for them (eftpos routing).
    private var choices: [DetectedCardNetwork]? {
        guard let items = metadata?.chooserNetworks?.items, items.count >= 2 else { return nil }
        return items
    }

    /// What paying with `network` adds, from the engine's metadata (the session's surcharge).
    private func surcharge(for network: CardNetwork?) -> Int {
        metadata?.detectedCardNetworks.items.first { $0.network == network }?.surcharge ?? 0
    }

    func run() async -> FlowEnd {
        // The order first, as the session gives it: who is paid, for what.
        let order = OrderSummary(settings.session, mode: .unicode)
        if order.hasDetails {
            let heading = [order.merchantName, order.orderId.map { "order \($0)" }].compactMap { $0 }.joined(separator: ", ")
            say(([heading.isEmpty ? "Your order:" : heading + ":"] + order.itemLines.map { "  " + $0 } + ["  Order total \(order.total)"])
                .joined(separator: "\n"))
        }
        say("Pay by card: \(amount). \(acceptedSentence)")
        var question = Question.number
        while true {
            let step: Step
            switch question {
            case .number: step = await askNumber()
            case .network: step = await askNetwork()
            case .expiry: step = await askExpiry()
            case .cvv: step = await askSecurityCode()
            case .name: step = await askName()
            case .confirm:
                switch await confirmAndPay() {
                case let .goTo(next): question = next; continue
                case let .finished(end): return end
                }
            }
            switch step {
            case .next:
                question = next(after: question)
            case .back:
                if question == .number {
                    switch await leave() {
                    case .stay: continue
                    case let .finished(end): return end
                    }
                }
                question = previous(before: question)
            case .end:
                return endOfInput()
            }
        }
    }

    /// What one question led to.
    enum Step { case next, back, end }

    private func next(after question: Question) -> Question {
        switch question {
        case .number: return choices != nil ? .network : .expiry
        case .network: return .expiry
        case .expiry: return .cvv
        case .cvv: return settings.session.collectsCardholderName ? .name : .confirm
        case .name, .confirm: return .confirm
        }
    }

    private func previous(before question: Question) -> Question {
        switch question {
        case .number, .network: return .number
        case .expiry: return choices != nil ? .network : .number
        case .cvv: return .expiry
        case .name: return .cvv
        case .confirm: return settings.session.collectsCardholderName ? .name : .cvv
        }
    }

    private func endOfInput() -> FlowEnd {
        if !submitted { say("Nothing was paid.") }
        return .end
    }

    /// `back` at the first question leaves the flow, asking first when answers would be lost.
    private enum Leaving { case stay, finished(FlowEnd) }

    private func leave() async -> Leaving {
        let entered = !data.cardNumber.isEmpty || !data.expiryDate.isEmpty || !data.cvv.isEmpty || !data.cardholderName.isEmpty
        guard entered else { return .finished(.leave) }
        switch await conversation.confirm("Leave this payment? What you typed is forgotten.", defaultYes: false,
                                          help: ["y leaves the payment without paying; n (or Enter) goes on with it."]) {
        case .yes: return .finished(.leave)
        case .no, .back: return .stay
        case .end: return .finished(endOfInput())
        }
    }

    // MARK: Networks

    private var acceptedSentence: String {
        guard let allowed = settings.allowedNetworks else { return "Every card network is accepted." }
        let names = allowed.map { catalogue.info($0).displayName }
        if names.count <= 6 { return "We accept \(PlainText.list(names))." }
        return "We accept \(names.prefix(3).joined(separator: ", ")) and \(names.count - 3) more networks."
    }

    private func names(_ items: [DetectedCardNetwork]) -> String {
        PlainText.list(items.filter { $0.network != .other }.map { $0.displayName + ($0.allowed ? "" : " (not accepted)") })
    }

    /// Tells the engine the number, waits for its BIN answer when the number has a BIN, and says
    /// what the engine learned.
    private func learnNetworks() async {
        await engine.setRawData(data)
        let normalized = CardNumberNormalizer.normalize(data.cardNumber)
        metadata = await engine.currentMetadata
        guard !normalized.isMalformed, normalized.digits.count >= CardNetworkResolver.binLength else { return }
        if metadata?.source == .local {
            // With the service off the wait is the debounce only, and the fallback line says it all.
            if settings.binSource != .off {
                let local = metadata.map { names($0.detectedCardNetworks.items) } ?? ""
                say((local.isEmpty ? "Card network: not known from the first digits" : "Card network: \(local)")
                    + "; asking the BIN service...")
            }
            metadata = await binAnswer()
        }
        guard let metadata else { return }
        let found = names(metadata.detectedCardNetworks.items)
        switch metadata.source {
        case .remote:
            say("BIN service: \(found.isEmpty ? "no network" : found).")
        case .localFallback:
            let network = found.isEmpty ? "not known from the first digits" : found
            if metadata.fallbackReason == .noBinData {
                say("No BIN data for this card: networks from local rules. Card network: \(network).")
            } else {
                say("BIN service \(settings.binSource == .off ? "off" : "unavailable"): using local rules. Card network: \(network).")
            }
        case .local:
            break
        }
    }

    /// The engine's answer for the current number: its metadata once it is no longer from local
    /// rules (REMOTE, or LOCAL_FALLBACK once the service failed or the lookup timeout passed).
    ///
    /// Each `didReceiveMetadata` event wakes the wait; the engine's current metadata decides, so an
    /// event still queued from an earlier number can never be taken for this one's answer.
    private func binAnswer() async -> CardNumberEntryMetadata? {
        while true {
            let current = await engine.currentMetadata
            if let current, current.source != .local { return current }
            var event: CheckoutEvent?
            repeat {
                event = await events.next()
                guard event != nil else { return current }
            } while !Self.isMetadata(event)
        }
    }

    private static func isMetadata(_ event: CheckoutEvent?) -> Bool {
        if case .didReceiveMetadata = event { return true }
        return false
    }

    // MARK: Questions

    private func askNumber() async -> Step {
        let digits = CardNumberNormalizer.normalize(data.cardNumber).digits
        let accepted = (settings.allowedNetworks ?? CardNetwork.allCases.filter { $0 != .other }).map { catalogue.info($0).displayName }
        let question = Conversation.Question(
            prompt: "Card number", defaultAnswer: digits.isEmpty ? nil : data.cardNumber,
            shownDefault: digits.isEmpty ? nil : PlainText.maskedAnswer(digits: digits),
            help: ["The long number on the front of the card, 13 to 19 digits; spaces and dashes are fine.",
                   "Once typed it is only ever shown as its last four digits.",
                   "Accepted networks, in order of preference: \(accepted.joined(separator: ", "))."],
            echo: { PlainText.maskedAnswer(digits: CardNumberNormalizer.normalize($0).digits) })
        while true {
            switch await conversation.ask(question) {
            case .end: return .end
            case .back: return .back
            case let .answer(text):
                // The same number again (Enter on its default) keeps what the engine said about it.
                if text != data.cardNumber || metadata == nil {
                    data.cardNetwork = nil
                    data.cardNumber = text
                    await learnNetworks()
                }
                if let error = validator.validateCardNumber(text, metadata: metadata) {
                    say(error.shownDescription)
                    continue
                }
                announceAutomaticNetwork()
                return .next
            }
        }
    }

    /// An eftpos co-badged card offers no choice: the engine selects the network for the cardholder.
    private func announceAutomaticNetwork() {
        guard let chosen = metadata?.autoSelectedCardNetwork else { return }
        say("This card is co-badged with eftpos: its network is selected automatically, \(chosen.displayName).")
    }

    private func askNetwork() async -> Step {
        guard let choices, let metadata else { return .next }
        say("This card is co-badged: choose the network that carries the payment.")
        let preferred = metadata.chooserNetworks?.preferred?.network
        let options = choices.map { item in
            item.displayName + (item.network == preferred ? " (preferred)" : "")
                + (item.surcharge > 0 ? " +" + PlainText.money(item.surcharge, currency: settings.currency) : "")
        }
        let current = data.cardNetwork.flatMap { network in choices.firstIndex { $0.network == network } }
        let fallback = choices.firstIndex { $0.network == preferred } ?? 0
        switch await conversation.choose(options, prompt: "", defaultIndex: current ?? fallback,
                                         help: ["EU rules let the cardholder choose the network of a co-badged card.",
                                                "Type the number of a network, or press Enter for the one in brackets."]) {
        case .end: return .end
        case .back: return .back
        case let .chose(index):
            data.cardNetwork = choices[index].network
            await engine.setRawData(data)
            return .next
        }
    }

    private func askExpiry() async -> Step {
        let question = Conversation.Question(
            prompt: "Expiry date (MM/YY)", defaultAnswer: data.expiryDate.isEmpty ? nil : data.expiryDate,
            help: ["The month and year printed on the card: 12/30, 1230, 12/2030 or 12 / 30."])
        return await ask(question, \.expiryDate, as: Self.expiry) { [self] expiry in
            let moment = now()
            return validator.validateExpiryDate(expiry, now: moment, calendar: localCalendar.calendar(at: moment))
        }
    }

    /// The expiry as the card form shows it (`12/30`, `12/2030`) in any spelling the one parser
    /// takes (`1230`, `12 / 30`, `12-2030`); anything else as typed.
    static func expiry(_ text: String) -> String {
        ExpiryDate.canonicalText(text) ?? text
    }

    private func askSecurityCode() async -> Step {
        let network = validator.cvvNetwork(for: data, metadata: metadata)
        let info = network.map { catalogue.info($0) }
        let label = info?.cvvLabel ?? "CVV"
        let length = info?.cvvLength.map { "\($0) digits" } ?? "3 or 4 digits"
        let hidden = conversation.canHideInput
        let question = Conversation.Question(
            prompt: "\(label) (\(length)\(hidden ? "; typing is not shown" : ""))",
            defaultAnswer: data.cvv.isEmpty ? nil : data.cvv,
            shownDefault: data.cvv.isEmpty ? nil : String(repeating: "•", count: data.cvv.count),
            help: ["The \(length) security code (\(label)) on the card: on the back, or on the front of American Express cards.",
                   "It is never stored or shown" + (hidden ? "; what you type stays hidden." : ".")],
            hidden: true, echo: { String(repeating: "•", count: $0.count) })
        return await ask(question, \.cvv) { validator.validateCVV($0, network: network) }
    }

    private func askName() async -> Step {
        let question = Conversation.Question(
            prompt: "Cardholder name", defaultAnswer: data.cardholderName.isEmpty ? nil : data.cardholderName,
            help: ["The name as printed on the card: letters, spaces, apostrophes, hyphens and periods."])
        return await ask(question, \.cardholderName) { validator.validateCardholderName($0) }
    }

    /// Asks `question` until `validate` takes the answer (as `normalised`; its error is said and
    /// the question asked again), then keeps it in `field` and hands the data to the engine.
    private func ask(_ question: Conversation.Question, _ field: WritableKeyPath<CardData, String>,
                     as normalised: (String) -> String = { $0 }, validate: (String) -> ValidationError?) async -> Step {
        while true {
            switch await conversation.ask(question) {
            case .end: return .end
            case .back: return .back
            case let .answer(text):
                let value = normalised(text)
                if let error = validate(value) {
                    say(error.shownDescription)
                    continue
                }
                data[keyPath: field] = value
                await engine.setRawData(data)
                return .next
            }
        }
    }

    // MARK: Paying

    private enum Outcome {
        case goTo(Question)
        case finished(FlowEnd)
    }

    private var lastFour: String { String(CardNumberNormalizer.normalize(data.cardNumber).digits.suffix(4)) }

    private func confirmAndPay() async -> Outcome {
        let network = metadata.flatMap { try? resolver.networkForPayment(choice: data.cardNetwork, metadata: $0).get() }
        let with = network.map { " with \(catalogue.info($0).displayName)" } ?? ""
        // The client session's answer for the network once it is in, else the session's surcharge.
        let answered = await engine.clientSessionAmountDue
        let due = answered.flatMap { $0.network != nil && $0.network == network ? $0 : nil }
            ?? AmountDue(network: network, amount: settings.amount, surcharge: surcharge(for: network), currency: settings.currency)
        let total = PlainText.money(due.total, currency: due.currency)
        let included = due.surcharge > 0 ? " (\(PlainText.money(due.surcharge, currency: due.currency)) surcharge included)" : ""
        switch await conversation.confirm("Pay \(total)\(included)\(with), card \(PlainText.maskedCard(lastFour: lastFour))?", defaultYes: true,
                                          help: ["y (or Enter) pays; n leaves without paying."]) {
        case .end: return .finished(endOfInput())
        case .back: return .goTo(settings.session.collectsCardholderName ? .name : .cvv)
        case .no:
            say("Nothing was paid.")
            return .finished(.leave)
        case .yes:
            confirmedTotal = due.total
            return await pay(expectedTotal: due.total)
        }
    }

    /// Pays `expectedTotal`, the total the cardholder said yes to: when the client session's total
    /// turns out to be another, nothing is charged and the new total is asked about.
    private func pay(expectedTotal: Int?) async -> Outcome {
        say("Paying...")
        submitted = true
        await engine.setRawData(data)
        await engine.submit(expectedTotal: expectedTotal)
        while let event = await events.next() {
            switch event {
            case let .checkoutCompleted(payment):
                return await result(payment)
            case let .checkoutFailed(error) where error.errorId == "amount-changed":
                submitted = false
                say("The total changed before the payment went; nothing was charged.")
                return .goTo(.confirm)
            case let .checkoutFailed(error):
                return await refused(error)
            default:
                continue
            }
        }
        return .finished(.end)
    }

    private func result(_ payment: Payment) async -> Outcome {
        let amount = PlainText.money(payment.total, currency: payment.currency)
        let card = "\(amount) with \(catalogue.info(payment.network).displayName), card \(PlainText.maskedCard(lastFour: payment.last4Digits))"
        // Apart from the processor's outcome: a row the ledger will get later.
        let ledger = payment.notRecorded.map { "\nNot recorded in the ledger yet: \($0)." } ?? ""
        switch payment.status {
        case .authorized:
            say("Payment authorized: \(card).\nPayment id \(payment.id).\(ledger)")
            return await whatNext(canRetry: false)
        case .pending:
            say("Payment pending: \(card). The processor has not decided yet; do not pay again.\nPayment id \(payment.id).\(ledger)")
            return await whatNext(canRetry: false)
        case .declined, .failed:
            let word = payment.status == .declined ? "declined" : "failed"
            say("Payment \(word)\(payment.declineReason.map { " (\($0))" } ?? ""): \(card).\nPayment id \(payment.id).\(ledger)")
            return await whatNext(canRetry: true)
        }
    }

    private func refused(_ error: CheckoutError) async -> Outcome {
        let moment = now()
        let errors = validator.validate(data, metadata: metadata, now: moment, calendar: localCalendar.calendar(at: moment))
        if let first = errors.first {
            // The data went stale since it was answered (a card that expired at midnight): fix it.
            submitted = false
            for error in errors { say(error.shownDescription) }
            switch first.inputElementType {
            case .cardNumber: return .goTo(.number)
            case .expiryDate: return .goTo(.expiry)
            case .cvv: return .goTo(.cvv)
            case .cardholderName: return .goTo(.name)
            }
        }
        say(error.errorId == "payment-failed" ? "Payment failed. \(error.description)" : "Payment refused: \(error.description)")
        return await whatNext(canRetry: error.errorId == "payment-failed")
    }

    private func whatNext(canRetry: Bool) async -> Outcome {
        let options = (canRetry ? ["Try again"] : []) + ["Another card", "Home"]
        say("What next?")
        switch await conversation.choose(options, prompt: "", defaultIndex: 0,
                                         help: [(canRetry ? "Try again pays again with the same card; " : "") + "Another card starts a new payment."]) {
        case .end: return .finished(.end)
        case .back: return .finished(.leave)
        case let .chose(index):
            switch options[index] {
            case "Try again":
                return await pay(expectedTotal: confirmedTotal)
            case "Another card":
                data = CardData()
                metadata = nil
                submitted = false
                await engine.setRawData(data)
                say("New payment: \(amount).")
                return .goTo(.number)
            default:
                return .finished(.home)
            }
        }
    }
}
