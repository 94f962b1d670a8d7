import CheckoutCore
import CheckoutEngine
import CheckoutStore
import NolPay
import Testing
@testable import CheckoutApp
@testable import CheckoutTUI

/// Readline's editing keys in every text field, by grapheme cluster, from the bytes a terminal
/// sends to what the field holds.
@MainActor @Suite struct ReadlineKeysTests {
    func form(_ model: AppModel) -> CardFormScreen { model.top as! CardFormScreen }
    func bytes(_ text: String) -> [RawRead] { text.unicodeScalars.map { .character($0.value) } }
    static let ctrlU = Key.ctrl(.character("u"))

    // MARK: Decoding

    @Test func controlCharactersAltKeysAndModifiedArrowsDecode() {
        #expect(TerminalKeyDecoder.decode(bytes("\u{1}\u{5}\u{15}\u{b}\u{17}\u{19}\u{4}")) ==
            ["a", "e", "u", "k", "w", "y", "d"].map { .key(.ctrl(.character($0))) })
        // Tab, Enter and Backspace keep their own names.
        #expect(TerminalKeyDecoder.decode(bytes("\u{9}\u{d}\u{8}\u{7f}")) == [.key(.tab), .key(.enter), .key(.backspace), .key(.backspace)])
        #expect(TerminalKeyDecoder.decode(bytes("\u{1b}b\u{1b}f\u{1b}d")) ==
            [.key(.alt(.character("b"))), .key(.alt(.character("f"))), .key(.alt(.character("d")))])
        #expect(TerminalKeyDecoder.decode(bytes("\u{1b}\u{7f}")) == [.key(.alt(.backspace))])
        // Esc then Enter or Tab in one read stay two keys: no sequence starts with a control character.
        #expect(TerminalKeyDecoder.decode(bytes("\u{1b}\r\u{1b}\t")) == [.key(.escape), .key(.enter), .key(.escape), .key(.tab)])
        // xterm's modified arrows: ESC [ 1 ; 5 D is Ctrl+←, ESC [ 1 ; 3 A Alt+↑.
        #expect(TerminalKeyDecoder.decode(bytes("\u{1b}[1;5D\u{1b}[1;5C\u{1b}[1;3A\u{1b}[1;3B")) ==
            [.key(.ctrl(.left)), .key(.ctrl(.right)), .key(.alt(.up)), .key(.alt(.down))])
        // rxvt's Ctrl+arrows, and Esc followed by an arrow ncurses decoded (Alt+arrow on some terminals).
        #expect(TerminalKeyDecoder.decode(bytes("\u{1b}Od\u{1b}Oc")) == [.key(.ctrl(.left)), .key(.ctrl(.right))])
        #expect(TerminalKeyDecoder.decode([.character(27), .functionKey(259)]) == [.key(.alt(.up))])
        // Shift+arrows, other modifiers and sequences nothing uses are still dropped whole.
        #expect(TerminalKeyDecoder.decode(bytes("\u{1b}[1;2D\u{1b}[1;7A\u{1b}[1;5P\u{1b}[3;5~")) == [])
        #expect(TerminalKeyDecoder.modifiedKeySequences.contains("\u{1b}[1;5D"))
    }

    // MARK: The commands

    @Test func homeEndAndWordMoves() {
        var text = EditableText("Jane  de-la Cruz")
        text.perform(.home)
        #expect(text.caret == 0)
        text.perform(.wordRight)
        #expect(text.caret == 4, "to the end of Jane")
        text.perform(.wordRight)
        #expect(text.caret == 8, "over the spaces, to the end of de")
        text.perform(.end)
        text.perform(.wordLeft)
        #expect(text.caret == 12, "to the start of Cruz")
        text.perform(.wordLeft)
        #expect(text.caret == 9, "over the space and the hyphen, to the start of la")
        #expect(EditableText.Command(.ctrl(.left)) == .wordLeft)
        #expect(EditableText.Command(.alt(.character("f"))) == .wordRight)
        // Every key of every command gives it, and no character typed is a command.
        for command in EditableText.Command.allCases {
            for key in command.keys { #expect(EditableText.Command(key) == command, "\(key)") }
        }
        for character in "aZ5 é/y" { #expect(EditableText.Command(.character(character)) == nil) }
        #expect(EditableText.Command(.enter) == nil)
    }

    @Test func killsAndYankAreByGraphemeCluster() {
        // A family emoji, an é typed as e + accent, a flag: each is one character to the keys.
        var text = EditableText("Zoé 👨‍👩‍👧 🇫🇷x")
        text.perform(.end)
        text.perform(.left)
        text.perform(.deleteWordBackward)
        // Emoji are not letters: back over them and the spaces, then over the word "Zoé".
        #expect(text.text == "x")
        #expect(text.killed == "Zoé 👨‍👩‍👧 🇫🇷")
        #expect(text.caret == 0 && text.count == 1)
        var name = EditableText("Jane Doe")
        name.perform(.deleteWordBackward)
        #expect(name.text == "Jane ")
        #expect(name.killed == "Doe")
        name.perform(.home)
        name.perform(.killToEnd)
        #expect(name.text.isEmpty)
        #expect(name.killed == "Jane ")
        var accented = EditableText("Ze\u{301}e\u{301}")
        accented.perform(.home)
        accented.perform(.right)
        accented.perform(.killToEnd)
        #expect(accented.text == "Z")
        #expect(accented.killed == "éé")
        #expect(accented.count == 1 && accented.caret == 1)
        var number = EditableText("4242424242424242")
        number.perform(.home)
        number.perform(.right)
        number.perform(.right)
        number.perform(.deleteForward)
        #expect(number.text == "422424242424242")
        number.perform(.killToStart)
        #expect(number.text == "2424242424242" && number.killed == "42")
        number.perform(.deleteWordForward)
        #expect(number.text.isEmpty)
    }

    @Test func theWordBeforeAFamilyEmojiGoesWhole() {
        var text = EditableText("ab 👨‍👩‍👧cd")
        text.perform(.deleteWordBackward)
        #expect(text.text == "ab 👨‍👩‍👧")
        #expect(text.killed == "cd")
        text.perform(.deleteBackward)
        #expect(text.text == "ab ", "the family is one character")
    }

    // MARK: In the card form

    @Test func ctrlUClearsTheCardNumberAndCtrlYPutsItBack() {
        var model = Fixtures.model()
        model.type("4242424242424242")
        let commands = model.press(Self.ctrlU)
        #expect(form(model).digits.isEmpty)
        #expect(commands == [.setRawData(CardData())])
        #expect(!model.screen.contains("4242"))
        let yanked = model.press(.ctrl(.character("y")))
        #expect(form(model).digits == "4242424242424242")
        #expect(yanked.last == .setRawData(CardData(cardNumber: "4242424242424242")))
    }

    @Test func aKilledNumberIsNeverYankedIntoAnotherField() {
        var model = Fixtures.model()
        model.type("4242424242424242")
        _ = model.press(Self.ctrlU)
        for _ in 0..<3 { _ = model.press(.tab) }
        #expect(form(model).focus == .name)
        _ = model.press(.ctrl(.character("y")))
        #expect(form(model).cardholderName.isEmpty, "the name field has its own kill buffer, empty")
    }

    @Test func ctrlAECtrlWAndCtrlArrowsInTheName() {
        var model = Fixtures.model()
        for _ in 0..<3 { _ = model.press(.tab) }
        model.type("Jane Q Doe")
        _ = model.press(.ctrl(.character("a")))
        #expect(form(model).name.caret == 0)
        _ = model.press(.ctrl(.right))
        _ = model.press(.ctrl(.right))
        #expect(form(model).name.caret == 6)
        _ = model.press(.ctrl(.character("w")))
        #expect(form(model).cardholderName == "Jane  Doe")
        _ = model.press(.ctrl(.character("e")))
        _ = model.press(.alt(.backspace))
        #expect(form(model).cardholderName == "Jane  ")
        _ = model.press(.ctrl(.character("y")))
        #expect(form(model).cardholderName == "Jane  Doe")
        _ = model.press(.alt(.character("b")))
        _ = model.press(.ctrl(.character("d")))
        #expect(form(model).cardholderName == "Jane  oe")
    }

    @Test func ctrlKeysOnTheExpiryAndCVVEditAndTellTheEngine() {
        var model = Fixtures.model()
        _ = model.press(.tab)
        // Three digits: a complete expiry would move on by itself.
        model.type("123")
        _ = model.press(.ctrl(.character("a")))
        let commands = model.press(.ctrl(.character("k")))
        #expect(form(model).expiryDigits.isEmpty)
        #expect(commands == [.setRawData(CardData())])
        _ = model.press(.tab)
        model.type("12")
        _ = model.press(.ctrl(.character("w")))
        #expect(form(model).cvv.isEmpty)
    }

    @Test func ctrlKeysOutsideATextFieldDoNothing() {
        var model = Fixtures.model(.home)
        let before = model.screen
        for key: Key in [Self.ctrlU, .ctrl(.character("y")), .alt(.character("b")), .ctrl(.left), .alt(.backspace), .ctrl(.character("g"))] {
            #expect(model.press(key).isEmpty)
        }
        #expect(model.screen == before)
        var form = Fixtures.model()
        for _ in 0..<4 { _ = form.press(.tab) }
        #expect(self.form(form).focus == .pay)
        #expect(form.press(Self.ctrlU).isEmpty)
    }

    // MARK: In the other screens' fields

    @Test func nolFieldsTakeTheEditingKeysToo() throws {
        let registry = ScreenRegistry.standard.withNolScreens(try NolSystem.simulated(database: Database(path: ":memory:")))
        var model = AppModel(route: .nolPay, catalogue: Fixtures.catalogue, settings: Fixtures.settings, registry: registry)
        model.type("050 123 4567")
        _ = model.press(.alt(.backspace))
        #expect(model.top?.focusedText?.text == "050 123 ")
        _ = model.press(Self.ctrlU)
        #expect(model.top?.focusedText?.text == "")
        _ = model.press(.ctrl(.character("y")))
        #expect(model.top?.focusedText?.text == "050 123 ")
    }

    @Test func theSettingsURLIsATextFieldWithACaret() {
        var model = Fixtures.model(.settings)
        _ = model.press(.right)
        _ = model.press(.right)
        _ = model.press(.down)
        model.type("http://bins.example/v1")
        _ = model.press(.left)
        _ = model.press(.left)
        model.type("x")
        var settings = model.top as! SettingsScreen
        #expect(settings.url.text == "http://bins.example/xv1", "← → move the caret, they do not change the source")
        #expect(settings.draft.binSource == .url("http://bins.example/xv1"))
        let canvas = model.render()
        #expect(canvas.cursor.map { canvas.lines[$0.row].contains("Service URL") } == true)
        _ = model.press(.alt(.backspace))
        settings = model.top as! SettingsScreen
        #expect(settings.url.text == "http://bins.example/v1")
        _ = model.press(.alt(.backspace))
        settings = model.top as! SettingsScreen
        #expect(settings.url.text == "http://bins.v1", "a word is letters and digits")
        _ = model.press(Self.ctrlU)
        settings = model.top as! SettingsScreen
        #expect(settings.url.text == "v1")
        #expect(settings.url.killed == "http://bins.")
    }
}
