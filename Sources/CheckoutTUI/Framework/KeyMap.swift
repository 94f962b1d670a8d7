/// One line of a screen's binding table: the keys, what the footer calls them, and the action.
public struct KeyBinding<Action: Sendable>: Sendable {
    public var keys: [Key]
    /// How the footer and help name the keys (`"tab/↓"`).
    public var keyLabel: String
    /// What the action does, in a few words (`"next field"`).
    public var help: String
    public var action: Action
    /// Whether the footer lists it (help always does).
    public var showsInFooter: Bool

    public init(_ keys: [Key], _ keyLabel: String, _ help: String, _ action: Action, footer: Bool = true) {
        self.keys = keys
        self.keyLabel = keyLabel
        self.help = help
        self.action = action
        self.showsInFooter = footer
    }

    /// A binding whose label is the keys' own names joined by `/`.
    public init(_ keys: [Key], _ help: String, _ action: Action, footer: Bool = true) {
        self.init(keys, keys.map(\.hintName).joined(separator: "/"), help, action, footer: footer)
    }
}

/// A key and what it does, as the footer and the help screen show it.
public struct KeyHint: Sendable, Equatable {
    public var keys: String
    public var help: String
    public var showsInFooter: Bool
    /// The key a click on the hint in the footer presses; `nil` when the hint names more than one.
    public var key: Key?

    public init(keys: String, help: String, showsInFooter: Bool = true, key: Key? = nil) {
        self.keys = keys
        self.help = help
        self.showsInFooter = showsInFooter
        self.key = key
    }
}

/// A screen's binding table. The same table answers "what does this key do" and "what does the
/// footer say", so the hints on screen can never disagree with the handling.
public struct KeyMap<Action: Sendable>: Sendable {
    public var bindings: [KeyBinding<Action>]

    public init(_ bindings: [KeyBinding<Action>]) { self.bindings = bindings }

    /// The action bound to `key`, if any (the first binding that lists it wins).
    public func action(for key: Key) -> Action? {
        bindings.first { $0.keys.contains(key) }?.action
    }

    /// The hints, in table order.
    public var hints: [KeyHint] {
        bindings.map { binding in
            let single = binding.keys.count == 1 && !binding.keyLabel.contains("/")
            return KeyHint(keys: binding.keyLabel, help: binding.help, showsInFooter: binding.showsInFooter,
                           key: single ? binding.keys[0] : nil)
        }
    }
}
