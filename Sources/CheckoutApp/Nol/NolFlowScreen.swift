import CheckoutCore
import CheckoutEngine
import CheckoutStore
import NolPay

/// One Nol Pay wizard: link a card, list my cards, pay, or unlink, following the seed's steps.
///
/// The screen holds the flow's pure state machine from the NolPay module and shows its steps; the
/// Transit calls the machine asks for go out as ``ScreenEffect/transit(_:)`` effects, and the loop
/// hands their typed answers back as ``ScreenInput/transit(_:)``, as it hands engine events. The
/// screen does no I/O: coming on, it asks for the reader's cards and the newest SMS
/// (``ScreenEffect/readNol(_:)``), which the app reads and hands back as ``ScreenInput/nol(_:)``.
/// Validation errors show under a field on submit and clear with the next key. A Transit error
/// shows with what to do next, next to what it is about: under the card it concerns, while that
/// card is the one chosen (moving to another card hides it, coming back shows it again), or under
/// the step's field. A refused code empties the code field and says how many tries are left.
/// Esc goes back one step (the screen keeps each step as it was when submitted), and leaves the
/// flow from its first step. The simulated SMS appears in an "SMS" panel. Paying and unlinking
/// start from the mobile number and offer the cards linked to it, so nobody has to type a Nol card
/// number (typing one stays possible); cards whose balance is below the fare say so in every list.
/// My cards lists the cards of a number; Enter on one offers Pay and Unlink, which carry on in this
/// screen as that flow with the number and the card already chosen, and come back to the list.
/// Steps, validation, errors and SMS go to the F2 log, numbers in international groups.
public struct NolFlowScreen: Screen {
    /// Which of the four Nol Pay flows this screen walks through.
    public enum Flow: Sendable, Equatable { case link, cards, pay, unlink }
    /// What My cards offers for a card.
    enum CardAction: Sendable, Equatable, CaseIterable { case pay, unlink }
    public enum Field: Sendable, Hashable { case card, phone, code }
    enum Machine: Sendable {
        case link(NolPayLinkCardStateMachine)
        case unlink(NolPayUnlinkCardStateMachine)
        case pay(NolPayPaymentStateMachine)
        case cards
    }
    /// Where the person is; the step indicator and the body follow it.
    enum Stage: Sendable, Equatable {
        case scan, phone, code, linked(NolPaymentCard)
        /// Pay, unlink and My cards: the number, then a card linked to it (see ``CardPick``).
        case cardAndPhone
        case requested, paid(NolPayment), declined(NolPayment), unlinked(String)
        /// My cards with the actions for the card at this index of the list open under it.
        case cardActions(Int)
    }
    /// How the pay and unlink flows collect their card and phone: the number first, then a card
    /// linked to it from a list, or typed by hand. My cards keeps its list here too.
    enum CardPick: Sendable, Equatable {
        case phone
        case list([NolPaymentCard], MobileNumber)
        case typed([NolPaymentCard], MobileNumber)
    }
    public enum Action: Sendable { case up, down, next, previous, submit, resend }

    /// What a click lands on: a row of a card list (the reader's cards, the linked cards, "type a
    /// card number"), one of My cards' actions, or a field, its text drawn from column `start` of
    /// the value (`nil` for its label).
    public enum Click: Hashable, Sendable {
        case row(Int)
        case action(Int)
        case field(Field, start: Int?)
    }

    /// A step as it was shown, kept so that Esc can go back to it: the machine is a value, so the
    /// copy is the step itself, with what was typed in it.
    struct Checkpoint: Sendable {
        var flow: Flow
        var machine: Machine
        var stage: Stage
        var pick: CardPick
        var values: [Field: EditableText]
        var focus: Field
        var selected: Int
    }

    /// The flow on show: My cards becomes Pay or Unlink for the card chosen in it.
    public internal(set) var flow: Flow
    /// What the flow knows of the Nol system without asking it: the fare, the wait between codes.
    let nol: NolTerms
    var machine: Machine
    var stage: Stage
    /// The cards near the reader, as the app read them when the screen came on (``ScreenEffect/readNol(_:)``).
    var readerCards: [NolCardRecord] = []
    var selected = 0
    var pick = CardPick.phone
    /// A short word on a key the focused field cannot take ("digits only"), until the next key.
    var notice: LocalizedText?
    /// Effects produced while handling the current input (event-log lines, Transit calls), handed
    /// to the app in order.
    var logged: [ScreenEffect] = []
    var values: [Field: EditableText] = [:]
    var focus: Field
    /// Validation errors under their fields, each with what to type instead.
    var fieldErrors: [Field: NolPayValidationError] = [:]
    /// Fields that refused every character typed into them since they were last not empty (letters
    /// in a phone number): submitted empty, they say why rather than "cannot be blank".
    var refusedWhileEmpty: Set<Field> = []
    /// Whether the home menu is there to send the person to (see ``ScreenContext/hasHomeMenu``).
    let hasHomeMenu: Bool
    /// The mobile number each reader card is linked to, when it is: the reader list says so.
    var linkedNumbers: [String: String] = [:]
    /// What the flow did that a line-by-line front end says as it happens ("Asking the Nol system…").
    var said: [TextKey0] = []
    /// A Transit failure about the current step: shown under the step's field, or at the foot.
    var failure: NolPayError?
    /// Transit failures about a card, by card number: each shows while its card is the one chosen.
    var cardFailures: [String: NolPayError] = [:]
    /// The card the Transit call that is out concerns, if any: its failure goes to ``cardFailures``.
    var cardInFlight: String?
    /// The card tapped or chosen last, the one the later steps are about.
    var chosenCard: String?
    /// True while a typed code is being checked: refused, the code field empties for the next try.
    var codeInFlight = false
    /// The number the code went to, as the code step says it.
    var codeSentTo: String?
    var sms: NolSMSRecord?
    /// Why the code in the SMS panel no longer works (used up by wrong tries, expired), so the
    /// panel marks it; nil while it works.
    var smsDead: TextKey0?
    /// When the Nol system takes a request for another code (on the app's clock): the code step
    /// counts down to it, live. Nil when a new code can be asked for now.
    var resendAt: Duration?
    /// Set when a new code has come by SMS, until the next key: the code step says so.
    var newCodeSent = false
    var busy = false
    /// The newest SMS when the screen came on; only later ones are this flow's.
    var smsBaseline = 0
    /// The steps behind the current one, oldest first.
    var history: [Checkpoint] = []
    /// The step a submit left while its Transit call is out.
    var pendingStep: Checkpoint?

    public init(flow: Flow, nol: NolTerms, hasHomeMenu: Bool = false) {
        self.flow = flow
        self.nol = nol
        self.hasHomeMenu = hasHomeMenu
        switch flow {
        case .link:
            var link = NolPayLinkCardStateMachine()
            _ = link.start()
            machine = .link(link)
            stage = .scan
            focus = .phone
        case .cards:
            machine = .cards
            stage = .cardAndPhone
            focus = .phone
        case .pay:
            var pay = NolPayPaymentStateMachine(amount: nol.fare, currency: nol.currency)
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

    public var title: String { title(Bundled.english) }

    /// Coming on, the flow asks what the reader holds and which SMS came before it.
    public mutating func appear(context: ScreenContext) -> [ScreenEffect] {
        [.readNol(.reader), .readNol(.newestSMS)]
    }

    /// Takes what the app read for ``appear(context:)``.
    mutating func take(_ reading: NolReadAnswer) {
        switch reading {
        case let .reader(cards, numbers):
            readerCards = cards
            // Only the link flow's reader list says which cards are linked already.
            if flow == .link { linkedNumbers = numbers }
        case let .newestSMS(id):
            smsBaseline = id
        }
    }

    public func title(context: ScreenContext) -> String { title(context.localizer) }

    func title(_ text: Localizer) -> String {
        switch flow {
        case .link: text.text(.nolTitleLink)
        case .cards: text.text(.nolTitleCards)
        case .pay: text.text(.nolTitlePay)
        case .unlink: text.text(.nolTitleUnlink)
        }
    }

    /// Animating while the Nol system is asked, and while the new-code countdown runs (its
    /// seconds tick on screen).
    public var isAnimating: Bool { busy || resendAt != nil }
    public var isBusy: Bool { busy }

    public var focusedText: EditableText? { fields.contains(focus) ? values[focus] ?? EditableText() : nil }

    public func discardQuestion(context: ScreenContext) -> String? {
        guard !isFinished, fields.contains(where: { !(values[$0]?.isEmpty ?? true) }) else { return nil }
        return context.localizer.text(.frameDiscardTyped)
    }

    /// The current step, as a ``Checkpoint`` to go back to.
    var checkpoint: Checkpoint {
        get { Checkpoint(flow: flow, machine: machine, stage: stage, pick: pick, values: values, focus: focus, selected: selected) }
        set {
            flow = newValue.flow
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
        default: []
        }
    }

    var isFinished: Bool {
        switch stage {
        case .linked, .paid, .declined, .unlinked: true
        default: false
        }
    }

    /// True while the pay, unlink or My cards flow lists the cards linked to the number.
    var isChoosingLinkedCard: Bool {
        if stage == .cardAndPhone, case .list = pick { return true }
        return false
    }

    /// True while My cards offers what to do with a card.
    var isChoosingAction: Bool {
        if case .cardActions = stage { return true }
        return false
    }

    /// The rows ↑ and ↓ move through: the reader's cards, the linked cards (and "type a card
    /// number" when paying or unlinking), or the actions My cards offers.
    var chooserRowCount: Int {
        switch stage {
        case .scan: return readerCards.count
        case .cardActions: return CardAction.allCases.count
        default:
            guard isChoosingLinkedCard, case let .list(cards, _) = pick else { return 0 }
            return cards.count + (flow == .cards ? 0 : 1)
        }
    }

    /// The linked cards on show and the number they are linked to, while a list of them is shown.
    var linkedCards: (cards: [NolPaymentCard], number: MobileNumber)? {
        switch pick {
        case let .list(cards, number), let .typed(cards, number): (cards, number)
        case .phone: nil
        }
    }

    /// The card a Transit failure would be about right now: the one chosen in a list, or typed.
    var currentCard: String? {
        switch stage {
        case .scan:
            return readerCards.indices.contains(selected) ? readerCards[selected].cardNumber : nil
        case .cardActions(let index):
            return linkedCards.flatMap { $0.cards.indices.contains(index) ? $0.cards[index].cardNumber : nil }
        case .cardAndPhone:
            switch pick {
            case .phone: return nil
            case let .list(cards, _): return cards.indices.contains(selected) ? cards[selected].cardNumber : nil
            case .typed: return values[.card]?.text.filter { $0 != " " }
            }
        default:
            return nil
        }
    }

    /// True when the flow carried on from My cards: the list is the step to go back to once it ends.
    var cameFromMyCards: Bool { flow != .cards && history.contains { $0.flow == .cards } }

    public func keyMap(context: ScreenContext) -> KeyMap<Action> {
        let text = context.localizer
        var bindings: [KeyBinding<Action>] = []
        if chooserRowCount > 0 {
            bindings.append(KeyBinding([.up], "↑↓", text.text(stage == .scan ? .nolKeyChooseCard : .nolKeyChoose), .up))
            bindings.append(KeyBinding([.down], "↓", text.text(isChoosingAction ? .nolKeyNextAction : .nolKeyNextCard), .down, footer: false))
            bindings.append(KeyBinding([.enter], chooserEnterLabel(text), .submit))
        } else if isFinished {
            if cameFromMyCards {
                // Esc says the same in the footer; Enter does it too, as on every other result.
                bindings.append(KeyBinding([.enter], text.text(.nolKeyBackToCards), .submit, footer: false))
            } else {
                bindings.append(KeyBinding([.enter], text.text(.nolKeyStartAgain), .submit))
            }
        } else {
            // No step collects two fields at present (pay and unlink ask for the number first,
            // then the card); kept so one that does gets Tab and validation on leaving a field.
            if fields.count > 1 {
                bindings.append(KeyBinding([.tab], "tab", text.text(.cardKeyNext), .next))
                bindings.append(KeyBinding([.backTab], "⇧tab", text.text(.cardKeyPrevious), .previous))
                bindings.append(KeyBinding([.down], "↓", text.text(.cardKeyNextField), .next, footer: false))
                bindings.append(KeyBinding([.up], "↑", text.text(.cardKeyPreviousField), .previous, footer: false))
            }
            // On the code step the wait for a new code counts down in the footer: it is kept
            // beside Enter where the row is short.
            bindings.append(KeyBinding([.enter], submitLabel(text), .submit, rank: stage == .code ? .focused : .normal))
            // F5, and Ctrl-R for terminals that keep F5 for themselves.
            if stage == .code {
                let label = resendSeconds(context: context).map { text.counted(.nolKeyResendIn, $0) } ?? text.text(.nolKeyNewCode)
                bindings.append(KeyBinding([.function(5), .ctrl(.character("r"))], label, .resend, rank: .focused,
                                           explain: text.text(.nolKeyNewCodeExplain)))
            }
        }
        return KeyMap(bindings)
    }

    /// The whole seconds left before a new code can be asked for, as "wait N s" says them
    /// everywhere (``OneTimeCode/secondsToWait(_:)``); nil when it can be now.
    func resendSeconds(context: ScreenContext) -> Int? {
        resendAt.flatMap { OneTimeCode.secondsToWait($0 - context.now) }
    }

    /// The code step of the link or unlink machine, while it collects the code: the one
    /// sub-machine both share (``NolPayCodeEntry``).
    var codeEntry: NolPayCodeEntry? {
        switch machine {
        case let .link(link): link.codeEntry
        case let .unlink(unlink): unlink.codeEntry
        case .pay, .cards: nil
        }
    }

    /// What Enter does on the row chosen in a list, in a word or two.
    private func chooserEnterLabel(_ text: Localizer) -> String {
        switch stage {
        case .scan: return text.text(.nolKeyTapCard)
        case .cardActions: return text.text(CardAction.allCases[min(selected, CardAction.allCases.count - 1)] == .pay ? .nolKeyPay : .nolKeyUnlink)
        default:
            if flow == .cards { return text.text(.nolKeyPayOrUnlink) }
            if case let .list(cards, _) = pick, selected >= cards.count { return text.text(.nolKeyTypeNumber) }
            return text.text(flow == .pay ? .nolKeyPay : .nolKeySendCode)
        }
    }

    private func submitLabel(_ text: Localizer) -> String {
        switch stage {
        case .phone: text.text(.nolKeySendCode)
        case .code: text.text(flow == .link ? .nolKeyLinkCard : .nolKeyUnlinkCard)
        case .cardAndPhone where pick == .phone: text.text(flow == .cards ? .nolKeyShowCards : .nolKeyFindCards)
        default: text.text(flow == .pay ? .nolKeyPay : .nolKeySendCode)
        }
    }
}
