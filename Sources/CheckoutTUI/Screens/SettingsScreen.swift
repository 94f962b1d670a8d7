import CheckoutCore

/// Settings: the BIN source, simulated latency, debounce, and which networks are accepted in which
/// order. Enter saves (the engine is rebuilt for the next card) and goes back, or on to the home
/// menu when Settings was opened from the command line, so the saved settings get used; Esc leaves
/// them as they were (asking first when something was changed) and goes back, quitting when there
/// is nothing to go back to.
public struct SettingsScreen: Screen {
    /// A line of the screen.
    public enum Row: Sendable, Hashable {
        case binSource, latency, debounce, mouse
        case network(CardNetwork)
    }

    /// The click targets inside a row: its ◀ and ▶, and a network's check box.
    enum Control: Sendable, Hashable {
        case step(Row, by: Int)
        case toggle(CardNetwork)
    }

    public enum Action: Sendable { case up, down, decrease, increase, toggle, save }

    public internal(set) var draft: CheckoutSettings
    /// Every network, the accepted ones first in their order.
    public internal(set) var networkOrder: [CardNetwork]
    public internal(set) var accepted: Set<CardNetwork>
    public internal(set) var selection = 0
    /// Why the last Enter did not save, until the next key.
    public internal(set) var error: String?
    /// The BIN service URL as typed (kept while another source is chosen, so it is not lost).
    public internal(set) var url: EditableText
    /// The settings the screen opened with: Esc asks before discarding changes to them.
    let original: CheckoutSettings
    let originalTable: String?
    let catalogueOrder: [CardNetwork]

    public var title: String { "Settings" }

    public init(settings: CheckoutSettings, catalogue: NetworkCatalogue) {
        draft = settings
        original = settings
        let all = catalogue.networks.map(\.network).filter { $0 != .other }
        catalogueOrder = all.isEmpty ? CardNetwork.allCases.filter { $0 != .other } : all
        let allowed = settings.allowedNetworks ?? catalogueOrder
        networkOrder = allowed + catalogueOrder.filter { !allowed.contains($0) }
        accepted = Set(allowed)
        if case .url(let text) = settings.binSource { url = EditableText(text) } else { url = EditableText() }
        if case .table(let path) = settings.binSource { originalTable = path } else { originalTable = nil }
    }

    /// The rows above the network list.
    static let settingRows: [Row] = [.binSource, .latency, .debounce, .mouse]

    public var rows: [Row] { Self.settingRows + networkOrder.map(Row.network) }

    public func keyMap(context: ScreenContext) -> KeyMap<Action> {
        var bindings: [KeyBinding<Action>] = [
            KeyBinding([.up, .backTab], "↑↓", "move", .up),
            KeyBinding([.down, .tab], "↓", "next", .down, footer: false),
        ]
        switch rows[selection] {
        case .network:
            bindings.append(KeyBinding([.space], "space", "toggle", .toggle))
            bindings.append(KeyBinding([.left], "←→", "order", .decrease))
            bindings.append(KeyBinding([.right], "→", "later in the order", .increase, footer: false))
        default:
            bindings.append(KeyBinding([.left], "←→", "change", .decrease))
            bindings.append(KeyBinding([.right], "→", "change", .increase, footer: false))
        }
        bindings.append(KeyBinding([.enter], "enter", "save", .save))
        return KeyMap(bindings)
    }

    public mutating func perform(_ action: Action, context: ScreenContext) -> [ScreenEffect] {
        error = nil
        switch action {
        case .up: selection = max(0, selection - 1)
        case .down: selection = min(rows.count - 1, selection + 1)
        case .decrease: change(by: -1)
        case .increase: change(by: 1)
        case .toggle:
            if case .network(let network) = rows[selection] {
                if accepted.contains(network) { accepted.remove(network) } else { accepted.insert(network) }
            }
        case .save:
            if let problem = Self.problem(with: draft.binSource) {
                error = problem
                selection = 0
                return []
            }
            return [.applySettings(result), .back(orOpen: .home)]
        }
        return []
    }

    public mutating func receive(_ input: ScreenInput, context: ScreenContext) -> [ScreenEffect] {
        switch input {
        case .click(let id, _):
            error = nil
            if let row = id as? Row, let index = rows.firstIndex(of: row) { selection = index }
            switch id as? Control {
            case .step(let row, let step)?:
                guard let index = rows.firstIndex(of: row) else { break }
                selection = index
                change(by: step)
            case .toggle(let network)?:
                guard let index = rows.firstIndex(of: .network(network)) else { break }
                selection = index
                return perform(.toggle, context: context)
            case nil:
                break
            }
            return []
        case .scroll(let lines):
            selection = max(0, min(rows.count - 1, selection + lines))
            return []
        default:
            break
        }
        if case .key = input { error = nil }
        guard isEditingURL else { return [] }
        switch input {
        case .key(.character(let character)): insertURL(String(character))
        case .key(let key): _ = url.apply(key)
        case .paste(let text): insertURL(text)
        default: return []
        }
        draft.binSource = .url(url.text)
        return []
    }

    /// True while the BIN source row is selected with the URL source: typing edits the URL.
    var isEditingURL: Bool {
        guard rows[selection] == .binSource, case .url = draft.binSource else { return false }
        return true
    }

    public var focusedText: EditableText? { isEditingURL ? url : nil }

    public var discardQuestion: String? { result == original ? nil : "Discard the changed settings?" }

    private mutating func insertURL(_ text: String) {
        url.insert(EditableText.printable(text, keepSpaces: false, limit: Self.maximumURLLength), limit: Self.maximumURLLength) { !$0.isWhitespace }
    }

    /// Longer URLs are cut off as they are typed or pasted.
    static let maximumURLLength = 2048

    /// What is wrong with a BIN source, said so a person can fix it; `nil` when it can be used.
    ///
    /// A URL needs `http://` or `https://` and a host: the engine cannot be built from anything else.
    public static func problem(with source: BinSource) -> String? {
        guard case .url(let text) = source else { return nil }
        if text.isEmpty { return "Type the BIN service URL first (http://host/…), or choose another source" }
        let lowered = text.lowercased()
        guard let scheme = ["http://", "https://"].first(where: { lowered.hasPrefix($0) }) else {
            return "The BIN service URL must start with http:// or https://"
        }
        let host = text.dropFirst(scheme.count).prefix { !"/:?#".contains($0) }
        let hostCharacters = host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-._[]".contains($0)) }
        guard !host.isEmpty, hostCharacters else { return "The BIN service URL needs a host name after \(scheme)" }
        return nil
    }

    /// The settings as they would be saved.
    public var result: CheckoutSettings {
        var settings = draft
        let allowed = networkOrder.filter { accepted.contains($0) }
        settings.allowedNetworks = allowed == catalogueOrder ? nil : allowed
        return settings
    }

    mutating func change(by step: Int) {
        switch rows[selection] {
        case .binSource:
            var sources: [BinSource] = [.embedded, .off, .url(url.text)]
            if let originalTable { sources.append(.table(path: originalTable)) }
            let index = sources.firstIndex(of: draft.binSource) ?? 0
            draft.binSource = sources[(index + step + sources.count) % sources.count]
        case .latency:
            draft.binLatencyMilliseconds = max(0, min(5000, draft.binLatencyMilliseconds + step * 50))
        case .debounce:
            draft.debounceMilliseconds = max(0, min(2000, draft.debounceMilliseconds + step * 50))
        case .mouse:
            draft.mouse.toggle()
        case .network(let network):
            guard let index = networkOrder.firstIndex(of: network) else { return }
            let target = index + step
            guard networkOrder.indices.contains(target) else { return }
            networkOrder.swapAt(index, target)
            selection += step
        }
    }

    public func render(into canvas: inout Canvas, area: Rect, context: ScreenContext) {
        let glyphs = context.glyphs
        let left = area.left + 2
        var row = area.top + 1
        let valueColumn = left + 22
        let allRows = rows
        // The note under the three settings wraps; the list gives up a row for each extra line.
        let note: (prefix: String, text: String, style: CellStyle)? = if let error {
            (glyphs.failure + " ", glyphs.text(error), .error)
        } else if isEditingURL {
            ("", "Type or paste the URL; backspace deletes", .dim)
        } else {
            nil
        }
        let noteWidth = area.width - 6
        let noteLineCount = note.map { Canvas.wrap($0.text, width: noteWidth - DisplayWidth.of($0.prefix), maxLines: 3).count } ?? 0
        let extraNoteRows = max(0, noteLineCount - 1)
        // The top margin, the setting rows, the blank row, the list heading and the "more" row.
        let listRows = area.height - Self.settingRows.count - 4 - extraNoteRows
        let firstNetworkRow = Self.settingRows.count
        // Keep the selected network row visible: scroll the list, never the three settings above it.
        let scroll = max(0, min(selection - firstNetworkRow - listRows + 1, networkOrder.count - listRows))
        for (index, item) in allRows.enumerated() {
            if index >= firstNetworkRow, index - firstNetworkRow < scroll { continue }
            if index >= firstNetworkRow, index - firstNetworkRow - scroll >= listRows { break }
            if index == firstNetworkRow {
                row += 1 + extraNoteRows
                canvas.put("Accepted networks, in order of preference", row: row, column: left + 2, style: .accent)
                row += 1
            }
            let selected = index == selection
            if selected { canvas.put(glyphs.focusBar, row: row, column: left, style: .focus) }
            canvas.addTarget(Rect(top: row, left: left, width: area.width - left - 1, height: 1), item)
            let labelStyle: CellStyle = selected ? .focus : .normal
            let valueStyle: CellStyle = selected ? .selection : .bold
            switch item {
            case .binSource:
                canvas.put("BIN source", row: row, column: left + 2, style: labelStyle)
                drawSource(into: &canvas, row: row, column: valueColumn, width: area.width - valueColumn - 1, style: valueStyle, glyphs: glyphs)
            case .latency:
                canvas.put("BIN latency", row: row, column: left + 2, style: labelStyle)
                drawStepper(item, "\(draft.binLatencyMilliseconds) ms", into: &canvas, row: row, column: valueColumn, style: valueStyle, glyphs: glyphs)
            case .debounce:
                canvas.put("Debounce", row: row, column: left + 2, style: labelStyle)
                drawStepper(item, "\(draft.debounceMilliseconds) ms", into: &canvas, row: row, column: valueColumn, style: valueStyle, glyphs: glyphs)
            case .mouse:
                canvas.put("Mouse", row: row, column: left + 2, style: labelStyle)
                drawStepper(item, draft.mouse ? "on" : "off", into: &canvas, row: row, column: valueColumn, style: valueStyle, glyphs: glyphs)
            case .network(let network):
                let on = accepted.contains(network)
                let position = networkOrder.filter { accepted.contains($0) }.firstIndex(of: network).map { "\($0 + 1)." } ?? "  "
                let name = context.catalogue.info(network).displayName
                canvas.put("\(glyphs.checkBox(on: on)) \(position + String(repeating: " ", count: max(0, 3 - position.count))) \(name)",
                           row: row, column: left + 2, style: selected ? .selection : (on ? .normal : .dim))
                canvas.addTarget(Rect(top: row, left: left + 2, width: DisplayWidth.of(glyphs.checkBox(on: on)), height: 1),
                                 Control.toggle(network))
            }
            row += 1
        }
        if scroll + listRows < networkOrder.count {
            canvas.put(glyphs.moreBelow, row: row, column: left + 2, style: .dim)
        }
        // The blank row between the settings and the network list says what the BIN row needs.
        if let note {
            canvas.putWrapped(note.text, prefix: note.prefix, row: area.top + 1 + firstNetworkRow, column: left + 2, width: noteWidth,
                              maxLines: 3, style: note.style, ellipsis: glyphs.ellipsis)
        }
    }

    /// A value between ◀ and ▶, each a click target that steps it.
    private func drawStepper(_ row: Row, _ value: String, into canvas: inout Canvas, row line: Int, column: Int, style: CellStyle,
                             glyphs: GlyphSet) {
        var x = column
        let decrease = canvas.put(glyphs.decrease, row: line, column: x, style: style)
        canvas.addTarget(Rect(top: line, left: x, width: decrease, height: 1), Control.step(row, by: -1))
        x += decrease
        x += canvas.put(" \(value) ", row: line, column: x, style: style)
        let increase = canvas.put(glyphs.increase, row: line, column: x, style: style)
        canvas.addTarget(Rect(top: line, left: x, width: increase, height: 1), Control.step(row, by: 1))
    }

    /// The BIN source between its arrows; the URL being typed scrolls to keep the cursor in view.
    private func drawSource(into canvas: inout Canvas, row: Int, column: Int, width: Int, style: CellStyle, glyphs: GlyphSet) {
        let opening = glyphs.decrease + " ", closing = " " + glyphs.increase
        guard isEditingURL else {
            canvas.put(opening + glyphs.text(draft.binSource.label) + closing, row: row, column: column, style: style, maxWidth: width)
            return
        }
        let fieldWidth = max(1, width - DisplayWidth.of(opening + closing))
        let window = EditableText.window(url.text, caretColumn: url.caretColumn(in: url.text) { _ in true }, width: fieldWidth)
        var x = column + canvas.put(opening, row: row, column: column, style: style, maxWidth: width)
        let fieldStart = x
        x += canvas.put(window.text, row: row, column: x, style: style, maxWidth: fieldWidth)
        canvas.put(closing, row: row, column: x, style: style, maxWidth: max(0, column + width - x))
        canvas.cursor = (row, fieldStart + window.caretColumn)
    }
}
