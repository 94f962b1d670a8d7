/// One keypress, decoded from whatever the terminal sent.
public enum Key: Sendable, Hashable {
    case character(Character)
    case enter, tab, backTab, escape, backspace, delete
    case up, down, left, right, home, end
    case pageUp, pageDown
    case function(Int)
    /// Space is also a character; it gets its own case so binding tables can name it.
    case space
    /// A key with Control held: a letter (`ctrl(.character("u"))`, sent as a control character)
    /// or an arrow (`ctrl(.left)`).
    indirect case ctrl(Key)
    /// A key with Alt (Meta) held: a letter (`alt(.character("b"))`), Backspace, an arrow.
    indirect case alt(Key)

    /// Whether the key, pressed with Alt, means something here (Alt+arrows, Alt+Backspace).
    public var takesAlt: Bool {
        switch self {
        case .up, .down, .left, .right, .backspace: true
        default: false
        }
    }

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
        case .ctrl(let key): return "ctrl+" + key.hintName
        case .alt(let key): return "alt+" + key.hintName
        }
    }
}

/// What the mouse did, in canvas cells (row 0 is the title bar), as the terminal reported it.
///
/// Only what the screens use is kept: the left button going down and up, and the wheel. Other
/// buttons, drags and movement are dropped by the decoder.
public struct MouseEvent: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// The left button went down: a click acts on this.
        case press
        /// The left button came up.
        case release
        case wheelUp, wheelDown
    }

    public var kind: Kind
    public var row: Int
    public var column: Int

    public init(_ kind: Kind, row: Int, column: Int) {
        self.kind = kind
        self.row = row
        self.column = column
    }
}

/// Something that happened that a screen may react to.
public enum ScreenInput: Sendable {
    /// A key the screen's binding table did not claim (typing into a field).
    case key(Key)
    /// Text pasted in one go (bracketed paste): it arrives whole, never as keystrokes.
    case paste(String)
    /// The mouse wheel turned over the screen: lines to scroll, negative towards the top.
    case scroll(Int)
    /// An event of the checkout engine, in the order the engine emitted it.
    case engine(CheckoutEvent)
    /// An animation frame (only sent while a screen says it is animating).
    case tick
    /// The answer to the ``ScreenEffect/transit(_:)`` call this screen asked for.
    case transit(NolTransitAnswer)
    /// The page of the ledger this screen asked for (``ScreenEffect/readLedger(_:)``).
    case ledger(LedgerPage)
    /// What the Nol system's reader or SMS inbox held (``ScreenEffect/readNol(_:)``).
    case nol(NolReadAnswer)
}

import CheckoutEngine
import NolPay
