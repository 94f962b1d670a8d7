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
}
