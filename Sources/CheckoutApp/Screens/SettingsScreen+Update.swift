import CheckoutCore

/// Keys, typing, pasting and clicks on Settings.
extension SettingsScreen {
    public func keyMap(context: ScreenContext) -> KeyMap<Action> {
        let text = context.localizer
        var bindings: [KeyBinding<Action>] = [
            KeyBinding([.up], "↑↓", text.text(.settingsKeyMove), .up, explain: text.text(.settingsKeyPreviousRow)),
            KeyBinding([.down], "↓", text.text(.settingsKeyNextRow), .down, footer: false),
            KeyBinding([.tab], "tab", text.text(.settingsKeyNextRow), .down, footer: false),
            KeyBinding([.backTab], "⇧tab", text.text(.settingsKeyPreviousRow), .up, footer: false),
        ]
        switch current {
        case .binSource:
            bindings.append(KeyBinding([.left], "←→", text.text(.settingsKeySource), .decrease, explain: text.text(.settingsKeySourceExplain)))
            bindings.append(KeyBinding([.right], "→", text.text(.settingsKeySourceExplain), .increase, footer: false))
        case .binURL:
            break
        case .latency, .debounce:
            bindings.append(KeyBinding([.character("+")], "+/-", text.text(.settingsKeyStep), .increase, explain: text.text(.settingsKeyStepMore)))
            bindings.append(KeyBinding([.character("-")], "-", text.text(.settingsKeyStepLess), .decrease, footer: false))
        case .mouse:
            bindings.append(KeyBinding([.space, .left, .right], "space", text.text(.settingsKeyOnOff), .toggle, explain: text.text(.settingsKeyMouseExplain)))
        case .language:
            bindings.append(KeyBinding([.left], "←→", text.text(.settingsKeyLanguage), .decrease, explain: text.text(.settingsKeyLanguageExplain)))
            bindings.append(KeyBinding([.right], "→", text.text(.settingsKeyLanguageExplain), .increase, footer: false))
        case .reset:
            bindings.append(KeyBinding([.enter, .space], "enter", text.text(.settingsKeyReset), .reset, rank: .focused,
                                       explain: text.text(.settingsKeyResetExplain)))
        case .network:
            bindings.append(KeyBinding([.space], "space", text.text(.settingsKeyAccept), .toggle, explain: text.text(.settingsKeyAcceptExplain)))
            bindings.append(KeyBinding([.alt(.up), .left], "alt+↑↓", text.text(.settingsKeyReorder), .moveEarlier, explain: text.text(.settingsKeyEarlier)))
            bindings.append(KeyBinding([.alt(.down), .right], "alt+↓", text.text(.settingsKeyLater), .moveLater, footer: false))
        }
        // Saving is what the footer keeps at any width; the row's own keys are drawn on it (◀ ▶, + -, [✓]).
        if current != .reset {
            bindings.append(KeyBinding([.enter], "enter", text.text(.settingsKeySave), .save, rank: .focused,
                                       explain: text.text(.settingsKeySaveExplain)))
        }
        return KeyMap(bindings)
    }

    /// Every row's keys, each saying which rows it works on.
    public func helpLines(context: ScreenContext) -> [KeyHint] {
        KeyHint.merged([Row.binSource, .binURL, .latency, .mouse, .network(networkOrder.first ?? .visa), .reset].flatMap { row in
            var screen = self
            screen.current = row
            return screen.keyMap(context: context).helpLines
        })
    }

    public var editsText: Bool { true }

    public mutating func perform(_ action: Action, context: ScreenContext) -> [ScreenEffect] {
        error = nil
        notice = nil
        switch action {
        case .up: select(offset: -1)
        case .down: select(offset: 1)
        case .decrease: change(by: -1)
        case .increase: change(by: 1)
        case .moveEarlier: change(by: -1)
        case .moveLater: change(by: 1)
        case .toggle:
            if case .network(let network) = current {
                if accepted.contains(network) { accepted.remove(network) } else { accepted.insert(network) }
            } else if current == .mouse {
                draft.mouse.toggle()
            }
        case .reset:
            load(defaults)
            current = .binSource
            notice = context.localizer.text(.settingsDefaultsRestored)
        case .save:
            if let (row, problem) = firstProblem(context.localizer) {
                error = problem
                current = row
                return []
            }
            // Nothing changed, nothing written: the saved values stay as they are, and so do the
            // ones the command line set for this run.
            let changes = SavedSettings(changesFrom: original, to: result)
            original = result
            guard !changes.isEmpty else {
                // Opened on its own, Settings stays: it says why nothing happened.
                notice = context.localizer.text(.settingsNothingChanged)
                return [.back(orOpen: nil)]
            }
            return [.applySettings(result, saving: changes), .back(orOpen: nil)]
        }
        return []
    }

    public mutating func receive(_ input: ScreenInput, context: ScreenContext) -> [ScreenEffect] {
        switch input {
        case .scroll(let lines):
            select(offset: lines)
        case .key(let key):
            error = nil
            notice = nil
            guard let path = Self.text(of: current) else { return [] }
            if self[keyPath: path].apply(key) { break }
            switch key {
            case .character(let character): insert(String(character), context.localizer)
            case .space: insert(" ", context.localizer)
            default: break
            }
        case .paste(let text):
            error = nil
            notice = nil
            insert(text, context.localizer)
        case .engine, .tick, .transit, .ledger, .nol:
            return []
        }
        syncURL()
        return []
    }

    /// Moves the focus `offset` rows, stopping at either end.
    mutating func select(offset: Int) {
        let all = rows
        let index = max(0, min(all.count - 1, selection + offset))
        focus(all[index])
    }

    /// Gives `row` the focus; a text field gets the caret at its end.
    mutating func focus(_ row: Row) {
        if row != current, let path = Self.text(of: row) { self[keyPath: path].moveToEnd() }
        current = row
    }

    /// Types or pastes into the focused text field what it takes: URL characters, or digits. A
    /// list of networks pasted on the networks (`VISA,MASTERCARD`, or `all`) accepts those, in that order.
    mutating func insert(_ text: String, _ localizer: Localizer) {
        switch current {
        case .network:
            acceptNetworks(listed: text, localizer)
        case .binURL:
            url.insert(EditableText.printable(text, keepSpaces: false, limit: Self.maximumURLLength), limit: Self.maximumURLLength) { !$0.isWhitespace }
        case .latency, .debounce:
            guard let path = Self.text(of: current) else { return }
            let digits = CardNumberNormalizer.asciiDigits(in: text, limit: Self.maximumDurationDigits)
            self[keyPath: path].insert(digits, limit: Self.maximumDurationDigits)
            if digits.count < EditableText.printable(text, keepSpaces: false, limit: 64).count { notice = localizer.text(.settingsDigitsOnly) }
        default:
            break
        }
    }

    /// Accepts the networks of a comma-separated list of ids or names, in its order, and no other;
    /// `all` accepts every network in the catalogue's order. A list that names no known network
    /// changes nothing and says why.
    mutating func acceptNetworks(listed text: String, _ localizer: Localizer) {
        let list = text.trimmingWhitespace()
        if list.lowercased() == "all" {
            networkOrder = catalogueOrder
            accepted = Set(catalogueOrder)
            return
        }
        guard let networks = try? ClientSession.parseNetworkList(list) else {
            // The first entry that names no network, as the list's parser refuses it.
            let unknown = list.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
                .first { CardNetwork(identifier: $0).map { $0 == .other } ?? true } ?? list
            error = localizer.text(.settingsUnknownNetwork, unknown,
                                   CardNetwork.allCases.filter { $0 != .other }.map(\.rawValue).joined(with: " "))
            return
        }
        networkOrder = networks + catalogueOrder.filter { !networks.contains($0) }
        accepted = Set(networks)
    }

    /// The draft's URL source follows the URL field.
    mutating func syncURL() {
        if case .url = draft.binSource { draft.binSource = .url(url.text) }
    }

    /// A click focuses the row clicked; on ◀ ▶ it steps, on a check box it toggles, in a text
    /// field it puts the caret at the clicked character.
    public mutating func click(_ target: Click, column: Int, context: ScreenContext) -> [ScreenEffect] {
        error = nil
        notice = nil
        switch target {
        case .row(let row):
            guard rows.contains(row) else { break }
            focus(row)
            if row == .reset { _ = perform(.reset, context: context) }
        case .step(let row, let step):
            guard rows.contains(row) else { break }
            focus(row)
            if row == .mouse { draft.mouse.toggle() } else { change(by: step) }
        case .toggle(let network):
            guard rows.contains(.network(network)) else { break }
            focus(.network(network))
            if accepted.contains(network) { accepted.remove(network) } else { accepted.insert(network) }
        case .text(let row, let start):
            guard rows.contains(row), let path = Self.text(of: row) else { break }
            focus(row)
            let shown = self[keyPath: path].text
            self[keyPath: path].moveCaret(toColumn: start + column, in: shown) { _ in true }
        }
        syncURL()
        return []
    }

    /// ← → on the source, + - on a duration, ← → or Alt-↑ ↓ on a network (its place in the order).
    mutating func change(by step: Int) {
        switch current {
        case .binSource:
            var sources: [BinSource] = [.embedded, .off, .url(url.text)]
            if let originalTable { sources.append(.table(path: originalTable)) }
            let index = sources.firstIndex(of: draft.binSource) ?? 0
            draft.binSource = sources[(index + step + sources.count) % sources.count]
        case .binURL:
            break
        case .latency, .debounce:
            guard let rule = Self.rule(of: current), let path = Self.text(of: current) else { return }
            // From a value out of range or not typed yet, the step starts at the nearest end.
            let value = Int(self[keyPath: path].text).map { min(max($0, rule.range.lowerBound), rule.range.upperBound) }
                ?? rule.range.lowerBound
            // Steps land on multiples of the step: 1234 goes up to 1250, down to 1200.
            let stepped = step > 0 ? (value / rule.step + 1) * rule.step : ((value + rule.step - 1) / rule.step - 1) * rule.step
            self[keyPath: path].set(String(min(max(stepped, rule.range.lowerBound), rule.range.upperBound)))
        case .mouse:
            draft.mouse.toggle()
        case .language:
            let all = Language.allCases
            let index = all.firstIndex(of: draft.language) ?? 0
            draft.language = all[(index + step + all.count) % all.count]
        case .reset:
            break
        case .network(let network):
            guard let index = networkOrder.firstIndex(of: network) else { return }
            let target = index + step
            guard networkOrder.indices.contains(target) else { return }
            networkOrder.swapAt(index, target)
        }
    }
}
