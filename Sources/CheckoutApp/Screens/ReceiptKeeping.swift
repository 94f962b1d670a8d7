import CheckoutCore

/// What a receipt key asks for: `s` (ask for a file name), `c` (copy), Enter while asking (save).
public enum ReceiptStep: Sendable, Equatable { case ask, copy, confirm }

/// Keeping a receipt, as the result screen and the Payments screen both offer it: `s` asks for a
/// file name (a suggested one, to edit), Enter saves the receipt there, Esc cancels; `c` copies it
/// to the clipboard. The runtime does the writing; ``ScreenContext/exportNote`` says how it went,
/// on the message row this draws.
struct ReceiptKeeping: Sendable, Equatable {

    /// The file name being typed, while the screen asks for one.
    var fileName: EditableText?

    /// The longest file name taken.
    static let maximumPathLength = 1024

    var isAsking: Bool { fileName != nil }

    /// The receipt keys for a binding table; `action` wraps a step in the screen's own action.
    static func bindings<Action>(_ action: (ReceiptStep) -> Action, text: Localizer) -> [KeyBinding<Action>] {
        [KeyBinding([.character("s")], "s", text.text(.receiptKeySave), action(.ask), explain: text.text(.receiptKeySaveExplain)),
         KeyBinding([.character("c")], "c", text.text(.receiptKeyCopy), action(.copy), explain: text.text(.receiptKeyCopyExplain))]
    }

    /// The binding table while a file name is asked for: Enter saves (Esc is the app's: cancel).
    static func askingBindings<Action>(_ action: (ReceiptStep) -> Action, text: Localizer) -> [KeyBinding<Action>] {
        [KeyBinding([.enter], "enter", text.text(.receiptKeySaveFile), action(.confirm), rank: .focused,
                    explain: text.text(.receiptKeySaveFileExplain))]
    }

    /// `s`: asks where to save `receipt`, suggesting a name in the current directory.
    mutating func ask(for receipt: Receipt) {
        var name = EditableText()
        name.set(receipt.suggestedFileName)
        fileName = name
    }

    /// Enter: the effect that saves `receipt` to the file named.
    mutating func confirm(_ receipt: Receipt, context: ScreenContext) -> [ScreenEffect] {
        guard let path = fileName?.text else { return [] }
        fileName = nil
        return [.export(receipt.text(context: context), .file(path))]
    }

    /// `c`: the effect that copies `receipt`.
    static func copy(_ receipt: Receipt, context: ScreenContext) -> [ScreenEffect] {
        [.export(receipt.text(context: context), .clipboard)]
    }

    /// Takes a key or a paste for the file name; false when no name is asked for (the screen's own then).
    mutating func receive(_ input: ScreenInput) -> Bool {
        guard fileName != nil else { return false }
        switch input {
        case .key(let key):
            if fileName?.apply(key) == true { return true }
            switch key {
            case .character(let character): insert(String(character))
            case .space: insert(" ")
            default: break
            }
        case .paste(let text):
            insert(text)
        default:
            return false
        }
        return true
    }

    private mutating func insert(_ text: String) {
        _ = fileName?.insert(EditableText.printable(text, keepSpaces: true, limit: Self.maximumPathLength), limit: Self.maximumPathLength)
    }

    /// The message row: the file name being typed (with the caret), or how the last save or copy went.
    func drawMessage(into canvas: inout Canvas, row: Int, left: Int, width: Int, maxRows: Int, context: ScreenContext) {
        let glyphs = context.glyphs
        if let fileName {
            canvas.put(glyphs.focusBar, row: row, column: left, style: .focus)
            let start = left + 2 + canvas.put(context.localizer.text(.receiptSaveTo) + " ", row: row, column: left + 2, style: .focus)
            let room = max(1, left + width - start)
            let window = EditableText.window(fileName.text, caretColumn: fileName.caretColumn(in: fileName.text) { _ in true }, width: room)
            canvas.put(window.text, row: row, column: start, style: .bold, maxWidth: room)
            canvas.cursor = (row, start + window.caretColumn)
        } else if let note = context.exportNote {
            canvas.putWrapped(note.text(glyphs), row: row, column: left, width: width, maxLines: max(1, maxRows), style: note.style,
                              ellipsis: glyphs.ellipsis)
        }
    }
}

/// A screen that keeps receipts (the result and Payments): while a file name is asked for it is
/// the focused text, Esc cancels it, and the help lists the keys of the screen when not asking.
protocol KeepsReceipts: Screen {
    var keeping: ReceiptKeeping { get set }
    /// The receipt the keys keep now; nil when there is none (no payment chosen).
    func receipt(context: ScreenContext) -> Receipt?
}

extension KeepsReceipts {
    /// What a receipt key does, the same on every screen that keeps receipts.
    mutating func keepReceipt(_ step: ReceiptStep, context: ScreenContext) -> [ScreenEffect] {
        guard let receipt = receipt(context: context) else { return [] }
        switch step {
        case .ask: keeping.ask(for: receipt); return []
        case .copy: return ReceiptKeeping.copy(receipt, context: context)
        case .confirm: return keeping.confirm(receipt, context: context)
        }
    }

    /// The keeping's part of the screen's model: Esc gives up the file name being asked for, and
    /// the help lists the keys of the screen when not asking.
    func addKeeping(to shown: inout ScreenModel, context: ScreenContext) {
        shown.stepBack = keeping.isAsking ? context.localizer.text(.resultKeyCancel) : nil
        var browsing = self
        browsing.keeping = ReceiptKeeping()
        shown.keyHelp = browsing.keyMap(context: context).helpLines
    }

    /// Esc while a file name is asked for gives it up.
    mutating func respondKeeping(to event: ScreenEvent) -> [ScreenEffect] {
        if event == .stepBack { keeping.fileName = nil }
        return []
    }
}
