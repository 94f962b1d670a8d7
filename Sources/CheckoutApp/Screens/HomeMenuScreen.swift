import CheckoutCore

/// The first screen of `checkout`: pay by card, the four Nol Pay flows, the payments made, settings, quit.
public struct HomeMenuScreen: Screen {
    /// One menu line: a route to open, or quitting.
    public enum Item: Sendable, Equatable {
        case route(Route)
        case quit

        func title(_ localizer: Localizer) -> String {
            switch self {
            case .route(let route): route.title(localizer)
            case .quit: localizer.text(.homeQuit)
            }
        }
    }

    public enum Action: Sendable { case previous, next, open, quit }

    public static let items: [Item] = [.route(.pay), .route(.nolLink), .route(.nolCards), .route(.nolPay),
                                       .route(.nolUnlink), .route(.payments), .route(.settings), .quit]
    public var selection = 0
    public var title: String { Route.home.menuTitle }
    public func title(context: ScreenContext) -> String { Route.home.title(context.localizer) }

    public init() {}

    public func keyMap(context: ScreenContext) -> KeyMap<Action> {
        let text = context.localizer
        return KeyMap([
            KeyBinding([.up, .left], "↑/↓", text.text(.homeKeyChoose), .previous, explain: text.text(.homeKeyChooseExplain)),
            KeyBinding([.down, .right, .tab], "↓", text.text(.homeKeyNext), .next, footer: false),
            KeyBinding([.enter], text.text(.homeKeyOpen), .open, rank: .focused, explain: text.text(.homeKeyOpenExplain)),
            KeyBinding([.character("q")], "q", text.text(.homeKeyQuit), .quit, footer: false),
        ])
    }

    public mutating func perform(_ action: Action, context: ScreenContext) -> [ScreenEffect] {
        switch action {
        case .previous: selection = (selection + Self.items.count - 1) % Self.items.count
        case .next: selection = (selection + 1) % Self.items.count
        case .quit: return [.quit(0)]
        case .open:
            switch Self.items[selection] {
            case .route(let route): return [.open(route)]
            case .quit: return [.quit(0)]
            }
        }
        return []
    }

    /// A click opens the item clicked (its index).
    public mutating func click(_ index: Int, column: Int, context: ScreenContext) -> [ScreenEffect] {
        guard Self.items.indices.contains(index) else { return [] }
        selection = index
        return perform(.open, context: context)
    }

    /// The wheel moves the selection.
    public mutating func receive(_ input: ScreenInput, context: ScreenContext) -> [ScreenEffect] {
        switch input {
        case .scroll(let lines):
            selection = max(0, min(Self.items.count - 1, selection + lines))
        default:
            break
        }
        return []
    }

    public func render(into canvas: inout Canvas, area: Rect, context: ScreenContext) {
        let left = area.left + 2
        var row = area.top + 1
        // What happened to the settings is read whole: the items close up when it needs their gaps.
        let noteLines = context.settingsNote.map {
            Canvas.wrap($0.text(context.glyphs), width: area.width - 4, maxLines: 3, ellipsis: context.glyphs.ellipsis)
        } ?? []
        let spacing = area.height >= 3 + 2 * Self.items.count + noteLines.count + 1 ? 2 : 1
        let text = context.localizer
        canvas.put(context.glyphs.text(text.text(.homeQuestion)), row: row, column: left, style: .accent)
        row += 2
        for (index, item) in Self.items.enumerated() {
            let selected = index == selection
            if selected {
                canvas.put(context.glyphs.focusBar, row: row, column: left, style: .focus)
                canvas.fill(row: row, column: left + 2, count: min(30, area.width - left - 3), style: .selection)
            }
            canvas.put(context.glyphs.text(item.title(text)), row: row, column: left + 3, style: selected ? .selection : .normal)
            canvas.addTarget(Rect(top: row, left: left, width: min(32, area.width - left - 1), height: 1), index)
            row += spacing
        }
        let amount = context.money(context.settings.amount, currency: context.settings.currency)
        let line = text.text(.homeAmountDue, amount) + context.glyphs.separator + text.text(.homeBinSource, context.settings.binSource.label)
        canvas.put(context.truncate(line, to: area.width - 4), row: area.bottom - 1, column: left, style: .dim)
        // What happened to the settings (saved, loaded, overridden on the command line, refused),
        // wrapped above the last line in the rows the menu leaves.
        if let note = context.settingsNote {
            let room = min(3, area.bottom - 2 - row + (spacing == 2 ? 1 : 0))
            let lines = Canvas.wrap(note.text(context.glyphs), width: area.width - 4, maxLines: max(1, room), ellipsis: context.glyphs.ellipsis)
            for (offset, line) in lines.enumerated() {
                canvas.put(line, row: area.bottom - 1 - lines.count + offset, column: left, style: note.style)
            }
        }
    }
}

/// Stands in for a route with no screen registered: the Nol Pay screens when their backend could not
/// be opened, so the card screens still work.
public struct ComingSoonScreen: Screen {
    public enum Action: Sendable { case back }
    public var route: Route
    public var title: String { route.menuTitle }
    public func title(context: ScreenContext) -> String { route.title(context.localizer) }

    public init(route: Route) { self.route = route }

    public func keyMap(context: ScreenContext) -> KeyMap<Action> {
        KeyMap([KeyBinding([.enter], "enter", context.localizer.text(.frameBack), .back)])
    }

    public mutating func perform(_ action: Action, context: ScreenContext) -> [ScreenEffect] { [.pop] }
    public mutating func receive(_ input: ScreenInput, context: ScreenContext) -> [ScreenEffect] { [] }

    public func render(into canvas: inout Canvas, area: Rect, context: ScreenContext) {
        canvas.put(context.truncate(route.title(context.localizer), to: area.width - 4), row: area.top + 1, column: area.left + 2, style: .accent)
        canvas.put(context.truncate(context.localizer.text(.comingSoon), to: area.width - 4),
                   row: area.top + 3, column: area.left + 2)
    }
}
