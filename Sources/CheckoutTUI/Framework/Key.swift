/// One keypress, decoded from whatever the terminal sent.
public enum Key: Sendable, Hashable {
    case character(Character)
    case enter, tab, backTab, escape, backspace, delete
    case up, down, left, right, home, end
    case pageUp, pageDown
    case function(Int)
    /// Space is also a character; it gets its own case so binding tables can name it.
    case space

    /// The key as a hint shows it: `tab`, `shift+tab`, `↑`, `F1`, `q`.
    public var hintName: String {
        switch self {
        case .character(let c): return String(c)
        case .enter: return "enter"
        case .tab: return "tab"
        case .backTab: return "shift+tab"
        case .escape: return "esc"
        case .backspace: return "backspace"
        case .delete: return "del"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "home"
        case .end: return "end"
        case .pageUp: return "pgup"
        case .pageDown: return "pgdn"
        case .function(let n): return "F\(n)"
        case .space: return "space"
        }
    }
}

/// Something that happened that a screen may react to.
public enum ScreenInput: Sendable {
    /// A key the screen's binding table did not claim (typing into a field).
    case key(Key)
    /// Text pasted in one go (bracketed paste): it arrives whole, never as keystrokes.
    case paste(String)
    /// An event of the checkout engine, in the order the engine emitted it.
    case engine(CheckoutEvent)
    /// An animation frame (only sent while a screen says it is animating).
    case tick
}

import CheckoutEngine
