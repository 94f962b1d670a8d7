import CheckoutCore
import Testing
@testable import CheckoutApp
@testable import CheckoutTUI

/// What the terminal adapter writes and reads around the locale: the glyph set chosen from it,
/// ASCII-only cells in a non-UTF-8 one, cells never wider than the canvas laid out, and UTF-8
/// typed under `LANG=C` put together from its bytes.
@Suite struct TerminalTextTests {
    @Test func theLocaleCharacterSetChoosesTheGlyphs() {
        #expect(GlyphSet(codeset: "UTF-8") == .unicode)
        #expect(GlyphSet(codeset: "utf8") == .unicode)
        #expect(GlyphSet(codeset: "ANSI_X3.4-1968") == .ascii, "the C locale")
        #expect(GlyphSet(codeset: "ISO-8859-1") == .ascii)
        #expect(GlyphSet(codeset: "") == .ascii)
    }

    @Test func moneyShowsTheCurrencyCodeInASCII() {
        #expect(MoneyText.format(minorUnits: 4999, currency: "EUR") == "€49.99")
        #expect(MoneyText.format(minorUnits: 4999, currency: "EUR", ascii: true) == "EUR 49.99")
        #expect(MoneyText.format(minorUnits: 1250, currency: "AED", ascii: true) == "AED 12.50")
    }

    @Test func freeTextIsTransliterated() {
        let ascii = GlyphSet.ascii
        #expect(ascii.text("Link one first: home menu › Nol Pay… •••• 1001 – done") == "Link one first: home menu > Nol Pay... **** 1001 - done")
        #expect(ascii.keys("⇧tab") == "S-tab")
        #expect(ascii.keys("↑/↓") == "up/down")
        #expect(GlyphSet.unicode.text("›") == "›")
    }

    /// The C library's width, as the terminal adapter asks it, for a UTF-8 locale that agrees with ours.
    static func agreeing(_ scalar: Unicode.Scalar) -> Int { DisplayWidth.of(scalar) }

    @Test func asciiCellsHoldOnlyASCII() {
        #expect(TerminalCellText.text(for: "a", width: 1, ascii: true, cWidth: Self.agreeing) == "a")
        #expect(TerminalCellText.text(for: "é", width: 1, ascii: true, cWidth: Self.agreeing) == "?", "a typed é shows as ?")
        #expect(TerminalCellText.text(for: "カ", width: 2, ascii: true, cWidth: Self.agreeing) == "? ")
        #expect(TerminalCellText.text(for: "e\u{301}", width: 1, ascii: true, cWidth: Self.agreeing) == "?")
        #expect(TerminalCellText.text(for: "\u{7F}", width: 1, ascii: true, cWidth: Self.agreeing) == "?")
    }

    @Test func unicodeCellsKeepTheirColumns() {
        #expect(TerminalCellText.text(for: "e\u{301}", width: 1, ascii: false, cWidth: Self.agreeing) == "e\u{301}")
        #expect(TerminalCellText.text(for: "カ", width: 2, ascii: false, cWidth: Self.agreeing) == "カ")
        // A family: the first person only, so the joiner never glues the next cell on.
        #expect(TerminalCellText.text(for: "👨‍👩‍👧", width: 2, ascii: false, cWidth: Self.agreeing) == "👨")
        // A flag: two regional indicators of one column each to the C library, over its two cells.
        #expect(DisplayWidth.of("🇫🇷" as Character) == 2)
        #expect(TerminalCellText.text(for: "🇫🇷", width: 2, ascii: false, cWidth: Self.agreeing) == "🇫🇷")
        // At most four combining marks, as a curses cell holds.
        let stacked = Character("a" + String(repeating: "\u{301}", count: 10))
        #expect(TerminalCellText.text(for: stacked, width: 1, ascii: false, cWidth: Self.agreeing).unicodeScalars.count == 5)
        // The C library measures it otherwise: a placeholder as wide as the canvas cell.
        #expect(TerminalCellText.text(for: "❤️", width: 2, ascii: false, cWidth: { $0.value == 0xFE0F ? 0 : 1 }) == "? ")
    }

    func bytes(_ text: String) -> [RawRead] { text.utf8.map { .character(UInt32($0)) } }

    @Test func utf8TypedUnderTheCLocaleIsPutTogether() {
        #expect(TerminalKeyDecoder.assembleUTF8(bytes("José")) == "José".unicodeScalars.map { .character($0.value) })
        #expect(TerminalKeyDecoder.assembleUTF8(bytes("🇫🇷")).count == 2)
        // A Latin-1 byte (an 8-bit terminal's é) stands for itself.
        #expect(TerminalKeyDecoder.assembleUTF8([.character(0x4A), .character(0xE9)]) == [.character(0x4A), .character(0xE9)])
        // A cut sequence keeps its bytes; keys pass through.
        #expect(TerminalKeyDecoder.assembleUTF8([.character(0xC3), .functionKey(260)]) == [.character(0xC3), .functionKey(260)])
        let decoded = TerminalKeyDecoder.decode(TerminalKeyDecoder.assembleUTF8(bytes("é\u{1b}[31m")))
        #expect(decoded == [.key(.character("é"))])
        #expect(TerminalKeyDecoder.decode(character: 0x85) == nil, "C1 controls are not typed")
    }
}
