import CheckoutCore
import CheckoutEngine

/// Keys, typing, pasting and engine events on the card form.
extension CardFormScreen {
    public func keyMap(context: ScreenContext) -> KeyMap<Action> {
        // Made once for what it is made from (asked at each key and each frame): the focus and the
        // language (the sentences compare as their catalogue's storage when it is the same).
        Self.keyMaps.value(for: KeyMapKey(focus: focus, localizer: context.localizer)) {
            Self.makeKeyMap(focus: focus, localizer: context.localizer)
        }
    }

    private struct KeyMapKey: Equatable, Sendable {
        var focus: Field
        var localizer: Localizer
    }

    private static let keyMaps = Memo<KeyMapKey, KeyMap<Action>>()

    private static func makeKeyMap(focus: Field, localizer text: Localizer) -> KeyMap<Action> {
        // Labels are short so the footer fits 80 columns on every field; ↓ and ↑ are listed in the help only.
        let onText = Self.text(of: focus) != nil
        var bindings: [KeyBinding<Action>] = [
            KeyBinding([.tab], "tab", text.text(.cardKeyNext), .next, rank: onText ? .focused : .normal, explain: text.text(.cardKeyNextField)),
            KeyBinding([.backTab], "⇧tab", text.text(.cardKeyPrevious), .previous, explain: text.text(.cardKeyPreviousField)),
            KeyBinding([.down], "↓", text.text(.cardKeyNextField), .next, footer: false),
            KeyBinding([.up], "↑", text.text(.cardKeyPreviousField), .previous, footer: false),
        ]
        if focus == .network {
            bindings.append(KeyBinding([.left], "←/→", text.text(.cardKeyChoose), .chooseLeft, rank: .focused, explain: text.text(.cardKeyChooseExplain)))
            bindings.append(KeyBinding([.right], "→", text.text(.cardKeyNextNetwork), .chooseRight, footer: false, explain: text.text(.cardKeyChooseExplain)))
        }
        if focus == .pay {
            bindings.append(KeyBinding([.enter], "enter", text.text(.cardKeyPay), .enter, rank: .focused, explain: text.text(.cardKeyPayExplain)))
        } else {
            bindings.append(KeyBinding([.enter], "enter", text.text(.cardKeyNext), .enter, explain: text.text(.cardKeyNextField)))
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
        let summary = OrderSummary(context.session, context: context)
        // A row without a label (an item after the first) is not a heading: it gets a blank one.
        var rows = summary.rows(context.localizer).map { KeyHint(keys: $0.label.isEmpty ? " " : $0.label, help: $0.value) }
        let surcharges = context.session.allowedNetworks.compactMap { network -> String? in
            let amount = context.session.surcharge(for: network)
            return amount > 0 ? "\(context.catalogue.info(network).displayName) +\(context.money(amount, currency: context.session.currency))" : nil
        }
        if !surcharges.isEmpty { rows.append(KeyHint(keys: context.localizer.text(.cardHelpSurcharges), help: surcharges.joined(with: context.glyphs.separator))) }
        // An amount alone is on the Pay button already.
        guard summary.hasDetails || !surcharges.isEmpty else { return nil }
        return HelpScreen.About(heading: context.localizer.text(.cardHelpOrder), rows: rows)
    }

    public mutating func perform(_ action: Action, context: ScreenContext) -> [ScreenEffect] {
        // The focus just moved on by itself: a Tab or Enter now is the person's "next", already done.
        let arrived = arrivedByItself == focus
        arrivedByItself = nil
        if arrived, action == .next || action == .enter { return [] }
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
        case .paste(let text):
            arrivedByItself = nil
            return paste(text, context: context)
        case .engine(let event):
            let effects = handle(event, context: context)
            return effects + reconsiderHold(context: context)
        case .tick: return reconsiderHold(context: context)
        case .scroll, .transit, .ledger, .nol: return []
        }
    }

    public func yesNoQuestion(context: ScreenContext) -> YesNoQuestion? { holdQuestion(context: context) }

    public mutating func answer(_ yes: Bool, context: ScreenContext) -> [ScreenEffect] {
        answerHold(yes, context: context)
    }

    public func stepBackLabel(context: ScreenContext) -> String? { hold != nil ? context.localizer.text(.holdStopLabel) : nil }

    public mutating func stepBack(context: ScreenContext) -> [ScreenEffect] {
        cancelHold(context: context)
        return []
    }

    /// A click focuses the field clicked (the caret where it was clicked), picks a network in the
    /// chooser, or presses Pay.
    public mutating func click(_ target: Click, column: Int, context: ScreenContext) -> [ScreenEffect] {
        notice = nil
        advancing = nil
        arrivedByItself = nil
        switch target {
        case let .text(field, start):
            guard let path = Self.text(of: field), let (shown, isStored) = shownText(of: field, context: context) else { return [] }
            setFocus(field, context: context)
            self[keyPath: path].moveCaret(toColumn: start + column, in: shown, isStored: isStored)
        case let .field(field):
            guard focusOrder(context: context).contains(field) else { return [] }
            setFocus(field, context: context)
            if field == .pay { return pay(context: context) }
        case let .network(network):
            guard let items = selectableNetworks(context: context), items.contains(where: { $0.network == network }) else { return [] }
            setFocus(.network, context: context)
            choice = network
            choiceIsCardholders = true
            return sendIfChanged(context: context)
        }
        return []
    }

    // MARK: Focus

    mutating func move(by step: Int, context: ScreenContext) {
        let order = focusOrder(context: context)
        let index = order.firstIndex(of: focus) ?? 0
        let target = order[max(0, min(order.count - 1, index + step))]
        setFocus(target, context: context)
    }

    mutating func setFocus(_ field: Field, context: ScreenContext) {
        if field != focus {
            revealed.insert(focus)
            // A field's note is about that field: it goes with it.
            notice = nil
            if let path = Self.text(of: field) { self[keyPath: path].moveToEnd() }
            // Pay held and the person moved on: they are not paying what they saw.
            if focus == .pay { cancelHold(context: context) }
        }
        focus = field
        advancing = nil
        arrivedByItself = nil
        if field == .network { coBadgeNotice = false }
    }

    /// The field that takes what is typed after `field` is complete: the next in focus order, past
    /// the co-badge chooser (digits typed there go on to the field after it).
    func field(after field: Field, context: ScreenContext) -> Field? {
        let order = focusOrder(context: context).filter { $0 != .network || field == .network }
        guard let index = order.firstIndex(of: field), index + 1 < order.count else { return nil }
        let next = order[index + 1]
        return next == .network ? nil : next
    }

    // MARK: Moving on by itself

    /// Whether `field` holds all it can: the number complete and valid with no co-badge choice left
    /// to make, the expiry complete and valid, the security code at its network's length.
    func isComplete(_ field: Field, context: ScreenContext) -> Bool {
        switch field {
        case .number:
            guard !digits.isEmpty, number.caret == number.count, selectableNetworks(context: context) == nil else { return false }
            // From 8 digits the BIN answer decides the networks (and may offer a choice, or a longer
            // length): the focus waits for it. A digit typed meanwhile goes on by the same rule.
            if digits.count >= CardNetworkResolver.binLength, !hasEngineAnswer { return false }
            return completeness(context: context).isComplete
        case .expiry:
            guard expiry.caret == expiry.count, expiryDigits.count == 4 || expiryDigits.count == 6 else { return false }
            var calendar = LocalCalendar()
            return context.validator.validateExpiryDate(expiryText, now: context.today, calendar: calendar.calendar(at: context.today)) == nil
        case .cvv:
            guard securityCode.caret == securityCode.count, let network = network(context: context),
                  let length = context.catalogue.info(network).cvvLength else { return false }
            return cvv.count == length
        case .network, .name, .pay:
            return false
        }
    }

    /// Moves on from the focused field when the last key completed it.
    mutating func advanceIfComplete(context: ScreenContext) {
        guard let field = advancing, field == focus, isComplete(field, context: context) else { return }
        move(by: 1, context: context)
        if focus != field { arrivedByItself = focus }
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
        advancing = nil
        let arrived = arrivedByItself == focus
        arrivedByItself = nil
        // A space right after the focus moved on by itself separates what was typed (a card line
        // typed as `4242… 12/30 123`): the move was the separation.
        if arrived, key == .space { return [] }
        if focus == .network, case .character(let character) = key, !CardNumberNormalizer.asciiDigits(in: String(character), limit: 1).isEmpty,
           let next = field(after: .network, context: context) {
            // Digits typed on the chooser are the expiry's: the person typed on past the number.
            setFocus(next, context: context)
            return type(key, context: context)
        }
        guard let path = Self.text(of: focus) else { return [] }
        if let command = EditableText.Command(key) {
            // Backspace in an empty field goes back to the one before (Stripe Elements' behaviour).
            if command == .deleteBackward, self[keyPath: path].isEmpty, focus != .number {
                move(by: -1, context: context)
                return []
            }
            guard command.changesText else {
                self[keyPath: path].perform(command)
                return []
            }
            edit(context: context) { form in form[keyPath: path].perform(command) }
            return sendIfChanged(context: context)
        }
        switch key {
        case .space:
            if focus == .name { return insert(" ", typed: true, context: context) }
            // Spaces between the number's groups are drawn by the form, and the expiry's separator
            // may be spaced (`12 / 30`); typing one is harmless.
            if focus == .expiry { return insert(" ", typed: true, context: context) }
            if focus != .number { notice = context.localizer.text(.cardDigitsOnly) }
            return []
        case .character(let character):
            let effects = insert(String(character), typed: true, context: context)
            // Separators are harmless in the number and the expiry.
            if notice == nil, focus != .name, !"/-.".contains(character), CardNumberNormalizer.asciiDigits(in: String(character), limit: 1).isEmpty {
                notice = context.localizer.text(.cardDigitsOnly)
            }
            return effects
        default:
            return []
        }
    }

    /// Puts typed (one key) or pasted text into the focused field: what the field takes, up to its
    /// length; what it cannot take is said, never dropped in silence. Moves on when it completed
    /// the field.
    mutating func insert(_ text: String, typed: Bool, context: ScreenContext) -> [ScreenEffect] {
        let maximumCVV = maximumCVVLength(context: context)
        let field = focus
        var atEnd = false
        var overflow: Substring?
        edit(context: context) { form in
            switch field {
            case .number:
                overflow = form.insertNumber(text, context: context)
                atEnd = form.number.caret == form.number.count
            case .expiry:
                form.insertExpiry(text, typed: typed, context: context)
                atEnd = form.expiry.caret == form.expiry.count
            case .cvv:
                let incoming = CardNumberNormalizer.asciiDigits(in: text, limit: maximumCVV + 1)
                let taken = form.securityCode.insert(incoming, limit: maximumCVV)
                if taken < incoming.count, !incoming.isEmpty { form.notice = context.localizer.text(.cardNoticeCvvMax, form.cvvLabel(context: context), context.localizer.format.number(maximumCVV)) }
                atEnd = form.securityCode.caret == form.securityCode.count
            case .name:
                let incoming = EditableText.printable(text, keepSpaces: true, limit: Self.maximumNameLength + 1)
                let taken = form.name.insert(incoming, limit: Self.maximumNameLength)
                if taken < incoming.count, form.name.count >= Self.maximumNameLength {
                    form.notice = context.localizer.text(.cardNoticeNameMax, context.localizer.format.number(Self.maximumNameLength))
                }
            case .network, .pay:
                break
            }
        }
        var effects = sendIfChanged(context: context)
        if atEnd, field != .name {
            advancing = field
            advanceIfComplete(context: context)
        }
        if let overflow {
            // Typed, or a card line's worth pasted, the rest is the next field's; more text than a
            // card line is not one, and the number keeps only its own digits, saying so.
            if typed || text.utf8.count <= Self.cardLineLimit {
                effects = Self.lastRawData(effects + typeOn(overflow, after: field, context: context))
            } else if focus == field {
                let words = context.localizer, rule = completeness(context: context)
                notice = words.text(.cardNoticeNetworkNumberMax, rule.networks.first.map { context.catalogue.info($0).displayName } ?? "",
                                    words.format.number(digits.count), words.format.number(digits.count + 1))
            }
        }
        return effects
    }

    /// What was typed or pasted past a complete number goes on to the field after it, typed there
    /// key by key as the person would have typed it (`12/30 123` fills the expiry, then the CVV).
    mutating func typeOn(_ text: Substring, after field: Field, context: ScreenContext) -> [ScreenEffect] {
        if focus == field {
            guard let next = self.field(after: field, context: context) else { return [] }
            setFocus(next, context: context)
        }
        arrivedByItself = nil
        var effects: [ScreenEffect] = []
        for character in text.prefix(Self.cardLineLimit) {
            effects += type(character == " " ? .space : .character(character), context: context)
        }
        return effects
    }

    /// The effects with only the last raw data among them: the engine needs the form's data once.
    static func lastRawData(_ effects: [ScreenEffect]) -> [ScreenEffect] {
        guard let last = effects.lastIndex(where: { if case .setRawData = $0 { true } else { false } }) else { return effects }
        return effects.enumerated().filter { index, effect in
            if case .setRawData = effect { return index == last }
            return true
        }.map(\.element)
    }

    /// Inserts the text's digits at the caret one at a time, as typing them would, by the one rule
    /// (``completeness(context:)``): each digit goes in while the number is shorter than its limit;
    /// once the number is complete (the caret at its end), the rest is the next field's and is
    /// returned; a digit past the limit of a number not complete is refused, and the field says
    /// why. Separators and other characters between the digits are skipped.
    mutating func insertNumber(_ text: String, context: ScreenContext) -> Substring? {
        var index = text.startIndex
        while index < text.endIndex {
            let digit = CardNumberNormalizer.asciiDigits(in: String(text[index]), limit: 1)
            if digit.isEmpty {
                index = text.index(after: index)
                continue
            }
            let rule = completeness(context: context)
            if rule.isComplete, number.caret == number.count { return text[index...] }
            guard digits.count < rule.limit else {
                let words = context.localizer
                let limit = words.format.number(rule.limit), refused = words.format.number(digits.count + 1)
                notice = rule.networks.count == 1
                    ? words.text(rule.limitIsUsual && !rule.isComplete ? .cardNoticeNetworkNumberUsual : .cardNoticeNetworkNumberMax,
                                 context.catalogue.info(rule.networks[0]).displayName, limit, refused)
                    : words.text(.cardNoticeNumberMax, limit, refused)
                return nil
            }
            number.insert(digit, limit: rule.limit)
            index = text.index(after: index)
            // Valid, and longer numbers are possible (Maestro's 12 to 19): the focus stays, and the
            // field says how to go on (until the next key).
            let mayBeWhole = number.caret == number.count && completeness(context: context).state == .mayBeWhole
            notice = mayBeWhole ? context.localizer.text(.cardNoticeNumberMayBeWhole, context.localizer.format.number(digits.count)) : nil
        }
        return nil
    }

    /// The expiry takes digits up to `MMYYYY`. Pasted text in any spelling the one parser takes
    /// (`12 / 2030`, `12-30`) goes in whole; typed, `/` (or a space) after a single digit makes it
    /// the month (`1/` is `01`), and a first digit above 1 is a month of its own (4 is April).
    mutating func insertExpiry(_ text: String, typed: Bool, context: ScreenContext) {
        if !typed, expiry.isEmpty, let spelling = ExpiryDate.canonicalText(text) {
            expiry.set(spelling.filter { $0 != "/" })
            return
        }
        let isSeparator = typed && (text == "/" || text == " " || text == "-" || text == ".")
        if isSeparator {
            if expiry.caret == expiry.count, expiry.count == 1 { expiry.set("0" + expiry.text) }
            return
        }
        var incoming = CardNumberNormalizer.asciiDigits(in: text, limit: Self.maximumExpiryDigits + 1)
        if expiry.isEmpty, let first = incoming.first, first > "1", incoming.count == 1 { incoming = "0" + incoming }
        let taken = expiry.insert(incoming, limit: Self.maximumExpiryDigits)
        if taken < incoming.count { notice = context.localizer.text(.cardNoticeExpiryMax) }
    }

    mutating func paste(_ text: String, context: ScreenContext) -> [ScreenEffect] {
        notice = nil
        advancing = nil
        if focus == .name {
            // Only the start matters: the field holds 45 characters, and a huge paste must not be walked whole.
            var clean = EditableText.printable(text, keepSpaces: true, limit: Self.maximumNameLength * 4)
            while clean.last == " " { clean.removeLast() }
            return insert(String(clean.drop { $0 == " " }), typed: false, context: context)
        }
        if focus == .number, let line = Self.cardLine(text) {
            // A whole card line (`4242 4242 4242 4242 12/30 123`): the number ends where the expiry
            // begins, also when its network issues longer numbers (Maestro), if it is valid there.
            var form = self
            var effects = form.insert(String(line.number), typed: false, context: context)
            if form.focus == .number, form.completeness(context: context).state != .incomplete {
                effects = Self.lastRawData(effects + form.typeOn(line.rest, after: .number, context: context))
                self = form
                return effects
            }
        }
        return insert(text, typed: false, context: context)
    }

    /// A pasted card line split where its expiry begins: the first word after the first with a
    /// `/` in it (`12/30`); nil when there is none. Only a line's worth of text is looked at.
    static func cardLine(_ text: String) -> (number: Substring, rest: Substring)? {
        let line = text.prefix(Self.cardLineLimit)
        guard let slash = line.firstIndex(of: "/") else { return nil }
        guard let start = line[..<slash].lastIndex(where: { $0 == " " || $0 == "\t" }) else { return nil }
        return (line[..<start], line[line.index(after: start)...])
    }

    /// The most characters of a pasted card line (number, expiry, code and name) that go on past the number.
    static let cardLineLimit = 160

    /// Runs an edit of the focused field: its error hides until the field is left again, a
    /// failure banner from an earlier Pay goes away, and a held Pay stops (what it was about changed).
    mutating func edit(context: ScreenContext, _ change: (inout CardFormScreen) -> Void) {
        revealed.remove(focus)
        banner = nil
        hold = nil
        change(&self)
        if digits.count < CardNetworkResolver.binLength { lookupInFlight = false }
    }

    mutating func sendIfChanged(context: ScreenContext) -> [ScreenEffect] {
        let data = cardData(context: context)
        guard data != lastSent else { return [] }
        lastSent = data
        return [.setRawData(data)]
    }

    // MARK: Paying

    /// Pay: the engine charges the total on the button. While something that total depends on is
    /// still on its way (the BIN answer, the client session's answer), Pay is held (``PayHold``);
    /// when the answer is another total, the form shows it and Pay, now "Confirm", has to be
    /// pressed again.
    mutating func pay(context: ScreenContext) -> [ScreenEffect] {
        guard !paying, hold == nil else { return [] }
        revealed = Set(Field.allCases)
        submitted = true
        banner = nil
        // Pressing Pay on a changed total is the cardholder confirming it, also when Pay is then held:
        // the hold pays only that total (``PayHold/seen``), and a session answer with another asks again.
        changedTotal = nil
        return holdOrPay(context: context)
    }

    /// Hands the card to the engine to validate and pay the total on the button.
    mutating func startPayment(context: ScreenContext) -> [ScreenEffect] {
        paying = true
        learnt.append(.paying)
        let sent = sendIfChanged(context: context)
        changedTotal = nil
        submittedTotal = amountDue(context: context).total
        return sent + [.submit(expectedTotal: submittedTotal)]
    }

    /// A client-session event: the total follows the session's answer, and one that differs from
    /// the total shown is kept to be confirmed. A Pay held for the answer is looked at again after
    /// every event (``reconsiderHold(context:)``).
    mutating func sessionChanged(_ event: CheckoutEvent, context: ScreenContext) {
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
            break
        }
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
            if CardNumberNormalizer.asciiDigits(in: state.cardNumber) == digits {
                lookupInFlight = true
                learnt.append(.asking(local: context.resolver.localMetadata(forDigits: digits, source: .local)))
            }
        case .didReceiveMetadata(let metadata, let state):
            let number = CardNumberNormalizer.asciiDigits(in: state.cardNumber)
            guard number.count >= CardNetworkResolver.binLength, digits.count >= CardNetworkResolver.binLength,
                  number.prefix(CardNetworkResolver.binLength) == digits.prefix(CardNetworkResolver.binLength) else {
                if number == digits { lookupInFlight = false }
                return []
            }
            if number == digits { lookupInFlight = false }
            guard metadata.source != .local else { return [] }
            defer { advanceIfComplete(context: context) }
            let chooserWasShown = selectableNetworks(context: context) != nil
            if learnt.last != .answered(metadata) { learnt.append(.answered(metadata)) }
            engineMetadata = metadata
            engineMetadataBin = String(number.prefix(CardNetworkResolver.binLength))
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
            sessionChanged(event, context: context)
        case .checkoutCompleted(let payment):
            guard paying else { return [] }
            paying = false
            return [.replace(ResultScreen(outcome: .completed(payment), form: self, choice: networkChoice(context: context),
                                          session: context.session, time: context.today.timeIntervalSince1970))]
        case .checkoutFailed(let error):
            guard paying else { return [] }
            paying = false
            if error.errorId == "amount-changed" {
                // Nothing was charged: the total moved between the screen and the engine.
                let charged = amountDue(context: context).total
                if let network = network(context: context), let submittedTotal, submittedTotal != charged {
                    changedTotal = ChangedTotal(network: network, shown: submittedTotal, charged: charged)
                }
                banner = context.localizer.text(.cardTotalChangedBanner)
                learnt.append(.totalChanged)
                setFocus(.pay, context: context)
                return []
            }
            if let first = errors.first {
                // The field lines already say what is wrong; the banner only points at them.
                banner = context.localizer.text(errors.count == 1 ? .cardFixOne : .cardFixMany)
                setFocus(Self.field(of: first.inputElementType), context: context)
                return []
            }
            return [.replace(ResultScreen(outcome: .failed(error), form: self, choice: networkChoice(context: context),
                                          session: context.session, time: context.today.timeIntervalSince1970))]
        }
        return []
    }
}
