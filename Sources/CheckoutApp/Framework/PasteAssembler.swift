/// What the terminal delivered, before pastes are put together.
public enum TerminalInput: Sendable, Equatable {
    case key(Key)
    /// A mouse button or the wheel (only while mouse reporting is on).
    case mouse(MouseEvent)
    /// A bracketed paste starts (`ESC [200~`).
    case pasteStart
    /// The paste ends (`ESC [201~`).
    case pasteEnd
}

/// Turns a bracketed paste's keystrokes back into the one string that was pasted, so a paste is
/// one input (a pasted "q" or Enter never acts as a key).
public struct PasteAssembler: Sendable {
    /// Either a key to handle or a finished paste.
    public enum Output: Sendable, Equatable {
        case key(Key)
        case mouse(MouseEvent)
        case paste(String)
    }

    private var buffer: String?
    private var kept = 0

    /// A paste is kept up to this many characters: no field holds more, and a 100 KB paste must not
    /// be carried through every screen whole.
    public static let maximumLength = 4096

    public init() {}

    /// Feeds one input; returns what to hand on, if anything yet.
    public mutating func feed(_ input: TerminalInput) -> Output? {
        switch input {
        case .pasteStart:
            buffer = ""
            kept = 0
            return nil
        case .pasteEnd:
            defer { buffer = nil }
            return buffer.map(Output.paste)
        case .mouse(let event):
            // A click in the middle of a paste is not part of it, and must not act before it lands.
            return buffer == nil ? .mouse(event) : nil
        case .key(let key):
            guard buffer != nil else { return .key(key) }
            guard kept < Self.maximumLength else { return nil }
            kept += 1
            switch key {
            case .character(let character): buffer?.append(character)
            case .space: buffer?.append(" ")
            case .enter: buffer?.append("\n")
            case .tab: buffer?.append("\t")
            default: break
            }
            return nil
        }
    }
}
