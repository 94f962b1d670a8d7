import CheckoutCore
import CheckoutEngine

/// Keys, typing, pasting and engine events on the card form.
extension CardFormScreen {
    public func keyMap(context: ScreenContext) -> KeyMap<Action> {
        // Labels are short so the footer fits 80 columns on every field; ↓ and ↑ are listed in the help only.
        let onText = Self.text(of: focus) != nil
        var bindings: [KeyBinding<Action>] = [
            KeyBinding([.tab], "tab", "next", .next, rank: onText ? .focused : .normal, explain: "next field"),
            KeyBinding([.backTab], "⇧tab", "prev", .previous, explain: "previous field"),
            KeyBinding([.down], "↓", "next field", .next, footer: false),
            KeyBinding([.up], "↑", "previous field", .previous, footer: false),
        ]
        if focus == .network {
            bindings.append(KeyBinding([.left], "←/→", "choose", .chooseLeft, rank: .focused, explain: "choose the network to pay with"))
            bindings.append(KeyBinding([.right], "→", "next network", .chooseRight, footer: false, explain: "choose the network to pay with"))
        }
        if focus == .pay {
            bindings.append(KeyBinding([.enter], "enter", "pay", .enter, rank: .focused, explain: "pay (on the Pay button)"))
        } else {
            bindings.append(KeyBinding([.enter], "enter", "next", .enter, explain: "next field"))
        }
        return KeyMap(bindings)
    }

    /// Every key of the form: its fields', the chooser's and Pay's.
    public func helpLines(context: ScreenContext) -> [KeyHint] {
        KeyHint.merged([Field.number, .network, .pay].flatMap { field in
            var form = self
            form.focus = field
            return form.keyMap(context: context).helpLines
        })
    }

    public var editsText: Bool { true }

    /// The order being paid, whole: the form shows it above itself only where there is room.
    public func helpAbout(context: ScreenContext) -> HelpScreen.About? {
        let summary = OrderSummary(context.session, mode: context.glyphs.mode)
        // A row without a label (an item after the first) is not a heading: it gets a blank one.
        var rows = summary.rows.map { KeyHint(keys: $0.label.isEmpty ? " " : $0.label, help: $0.value) }
        let surcharges = context.session.allowedNetworks.compactMap { network -> String? in
            let amount = context.session.surcharge(for: network)
            return amount > 0 ? "\(context.catalogue.info(network).displayName) +\(context.money(amount, currency: context.session.currency))" : nil
        }
        if !surcharges.isEmpty { rows.append(KeyHint(keys: "Surcharges", help: surcharges.joined(separator: context.glyphs.separator))) }
        // An amount alone is on the Pay button already.
        guard summary.hasDetails || !surcharges.isEmpty else { return nil }
        return HelpScreen.About(heading: "The order", rows: rows)
    }

    public mutating func perform(_ action: Action, context: ScreenContext) -> [ScreenEffect] {
        switch action {
        case .next: move(by: 1, context: context)
        case .previous: move(by: -1, context: context)
        case .enter:
            if focus == .pay { return pay(context: context) }
            move(by: 1, context: context)
        case .chooseLeft: return choose(by: -1, context: context)
        case .chooseRight: return choose(by: 1, context: context)
        }
        return []
    }

    public mutating func receive(_ input: ScreenInput, context: ScreenContext) -> [ScreenEffect] {
        switch input {
        case .key(let key): return type(key, context: context)
        case .paste(let text): return paste(text, context: context)
        case .engine(let event): return handle(event, context: context)
        case .click(let id, let column): return click(id, column: column, context: context)
        case .tick, .scroll: return []
        }
    }

    /// A click focuses the field clicked (the caret where it was clicked), picks a network in the
    /// chooser, or presses Pay.
    mutating func click(_ id: any Hashable & Sendable, column: Int, context: ScreenContext) -> [ScreenEffect] {
        notice = nil
        switch id {
        case let text as FieldText:
            guard let path = Self.text(of: text.field), let (shown, isStored) = shownText(of: text.field, context: context) else { return [] }
            setFocus(text.field)
            self[keyPath: path].moveCaret(toColumn: text.start + column, in: shown, isStored: isStored)
        case let field as Field:
            guard focusOrder(context: context).contains(field) else { return [] }
            setFocus(field)
            if field == .pay { return pay(context: context) }
        case let network as CardNetwork:
            guard let items = selectableNetworks(context: context), items.contains(where: { $0.network == network }) else { return [] }
            setFocus(.network)
            choice = network
            choiceIsCardholders = true
            return sendIfChanged(context: context)
        default:
            break
        }
        return []
    }

    // MARK: Focus

    mutating func move(by step: Int, context: ScreenContext) {
        let order = focusOrder(context: context)
        let index = order.firstIndex(of: focus) ?? 0
        let target = order[max(0, min(order.count - 1, index + step))]
        setFocus(target)
    }

    mutating func setFocus(_ field: Field) {
        if field != focus {
            revealed.insert(focus)
            if let path = Self.text(of: field) { self[keyPath: path].moveToEnd() }
        }
        focus = field
        if field == .network { coBadgeNotice = false }
    }

    mutating func choose(by step: Int, context: ScreenContext) -> [ScreenEffect] {
        guard let items = selectableNetworks(context: context) else { return [] }
        let networks = items.map(\.network)
        let index = choice.flatMap { networks.firstIndex(of: $0) } ?? 0
        choice = networks[(index + step + networks.count) % networks.count]
        choiceIsCardholders = true
        return sendIfChanged(context: context)
    }

    // MARK: Typing

    /// The text a field edits; `nil` for the chooser and the Pay button.
    static func text(of field: Field) -> WritableKeyPath<CardFormScreen, EditableText>? {
        switch field {
        case .number: return \.number
        case .expiry: return \.expiry
        case .cvv: return \.securityCode
        case .name: return \.name
        case .network, .pay: return nil
        }
    }

    mutating func type(_ key: Key, context: ScreenContext) -> [ScreenEffect] {
        notice = nil
        guard let path = Self.text(of: focus) else { return [] }
        if let command = EditableText.Command(key) {
            guard command.changesText else {
                self[keyPath: path].perform(command)
                return []
            }
            edit(context: context) { form in form[keyPath: path].perform(command) }
            return sendIfChanged(context: context)
        }
        switch key {
        case .space:
            if focus == .name { return insert(" ", context: context) }
            // Spaces between the number's groups are drawn by the form; typing one is harmless.
            if focus != .number { notice = "digits only" }
            return []
        case .character(let character):
            let effects = insert(String(character), context: context)
            if focus != .name, character != "/", Self.asciiDigits(String(character), limit: 1).isEmpty { notice = "digits only" }
            return effects
        default:
            return []
        }
    }

    mutating func insert(_ text: String, context: ScreenContext) -> [ScreenEffect] {
        let maximumNumber = maximumNumberLength(context: context)
        let maximumCVV = maximumCVVLength(context: context)
        edit(context: context) { form in
            switch form.focus {
            case .number:
                form.number.insert(Self.asciiDigits(text, limit: maximumNumber), limit: maximumNumber)
            case .expiry:
                var incoming = Self.asciiDigits(text, limit: 4)
                let atEnd = form.expiry.caret == form.expiry.text.count
                if text == "/", atEnd, form.expiry.text.count == 1 { form.expiry.set("0" + form.expiry.text) }
                // A first digit above 1 can only be a one-digit month: 4 means April.
                if form.expiry.isEmpty, let first = incoming.first, first > "1", incoming.count == 1 { incoming = "0" + incoming }
                form.expiry.insert(incoming, limit: 4)
            case .cvv:
                form.securityCode.insert(Self.asciiDigits(text, limit: maximumCVV), limit: maximumCVV)
            case .name:
                form.name.insert(EditableText.printable(text, keepSpaces: true, limit: Self.maximumNameLength), limit: Self.maximumNameLength)
            case .network, .pay:
                break
            }
        }
        return sendIfChanged(context: context)
    }

    /// The longest cardholder name the form takes (what fits on a card's embossing, with room).
    static let maximumNameLength = 45

    mutating func paste(_ text: String, context: ScreenContext) -> [ScreenEffect] {
        notice = nil
        if focus == .name {
            // Only the start matters: the field holds 45 characters, and a huge paste must not be walked whole.
            var clean = EditableText.printable(text, keepSpaces: true, limit: Self.maximumNameLength * 4)
            while clean.last == " " { clean.removeLast() }
            return insert(String(clean.drop { $0 == " " }), context: context)
        }
        return insert(text, context: context)
    }

    /// Runs an edit of the focused field: its error hides until the field is left again, and a
    /// failure banner from an earlier Pay goes away.
    mutating func edit(context: ScreenContext, _ change: (inout CardFormScreen) -> Void) {
        revealed.remove(focus)
        banner = nil
        change(&self)
        if digits.count < 8 { lookupInFlight = false }
    }

    /// The first `limit` ASCII digits of `text`: Unicode decimal digits (Arabic-Indic, full-width…)
    /// count as digits, separators and anything else are dropped.
    static func asciiDigits(_ text: String, limit: Int = .max) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars where scalar.properties.numericType == .decimal {
            if count == limit { break }
            if let value = scalar.properties.numericValue, value >= 0, value <= 9 {
                result.append(Character(String(Int(value))))
                count += 1
            }
        }
        return result
    }

    mutating func sendIfChanged(context: ScreenContext) -> [ScreenEffect] {
        let data = cardData(context: context)
        guard data != lastSent else { return [] }
        lastSent = data
        return [.setRawData(data)]
    }

    // MARK: Paying

    /// Pay: the engine charges the total on the button. While the client session's answer for the
    /// network is due, the payment waits for it (spinner on the button); when the answer is another
    /// total, the form shows it and Pay, now "Confirm", has to be pressed again.
    mutating func pay(context: ScreenContext) -> [ScreenEffect] {
        guard !paying else { return [] }
        revealed = Set(Field.allCases)
        submitted = true
        banner = nil
        paying = true
        learnt.append(.paying)
        let sent = sendIfChanged(context: context)
        if isAwaitingSessionUpdate(context: context) {
            payHeldForSession = true
            return sent
        }
        // Pressing Pay on a changed total is the cardholder confirming it.
        changedTotal = nil
        submittedTotal = amountDue(context: context).total
        return sent + [.submit(expectedTotal: submittedTotal)]
    }

    /// A client-session event: the total follows the session's answer, a held Pay goes on once the
    /// answer is in, unless the total it shows changed.
    mutating func sessionChanged(_ event: CheckoutEvent, context: ScreenContext) -> [ScreenEffect] {
        switch event {
        case .willUpdateClientSession:
            sessionUpdating = true
            sessionFailed = false
        case .didUpdateClientSession(let due):
            let shown = amountDue(context: context).total
            sessionUpdating = false
            sessionFailed = false
            sessionDue = due
            if let network = due.network, network == sessionNetwork(context: context) {
                // A total that changes twice before it is confirmed is compared with the first one shown.
                let before = changedTotal.flatMap { $0.network == network ? $0.shown : nil } ?? shown
                changedTotal = due.total == before ? nil : ChangedTotal(network: network, shown: before, charged: due.total)
            }
        case .clientSessionUpdateFailed:
            sessionUpdating = false
            sessionFailed = true
        default:
            return []
        }
        guard payHeldForSession, !isAwaitingSessionUpdate(context: context) else { return [] }
        payHeldForSession = false
        if changedTotal != nil {
            paying = false
            learnt.append(.totalChanged)
            return []
        }
        submittedTotal = amountDue(context: context).total
        return [.submit(expectedTotal: submittedTotal)]
    }

    /// How the network of this payment was settled, for the result to say.
    func networkChoice(context: ScreenContext) -> ResultScreen.NetworkChoice {
        if autoSelectedNetwork(context: context) != nil { return .automatic }
        guard selectableNetworks(context: context) != nil else { return .noChoiceOffered }
        return choiceIsCardholders ? .chosenByCardholder : .preselected
    }

    // MARK: Engine events

    mutating func handle(_ event: CheckoutEvent, context: ScreenContext) -> [ScreenEffect] {
        switch event {
        case .dataIsValid(_, let newErrors):
            errors = newErrors
        case .willFetchMetadata(let state):
            if state.cardNumber.filter(\.isNumber) == digits {
                lookupInFlight = true
                learnt.append(.asking(local: context.resolver.localMetadata(forDigits: digits, source: .local)))
            }
        case .didReceiveMetadata(let metadata, let state):
            let number = state.cardNumber.filter(\.isNumber)
            guard number.count >= 8, digits.count >= 8, number.prefix(8) == digits.prefix(8) else {
                if number == digits { lookupInFlight = false }
                return []
            }
            if number == digits { lookupInFlight = false }
            guard metadata.source != .local else { return [] }
            let chooserWasShown = selectableNetworks(context: context) != nil
            if learnt.last != .answered(metadata) { learnt.append(.answered(metadata)) }
            engineMetadata = metadata
            engineMetadataBin = String(number.prefix(8))
            if let selectable = metadata.chooserNetworks, selectable.items.count >= 2 {
                if choice == nil || !selectable.items.contains(where: { $0.network == choice }) {
                    choice = selectable.preferred?.network ?? selectable.items.first?.network
                    choiceIsCardholders = false
                }
                // Appearing above a field the person has moved on to, the chooser could go unseen.
                if !chooserWasShown, focus != .number, focus != .network { coBadgeNotice = true }
            } else {
                coBadgeNotice = false
                if focus == .network { focus = .number }
            }
            return sendIfChanged(context: context)
        case .didReceiveBinData:
            break
        case .willUpdateClientSession, .didUpdateClientSession, .clientSessionUpdateFailed:
            return sessionChanged(event, context: context)
        case .checkoutCompleted(let payment):
            guard paying else { return [] }
            paying = false
            return [.replace(ResultScreen(outcome: .completed(payment), form: self, choice: networkChoice(context: context),
                                          session: context.session, time: context.wallClock()))]
        case .checkoutFailed(let error):
            guard paying else { return [] }
            paying = false
            if error.errorId == "amount-changed" {
                // Nothing was charged: the total moved between the screen and the engine.
                let charged = amountDue(context: context).total
                if let network = network(context: context), let submittedTotal, submittedTotal != charged {
                    changedTotal = ChangedTotal(network: network, shown: submittedTotal, charged: charged)
                }
                banner = "The total changed before the payment went: check it and press Pay to confirm."
                learnt.append(.totalChanged)
                setFocus(.pay)
                return []
            }
            if let first = errors.first {
                // The field lines already say what is wrong; the banner only points at them.
                banner = errors.count == 1 ? "Fix the field marked * to pay." : "Fix the fields marked * to pay."
                setFocus(Self.field(of: first.inputElementType))
                return []
            }
            return [.replace(ResultScreen(outcome: .failed(error), form: self, choice: networkChoice(context: context),
                                          session: context.session, time: context.wallClock()))]
        }
        return []
    }
}
