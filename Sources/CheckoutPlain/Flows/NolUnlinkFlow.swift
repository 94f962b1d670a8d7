import CheckoutStore
import NolPay

/// Nol Pay: unlink a card, over ``NolPayUnlinkCardComponent``: the mobile number → a card linked
/// to it → the code from the SMS (shown as one line) → unlinked.
final class NolUnlinkFlow {
    let conversation: Conversation
    private let driver: NolComponentDriver<NolPayUnlinkCardStateMachine>
    private let sentences: NolSentences
    private let picker: LinkedCardPicker

    init(conversation: Conversation, transit: SimulatedTransit) async {
        self.conversation = conversation
        driver = await NolComponentDriver(NolPayUnlinkCardComponent(transit: transit))
        sentences = NolSentences(conversation: conversation, transit: transit)
        picker = LinkedCardPicker(conversation: conversation, sentences: sentences, verb: "unlink")
    }

    func run() async -> FlowEnd {
        conversation.say("Nol Pay: unlink a card: choose it, then type the code sent by SMS.")
        while true {
            _ = await driver.send { await $0.start() }
            let pick: LinkedCardPicker.Pick
            switch await picker.pick() {
            case .end: return .end
            case .back: return .leave
            case let .picked(picked): pick = picked
            }
            let data = NolPayUnlinkCollectableData.cardAndPhoneData(nolPaymentCard: NolPaymentCard(cardNumber: pick.cardNumber), mobileNumber: pick.mobileNumber)
            guard await driver.sendCode(data, saying: sentences) else { continue }
            let unlinked = await driver.askCode("The 6-digit code from the SMS (or resend)", in: conversation,
                                                saying: sentences) { progress -> Void? in
                guard case let .outcome(.cardUnlinked(card)) = progress else { return nil }
                conversation.say("Card unlinked: Nol card \(PlainText.maskedCard(lastFour: card.last4)) is no longer linked to this number.")
                return ()
            }
            switch unlinked {
            case .end: return .end
            case .back: continue
            case .done:
                switch await sentences.whatNext("Unlink another card") {
                case .end: return .end
                case .back: return .leave
                case .again: await picker.refresh()
                case .home: return .home
                }
            }
        }
    }
}
