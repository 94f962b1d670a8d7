import CheckoutStore
import NolPay

/// Nol Pay: link a card, over ``NolPayLinkCardComponent``: tap a card on the simulated reader →
/// the mobile number → the code from the SMS (shown as one line) → linked.
final class NolLinkFlow {
    private enum Question { case card, phone, code }

    let conversation: Conversation
    let transit: SimulatedTransit
    private let driver: NolComponentDriver<NolPayLinkCardStateMachine>
    private let sentences: NolSentences
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
                    switch await sentences.whatNext("Link another card") {
                    case .again:
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
        return await driver.submit(saying: sentences) { step -> Bool? in
            guard case .step(.collectPhoneData) = step else { return nil }
            conversation.say("Card read: \(NolSentences.line(card)).")
            return true
        } ?? false
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
                if await driver.sendCode(.phoneData(mobileNumber: text), saying: sentences) { return .next }
            }
        }
    }

    private func link() async -> Step {
        let answer = await driver.askCode("Step 3 of 3: the 6-digit code from the SMS (or resend)", in: conversation,
                                          saying: sentences) { progress -> Void? in
            guard case let .outcome(.cardLinked(card)) = progress else { return nil }
            conversation.say("Card linked: \(NolSentences.line(card)).\nIt is ready to pay with.")
            return ()
        }
        switch answer {
        case .done: return .next
        case .back: return .back
        case .end: return .end
        }
    }
}
