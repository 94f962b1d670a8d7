import CheckoutCore
import CheckoutEngine
import Testing
@testable import CheckoutApp

/// Text fields edit and measure extended grapheme clusters: whatever is typed one scalar at a
/// time, the caret stays inside the text and the field inside its columns.
@MainActor @Suite struct GraphemeEditingTests {
    /// Types `scalars` one key each, as a terminal delivers them.
    func typeScalars(_ field: inout EditableText, _ text: String, limit: Int = 45) {
        for scalar in text.unicodeScalars { field.insert(String(Character(scalar)), limit: limit) }
    }

    func checkCaret(_ field: EditableText, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect((0...field.text.count).contains(field.caret), "caret \(field.caret) of \(field.text.count)", sourceLocation: sourceLocation)
        #expect(field.count == field.text.count, sourceLocation: sourceLocation)
    }

    /// Every kind of text the issue lists, as it arrives: one scalar per key.
    nonisolated static let kinds: [(String, String)] = [
        ("combining accent", "e\u{301}"),
        ("two combining marks", "a\u{308}\u{304}"),
        ("flag", "🇫🇷"),
        ("two flags", "🇫🇷🇩🇪"),
        ("ZWJ family", "👨‍👩‍👧"),
        ("skin tone", "👍🏽"),
        ("variation selector", "❤️"),
        ("Hangul jamo", "\u{1100}\u{1161}\u{11A8}"),
        ("wide CJK", "カード"),
        ("zero-width space", "a\u{200B}b"),
        ("right-to-left", "שלום مرحبا"),
        ("keycap", "1\u{FE0F}\u{20E3}"),
    ]

    @Test(arguments: kinds)
    func aCharacterThatMergesWithThePreviousOneKeepsTheCaretInside(_ kind: (name: String, text: String)) {
        var field = EditableText()
        typeScalars(&field, kind.text)
        checkCaret(field)
        #expect(field.caret == field.text.count, "\(kind.name): the caret ends after what was typed")
        // Then a letter: the crash this issue began with.
        field.insert("x", limit: 45)
        checkCaret(field)
        #expect(field.text == kind.text + "x", "\(kind.name)")
        // In the middle, with the caret moved over the clusters.
        for _ in 0..<3 { _ = field.apply(.left) }
        typeScalars(&field, kind.text)
        checkCaret(field)
        _ = field.apply(.end)
        _ = field.apply(.backspace)
        checkCaret(field)
        _ = field.apply(.home)
        _ = field.apply(.delete)
        checkCaret(field)
    }

    @Test func theIssuesCaseTypedIntoTheCardholderName() {
        var model = Fixtures.model()
        for _ in 0..<3 { _ = model.press(.tab) }
        for text in ["e", "\u{301}", "x"] { _ = model.press(.character(Character(text))) }
        let form = model.top as! CardFormScreen
        #expect(form.cardholderName == "éx")
        #expect(form.name.caret == 2)
        // A flag and a family, one scalar per key, then more letters: never a crash.
        for scalar in "🇫🇷👨‍👩‍👧".unicodeScalars { _ = model.press(.character(Character(scalar))) }
        model.type("yz")
        let after = model.top as! CardFormScreen
        #expect(after.cardholderName == "éx🇫🇷👨‍👩‍👧yz")
        #expect(after.name.caret == after.cardholderName.count)
        #expect(model.screen.contains("éx🇫🇷👨‍👩‍👧yz"))
    }

    @Test func aNameWithAnEmojiIsRefusedWithAMessageNotACrash() {
        var model = Fixtures.model()
        for _ in 0..<3 { _ = model.press(.tab) }
        model.type("Jane 👍")
        let error = ValidationError(errorId: "invalid-cardholder-name", inputElementType: .cardholderName,
                                    description: "Cardholder name may contain only letters, spaces, apostrophes, hyphens and periods.")
        _ = model.receive(.dataIsValid(isValid: false, errors: [error]))
        _ = model.press(.tab)
        #expect(model.screen.contains("✗ Cardholder name may contain only letters"))
    }

    @Test func backspaceDeletesAWholeCluster() {
        var field = EditableText("a👨‍👩‍👧b")
        _ = field.apply(.left)
        _ = field.apply(.backspace)
        #expect(field.text == "ab")
        #expect(field.caret == 1)
    }

    @Test func aClusterCannotGrowWithoutEnd() {
        var field = EditableText()
        field.insert("e", limit: 45)
        for _ in 0..<1000 { field.insert("\u{301}", limit: 45) }
        #expect(field.text.unicodeScalars.count == EditableText.maximumScalarsPerCharacter)
        checkCaret(field)
        var pasted = EditableText()
        pasted.insert(EditableText.printable("e" + String(repeating: "\u{301}", count: 100_000), keepSpaces: true, limit: 45), limit: 45)
        #expect(pasted.text.unicodeScalars.count == EditableText.maximumScalarsPerCharacter)
    }

    @Test func bidirectionalControlsAreKeptOutOfFields() {
        #expect(EditableText.printable("abc\u{202E}def\u{2066}", keepSpaces: true, limit: 45) == "abcdef")
        #expect(EditableText.printable("שלום", keepSpaces: true, limit: 45) == "שלום", "right-to-left letters stay")
    }

    @Test func theWindowKeepsTheCaretInViewAndNeverExceedsTheWidth() {
        // Fits: all of it, with a column to spare for the caret at the end.
        #expect(EditableText.window("Jane", caretColumn: 4, width: 10) == .init(text: "Jane", caretColumn: 4))
        // Wider: the columns that end at the caret.
        #expect(EditableText.window("Jane Doe", caretColumn: 8, width: 5) == .init(text: " Doe", caretColumn: 4, start: 4))
        #expect(EditableText.window("Jane Doe", caretColumn: 0, width: 5) == .init(text: "Jane ", caretColumn: 0))
        // A wide character cut at the left edge becomes a space, so columns stay right.
        let wide = EditableText.window("カードカード", caretColumn: 12, width: 6)
        #expect(DisplayWidth.of(wide.text) <= 6)
        #expect(wide.text == " ード")
        #expect(wide.caretColumn == 5)
        for width in 1...14 {
            for caret in 0...12 {
                let window = EditableText.window("カa👨‍👩‍👧bé🇫🇷", caretColumn: caret, width: width)
                #expect(DisplayWidth.of(window.text) <= width)
                #expect((0..<width).contains(window.caretColumn))
            }
        }
    }

    @Test func aLongWideNameScrollsInsideItsField() throws {
        var model = Fixtures.model()
        for _ in 0..<3 { _ = model.press(.tab) }
        model.type(String(repeating: "カ", count: 45))
        for (width, height) in [(50, 17), (60, 20), (80, 24)] {
            model.resize(width: width, height: height)
            let canvas = model.render()
            let cursor = try #require(canvas.cursor)
            let line = canvas.lines[cursor.row]
            #expect(DisplayWidth.of(line) <= width - 2, "the name stays inside the form at \(width)x\(height)")
            #expect(cursor.column < width - 2)
            #expect(line.hasSuffix("カ"), "the end of the name, where the caret is, is in view")
        }
        _ = model.press(.home)
        let start = model.render()
        #expect(start.cursor?.column == 4)
    }

    @Test func nolAndSettingsFieldsEditClustersToo() {
        var settings = Fixtures.model(.settings)
        _ = settings.press(.right)
        _ = settings.press(.right)
        _ = settings.press(.down)
        for scalar in "http://e\u{301}.example/👨‍👩‍👧".unicodeScalars { _ = settings.press(.character(Character(scalar))) }
        let screen = settings.top as! SettingsScreen
        #expect(screen.url.text == "http://é.example/👨‍👩‍👧")
        #expect(screen.url.caret == screen.url.text.count)
        _ = settings.paste(String(repeating: "x", count: 300))
        let canvas = settings.render(width: 60, height: 20)
        #expect(canvas.cursor.map { $0.column < 60 } == true)
        #expect(canvas.lines[canvas.cursor!.row].hasSuffix("xxx"), "the URL scrolls to its end")
        #expect(canvas.lines[canvas.cursor!.row].hasPrefix("  ┃ Service URL         xxx"))
    }
}
