import CheckoutStore
import NolPay
import Synchronization

/// Drives one Nol Pay component (the same state machine the full-screen Nol screens run) and
/// hands back, after each call, every event it emitted, in order.
///
/// The component's event handler sees events as they are emitted; ``send(_:)`` waits until the
/// Transit calls the step started have answered, so the events come back complete and in order.
final class NolComponentDriver<Machine: NolPayStateMachine> {
    typealias Event = NolPayComponent<Machine>.Event

    let component: NolPayComponent<Machine>
    private let buffer = EventBuffer<Event>()

    init(_ component: NolPayComponent<Machine>) async {
        self.component = component
        let buffer = self.buffer
        await component.setEventHandler { buffer.append($0) }
    }

    /// Runs `action` on the component and returns the events it led to.
    func send(_ action: @Sendable (NolPayComponent<Machine>) async -> Void) async -> [Event] {
        await action(component)
        await component.waitUntilIdle()
        return buffer.drain()
    }

    /// Puts `data` in (when there is some) and submits, as a person's answer is: the validation
    /// errors of refused data are said and nothing is submitted; otherwise each step and outcome
    /// that comes out goes to `outcome`, in order, until one gives a value, which is returned, and
    /// the errors met on the way are said. `nil` when the data was refused or nothing gave a value.
    func submit<Value>(_ data: Machine.CollectableData? = nil, saying sentences: NolSentences,
                       until outcome: (NolProgress<Machine.Step>) -> Value?) async -> Value? {
        if let data, sentences.sayInvalid(await send({ await $0.updateCollectedData(data) })) { return nil }
        for event in await send({ await $0.submit() }) {
            switch event {
            case let .step(step):
                if let value = outcome(.step(step)) { return value }
            case let .outcome(produced):
                if let value = outcome(.outcome(produced)) { return value }
            case let .error(error):
                sentences.say(error)
            case .validation:
                break
            }
        }
        return nil
    }
}

/// A step a component went to, or what its flow produced (the SDK's last steps carry nothing).
enum NolProgress<Step> {
    case step(Step)
    case outcome(NolPayOutcome)
}

/// The Nol flows that end with a code sent by SMS (link and unlink): what their code step and
/// their code data are, so one conversation serves both.
protocol NolCodeStateMachine: NolPayStateMachine {
    /// Whether `step` is the one that collects the code (a code has just been sent).
    static func collectsCode(_ step: Step) -> Bool
    /// The code as the component collects it.
    static func code(_ text: String) -> CollectableData
}

extension NolPayLinkCardStateMachine: NolCodeStateMachine {
    static func collectsCode(_ step: NolPayLinkCardStep) -> Bool { if case .collectOtpData = step { true } else { false } }
    static func code(_ text: String) -> NolPayLinkCollectableData { .otpData(otpCode: text) }
}

extension NolPayUnlinkCardStateMachine: NolCodeStateMachine {
    static func collectsCode(_ step: NolPayUnlinkDataStep) -> Bool { if case .collectOtpData = step { true } else { false } }
    static func code(_ text: String) -> NolPayUnlinkCollectableData { .otpData(otpCode: text) }
}

/// How the code question ended.
enum NolCodeAnswer<Value> {
    case done(Value)
    case back
    case end
}

extension NolComponentDriver where Machine: NolCodeStateMachine {
    /// Submits `data` (the mobile number, or the card and number) so that a code goes out by SMS,
    /// and says the SMS; whether it went.
    func sendCode(_ data: Machine.CollectableData, saying sentences: NolSentences) async -> Bool {
        await submit(data, saying: sentences) { progress -> Bool? in
            guard case let .step(step) = progress, Machine.collectsCode(step) else { return nil }
            sentences.sayNewSMS()
            return true
        } ?? false
    }

    /// Asks for the code from the SMS until it leads to a step `outcome` takes (said there);
    /// `resend` asks for a new code, a wrong code is said and asked again.
    func askCode<Value>(_ prompt: String, in conversation: Conversation, saying sentences: NolSentences,
                        until outcome: (NolProgress<Machine.Step>) -> Value?) async -> NolCodeAnswer<Value> {
        let question = Conversation.Question(
            prompt: prompt,
            help: ["The code in the SMS line above. Type resend for a new code (after 30 seconds)."],
            echo: { String(repeating: "•", count: $0.count) })
        while true {
            switch await conversation.ask(question) {
            case .end: return .end
            case .back: return .back
            case let .answer(text) where text.lowercased() == "resend":
                for event in await send({ await $0.resendCode() }) {
                    if case let .step(step) = event, Machine.collectsCode(step) { sentences.sayNewSMS() }
                    if case let .error(error) = event { sentences.say(error) }
                }
            case let .answer(text):
                if let value = await submit(Machine.code(text), saying: sentences, until: outcome) { return .done(value) }
            }
        }
    }
}

/// Events gathered as they are emitted, until taken.
final class EventBuffer<Event: Sendable>: Sendable {
    private let events = Mutex<[Event]>([])

    func append(_ event: Event) {
        events.withLock { $0.append(event) }
    }

    func drain() -> [Event] {
        events.withLock { events in
            defer { events = [] }
            return events
        }
    }
}

/// What the Nol flows say the same way: errors with what to do next, cards, SMS, and the
/// questions they share.
final class NolSentences {
    let conversation: Conversation
    let transit: SimulatedTransit
    /// The newest SMS when the flow opened; only later ones are the flow's.
    private(set) var smsBaseline: Int

    init(conversation: Conversation, transit: SimulatedTransit) {
        self.conversation = conversation
        self.transit = transit
        smsBaseline = (try? transit.store.messages().last?.id) ?? 0
    }

    func say(_ error: NolPayError) {
        conversation.say("\(error.message)\n\(error.recoverySuggestion)")
    }

    func say(_ errors: [NolPayValidationError]) {
        for error in errors { conversation.say("\(error.description)\n\(error.recoverySuggestion)") }
    }

    /// The validation errors among `events`, said; whether there were any.
    @discardableResult
    func sayInvalid<Step, Data>(_ events: [NolPayComponentEvent<Step, Data>]) -> Bool {
        var invalid = false
        for case let .validation(.invalid(errors), _) in events {
            if !invalid { say(errors) }
            invalid = true
        }
        return invalid
    }

    /// Says the SMS that the last step sent, as one line: `SMS to +971 50 123 4567: your code is 123456`.
    func sayNewSMS() {
        guard let message = try? transit.store.messages(after: smsBaseline).last else { return }
        smsBaseline = message.id
        conversation.say("SMS to \(PlainText.phone(message.mobileNumber)): your code is \(message.code)")
    }

    /// A card as the reader lists it: label, last four digits, balance or why it cannot be used.
    static func line(_ card: NolCardRecord) -> String {
        let state = card.status == "active" ? NolAmount.format(card.balance, currency: "AED") : card.status
        return "\(card.label), \(PlainText.maskedCard(lastFour: String(card.cardNumber.suffix(4)))), \(state)"
    }

    /// A linked card: label, last four digits, balance.
    static func line(_ card: NolPaymentCard) -> String {
        "\(card.label), \(PlainText.maskedCard(lastFour: card.last4)), \(NolAmount.format(card.balance, currency: "AED"))"
    }

    static let phoneHelp = ["The mobile number the code goes to: a UAE mobile such as 050 123 4567, or an international number starting with +."]

    /// The question for a mobile number.
    static func phoneQuestion(_ prompt: String, current: String?) -> Conversation.Question {
        Conversation.Question(prompt: prompt, defaultAnswer: current, help: phoneHelp)
    }

    /// The cards linked to `phone`, or the failure said (an invalid number, the Nol system failing).
    func linkedCards(_ phone: String) async -> [NolPaymentCard]? {
        switch await NolPayLinkedCardsComponent(transit: transit).getLinkedCardsFor(mobileNumber: phone) {
        case let .success(cards): return cards
        case let .failure(error):
            say(error)
            return nil
        }
    }

    enum LinkedCards {
        /// The number as typed, and the cards linked to it (perhaps none).
        case found(phone: String, cards: [NolPaymentCard])
        case back
        case end
    }

    /// Asks for a mobile number until the Nol system answers with the cards linked to it; `phone`
    /// is the number typed last (the question's default), kept for the next time.
    func askLinkedCards(_ prompt: String, phone: inout String?) async -> LinkedCards {
        while true {
            switch await conversation.ask(Self.phoneQuestion(prompt, current: phone)) {
            case .end: return .end
            case .back: return .back
            case let .answer(text):
                phone = text
                guard let cards = await linkedCards(text) else { continue }
                return .found(phone: text, cards: cards)
            }
        }
    }

    enum Next { case again, home, back, end }

    /// "What next?" after a flow's work is done: `again` (link another card, pay again…) or Home.
    func whatNext(_ again: String) async -> Next {
        conversation.say("What next?")
        switch await conversation.choose([again, "Home"], prompt: "", defaultIndex: 1, help: []) {
        case .end: return .end
        case .back: return .back
        case .chose(0): return .again
        case .chose: return .home
        }
    }
}

/// The first steps of paying and unlinking: the mobile number, then one of the cards linked to it
/// (or a card number typed by hand), as the full-screen Nol screens ask them.
final class LinkedCardPicker {
    /// A card and the number it is linked to, ready for the component.
    struct Pick {
        var cardNumber: String
        /// The number in E.164 form, as the component collects it.
        var mobileNumber: String
    }

    enum Result {
        case picked(Pick)
        case back
        case end
    }

    let conversation: Conversation
    let sentences: NolSentences
    /// What the card is picked for: "pay with", "unlink".
    let verb: String
    private var phone: String?
    private var found: (number: String, cards: [NolPaymentCard])?
    private var typed: String?

    init(conversation: Conversation, sentences: NolSentences, verb: String) {
        self.conversation = conversation
        self.sentences = sentences
        self.verb = verb
    }

    /// Looks the cards linked to the number up again (their balances changed, one was unlinked);
    /// the number is asked again when none is left.
    func refresh() async {
        guard let number = found?.number else { return }
        let cards = await sentences.linkedCards(number) ?? []
        found = cards.isEmpty ? nil : (number, cards)
    }

    /// Asks for the number and the card; after a step back from a later question, the card again.
    func pick() async -> Result {
        while true {
            if found == nil {
                switch await askPhone() {
                case .end: return .end
                case .back: return .back
                case .found: continue
                }
            }
            switch await chooseCard() {
            case let .picked(pick): return .picked(pick)
            case .end: return .end
            case .back: found = nil
            }
        }
    }

    private enum PhoneStep { case found, back, end }

    private func askPhone() async -> PhoneStep {
        while true {
            switch await sentences.askLinkedCards("Mobile number the card is linked to", phone: &phone) {
            case .end: return .end
            case .back: return .back
            case let .found(text, cards):
                if cards.isEmpty {
                    conversation.say("No card is linked to \(PlainText.phone(text)). Link one first: home menu, Nol Pay: link a card.")
                    continue
                }
                guard case let .success(number) = NolPayValidator.mobileNumber(text) else { continue }
                found = (number.e164, cards)
                return .found
            }
        }
    }

    private func chooseCard() async -> Result {
        guard let found else { return .back }
        let typeOption = "Type a card number"
        while true {
            conversation.say("Cards linked to \(PlainText.phone(found.number)); which do you want to \(verb)?")
            let options = found.cards.map(NolSentences.line) + [typeOption]
            switch await conversation.choose(options, prompt: "", defaultIndex: 0,
                                             help: ["The cards linked to this number; the last choice lets you type a Nol card number."]) {
            case .end: return .end
            case .back: return .back
            case let .chose(index) where index < found.cards.count:
                return .picked(Pick(cardNumber: found.cards[index].cardNumber, mobileNumber: found.number))
            case .chose:
                let question = Conversation.Question(
                    prompt: "Nol card number (printed on the back of the card)", defaultAnswer: typed,
                    help: ["The digits printed on the back of the Nol card."])
                switch await conversation.ask(question) {
                case .end: return .end
                case .back: continue
                case let .answer(text):
                    typed = text
                    return .picked(Pick(cardNumber: text, mobileNumber: found.number))
                }
            }
        }
    }
}
