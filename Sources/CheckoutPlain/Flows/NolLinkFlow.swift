import CheckoutStore
import NolPay

/// Nol Pay: link a card, over ``NolPayLinkCardComponent``: tap a card on the simulated reader →
/// the mobile number → the code from the SMS (shown as one line) → linked.
final class NolLinkFlow {
    private enum Question { case card, phone, code }

    let conversation: Conversation
    let transit: SimulatedTransit
    private let driver: NolComponentDriver<NolPayLinkCardStateMachine>
    private var sentences: NolSentences
    private var tapped: NolCardRecord?
    private var phone: String?

    init(conversation: Conversation, transit: SimulatedTransit) async {
        self.conversation = conversation
        self.transit = transit
        driver = await NolComponentDriver(NolPayLinkCardComponent(transit: transit))
        sentences = NolSentences(conversation: conversation, transit: transit)
    }

    func run() async -> FlowEnd {
        conversation.say("Nol Pay: link a card to a mobile number in 3 steps:\ntap the card, give the number, type the code sent by SMS.")
        _ = await driver.send { await $0.start() }
        var question = Question.card
        while true {
            switch question {
            case .card:
                switch await tapCard() {
                case .next: question = .phone
                case .back: return .leave
                case .end: return .end
                }
            case .phone:
                switch await sendCode() {
                case .next: question = .code
                case .back:
                    _ = await driver.send { await $0.start() }
                    question = .card
                case .end: return .end
                }
            case .code:
                switch await link() {
                case .next:
                    switch await whatNext() {
                    case .next:
                        _ = await driver.send { await $0.start() }
                        question = .card
                    case .back: return .leave
                    case .end: return .end
                    case .home: return .home
                    }
                case .back:
                    // The phone step again: the same card is read again, as the flow starts over.
                    question = await rescan() ? .phone : .card
                case .end: return .end
                }
            }
        }
    }

    private enum Step { case next, back, end }

    private func tapCard() async -> Step {
        let cards = (try? transit.cardsInRange()) ?? []
        guard !cards.isEmpty else {
            conversation.say("The reader sees no Nol card.")
            return .back
        }
        while true {
            conversation.say("Step 1 of 3: hold a Nol card to the reader. The reader sees:")
            let current = tapped.flatMap { card in cards.firstIndex { $0.cardNumber == card.cardNumber } }
            switch await conversation.choose(cards.map(NolSentences.line), prompt: "Tap which card?", defaultIndex: current ?? 0,
                                             help: ["The simulated NFC reader lists the demo Nol cards; choosing one taps it on the reader."]) {
            case .end: return .end
            case .back: return .back
            case let .chose(index):
                // Only a card that was read becomes the default: Enter must not tap a refused one again.
                guard await scan(cards[index]) else { continue }
                tapped = cards[index]
                return .next
            }
        }
    }

    /// Taps `card` and scans it; says why when the card cannot be linked.
    private func scan(_ card: NolCardRecord) async -> Bool {
        let reader = transit.reader, number = card.cardNumber
        await reader.tap(number)
        for event in await driver.send({ await $0.submit() }) {
            switch event {
            case .step(.collectPhoneData):
                conversation.say("Card read: \(NolSentences.line(card)).")
                return true
            case let .error(error):
                sentences.say(error)
            default:
                break
            }
        }
        return false
    }

    private func rescan() async -> Bool {
        _ = await driver.send { await $0.start() }
        guard let tapped else { return false }
        return await scan(tapped)
    }

    private func sendCode() async -> Step {
        let question = NolSentences.phoneQuestion("Step 2 of 3: mobile number that receives the code", current: phone)
        while true {
            switch await conversation.ask(question) {
            case .end: return .end
            case .back: return .back
            case let .answer(text):
                phone = text
                if sentences.sayInvalid(await driver.send({ await $0.updateCollectedData(.phoneData(mobileNumber: text)) })) { continue }
                for event in await driver.send({ await $0.submit() }) {
                    switch event {
                    case .step(.collectOtpData):
                        sentences.sayNewSMS()
                        return .next
                    case let .error(error):
                        sentences.say(error)
                    default:
                        break
                    }
                }
            }
        }
    }

    private func link() async -> Step {
        let question = Conversation.Question(
            prompt: "Step 3 of 3: the 6-digit code from the SMS (or resend)",
            help: ["The code in the SMS line above. Type resend for a new code (after 30 seconds)."],
            echo: { String(repeating: "•", count: $0.count) })
        while true {
            switch await conversation.ask(question) {
            case .end: return .end
            case .back: return .back
            case let .answer(text) where text.lowercased() == "resend":
                for event in await driver.send({ await $0.resendCode() }) {
                    if case .step(.collectOtpData) = event { sentences.sayNewSMS() }
                    if case let .error(error) = event { sentences.say(error) }
                }
            case let .answer(text):
                if sentences.sayInvalid(await driver.send({ await $0.updateCollectedData(.otpData(otpCode: text)) })) { continue }
                for event in await driver.send({ await $0.submit() }) {
                    switch event {
                    case let .step(.cardLinked(card)):
                        conversation.say("Card linked: \(NolSentences.line(card)).\nIt is ready to pay with.")
                        return .next
                    case let .error(error):
                        sentences.say(error)
                    default:
                        break
                    }
                }
            }
        }
    }

    private enum Next { case next, back, end, home }

    private func whatNext() async -> Next {
        conversation.say("What next?")
        switch await conversation.choose(["Link another card", "Home"], prompt: "", defaultIndex: 1, help: []) {
        case .end: return .end
        case .back: return .back
        case .chose(0): return .next
        case .chose: return .home
        }
    }
}
