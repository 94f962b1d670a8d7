import CNCursesW

/// Maps what `get_wch` returned to a ``TerminalInput``.
public enum TerminalKeyDecoder {
    /// The key codes `define_key` gives the bracketed-paste markers.
    public static let pasteStartCode = KEY_MAX + 1
    public static let pasteEndCode = KEY_MAX + 2

    /// Decodes a function-key code (`get_wch` returned `KEY_CODE_YES`); `nil` for codes the UI
    /// does not use, including `KEY_RESIZE`, which the runtime handles through SIGWINCH.
    public static func decode(functionKey code: Int32) -> TerminalInput? {
        switch code {
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_DC: return .key(.delete)
        case KEY_ENTER: return .key(.enter)
        case KEY_BTAB: return .key(.backTab)
        case pasteStartCode: return .pasteStart
        case pasteEndCode: return .pasteEnd
        case (KEY_F0 + 1)...(KEY_F0 + 12): return .key(.function(Int(code - KEY_F0)))
        default: return nil
        }
    }

    /// Decodes a character (`get_wch` returned `OK`); control characters become their keys.
    public static func decode(character value: UInt32) -> TerminalInput? {
        switch value {
        case 9: return .key(.tab)
        case 10, 13: return .key(.enter)
        case 27: return .key(.escape)
        case 8, 127: return .key(.backspace)
        case 32: return .key(.space)
        case 0..<32: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .key(.character(Character(scalar)))
        }
    }
}
