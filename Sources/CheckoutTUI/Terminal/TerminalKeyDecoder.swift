import CheckoutApp
import CNCursesW

/// One thing `get_wch` returned: a character, or a key code when it said `KEY_CODE_YES`; or, for
/// `KEY_MOUSE`, what `getmouse` then reported (0-based cell, the button state bits).
public enum RawRead: Sendable, Equatable {
    case character(UInt32)
    case functionKey(Int32)
    case mouse(column: Int, row: Int, buttons: UInt32)
}

/// Maps what `get_wch` returned to a ``TerminalInput``.
public enum TerminalKeyDecoder {
    /// Decodes one batch of reads (everything that was waiting at once).
    ///
    /// An Escape followed at once by more input is not the Esc key but a sequence ncurses did not
    /// recognise: Alt plus a key (`ESC b`, `ESC DEL`, or Esc then a key ncurses decoded), an
    /// arrow with Ctrl or Alt in xterm's form (`ESC [ 1 ; 5 D`, which the runtime takes out of
    /// ncurses' hands so that it arrives here whatever the terminal type says), a mouse report in
    /// the SGR form (`ESC [ < 0 ; 12 ; 5 M`, which ncurses leaves to us when the terminal type
    /// describes the older form), a function key this terminal type does not describe
    /// (`ESC [ 1 ; 5 P`), or one pasted into a field. The keys and reports above are decoded; any
    /// other sequence is dropped whole, so it neither leaves the screen nor types its tail into a
    /// field. A person pressing Esc twice keeps both.
    public static func decode(_ reads: [RawRead]) -> [TerminalInput] {
        var inputs: [TerminalInput] = []
        var index = 0
        while index < reads.count {
            let read = reads[index]
            index += 1
            switch read {
            case .functionKey(let code):
                if let input = decode(functionKey: code) { inputs.append(input) }
            case .mouse(let column, let row, let buttons):
                if let event = decode(mouseColumn: column, row: row, buttons: buttons) { inputs.append(.mouse(event)) }
            case .character(27) where index < reads.count && !endsAnEscape(reads[index]):
                let end = endOfSequence(reads, from: index)
                if let input = decode(sequence: reads[index..<end]) { inputs.append(input) }
                index = end
            case .character(let value):
                if let input = decode(character: value) { inputs.append(input) }
            }
        }
        return inputs
    }

    /// The input an escape sequence ncurses did not decode stands for (`body` follows the `ESC`),
    /// or `nil` to drop it.
    static func decode(sequence body: ArraySlice<RawRead>) -> TerminalInput? {
        // Esc then a key ncurses decoded: Alt and that key (how some terminals send Alt+arrows).
        if body.count == 1, case .functionKey(let code)? = body.first {
            guard case .key(let key)? = decode(functionKey: code), key.takesAlt else { return nil }
            return .key(.alt(key))
        }
        var bytes: [UInt32] = []
        for read in body {
            guard case .character(let value) = read else { return nil }
            bytes.append(value)
        }
        // Alt plus a character: ESC b, ESC DEL (Alt+Backspace).
        if bytes.count == 1 {
            let value = bytes[0]
            if value == 127 || value == 8 { return .key(.alt(.backspace)) }
            guard value > 32, value != 127, !(0x80..<0xA0).contains(value), let scalar = Unicode.Scalar(value) else { return nil }
            return .key(.alt(.character(Character(scalar))))
        }
        // An arrow, Home or End with modifiers, xterm's form: ESC [ 1 ; m X, m - 1 the modifier bits
        // (1 Shift, 2 Alt, 4 Ctrl). Only Alt alone and Ctrl alone are kept.
        if bytes.count == 5, bytes[0] == 0x5B, bytes[1] == 0x31, bytes[2] == 0x3B, let base = cursorKey(bytes[4]) {
            switch bytes[3] {
            case 0x33: return .key(.alt(base))
            case 0x35: return .key(.ctrl(base))
            default: return nil
            }
        }
        // rxvt's Ctrl+arrows: ESC O a…d.
        if bytes.count == 2, bytes[0] == 0x4F, (0x61...0x64).contains(bytes[1]), let base = cursorKey(bytes[1] - 0x20) {
            return .key(.ctrl(base))
        }
        // SGR mouse report: ESC [ < button ; column ; row (M press, m release), 1-based.
        if bytes.count >= 7, bytes[0] == 0x5B, bytes[1] == 0x3C, let final = bytes.last, final == 0x4D || final == 0x6D {
            let numbers = String(decoding: bytes[2..<(bytes.count - 1)].map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
                .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
            guard numbers.count == 3, let button = numbers[0], let column = numbers[1], let row = numbers[2],
                  column >= 1, row >= 1 else { return nil }
            return decode(sgrButton: button, pressed: final == 0x4D, column: column - 1, row: row - 1).map(TerminalInput.mouse)
        }
        // X10 mouse report: ESC [ M then button, column and row, each plus 32 (1-based).
        if bytes.count == 5, bytes[0] == 0x5B, bytes[1] == 0x4D {
            let button = Int(bytes[2]) - 32, column = Int(bytes[3]) - 33, row = Int(bytes[4]) - 33
            guard button >= 0, column >= 0, row >= 0 else { return nil }
            // The form cannot say which button came up: a release is button number 3.
            if button & 3 == 3, button & 64 == 0 { return .mouse(MouseEvent(.release, row: row, column: column)) }
            return decode(sgrButton: button, pressed: true, column: column, row: row).map(TerminalInput.mouse)
        }
        return nil
    }

    /// The arrow, Home or End a CSI final byte names.
    static func cursorKey(_ final: UInt32) -> Key? {
        switch final {
        case 0x41: return .up
        case 0x42: return .down
        case 0x43: return .right
        case 0x44: return .left
        case 0x48: return .home
        case 0x46: return .end
        default: return nil
        }
    }

    /// The sequences of the modified keys this decoder reads itself (``modifiedKeySequences``):
    /// the runtime removes ncurses' own definitions of them, which would turn them into key codes
    /// of the terminal type's choosing.
    public static let modifiedKeySequences: [String] = ["3", "5"].flatMap { modifier in
        ["A", "B", "C", "D", "H", "F"].map { "\u{1b}[1;\(modifier)\($0)" }
    }

    /// A mouse report's button number (the SGR and X10 forms share its bits: 0 left, 1 middle,
    /// 2 right, +4 shift, +8 alt, +16 ctrl, +32 motion, +64 wheel): the left button and the wheel
    /// are kept, whatever modifier is held; motion and the other buttons are dropped.
    static func decode(sgrButton button: Int, pressed: Bool, column: Int, row: Int) -> MouseEvent? {
        guard button & 32 == 0 else { return nil }
        if button & 64 != 0 {
            guard pressed else { return nil }
            switch button & 3 {
            case 0: return MouseEvent(.wheelUp, row: row, column: column)
            case 1: return MouseEvent(.wheelDown, row: row, column: column)
            default: return nil
            }
        }
        guard button & 3 == 0 else { return nil }
        return MouseEvent(pressed ? .press : .release, row: row, column: column)
    }

    /// Decodes what `getmouse` reported after `KEY_MOUSE`: the left button going down or up, the
    /// wheel; `nil` for anything else (other buttons, clicks ncurses put together).
    public static func decode(mouseColumn column: Int, row: Int, buttons: UInt32) -> MouseEvent? {
        guard column >= 0, row >= 0 else { return nil }
        if buttons & UInt32(cnc_button1_pressed()) != 0 { return MouseEvent(.press, row: row, column: column) }
        if buttons & UInt32(cnc_button1_released()) != 0 { return MouseEvent(.release, row: row, column: column) }
        if buttons & UInt32(cnc_button4_pressed()) != 0 { return MouseEvent(.wheelUp, row: row, column: column) }
        if buttons & UInt32(cnc_button5_pressed()) != 0 { return MouseEvent(.wheelDown, row: row, column: column) }
        return nil
    }

    /// Whether `read`, right after an Escape, leaves that Escape a key of its own: a second Escape,
    /// a control character (Esc then Enter or Tab sent at once: no sequence starts so), a paste
    /// marker, a mouse report.
    static func endsAnEscape(_ read: RawRead) -> Bool {
        switch read {
        case .mouse: return true
        // ESC ^H is Alt+Backspace where Backspace sends ^H.
        case .character(let value) where value < 32 && value != 8: return true
        default: return read == .functionKey(pasteStartCode) || read == .functionKey(pasteEndCode)
        }
    }

    /// The index after an escape sequence whose first byte after `ESC` is at `start`.
    static func endOfSequence(_ reads: [RawRead], from start: Int) -> Int {
        // ESC then a recognised key: Alt plus that key.
        guard case .character(let introducer) = reads[start] else { return start + 1 }
        var index = start + 1
        switch introducer {
        case 0x5B: // CSI: parameters and intermediates up to a final byte in @...~.
            while index < reads.count, case .character(let byte) = reads[index] {
                index += 1
                if (0x40...0x7E).contains(byte) { break }
            }
            // ESC [ M is an X10 mouse report: three more bytes say the button and the cell.
            if index == start + 2, reads[start + 1] == .character(0x4D) { index = min(reads.count, index + 3) }
        case 0x5D, 0x50, 0x5F: // OSC, DCS, APC: a string up to BEL or ESC \.
            while index < reads.count {
                let read = reads[index]
                index += 1
                if read == .character(7) { break }
                if read == .character(27) {
                    if index < reads.count, reads[index] == .character(0x5C) { index += 1 }
                    break
                }
            }
        case 0x4F: // SS3: one more byte names the key.
            index = min(reads.count, index + 1)
        default: // Alt plus a character.
            break
        }
        return index
    }

    /// Puts together the characters of bytes read one by one: a run of bytes from 0x80 that forms
    /// UTF-8 becomes its characters; a byte that does not is taken as Latin-1 (what an 8-bit
    /// terminal sends for `é`). Bytes below 0x80 and function keys pass unchanged.
    public static func assembleUTF8(_ reads: [RawRead]) -> [RawRead] {
        var result: [RawRead] = []
        var index = 0
        while index < reads.count {
            guard case .character(let lead) = reads[index], lead >= 0xC2, lead <= 0xF4 else {
                result.append(reads[index])
                index += 1
                continue
            }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            var bytes: [UInt8] = [UInt8(lead)]
            var next = index + 1
            while bytes.count < length, next < reads.count, case .character(let byte) = reads[next], (0x80...0xBF).contains(byte) {
                bytes.append(UInt8(byte))
                next += 1
            }
            if bytes.count == length, let text = String(validating: bytes, as: UTF8.self), text.unicodeScalars.count == 1 {
                result.append(.character(text.unicodeScalars.first!.value))
                index = next
            } else {
                result.append(reads[index])
                index += 1
            }
        }
        return result
    }

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
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_NPAGE: return .key(.pageDown)
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

    /// Decodes a character (`get_wch` returned `OK`); control characters become their keys: Tab,
    /// Enter, Esc, Backspace, and Ctrl plus a letter (`0x15` is `ctrl+u`).
    public static func decode(character value: UInt32) -> TerminalInput? {
        switch value {
        case 9: return .key(.tab)
        case 10, 13: return .key(.enter)
        case 27: return .key(.escape)
        case 8, 127: return .key(.backspace)
        case 32: return .key(.space)
        case 1...26: return .key(.ctrl(.character(Character(Unicode.Scalar(UInt8(value + 0x60))))))
        case 0..<32, 0x80..<0xA0: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .key(.character(Character(scalar)))
        }
    }
}
