import CheckoutCore
import Testing
@testable import CheckoutApp
@testable import CheckoutTUI

@Suite struct CanvasTests {
    /// A cell is one 32-bit word: every character (a scalar or a cluster's number), every style and
    /// both halves' flags come back as they were put, and two cells are equal exactly when all of
    /// them are.
    @Test func aCellKeepsItsCharacterStyleAndHalvesInOneWord() {
        #expect(MemoryLayout<Canvas.Cell>.size == 4)
        let styles: [CellStyle] = [.normal, .dim, .bold, .title, .accent, .focus, .error, .success, .selection]
            + TerminalColour.allCases.flatMap { foreground in TerminalColour.allCases.map { CellStyle.badge(foreground: foreground, background: $0) } }
        let characters: [Character] = [" ", "a", "€", "日", "\u{10FFFF}", "🇫🇷", "e\u{301}", "😀"]
        var cells: [Canvas.Cell] = []
        for character in characters {
            for style in styles {
                for (continuation, wide) in [(false, false), (true, false), (false, true)] {
                    let cell = Canvas.Cell(character: character, style: style, isContinuation: continuation, isWide: wide)
                    #expect(cell.character == character && cell.style == style && cell.isContinuation == continuation && cell.isWide == wide)
                    var changed = cell
                    changed.style = .error
                    changed.isWide.toggle()
                    #expect(changed.character == character && changed.style == .error && changed.isContinuation == continuation && changed.isWide != wide)
                    cells.append(cell)
                }
            }
        }
        for (index, cell) in cells.enumerated() {
            #expect(cells.firstIndex(of: cell) == index, "no two different cells are equal")
        }
    }

    @Test func wideCharactersTakeTwoColumns() {
        #expect(DisplayWidth.of("カード") == 6)
        #expect(DisplayWidth.of("Café") == 4)
        #expect(DisplayWidth.of("💳") == 2)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        var canvas = Canvas(width: 10, height: 1)
        let written = canvas.put("カード!", row: 0, column: 1)
        #expect(written == 7)
        #expect(canvas.lines == [" カード!"])
        #expect(canvas[0, 2].isContinuation)
    }

    @Test func clipsAtTheEdgeAndNeverHalvesAWideCharacter() {
        var canvas = Canvas(width: 4, height: 1)
        canvas.put("abカ", row: 0, column: 1)
        #expect(canvas.lines == [" ab"])
        #expect(Canvas.truncate("Cartes Bancaires", to: 8) == "Cartes …")
        #expect(Canvas.truncate("Visa", to: 8) == "Visa")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var canvas = Canvas(width: 6, height: 1)
        canvas.put("日本", row: 0, column: 0)
        canvas.put("x", row: 0, column: 1)
        #expect(canvas.lines == [" x本"])
    }

    @Test func wrapBreaksAtSpacesByDisplayWidth() {
        #expect(Canvas.wrap("Check the card and the mobile number", width: 16) == ["Check the card", "and the mobile", "number"])
        #expect(Canvas.wrap("exact fit", width: 9) == ["exact fit"], "a line exactly as wide as the width stays whole")
        #expect(Canvas.wrap("exact fits", width: 9) == ["exact", "fits"])
        #expect(Canvas.wrap("  spaced   out  ", width: 20) == ["spaced out"])
        #expect(Canvas.wrap("", width: 10).isEmpty)
        #expect(Canvas.wrap("anything", width: 0).isEmpty)
    }

    @Test func wrapCountsWideCharactersAsTwoColumns() {
        #expect(Canvas.wrap("カード 番号", width: 6) == ["カード", "番号"])
        #expect(Canvas.wrap("カード 番号", width: 11) == ["カード 番号"])
        #expect(Canvas.wrap("カード", width: 5) == ["カー", "ド"], "a wide character is never split")
        #expect(Canvas.wrap("カ", width: 1) == ["カ"], "a character wider than the line still shows")
    }

    @Test func wrapHardBreaksWordsLongerThanTheLine() {
        #expect(Canvas.wrap("go https://bins.example/v1", width: 10) == ["go", "https://bi", "ns.example", "/v1"])
        #expect(Canvas.wrap("abcdefgh", width: 4) == ["abcd", "efgh"])
    }

    @Test func wrapEndsInAnEllipsisWhenCutToMaxLines() {
        #expect(Canvas.wrap("one two three four", width: 9, maxLines: 2) == ["one two", "three fo…"])
        #expect(Canvas.wrap("one two", width: 9, maxLines: 1) == ["one two"])
        #expect(Canvas.wrap("abcdefgh", width: 4, maxLines: 1) == ["abc…"])
    }

    @Test func putWrappedIndentsTheRowsAfterThePrefix() {
        var canvas = Canvas(width: 12, height: 3)
        let rows = canvas.putWrapped("Month must be 01 to 12", prefix: "✗ ", row: 0, column: 0, width: 12, style: .error)
        #expect(rows == 3)
        #expect(canvas.lines == ["✗ Month must", "  be 01 to", "  12"])
    }

    @Test func stylesAreKeptPerCell() {
        var canvas = Canvas(width: 8, height: 2)
        canvas.put("Pay", row: 1, column: 2, style: .accent)
        #expect(canvas.style(row: 1, column: 2) == .accent)
        #expect(canvas.style(row: 1, column: 5) == .normal)
    }

    @Test func pasteArrivesAsOneInput() {
        var assembler = PasteAssembler()
        var outputs: [PasteAssembler.Output] = []
        let inputs: [TerminalInput] = [.key(.character("1")), .pasteStart, .key(.character("4")), .key(.space),
                                       .key(.character("q")), .key(.enter), .pasteEnd, .key(.tab)]
        for input in inputs { if let output = assembler.feed(input) { outputs.append(output) } }
        #expect(outputs == [.key(.character("1")), .paste("4 q\n"), .key(.tab)])
    }

    @Test func decodesTerminalCodes() {
        #expect(TerminalKeyDecoder.decode(character: 9) == .key(.tab))
        #expect(TerminalKeyDecoder.decode(character: 13) == .key(.enter))
        #expect(TerminalKeyDecoder.decode(character: 127) == .key(.backspace))
        #expect(TerminalKeyDecoder.decode(character: 0x1B) == .key(.escape))
        #expect(TerminalKeyDecoder.decode(character: 0xE9) == .key(.character("é")))
        #expect(TerminalKeyDecoder.decode(functionKey: 353) == .key(.backTab))
        #expect(TerminalKeyDecoder.decode(functionKey: 260) == .key(.left))
        #expect(TerminalKeyDecoder.decode(functionKey: 264 + 1) == .key(.function(1)))
        #expect(TerminalKeyDecoder.decode(functionKey: TerminalKeyDecoder.pasteStartCode) == .pasteStart)
        #expect(TerminalKeyDecoder.decode(functionKey: 410) == nil)
    }

    @Test func masksCardNumbers() {
        #expect(CardNumberMask.mask("4000002500001001") == "4000 00•• •••• 1001")
        #expect(CardNumberMask.mask("40000025") == "4000 00••")
        #expect(CardNumberMask.mask("378282246310005") == "3782 82•• •••0 005")
    }

    @Test func formatsMoney() {
        #expect(MoneyText.format(minorUnits: 4999, currency: "EUR") == "€49.99")
        #expect(MoneyText.format(minorUnits: 5, currency: "usd") == "$0.05")
        #expect(MoneyText.format(minorUnits: 1250, currency: "AED") == "AED 12.50")
        #expect(MoneyText.format(minorUnits: 500, currency: "JPY") == "¥500")
    }
}

@Suite struct AcceptedNetworksRowTests {
    @Test func namesThatDoNotFitAreCountedNotCut() {
        let names = ["Visa", "Cartes Bancaires", "Mastercard", "American Express", "Discover", "Diners Club"]
        #expect(CardFormScreen.acceptedRow(names, width: 200) == "We accept: Visa · Cartes Bancaires · Mastercard · American Express · Discover · Diners Club")
        let row = CardFormScreen.acceptedRow(names, width: 60)
        #expect(row == "We accept: Visa · Cartes Bancaires · Mastercard · +3 more")
        #expect(DisplayWidth.of(row) <= 60)
    }

    /// The row is chosen from the widths of its pieces; it must be the one building and measuring
    /// every candidate line chooses, at every width, in both glyph sets, with wide and accented names.
    @Test func measuringThePiecesChoosesWhatMeasuringEachLineChooses() {
        func measuredWhole(_ names: [String], width: Int, glyphs: GlyphSet) -> String {
            for shown in stride(from: names.count, through: 0, by: -1) {
                var parts = Array(names.prefix(shown))
                if shown < names.count { parts.append("+\(names.count - shown) more") }
                let row = glyphs.text("We accept: " + parts.joined(separator: glyphs.separator))
                if DisplayWidth.of(row) <= width { return row }
            }
            return Canvas.truncate("We accept: \(names.count) networks", to: width, ellipsis: glyphs.ellipsis)
        }
        let lists = [
            [], ["Visa"], ["Visa", "Cartes Bancaires", "Mastercard", "American Express", "Discover", "Diners Club"],
            ["銀聯", "Carte Bleue — débit", "JCB", "", "Ünion", "\u{301}combining first", "Mir"],
        ]
        for names in lists {
            for glyphs in [GlyphSet.unicode, .ascii] {
                for width in 0...110 {
                    #expect(CardFormScreen.acceptedRow(names, width: width, glyphs: glyphs) == measuredWhole(names, width: width, glyphs: glyphs),
                            "\(names) at \(width)")
                }
            }
        }
        // Without the name that starts with a combining mark, the pieces are measured.
        let wide = ["銀聯", "Carte Bleue — débit", "JCB", "", "Ünion", "Mir"]
        for glyphs in [GlyphSet.unicode, .ascii] {
            for width in 0...80 {
                #expect(CardFormScreen.acceptedRow(wide, width: width, glyphs: glyphs) == measuredWhole(wide, width: width, glyphs: glyphs))
            }
        }
    }

    @Test func aWideCharacterOverTheLeftHalfOfAnotherLeavesNoOrphan() {
        // Found by the model fuzzer: the new character's right half lands on the old one's left half.
        var canvas = Canvas(width: 6, height: 1)
        canvas.put("カ", row: 0, column: 2)
        canvas.put("ド", row: 0, column: 1)
        #expect(canvas.lines == [" ド"])
        #expect(!canvas[0, 3].isContinuation, "the old right half is blank, not an orphan")
    }
}
