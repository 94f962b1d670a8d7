import CheckoutStore
import NolPay

/// One Nol Pay wizard: link a card, list my cards, pay, or unlink, following the seed's steps.
///
/// The screen holds the flow's pure state machine from the NolPay module and shows its steps; the
/// Transit calls the machine asks for go to a ``NolWorker`` and come back on animation ticks.
/// Errors show under a field on submit and clear with the next key; Transit errors show with what
/// to do next. Esc goes back one step (the screen keeps each step as it was when submitted), and
/// leaves the flow from its first step. The simulated SMS appears in an "SMS" panel. Paying and
/// unlinking start from the mobile number and offer the cards linked to it, so nobody has to type a
/// Nol card number (typing one stays possible). Steps, validation, errors and SMS go to the F2 log.
public struct NolFlowScreen: Screen {
    /// Which of the four Nol Pay flows this screen walks through.
    public enum Flow: Sendable, Equatable { case link, cards, pay, unlink }
    enum Field: Sendable, Hashable { case card, phone, code }
    enum Machine: Sendable {
        case link(NolPayLinkCardStateMachine)
        case unlink(NolPayUnlinkCardStateMachine)
        case pay(NolPayPaymentStateMachine)
        case cards
    }
    /// Where the person is; the step indicator and the body follow it.
    enum Stage: Sendable, Equatable {
        case scan, phone, code, linked(NolPaymentCard)
        case cardAndPhone, requested, paid(NolPayment), declined(NolPayment), unlinked(String)
        case cardsList([NolPaymentCard]?)
    }
    /// How the pay and unlink flows collect their card and phone: the number first, then a card
    /// linked to it from a list, or typed by hand.
    enum CardPick: Sendable, Equatable {
        case phone
        case list([NolPaymentCard], MobileNumber)
        case typed([NolPaymentCard], MobileNumber)
    }
    /// The answer of a linked-cards lookup, told apart from the state machines' completions.
    struct LinkedCardsLookup: Sendable {
        var mobileNumber: String
        var result: Result<[NolPaymentCard], NolPayError>
    }

    public enum Action: Sendable { case up, down, next, previous, submit, resend }

    /// A step as it was shown, kept so that Esc can go back to it: the machine is a value, so the
    /// copy is the step itself, with what was typed in it.
    struct Checkpoint: Sendable {
        var machine: Machine
        var stage: Stage
        var pick: CardPick
        var values: [Field: EditableText]
        var focus: Field
        var selected: Int
    }

    public let flow: Flow
    let worker: NolWorker
    var machine: Machine
    var stage: Stage
    var readerCards: [NolCardRecord]
    var selected = 0
    var pick = CardPick.phone
    /// A short word on a key the focused field cannot take ("digits only"), until the next key.
    var notice: String?
    /// Event-log lines produced while handling the current input, handed to the app with its effects.
    var logged: [ScreenEffect] = []
    var values: [Field: EditableText] = [:]
    var focus: Field
    var fieldErrors: [Field: String] = [:]
    var failure: NolPayError?
    var sms: NolSMSRecord?
    var busy = false
    /// The newest SMS when the screen opened; only later ones are this flow's.
    let smsBaseline: Int
    /// The steps behind the current one, oldest first.
    var history: [Checkpoint] = []
    /// The step a submit left while its Transit call is out.
    var pendingStep: Checkpoint?

    public init(flow: Flow, worker: NolWorker) {
        self.flow = flow
        self.worker = worker
        readerCards = (try? worker.transit.cardsInRange()) ?? []
        smsBaseline = (try? worker.transit.store.messages().last?.id) ?? 0
        switch flow {
        case .link:
            var link = NolPayLinkCardStateMachine()
            _ = link.start()
            machine = .link(link)
            stage = .scan
            focus = .phone
        case .cards:
            machine = .cards
            stage = .cardsList(nil)
            focus = .phone
        case .pay:
            var pay = NolPayPaymentStateMachine(amount: worker.amount)
            _ = pay.start()
            machine = .pay(pay)
            stage = .cardAndPhone
            focus = .phone
        case .unlink:
            var unlink = NolPayUnlinkCardStateMachine()
            _ = unlink.start()
            machine = .unlink(unlink)
            stage = .cardAndPhone
            focus = .phone
        }
    }

    public var title: String {
        switch flow {
        case .link: "Nol Pay · Link a card"
        case .cards: "Nol Pay · My cards"
        case .pay: "Nol Pay · Pay"
        case .unlink: "Nol Pay · Unlink a card"
        }
    }

    public var isAnimating: Bool { busy }
    public var isBusy: Bool { busy }

    public var focusedText: EditableText? { fields.contains(focus) ? values[focus] ?? EditableText() : nil }

    public var discardQuestion: String? {
        guard !isFinished, fields.contains(where: { !(values[$0]?.isEmpty ?? true) }) else { return nil }
        return "Discard what you typed?"
    }

    /// The current step, as a ``Checkpoint`` to go back to.
    var checkpoint: Checkpoint {
        get { Checkpoint(machine: machine, stage: stage, pick: pick, values: values, focus: focus, selected: selected) }
        set {
            machine = newValue.machine
            stage = newValue.stage
            pick = newValue.pick
            values = newValue.values
            focus = newValue.focus
            selected = newValue.selected
        }
    }

    /// The fields the current stage collects, in focus order.
    var fields: [Field] {
        switch stage {
        case .phone: [.phone]
        case .code: [.code]
        case .cardAndPhone:
            switch pick {
            case .phone: [.phone]
            case .list: []
            case .typed: [.card]
            }
        case .cardsList: [.phone]
        default: []
        }
    }

    var isFinished: Bool {
        switch stage {
        case .linked, .paid, .declined, .unlinked: true
        default: false
        }
    }

    /// True while the pay or unlink flow lists the cards linked to the number.
    var isChoosingLinkedCard: Bool {
        if stage == .cardAndPhone, case .list = pick { return true }
        return false
    }

    /// The rows of the linked-card chooser: the cards, then "type a card number".
    var chooserRowCount: Int {
        if case let .list(cards, _) = pick { return cards.count + 1 }
        return 0
    }

    public func keyMap(context: ScreenContext) -> KeyMap<Action> {
        var bindings: [KeyBinding<Action>] = []
        if stage == .scan || isChoosingLinkedCard {
            bindings.append(KeyBinding([.up], "↑↓", stage == .scan ? "choose card" : "choose", .up))
            bindings.append(KeyBinding([.down], "↓", "next card", .down, footer: false))
            bindings.append(KeyBinding([.enter], stage == .scan ? "tap card" : "select", .submit))
        } else if isFinished {
            bindings.append(KeyBinding([.enter], "start again", .submit))
        } else {
            // No step collects two fields at present (pay and unlink ask for the number first,
            // then the card); kept so one that does gets Tab and validation on leaving a field.
            if fields.count > 1 {
                bindings.append(KeyBinding([.tab], "tab", "next", .next))
                bindings.append(KeyBinding([.backTab], "⇧tab", "prev", .previous))
                bindings.append(KeyBinding([.down], "↓", "next field", .next, footer: false))
                bindings.append(KeyBinding([.up], "↑", "previous field", .previous, footer: false))
            }
            bindings.append(KeyBinding([.enter], submitLabel, .submit))
            if stage == .code { bindings.append(KeyBinding([.function(5)], "new code", .resend)) }
        }
        return KeyMap(bindings)
    }

    private var submitLabel: String {
        switch stage {
        case .phone: "send code"
        case .code: flow == .link ? "link card" : "unlink card"
        case .cardsList: "show cards"
        case .cardAndPhone where pick == .phone: "find cards"
        default: flow == .pay ? "pay" : "send code"
        }
    }
}
