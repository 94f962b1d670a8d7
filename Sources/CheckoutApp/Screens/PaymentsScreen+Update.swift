import CheckoutCore

/// Keys on Payments: ↑ ↓ choose a payment (moving on to the next page at the end of one), PgUp
/// PgDn turn pages, ← → change the status filter, `s` and `c` keep the chosen payment's receipt.
extension PaymentsScreen {
    public func keyMap(context: ScreenContext) -> KeyMap<Action> {
        let text = context.localizer
        if keeping.isAsking { return KeyMap(ReceiptKeeping.askingBindings(Action.receipt, text: text)) }
        var bindings: [KeyBinding<Action>] = [
            KeyBinding([.up], "↑↓", text.text(.paymentsKeyChoose), .up, explain: text.text(.paymentsKeyAbove)),
            KeyBinding([.down], "↓", text.text(.paymentsKeyBelow), .down, footer: false),
            KeyBinding([.left], "←→", text.text(.paymentsKeyStatus), .previousFilter, rank: .focused, explain: text.text(.paymentsKeyStatusBack)),
            KeyBinding([.right], "→", text.text(.paymentsKeyStatusOn), .nextFilter, footer: false),
        ]
        // Pages are turned only where there is more than one (no key that does nothing is offered).
        if pageCount > 1 {
            bindings.insert(contentsOf: [
                KeyBinding([.pageUp], "pgup/dn", text.text(.paymentsKeyPage), .pageUp, explain: text.text(.paymentsKeyPageBefore)),
                KeyBinding([.pageDown], "pgdn", text.text(.paymentsKeyPageNext), .pageDown, footer: false),
            ], at: 2)
        }
        if chosen != nil { bindings += ReceiptKeeping.bindings(Action.receipt, text: text) }
        return KeyMap(bindings)
    }

    public mutating func perform(_ action: Action, context: ScreenContext) -> [ScreenEffect] {
        switch action {
        case .up:
            if selected > 0 {
                selected -= 1
            } else if page > 0 {
                return turn(to: page - 1, choosingLast: true)
            }
        case .down:
            if selected < entries.count - 1 {
                selected += 1
            } else if page < pageCount - 1 {
                return turn(to: page + 1)
            }
        case .pageUp: return turn(to: max(0, page - 1))
        case .pageDown: return turn(to: min(pageCount - 1, page + 1))
        case .previousFilter, .nextFilter:
            let all = StatusFilter.allCases
            let index = all.firstIndex(of: filter) ?? 0
            filter = all[(index + (action == .nextFilter ? 1 : all.count - 1)) % all.count]
            page = 0
            selected = 0
            return load()
        case .receipt(let step): return keepReceipt(step, context: context)
        }
        return []
    }

    private mutating func turn(to newPage: Int, choosingLast: Bool = false) -> [ScreenEffect] {
        guard newPage != page else { return [] }
        page = newPage
        selected = 0
        return load(choosingLast: choosingLast)
    }

    /// A click chooses a payment (its index on the page).
    public mutating func click(_ index: Int, column: Int, context: ScreenContext) -> [ScreenEffect] {
        if entries.indices.contains(index) { selected = index }
        return []
    }

    /// Typing goes to the file name while one is asked for; the wheel moves the choice.
    public mutating func receive(_ input: ScreenInput, context: ScreenContext) -> [ScreenEffect] {
        if keeping.receive(input) { return [] }
        switch input {
        case .ledger(let answer):
            take(answer)
        case .scroll(let lines):
            // One page turn at most: the lines after it wait for its answer.
            for _ in 0..<abs(lines) {
                let effects = perform(lines < 0 ? .up : .down, context: context)
                if !effects.isEmpty { return effects }
            }
        default:
            break
        }
        return []
    }
}
