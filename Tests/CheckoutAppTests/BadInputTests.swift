import CheckoutCore
import CheckoutEngine
import Testing
@testable import CheckoutApp
@testable import CheckoutTUI

/// Whatever arrives — escape sequences, control characters, huge pastes, stray keys — the screen
/// stays whole and the fields hold only what they may.
@MainActor @Suite struct BadInputTests {
    func form(_ model: AppModel) -> CardFormScreen { model.top as! CardFormScreen }

    func keys(_ bytes: String) -> [RawRead] { bytes.unicodeScalars.map { .character($0.value) } }

    @Test func unknownEscapeSequencesAreDroppedWholeAndAltKeysDecoded() {
        // Alt+x is a key of its own; an F-key this terminal type does not describe, a colour code:
        // none leaves the screen or types.
        #expect(TerminalKeyDecoder.decode(keys("\u{1b}x")) == [.key(.alt(.character("x")))])
        #expect(TerminalKeyDecoder.decode(keys("\u{1b}[1;5P4")) == [.key(.character("4"))])
        #expect(TerminalKeyDecoder.decode(keys("a\u{1b}[31mb")) == [.key(.character("a")), .key(.character("b"))])
        #expect(TerminalKeyDecoder.decode(keys("\u{1b}]0;title\u{7}c")) == [.key(.character("c"))])
        #expect(TerminalKeyDecoder.decode(keys("\u{1b}OQ")) == [])
        #expect(TerminalKeyDecoder.decode([.character(27), .functionKey(KEY_F0_PLUS_1)]) == [])
        // A lone Esc, and Esc pressed twice, stay keys.
        #expect(TerminalKeyDecoder.decode(keys("\u{1b}")) == [.key(.escape)])
        #expect(TerminalKeyDecoder.decode(keys("\u{1b}\u{1b}")) == [.key(.escape), .key(.escape)])
        // Control characters are Ctrl plus their letter; those with no letter, and function keys the UI does not use, vanish.
        #expect(TerminalKeyDecoder.decode(keys("\u{1}\u{2}\u{7}")) == [.key(.ctrl(.character("a"))), .key(.ctrl(.character("b"))), .key(.ctrl(.character("g")))])
        #expect(TerminalKeyDecoder.decode(keys("\u{0}\u{1c}\u{1f}")) == [])
        #expect(TerminalKeyDecoder.decode([.functionKey(410), .functionKey(331)]) == [])
        // A paste's markers still come through after an escape.
        #expect(TerminalKeyDecoder.decode([.character(27), .functionKey(TerminalKeyDecoder.pasteStartCode)]) == [.key(.escape), .pasteStart])
    }

    @Test func strayKeysLeaveTheFormAsItWas() {
        var model = Fixtures.model()
        model.type("4242")
        let before = model.screen
        for key: Key in [.function(3), .function(7), .function(12), .delete] {
            #expect(model.press(key).isEmpty)
        }
        #expect(model.top is CardFormScreen)
        #expect(model.screen == before)
    }

    @Test func pastedEscapeSequencesAndControlCharactersAreStripped() {
        var model = Fixtures.model()
        for _ in 0..<3 { _ = model.press(.tab) }
        #expect(form(model).focus == .name)
        let commands = model.paste("  Jane\u{1b}[31m Doe\u{7}\u{1b}]0;pwned\u{7}\n")
        #expect(form(model).cardholderName == "Jane Doe")
        #expect(form(model).focus == .name, "a pasted line break does not move on or pay")
        #expect(commands == [.setRawData(CardData(cardholderName: "Jane Doe"))])
        #expect(!model.screen.contains("pwned"))
    }

    @Test func aHugePasteIsClippedToTheField() {
        let huge = String(repeating: "4242 ", count: 20_000)
        var model = Fixtures.model()
        _ = model.paste(huge)
        // Complete at Visa's usual 16 (issue 29); more than a card line is not one: nothing goes on.
        #expect(form(model).digits == String(repeating: "4242", count: 4))
        #expect(form(model).notice == "Visa numbers have 16 digits at most: 17th digit not taken")
        #expect(form(model).expiryDigits == "")
        _ = model.press(.tab)
        _ = model.paste(huge)
        #expect(form(model).expiryDigits == "424242", "the expiry takes MMYYYY at most")
        _ = model.press(.tab)
        _ = model.paste(huge)
        #expect(form(model).cvv == "424")
        #expect(form(model).focus == .name, "Visa's 3 digits complete the CVV")
        _ = model.paste(String(repeating: "A", count: 100_000))
        #expect(form(model).cardholderName == String(repeating: "A", count: 45))
        #expect(form(model).notice == "Names have 45 characters at most: the rest was not taken")
        #expect(model.render(width: 80, height: 24).lines.allSatisfy { $0.count <= 80 })

        var assembler = PasteAssembler()
        _ = assembler.feed(.pasteStart)
        for _ in 0..<100_000 { _ = assembler.feed(.key(.character("7"))) }
        #expect(assembler.feed(.pasteEnd) == .paste(String(repeating: "7", count: PasteAssembler.maximumLength)))
    }

    @Test func nonDigitsInADigitFieldAreRefusedWithAHint() {
        var model = Fixtures.model()
        model.type("42x")
        #expect(form(model).digits == "42")
        #expect(model.screen.contains("· digits only"))
        model.type("4")
        #expect(!model.screen.contains("digits only"))
        _ = model.press(.tab)
        model.type("1a")
        #expect(form(model).expiryDigits == "1")
        #expect(model.screen.contains("· digits only"))
        model.type("/")
        #expect(form(model).expiryText == "01")
        #expect(!model.screen.contains("digits only"))
        _ = model.press(.tab)
        _ = model.press(.space)
        #expect(form(model).cvv.isEmpty)
        #expect(model.screen.contains("· digits only"))
    }

    @Test func aPasteIntoTheSettingsURLIsClipped() {
        var model = Fixtures.model(.settings)
        _ = model.press(.right)
        _ = model.press(.right)
        _ = model.press(.down)
        _ = model.paste("http://bins.example\n" + String(repeating: "x", count: 100_000))
        let settings = model.top as! SettingsScreen
        guard case .url(let url) = settings.draft.binSource else { Issue.record("not a URL"); return }
        #expect(url.count == SettingsScreen.maximumURLLength)
        #expect(url.hasPrefix("http://bins.examplexxx"))
    }
}

private let KEY_F0_PLUS_1: Int32 = 265
