import CheckoutCore
import CheckoutEngine

/// Why Pay waits before it pays: something the price or the network depends on is still on its
/// way. The engine never waits (it pays at once with what it knows, as the seed requires); the form
/// does, so that nobody pays a price or a network they did not see.
///
/// One mechanism for every reason: a reason is a case here and a line in
/// ``CardFormScreen/holdReasons(context:)``; the hold, its spinner, its timeout question, Esc and
/// the check that the price is still the one seen are shared.
public enum PayHoldReason: Sendable, Equatable {
    /// The BIN service has not answered for these first 8 digits yet: the card may turn out
    /// co-badged (a choice to offer) or another network with another surcharge.
    case networksUnknown(bin: String)
    /// The client session has not answered yet what paying with `network` costs (the engine told
    /// it the network, as Primer's drop-in sends its client-session actions): its total may differ
    /// from the one on screen.
    case sessionUpdating(network: CardNetwork)

    /// What the form says while this reason holds Pay.
    func waiting(context: ScreenContext) -> String {
        switch self {
        case .networksUnknown: context.localizer.text(.holdWaitingBin)
        case .sessionUpdating(let network): context.localizer.text(.holdWaitingSession, context.catalogue.info(network).displayName)
        }
    }

    /// The question asked once the hold has waited its time, before the words for `seen`'s total
    /// and network.
    func question(_ text: Localizer) -> String {
        switch self {
        case .networksUnknown: text.text(.holdNetworksUnknown)
        case .sessionUpdating: text.text(.holdTotalUnconfirmed)
        }
    }

    /// What the form says when the person did not want to pay without the answer.
    func notPaid(_ text: Localizer) -> String {
        switch self {
        case .networksUnknown: text.text(.holdNotPaidBin)
        case .sessionUpdating: text.text(.holdNotPaidSession)
        }
    }
}

/// Pay pressed while reasons hold it: what was seen, and how long the form waits.
public struct PayHold: Sendable, Equatable {
    /// What still holds Pay, in the order ``CardFormScreen/holdReasons(context:)`` gives them.
    public var reasons: [PayHoldReason]
    /// What the form showed when Pay was pressed (``CardFormScreen/shownDue(context:)``): the hold
    /// pays only this total with this network.
    public var seen: AmountDue
    /// Whether the co-badge chooser was on show when Pay was pressed: the cardholder saw the
    /// choice. When it appears only with the answer, the form stops for it.
    public var choiceShown: Bool
    /// When the form stops waiting and asks instead (on the app's clock).
    public var deadline: Duration
    /// True once the deadline passed with reasons left: the form asks whether to pay anyway.
    public var asking = false
}

extension CardFormScreen {
    /// What holds Pay right now; empty when it can pay.
    public func holdReasons(context: ScreenContext) -> [PayHoldReason] {
        var reasons: [PayHoldReason] = []
        if digits.count >= CardNetworkResolver.binLength, !hasEngineAnswer {
            reasons.append(.networksUnknown(bin: String(digits.prefix(CardNetworkResolver.binLength))))
        }
        if isAwaitingSessionUpdate(context: context), let network = sessionNetwork(context: context) {
            reasons.append(.sessionUpdating(network: network))
        }
        return reasons
    }

    /// Whether the engine has said what the BIN service answered (or that it failed) for the
    /// current first 8 digits.
    var hasEngineAnswer: Bool {
        engineMetadata != nil && engineAnswersDigits
    }

    /// How long Pay waits for a reason: the engine's debounce and its BIN lookup timeout, after
    /// which the engine itself falls back to local rules and answers. The client session's answer
    /// has no timeout of its own; the form asks after the same wait, and paying then is safe: the
    /// engine charges the session's answer only when it is the total shown
    /// (``RawDataManager/submit(idempotencyKey:expectedTotal:)`` refuses another as `amount-changed`).
    static func holdTimeout(context: ScreenContext) -> Duration {
        .milliseconds(context.settings.debounceMilliseconds + context.settings.binTimeoutMilliseconds)
    }

    /// Pay pressed: pays at once when nothing holds it, else holds with the spinner.
    mutating func holdOrPay(context: ScreenContext) -> [ScreenEffect] {
        let reasons = holdReasons(context: context)
        guard !reasons.isEmpty else { return startPayment(context: context) }
        hold = PayHold(reasons: reasons, seen: shownDue(context: context), choiceShown: selectableNetworks(context: context) != nil,
                       deadline: context.now + Self.holdTimeout(context: context))
        return sendIfChanged(context: context)
    }

    /// What the form shows: the total on the Pay button, and the network its badge names. Before
    /// the engine has answered for the first 8 digits that network is local rules' guess, whose
    /// surcharge is not quoted (only "a surcharge may apply"): an answer naming it at that price
    /// lets a held Pay go, any other network or total stops it.
    func shownDue(context: ScreenContext) -> AmountDue {
        var due = amountDue(context: context)
        if due.network == nil { due.network = network(context: context) }
        return due
    }

    /// Looks at the hold again after an engine event or a tick: stops as soon as an answer changed
    /// what Pay would do (a choice to make, another network or total), whatever else it still
    /// waits for; pays when its reasons are gone; asks once the time is up. A reason that was not
    /// there before (the BIN answer in, now the client session asked) is a new wait, with its own time.
    mutating func reconsiderHold(context: ScreenContext) -> [ScreenEffect] {
        guard var hold else { return [] }
        if selectableNetworks(context: context) != nil, !hold.choiceShown {
            // A co-badged card: the cardholder chooses (EU rules), then pays.
            self.hold = nil
            setFocus(.network, context: context)
            banner = context.localizer.text(.holdChooseNetwork)
            return []
        }
        guard isAsSeen(hold.seen, context: context) else {
            self.hold = nil
            // Said as it comes by a line-by-line front end: the held Pay never went.
            if changedTotal != nil { learnt.append(.totalChanged) }
            return []
        }
        let reasons = holdReasons(context: context)
        if reasons.isEmpty {
            self.hold = nil
            return startPayment(context: context)
        }
        if reasons.contains(where: { !hold.reasons.contains($0) }) {
            hold.deadline = context.now + Self.holdTimeout(context: context)
            hold.asking = false
        }
        hold.reasons = reasons
        if !hold.asking, context.now >= hold.deadline { hold.asking = true }
        self.hold = hold
        return []
    }

    /// The question asked once the hold has waited its time, about its first reason.
    func holdQuestion(context: ScreenContext) -> YesNoQuestion? {
        guard let hold, hold.asking, let reason = hold.reasons.first else { return nil }
        let amount = context.money(hold.seen.total, currency: hold.seen.currency)
        let text = context.localizer
        let question = hold.seen.network.map { text.text(.holdQuestionWith, reason.question(text), amount, context.catalogue.info($0).displayName) }
            ?? text.text(.holdQuestion, reason.question(text), amount)
        return YesNoQuestion(question, yes: text.text(.holdYes), no: text.text(.holdNo))
    }

    /// The answer to the hold's question: yes pays what was seen, no leaves the form as it was.
    mutating func answerHold(_ yes: Bool, context: ScreenContext) -> [ScreenEffect] {
        guard let hold else { return [] }
        self.hold = nil
        guard yes else {
            banner = hold.reasons.first?.notPaid(context.localizer) ?? context.localizer.text(.holdNotPaid)
            return []
        }
        return isAsSeen(hold.seen, context: context) ? startPayment(context: context) : []
    }

    /// Whether Pay would still pay what it showed as `seen`; when not, the form says what changed
    /// so the person can pay what is shown now. A total the client session changed needs no banner:
    /// the button reads "Confirm" and the row under it says the new total.
    mutating func isAsSeen(_ seen: AmountDue, context: ScreenContext) -> Bool {
        guard let change = priceChange(from: seen, context: context) else { return true }
        if changedTotal == nil { banner = change }
        return false
    }

    /// What changed since Pay showed `seen`, said so the person can pay what is shown now; nil
    /// when Pay would still pay that network and that total.
    func priceChange(from seen: AmountDue, context: ScreenContext) -> String? {
        let due = amountDue(context: context)
        if due.total != seen.total { return context.localizer.text(.holdTotalNow, context.money(due.total, currency: due.currency)) }
        if due.network != seen.network, let network = due.network {
            return context.localizer.text(.holdPaysWith, context.catalogue.info(network).displayName)
        }
        return nil
    }

    /// Esc or an edit while Pay is held: nothing is paid.
    mutating func cancelHold(context: ScreenContext) {
        guard hold != nil else { return }
        hold = nil
        banner = context.localizer.text(.holdStopped)
    }
}
