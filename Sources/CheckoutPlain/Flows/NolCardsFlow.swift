import CheckoutStore
import NolPay

/// Nol Pay: my cards, over ``NolPayLinkedCardsComponent``: a mobile number → the cards linked to it.
final class NolCardsFlow {
    let conversation: Conversation
    let sentences: NolSentences

    init(conversation: Conversation, transit: SimulatedTransit) {
        self.conversation = conversation
        sentences = NolSentences(conversation: conversation, transit: transit)
    }

    func run() async -> FlowEnd {
        conversation.say("Nol Pay: my cards. See the Nol cards linked to a mobile number.")
        var phone: String?
        while true {
            switch await sentences.askLinkedCards("Mobile number", phone: &phone) {
            case .end: return .end
            case .back: return .leave
            case let .found(text, cards):
                let shown = PlainText.phone(text)
                if cards.isEmpty {
                    conversation.say("No cards are linked to \(shown).")
                } else {
                    let count = cards.count == 1 ? "1 card is" : "\(cards.count) cards are"
                    conversation.say("\(count) linked to \(shown):\n" + cards.map { "  " + NolSentences.line($0) }.joined(separator: "\n"))
                }
                switch await sentences.whatNext("Another number") {
                case .end: return .end
                case .back: return .leave
                case .again: continue
                case .home: return .home
                }
            }
        }
    }
}
