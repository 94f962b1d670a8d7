import CheckoutStore
import NolPay

/// Nol Pay: unlink a card, over ``NolPayUnlinkCardComponent``: the mobile number → a card linked
/// to it → the code from the SMS (shown as one line) → unlinked.
final class NolUnlinkFlow {
    let conversation: Conversation
    private let driver: NolComponentDriver<NolPayUnlinkCardStateMachine>
    private var sentences: NolSentences
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
            guard await sendCode(pick) else { continue }
            switch await unlink() {
            case .end: return .end
            case .back: continue
            case .unlinked:
                conversation.say("What next?")
                switch await conversation.choose(["Unlink another card", "Home"], prompt: "", defaultIndex: 1, help: []) {
                case .end: return .end
                case .back: return .leave
                case .chose(0): await picker.refresh()
                case .chose: return .home
                }
            }
        }
    }

    private func sendCode(_ pick: LinkedCardPicker.Pick) async -> Bool {
        let data = NolPayUnlinkCollectableData.cardAndPhoneData(cardNumber: pick.cardNumber, mobileNumber: pick.mobileNumber)
        if sentences.sayInvalid(await driver.send({ await $0.updateCollectedData(data) })) { return false }
        var sent = false
        for event in await driver.send({ await $0.submit() }) {
            switch event {
            case .step(.collectOtpData):
                sentences.sayNewSMS()
                sent = true
            case let .error(error):
                sentences.say(error)
            default:
                break
            }
        }
        return sent
    }

    private enum Unlinking { case unlinked, back, end }

    private func unlink() async -> Unlinking {
        let question = Conversation.Question(
            prompt: "The 6-digit code from the SMS (or resend)",
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
                    case let .step(.cardUnlinked(card)):
                        conversation.say("Card unlinked: Nol card \(PlainText.maskedCard(lastFour: String(card.suffix(4)))) is no longer linked to this number.")
                        return .unlinked
                    case let .error(error):
                        sentences.say(error)
                    default:
                        break
                    }
                }
            }
        }
    }
}
