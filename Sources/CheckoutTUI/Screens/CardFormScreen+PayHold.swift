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

    /// What the form says while this reason holds Pay.
    var waiting: String {
        switch self {
        case .networksUnknown: "Pay waits for the BIN service's answer about this card"
        }
    }
}

/// Pay pressed while reasons hold it: what was seen, and how long the form waits.
public struct PayHold: Sendable, Equatable {
    /// What still holds Pay, in the order ``CardFormScreen/holdReasons(context:)`` gives them.
    public var reasons: [PayHoldReason]
    /// What the Pay button said when it was pressed: the hold pays only this.
    public var seen: AmountDue
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
        return reasons
    }

    /// Whether the engine has said what the BIN service answered (or that it failed) for the
    /// current first 8 digits.
    var hasEngineAnswer: Bool {
        engineMetadata != nil && engineMetadataBin == String(digits.prefix(CardNetworkResolver.binLength))
    }

    /// How long Pay waits for its reasons: the engine's debounce and its BIN lookup timeout, after
    /// which the engine itself falls back to local rules and answers.
    static func holdTimeout(context: ScreenContext) -> Duration {
        .milliseconds(context.settings.debounceMilliseconds + context.settings.binTimeoutMilliseconds)
    }

    /// Pay pressed: pays at once when nothing holds it, else holds with the spinner.
    mutating func holdOrPay(context: ScreenContext) -> [ScreenEffect] {
        let reasons = holdReasons(context: context)
        guard !reasons.isEmpty else { return startPayment(context: context) }
        hold = PayHold(reasons: reasons, seen: amountDue(context: context), deadline: context.now + Self.holdTimeout(context: context))
        return sendIfChanged(context: context)
    }

    /// Looks at the hold again after an engine event or a tick: pays when its reasons are gone and
    /// the price is the one seen, stops when the answer changed what Pay would do (a choice to
    /// make, another total), and asks once the time is up.
    mutating func reconsiderHold(context: ScreenContext) -> [ScreenEffect] {
        guard var hold else { return [] }
        hold.reasons = holdReasons(context: context)
        if hold.reasons.isEmpty {
            self.hold = nil
            if selectableNetworks(context: context) != nil {
                // A co-badged card: the cardholder chooses (EU rules), then pays.
                setFocus(.network)
                banner = "Co-badged card: choose the network to pay with, then press Pay."
                return []
            }
            if let change = priceChange(from: hold.seen, context: context) {
                banner = change
                return []
            }
            return startPayment(context: context)
        }
        if !hold.asking, context.now >= hold.deadline { hold.asking = true }
        self.hold = hold
        return []
    }

    /// The question asked once the hold has waited its time.
    func holdQuestion(context: ScreenContext) -> ScreenQuestion? {
        guard let hold, hold.asking else { return nil }
        let amount = context.money(hold.seen.total, currency: hold.seen.currency)
        let with = hold.seen.network.map { " with \(context.catalogue.info($0).displayName)" } ?? ""
        return ScreenQuestion("Networks not known yet: pay \(amount)\(with)?", yes: "pay", no: "don't pay")
    }

    /// The answer to the hold's question: yes pays what was seen, no leaves the form as it was.
    mutating func answerHold(_ yes: Bool, context: ScreenContext) -> [ScreenEffect] {
        guard let hold else { return [] }
        self.hold = nil
        guard yes else {
            banner = "Not paid: press Pay again once the card's networks are known."
            return []
        }
        if let change = priceChange(from: hold.seen, context: context) {
            banner = change
            return []
        }
        return startPayment(context: context)
    }

    /// What changed since Pay showed `seen`, said so the person can pay what is shown now; nil
    /// when Pay would still pay that network and that total.
    func priceChange(from seen: AmountDue, context: ScreenContext) -> String? {
        let due = amountDue(context: context)
        if due.total != seen.total { return "The total is now \(context.money(due.total, currency: due.currency)): press Pay to pay it." }
        if due.network != seen.network, let network = due.network {
            return "This card pays with \(context.catalogue.info(network).displayName): press Pay to pay with it."
        }
        return nil
    }

    /// Esc or an edit while Pay is held: nothing is paid.
    mutating func cancelHold() {
        guard hold != nil else { return }
        hold = nil
        banner = "Not paid: Pay stopped waiting."
    }
}
