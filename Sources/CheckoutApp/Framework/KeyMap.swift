import CheckoutEngine
/// One line of a screen's binding table: the keys, what the footer calls them, what the help says
/// they do, and the action.
public struct KeyBinding<Action: Sendable>: Sendable {
    public typealias Rank = HintRank

    public var keys: [Key]
    /// How the footer names the keys (`"tab/↓"`, `"↑↓"` for a pair shown as one hint).
    public var keyLabel: String
    /// What the action does, in a few words, for the footer (`"next field"`).
    public var help: String
    public var action: Action
    /// Whether the footer lists it (help always does).
    public var showsInFooter: Bool
    public var rank: Rank
    /// What exactly these keys do, for the F1 help, when the footer's words say it for a pair
    /// (`"↑↓ move"` is "previous row" for ↑); `help` otherwise.
    public var explanation: String?

    public init(_ keys: [Key], _ keyLabel: String, _ help: String, _ action: Action, footer: Bool = true, rank: Rank = .normal,
                explain explanation: String? = nil) {
        self.keys = keys
        self.keyLabel = keyLabel
        self.help = help
        self.action = action
        self.showsInFooter = footer
        self.rank = rank
        self.explanation = explanation
    }

    /// A binding whose label is the keys' own names joined by `/`.
    public init(_ keys: [Key], _ help: String, _ action: Action, footer: Bool = true, rank: Rank = .normal, explain explanation: String? = nil) {
        self.init(keys, keys.map(\.hintName).joined(with: "/"), help, action, footer: footer, rank: rank, explain: explanation)
    }
}

/// How much the footer wants a hint when it cannot show them all.
public enum HintRank: Sendable, Equatable {
    /// The key for the thing that has focus (Pay's Enter, the chooser's ← →): kept beside Esc.
    case focused
    case normal
}

/// A key and what it does, as the footer and the help screen show it.
public struct KeyHint: Sendable, Equatable {
    public var keys: String
    public var help: String
    public var showsInFooter: Bool
    /// The key a click on the hint in the footer presses; `nil` when the hint names more than one.
    public var key: Key?
    /// Which hints the footer keeps when it cannot show them all (Esc is kept before any).
    public var rank: HintRank

    public init(keys: String, help: String, showsInFooter: Bool = true, key: Key? = nil, rank: HintRank = .normal) {
        self.keys = keys
        self.help = help
        self.showsInFooter = showsInFooter
        self.key = key
        self.rank = rank
    }
}

/// A screen's binding table. The same table answers "what does this key do", "what does the
/// footer say" and "what does the F1 help list", so the hints on screen can never disagree with
/// the handling.
public struct KeyMap<Action: Sendable>: Sendable {
    public let bindings: [KeyBinding<Action>]
    /// The footer's hints, in table order: made with the table (a table kept from frame to frame,
    /// as the card form's is, then lists its hints for nothing; made when asked, through the
    /// generic `Screen`, they were an unspecialized `map` at every frame).
    public let hints: [KeyHint]
    /// For each key, the first binding that lists it: made with the table, so a key press is one
    /// lookup (searching the bindings ran through the generic `Screen` unspecialized, a copy of
    /// each binding and its keys compared one by one: 7 k instructions a key, callgrind).
    private let firstBinding: [Key: Int]

    public init(_ bindings: [KeyBinding<Action>]) {
        self.bindings = bindings
        hints = Self.hints(of: bindings)
        var firstBinding: [Key: Int] = [:]
        for (index, binding) in bindings.enumerated() {
            for key in binding.keys where firstBinding[key] == nil { firstBinding[key] = index }
        }
        self.firstBinding = firstBinding
    }

    /// The action bound to `key`, if any (the first binding that lists it wins).
    public func action(for key: Key) -> Action? {
        firstBinding[key].map { bindings[$0].action }
    }

    private static func hints(of bindings: [KeyBinding<Action>]) -> [KeyHint] {
        bindings.map { binding in
            // A click presses the hint's key when the hint names its binding's keys only (`F1/?`),
            // not a pair of bindings shown as one (`←/→`, whose → is another binding).
            // (The label is spelt out from the keys only when it is not a single key's: a frame
            // lists a dozen hints.)
            let single = binding.keys.count == 1 && !binding.keyLabel.utf8.contains(UInt8(ascii: "/"))
            let clicks = single || binding.keyLabel == binding.keys.map(\.hintName).joined(with: "/")
            return KeyHint(keys: binding.keyLabel, help: binding.help, showsInFooter: binding.showsInFooter,
                           key: clicks ? binding.keys.first : nil, rank: binding.rank)
        }
    }

    /// The F1 help's lines: every key by its own name with what it does; keys that do the same
    /// share a line (`↓/tab  next row`), so no key and no line is listed twice.
    public var helpLines: [KeyHint] {
        KeyHint.merged(bindings.map { binding in
            KeyHint(keys: binding.keys.map(\.hintName).joined(with: "/"), help: binding.explanation ?? binding.help)
        })
    }
}

extension KeyHint {
    /// `lines` with those saying the same thing joined into one (`↓` and `tab` "next row" become
    /// `↓/tab`), and any key named twice kept once, in first-seen order.
    public static func merged(_ lines: [KeyHint]) -> [KeyHint] {
        var result: [KeyHint] = []
        var byHelp: [String: Int] = [:]
        for line in lines {
            if let index = byHelp[line.help] {
                let known = result[index].keys.split(separator: "/")
                let added = line.keys.split(separator: "/").filter { !known.contains($0) }
                if !added.isEmpty { result[index].keys += "/" + added.joined(separator: "/") }
            } else {
                byHelp[line.help] = result.count
                result.append(line)
            }
        }
        return result
    }
}
