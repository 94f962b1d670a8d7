import CheckoutStore
import NolPay

/// Nol Pay: pay, over ``NolPayPaymentComponent``: the mobile number → a card linked to it → the
/// Nol system charges the fare → the result and the new balance.
final class NolPayFlow {
    let conversation: Conversation
    let amount: Int
    private let driver: NolComponentDriver<NolPayPaymentStateMachine>
    private let sentences: NolSentences
    private let picker: LinkedCardPicker

    init(conversation: Conversation, transit: SimulatedTransit, amount: Int) async {
        self.conversation = conversation
        self.amount = amount
        driver = await NolComponentDriver(NolPayPaymentComponent(transit: transit, amount: amount))
        sentences = NolSentences(conversation: conversation, transit: transit)
        picker = LinkedCardPicker(conversation: conversation, sentences: sentences, verb: "pay with")
    }

    func run() async -> FlowEnd {
        conversation.say("Nol Pay: pay \(NolAmount.format(amount, currency: "AED")) with a Nol card linked to your mobile number.")
        while true {
            _ = await driver.send { await $0.start() }
            let pick: LinkedCardPicker.Pick
            switch await picker.pick() {
            case .end: return .end
            case .back: return .leave
            case let .picked(picked): pick = picked
            }
            guard await pay(pick) else { continue }
            switch await sentences.whatNext("Pay again") {
            case .end: return .end
            case .back: return .leave
            case .again: await picker.refresh()
            case .home: return .home
            }
        }
    }

    /// Asks the Nol system to charge the card; whether the payment was made or declined (false:
    /// the card or number was refused, and is asked again).
    private func pay(_ pick: LinkedCardPicker.Pick) async -> Bool {
        let data = NolPayPaymentCollectableData.paymentData(cardNumber: pick.cardNumber, mobileNumber: pick.mobileNumber)
        return await driver.submit(data, saying: sentences) { progress -> Bool? in
            switch progress {
            case .step(.paymentRequested):
                conversation.say("Asking the Nol system to charge the card...")
                return nil
            case let .outcome(.checkoutCompleted(payment)):
                conversation.say("Payment authorized: \(Self.sentence(payment)).")
                return true
            case let .outcome(.checkoutFailed(payment)):
                conversation.say("Payment declined: \(Self.sentence(payment)).")
                return true
            default:
                return nil
            }
        } ?? false
    }

    static func sentence(_ payment: NolPayment) -> String {
        "\(NolAmount.format(payment.amount, currency: payment.currency)) from Nol card \(PlainText.maskedCard(lastFour: payment.last4)), "
            + "balance now \(NolAmount.format(payment.balance, currency: payment.currency)).\nPayment id \(payment.id)"
    }
}
