import CheckoutCore
import CheckoutEngine
import Testing
@testable import CheckoutApp

/// What the frame's shortcuts (issue 33) must leave as it was: the model made once per state, a
/// frame's part of it, cells as plain bits, text measured without grapheme breaking.
@MainActor @Suite struct FrameCostTests {
    @Test func twoCopiesOfTheAppThatGoDifferentWaysNeverShareAModel() {
        var first = Fixtures.model()
        _ = first.topModel
        var second = first
        first.type("4242")
        second.type("5555")
        #expect(first.screenModel.field("cardNumber")?.value == "4242")
        #expect(second.screenModel.field("cardNumber")?.value == "5555")
        // Back to the first copy after the second made its model: still its own.
        #expect(first.topModel?.field("cardNumber")?.value == "4242")
        #expect(first.render(width: 80, height: 24).text.contains("4242"))
        #expect(!first.render(width: 80, height: 24).text.contains("5555"))
    }

    @Test func theFramesPartOfTheCardFormsModelIsTheWholeModelsPart() {
        var model = Fixtures.model()
        var states: [AppModel] = [model]
        for key in "4000002500001001".map({ Key.character($0) }) + [.tab, .tab, .escape] {
            _ = model.press(key)
            states.append(model)
        }
        for state in states {
            let frame = state.topModel(.frame), whole = state.topModel(.whole)
            #expect(frame?.title == whole?.title)
            #expect(frame?.yesNo == whole?.yesNo)
            #expect(frame?.stepBack == whole?.stepBack)
            #expect(frame?.discard == whole?.discard)
            #expect(frame?.fields.isEmpty == true, "a frame's model leaves out what only a conversation reads")
            #expect(whole?.fields.isEmpty == false)
        }
    }

    @Test func cellsKeepEveryCharacterTheyAreGiven() {
        var canvas = Canvas(width: 20, height: 1)
        canvas.put("é e\u{301} 🇫🇷 ✓ →", row: 0, column: 0)
        #expect(canvas.lines == ["é e\u{301} 🇫🇷 ✓ →"])
        #expect(canvas[0, 2].character == "e\u{301}")
        #expect(canvas[0, 2].scalar == nil, "a cluster of two scalars is kept by its number")
        #expect(canvas[0, 4].character == "🇫🇷")
        #expect(canvas[0, 4].isWide)
        #expect(canvas[0, 0].scalar == "é")
        var cell = Canvas.Cell.blank
        cell.character = "👩‍💳"
        #expect(cell.character == "👩‍💳")
        #expect(Canvas.Cell(character: "👩‍💳", style: .normal, isContinuation: false) == cell, "one cluster, one number")
    }

    /// Every scalar measured without grapheme breaking is a character on its own beside any
    /// other of them and beside ASCII, and has the width its character has.
    @Test func unjoinedScalarsAreCharactersOnTheirOwn() {
        let ranges: [ClosedRange<UInt32>] = [0x20...0x2FF, 0x2010...0x2027, 0x202F...0x205E, 0x20A0...0x20C0, 0x2100...0x27BF,
                                              0x2800...0x28FF, 0x2B00...0x2BFF]
        var checked = 0
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value), let width = DisplayWidth.unjoinedWidth(value) else { continue }
                let alone = String(scalar)
                #expect(("a" + alone + alone + "→").count == 4, "U+\(String(value, radix: 16)) joins a neighbour")
                #expect(width == DisplayWidth.of(Character(scalar)), "U+\(String(value, radix: 16))")
                checked += 1
            }
        }
        #expect(checked == 3081, "every scalar of the ranges")
        #expect(DisplayWidth.unjoinedWidth(0x301) == nil)
        #expect(DisplayWidth.unjoinedWidth(0x200D) == nil)
        #expect(DisplayWidth.unjoinedWidth(0xFE0F) == nil)
        #expect(DisplayWidth.of("✓\u{FE0F}") == DisplayWidth.of(Character("✓\u{FE0F}")), "a selector sends the text through grapheme breaking")
    }

    @Test func theAcceptedRowIsMadeForItsWidthAndLanguage() throws {
        let names = ["Visa", "Mastercard", "American Express", "Cartes Bancaires", "Discover"]
        let wide = CardFormScreen.acceptedRow(names, width: 80)
        let narrow = CardFormScreen.acceptedRow(names, width: 30)
        #expect(wide.contains("Discover"))
        #expect(!narrow.contains("Discover"))
        #expect(CardFormScreen.acceptedRow(names, width: 80) == wide)
        let french = try Bundled.localizer(.french)
        #expect(CardFormScreen.acceptedRow(names, width: 80, localizer: french) != wide)
        #expect(CardFormScreen.acceptedRow(names, width: 80, glyphs: .ascii) == GlyphSet.ascii.text(wide))
    }
    @Test("narrow one-scalar text (printable ASCII put byte by byte, `·`, `€`, `•`) leaves the cells the scalar-by-scalar path leaves, over wide characters, at the edges, clipped")
    func printableASCIIIsPutAsEveryOtherTextIs() {
        var random = SplitMix64(seed: 3301)
        let under = ["日本語", "🇫🇷", "é", "│ab", "€5", "カ"]
        let texts = ["4000 0025", "a", "Card number", "  ", "x y", "~!", "Visa", "Visa · Mastercard", "••••", "€5,00", "│ é", "→"]
        for _ in 0..<3000 {
            var base = Canvas(width: 14, height: 2)
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                base.put(under.randomElement(using: &random)!, row: Int.random(in: 0...1, using: &random),
                         column: Int.random(in: -1...13, using: &random), style: .dim)
            }
            let text = texts.randomElement(using: &random)!
            let row = Int.random(in: 0...1, using: &random), column = Int.random(in: -3...14, using: &random)
            let maxWidth: Int? = Bool.random(using: &random) ? nil : Int.random(in: -1...8, using: &random)
            var fast = base, scalarwise = base
            let written = fast.put(text, row: row, column: column, style: .bold, maxWidth: maxWidth)
            // A zero-width space after the text sends it down the path of any other text.
            let same = scalarwise.put(text + "\u{200B}", row: row, column: column, style: .bold, maxWidth: maxWidth)
            #expect(written == same, "\(text) at \(row),\(column) max \(String(describing: maxWidth))")
            #expect(fast.cells == scalarwise.cells, "\(text) at \(row),\(column) over \(base.lines)")
        }
    }

    @Test("a field's caret column and a number's groups, read bytewise from ASCII, are those of its characters")
    func asciiFieldsAreMeasuredAsTheirCharacters() {
        var random = SplitMix64(seed: 3302)
        let catalogue = Fixtures.catalogue
        for _ in 0..<500 {
            let digits = String((0..<Int.random(in: 0...22, using: &random)).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
            for info in catalogue.networks.prefix(12) {
                let shown = catalogue.format(digits: digits, as: info.network)
                let groups = info.groupingByLength[digits.count] ?? info.defaultGrouping
                // Each group as long as the pattern says, what is beyond it in the last group.
                var expected: [Int] = []
                var left = digits.count
                for (index, size) in groups.enumerated() where left > 0 {
                    let taken = index == groups.count - 1 ? left : min(size, left)
                    expected.append(taken)
                    left -= taken
                }
                #expect(shown.split(separator: " ").map(\.count) == expected, "\(digits) as \(info.network)")
                #expect(shown.filter { $0 != " " } == digits)
                // The caret before each stored digit, and after the last: its column among the characters drawn.
                for caret in 0...digits.count {
                    var text = EditableText(digits)
                    for _ in caret..<digits.count { _ = text.apply(.left) }
                    #expect(text.caret == caret)
                    var seen = 0, column = 0, expectedColumn: Int?
                    for character in shown {
                        if character != " " {
                            if seen == caret { expectedColumn = column; break }
                            seen += 1
                        }
                        column += 1
                    }
                    #expect(text.caretColumn(in: shown, isStored: CardFormScreen.isDigit) == expectedColumn ?? column)
                }
            }
        }
        // Text that is not printable ASCII is measured by its characters.
        var name = EditableText("José 日本")
        _ = name.apply(.left)
        #expect(name.caretColumn(in: "José 日本", isStored: { _ in true }) == 7)
    }
    @Test("a frame whose kept parts (the badges, the chooser, the rows under the number, the footer) were drawn for the frame before reads as the same frame drawn afresh, at each step of a co-badged card, left to right and right to left")
    func keptPartsReadAsDrawnAfresh() {
        for language in [Language.english, .arabic] {
            var settings = Fixtures.settings
            settings.language = language
            var model = Fixtures.model(settings: settings)
            var states: [AppModel] = []
            for character in "4000002500001001" {
                model.type(String(character))
                states.append(model)
            }
            _ = model.receive(Fixtures.coBadgedMetadata())
            states.append(model)
            for key in [Key.tab, .right, .space, .tab, .backTab, .left, .space, .backTab, .backspace, .backspace] {
                _ = model.press(key)
                states.append(model)
            }
            // The rows under the number (kept while the focus is above them) with their fields
            // filled, then with errors shown after Pay: the number edited under them each time.
            for character in "01" {
                model.type(String(character))
                states.append(model)
            }
            for step in [Key.tab, .tab, .character("1"), .character("2"), .character("3"), .character("0"), .character("1"), .backTab,
                         .backTab, .backTab, .backspace, .character("1"), .enter, .backTab, .backTab, .backTab, .backspace, .character("1")] {
                _ = model.press(step)
                states.append(model)
            }
            // The engine's word on the security code, come and gone while the focus is on the number.
            let cvvError = ValidationError(errorId: "invalid-cvv", inputElementType: .cvv, description: "CVV is too short.")
            for errors in [[cvvError], []] {
                _ = model.receive(.dataIsValid(isValid: errors.isEmpty, errors: errors))
                states.append(model)
            }
            // One size at a time: each frame follows the one before it, as at the terminal.
            for size in [(80, 24), (60, 20)] {
                for (index, state) in states.enumerated() {
                    let kept = state.render(width: size.0, height: size.1)
                    let fresh = KeptDrawings.$bypassed.withValue(true) { state.render(width: size.0, height: size.1) }
                    #expect(kept == fresh, "step \(index) at \(size.0)x\(size.1): \(kept.lines) drawn afresh \(fresh.lines)")
                    #expect(kept.targets.map { "\($0.rect) \($0.id)" } == fresh.targets.map { "\($0.rect) \($0.id)" }, "step \(index)")
                }
            }
        }
    }
}
