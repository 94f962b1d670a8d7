import CheckoutCore
import CheckoutEngine

/// Keys, typing, pasting and engine events on the card form.
extension CardFormScreen {
    public func keyMap(context: ScreenContext) -> KeyMap<Action> {
        var bindings: [KeyBinding<Action>] = [
            KeyBinding([.tab, .down], "tab/↓", "next", .next),
            KeyBinding([.backTab, .up], "shift+tab/↑", "prev", .previous),
        ]
        if focus == .network {
            bindings.append(KeyBinding([.left], "←/→", "choose", .chooseLeft))
            bindings.append(KeyBinding([.right], "→", "next network", .chooseRight, footer: false))
        }
        let amount = MoneyText.format(minorUnits: context.settings.amount, currency: context.settings.currency)
        bindings.append(KeyBinding([.enter], "enter", focus == .pay ? "pay \(amount)" : "next", .enter))
        bindings.append(KeyBinding([.escape], "esc", "back", .back))
        return KeyMap(bindings)
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
        case .back: return [.pop]
        }
        return []
    }

    public mutating func receive(_ input: ScreenInput, context: ScreenContext) -> [ScreenEffect] {
        switch input {
        case .key(let key): return type(key, context: context)
        case .paste(let text): return paste(text, context: context)
        case .engine(let event): return handle(event, context: context)
        case .tick: return []
        }
    }

    // MARK: Focus

    mutating func move(by step: Int, context: ScreenContext) {
        let order = focusOrder(context: context)
        let index = order.firstIndex(of: focus) ?? 0
        let target = order[max(0, min(order.count - 1, index + step))]
        setFocus(target)
    }

    mutating func setFocus(_ field: Field) {
        if field != focus { revealed.insert(focus) }
        focus = field
    }

    mutating func choose(by step: Int, context: ScreenContext) -> [ScreenEffect] {
        guard let items = selectableNetworks(context: context) else { return [] }
        let networks = items.map(\.network)
        let index = choice.flatMap { networks.firstIndex(of: $0) } ?? 0
        choice = networks[(index + step + networks.count) % networks.count]
        return sendIfChanged(context: context)
    }

    // MARK: Typing

    mutating func type(_ key: Key, context: ScreenContext) -> [ScreenEffect] {
        switch key {
        case .backspace, .delete:
            edit(context: context) { form in
                switch form.focus {
                case .number: _ = form.digits.popLast()
                case .expiry: _ = form.expiryDigits.popLast()
                case .cvv: _ = form.cvv.popLast()
                case .name: _ = form.cardholderName.popLast()
                case .network, .pay: break
                }
            }
        case .space:
            guard focus == .name else { return [] }
            return insert(" ", context: context)
        case .character(let character):
            return insert(String(character), context: context)
        default:
            return []
        }
        return sendIfChanged(context: context)
    }

    mutating func insert(_ text: String, context: ScreenContext) -> [ScreenEffect] {
        edit(context: context) { form in
            switch form.focus {
            case .number:
                let room = max(0, form.maximumNumberLength(context: context) - form.digits.count)
                form.digits += String(Self.asciiDigits(text).prefix(room))
            case .expiry:
                var incoming = Self.asciiDigits(text)
                if text == "/", form.expiryDigits.count == 1 { form.expiryDigits = "0" + form.expiryDigits }
                // A first digit above 1 can only be a one-digit month: 4 means April.
                if form.expiryDigits.isEmpty, let first = incoming.first, first > "1", incoming.count == 1 { incoming = "0" + incoming }
                form.expiryDigits = String((form.expiryDigits + incoming).prefix(4))
            case .cvv:
                let room = max(0, form.maximumCVVLength(context: context) - form.cvv.count)
                form.cvv += String(Self.asciiDigits(text).prefix(room))
            case .name:
                let printable = String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 }.filter { !($0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) })
                form.cardholderName = String((form.cardholderName + printable).prefix(45))
            case .network, .pay:
                break
            }
        }
        return sendIfChanged(context: context)
    }

    mutating func paste(_ text: String, context: ScreenContext) -> [ScreenEffect] {
        if focus == .name {
            return insert(text.trimmingCharacters(in: .whitespacesAndNewlines), context: context)
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

    /// The ASCII digits of `text`: Unicode decimal digits (Arabic-Indic, full-width…) count as digits,
    /// separators and anything else are dropped.
    static func asciiDigits(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars where scalar.properties.numericType == .decimal {
            if let value = scalar.properties.numericValue, value >= 0, value <= 9 {
                result.append(Character(String(Int(value))))
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

    mutating func pay(context: ScreenContext) -> [ScreenEffect] {
        guard !paying else { return [] }
        revealed = Set(Field.allCases)
        banner = nil
        paying = true
        return sendIfChanged(context: context) + [.submit]
    }

    // MARK: Engine events

    mutating func handle(_ event: CheckoutEvent, context: ScreenContext) -> [ScreenEffect] {
        switch event {
        case .dataIsValid(_, let newErrors):
            errors = newErrors
        case .willFetchMetadata(let state):
            if state.cardNumber.filter(\.isNumber) == digits { lookupInFlight = true }
        case .didReceiveMetadata(let metadata, let state):
            let number = state.cardNumber.filter(\.isNumber)
            guard number.count >= 8, digits.count >= 8, number.prefix(8) == digits.prefix(8) else {
                if number == digits { lookupInFlight = false }
                return []
            }
            if number == digits { lookupInFlight = false }
            guard metadata.source != .local else { return [] }
            engineMetadata = metadata
            engineMetadataBin = String(number.prefix(8))
            if let selectable = metadata.selectableCardNetworks, selectable.items.count >= 2 {
                if choice == nil || !selectable.items.contains(where: { $0.network == choice }) {
                    choice = selectable.preferred?.network ?? selectable.items.first?.network
                }
            } else if focus == .network {
                focus = .number
            }
            return sendIfChanged(context: context)
        case .didReceiveBinData:
            break
        case .checkoutCompleted(let payment):
            guard paying else { return [] }
            paying = false
            return [.replace(ResultScreen(outcome: .completed(payment)))]
        case .checkoutFailed(let error):
            guard paying else { return [] }
            paying = false
            if let first = errors.first {
                banner = error.description
                setFocus(Self.field(of: first.inputElementType))
                return []
            }
            return [.replace(ResultScreen(outcome: .failed(error)))]
        }
        return []
    }
}

import Foundation
