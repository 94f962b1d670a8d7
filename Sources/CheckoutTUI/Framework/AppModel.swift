import CheckoutCore
import CheckoutEngine

/// Work the app model asks its runtime to do: talk to the engine or leave.
public enum AppCommand: Sendable, Equatable {
    case setRawData(CardData)
    case submit
    case rebuildEngine(CheckoutSettings)
    case quit(Int32)
}

/// The whole terminal UI as a value: a stack of screens, the settings, the engine's event log.
///
/// The ncurses runtime feeds it keys, pastes, engine events and ticks and draws what
/// ``render(width:height:)`` returns; tests do the same without a terminal. F1 (help) and F2 (event
/// log) work on every screen; Ctrl-C is a signal the runtime handles.
public struct AppModel: Sendable {
    /// Below this size the app shows what size it needs instead of a squeezed screen.
    public static let minimumWidth = 50
    public static let minimumHeight = 17

    public private(set) var stack: [any Screen] = []
    public private(set) var context: ScreenContext
    public let registry: ScreenRegistry
    private var pendingCommands: [AppCommand] = []

    /// The global bindings, listed after each screen's own in the footer and the help.
    public static let globalHints = [KeyHint(keys: "F1", help: "help"), KeyHint(keys: "F2", help: "events"),
                                     KeyHint(keys: "ctrl+c", help: "quit", showsInFooter: false)]

    public init(route: Route, catalogue: NetworkCatalogue, settings: CheckoutSettings, registry: ScreenRegistry = .standard) {
        self.registry = registry
        context = ScreenContext(catalogue: catalogue, settings: settings)
        push(registry.makeScreen(route, context: context))
    }

    /// The screen on top.
    public var top: (any Screen)? { stack.last }

    /// Whether any screen wants animation ticks right now.
    public var isAnimating: Bool { stack.contains { $0.isAnimating } }

    /// Handles one key; returns what the runtime must do.
    public mutating func press(_ key: Key) -> [AppCommand] {
        guard !stack.isEmpty else { return [] }
        switch key {
        case .function(1):
            if stack.last is HelpScreen { apply([.pop], from: stack.count - 1) } else if let top {
                push(HelpScreen(screenTitle: top.title, hints: top.hints(context: context) + Self.globalHints))
            }
        case .function(2):
            if stack.last is EventLogScreen { apply([.pop], from: stack.count - 1) } else { push(EventLogScreen()) }
        default:
            let index = stack.count - 1
            let effects = stack[index].handle(key, context: context)
            apply(effects, from: index)
        }
        return drainCommands()
    }

    /// Hands pasted text to the top screen as one input.
    public mutating func paste(_ text: String) -> [AppCommand] {
        deliverToTop(.paste(text))
    }

    /// Logs an engine event and hands it to every screen (a form under the help screen keeps up).
    public mutating func receive(_ event: CheckoutEvent) -> [AppCommand] {
        context.eventLog.append(event)
        for index in stack.indices.reversed() where index < stack.count {
            let effects = stack[index].receive(.engine(event), context: context)
            apply(effects, from: index)
        }
        return drainCommands()
    }

    /// Advances animations by one frame.
    public mutating func tick() -> [AppCommand] {
        context.animationFrame += 1
        for index in stack.indices.reversed() where index < stack.count && stack[index].isAnimating {
            let effects = stack[index].receive(.tick, context: context)
            apply(effects, from: index)
        }
        return drainCommands()
    }

    private mutating func deliverToTop(_ input: ScreenInput) -> [AppCommand] {
        guard !stack.isEmpty else { return [] }
        let index = stack.count - 1
        apply(stack[index].receive(input, context: context), from: index)
        return drainCommands()
    }

    /// Says on screen that the engine could not be built from `failed` settings, and why: Settings
    /// opens again with those settings and the reason, while `running` (the engine still in use)
    /// become the app's settings again. Enter there tries again; Esc keeps the running settings.
    public mutating func engineRebuildFailed(_ failed: CheckoutSettings, keeping running: CheckoutSettings, reason: String) {
        context.settings = running
        var settings = SettingsScreen(settings: failed, catalogue: context.catalogue)
        settings.error = "Not applied: \(reason). The previous settings stay in use."
        push(settings)
    }

    /// Commands produced outside an input (the first screen's appearance); the runtime takes them once at start.
    public mutating func takeCommands() -> [AppCommand] { drainCommands() }

    private mutating func drainCommands() -> [AppCommand] {
        defer { pendingCommands = [] }
        return pendingCommands
    }

    private mutating func push(_ screen: any Screen) {
        stack.append(screen)
        let index = stack.count - 1
        apply(stack[index].appear(context: context), from: index)
    }

    private mutating func apply(_ effects: [ScreenEffect], from index: Int) {
        for effect in effects {
            switch effect {
            case .open(let route):
                push(registry.makeScreen(route, context: context))
            case .replace(let screen):
                guard index < stack.count else { continue }
                stack[index] = screen
                apply(stack[index].appear(context: context), from: index)
            case .pop:
                guard index < stack.count else { continue }
                stack.removeSubrange(index...)
                if stack.isEmpty { pendingCommands.append(.quit(0)) }
            case .back(let route):
                guard index < stack.count else { continue }
                if index == 0 {
                    stack[index] = registry.makeScreen(route, context: context)
                    apply(stack[index].appear(context: context), from: index)
                } else {
                    stack.removeSubrange(index...)
                }
            case .quit(let code):
                pendingCommands.append(.quit(code))
            case .setRawData(let data):
                pendingCommands.append(.setRawData(data))
            case .submit:
                pendingCommands.append(.submit)
            case .applySettings(let settings):
                context.settings = settings
                pendingCommands.append(.rebuildEngine(settings))
            case .log(let name, let summary):
                context.eventLog.append(name: name, summary: summary)
            }
        }
    }
}
