import CheckoutCore
import CheckoutEngine
import CheckoutTestSupport
import Testing
@testable import CheckoutApp

/// The framework's own screens and sentences in French, Arabic and French under an ASCII locale, at
/// 80x24: the F2 event log (its list, an event open in full, a filter that matches nothing), the
/// event panel beside the form, the F1 help scrolled to the editing keys, the discard questions and
/// the screen that stands in for a missing route; and a right-to-left canvas for a terminal that
/// orders lines itself, which keeps each phrase in logical order.
@MainActor @Suite struct FrameLanguageSnapshotTests {
    static func settings(_ language: Language) -> CheckoutSettings {
        var settings = Fixtures.settings
        settings.language = language
        return settings
    }

    /// The card form with a co-badged number typed at 8 keys a second and the engine's events as
    /// they come for it, so the log holds lines with their times.
    static func typedCard(_ model: inout AppModel, time: TestTime) {
        _ = model.press(.enter)
        let number = "4000002500001001"
        for (index, digit) in number.enumerated() {
            time.advance(125)
            _ = model.press(.character(digit))
            if index == 9 { _ = model.receive(.willFetchMetadata(CardNumberEntryState(cardNumber: String(number.prefix(10))))) }
            if index == 10 { _ = model.receive(Fixtures.coBadgedMetadata(number: String(number.prefix(11)))) }
        }
        _ = model.receive(Fixtures.coBadgedMetadata())
    }

    /// Each screen's name, the size it is drawn at, and how to reach it from the home menu.
    static let screens: [(String, Int, Int, @MainActor (inout AppModel, TestTime) -> Void)] = [
        ("events", 80, 24, { model, time in
            typedCard(&model, time: time)
            _ = model.press(.function(2))
        }),
        ("events-detail", 80, 24, { model, time in
            typedCard(&model, time: time)
            _ = model.press(.function(2))
            _ = model.press(.up)
            _ = model.press(.enter)
        }),
        ("events-filtered", 80, 24, { model, time in
            typedCard(&model, time: time)
            _ = model.press(.function(2))
            _ = model.press(.character("/"))
            _ = model.type("zzz")
        }),
        ("events-empty", 80, 24, { model, _ in _ = model.press(.function(2)) }),
        ("event-panel", 120, 30, { model, time in typedCard(&model, time: time) }),
        ("help-editing-keys", 80, 24, { model, _ in
            _ = model.press(.enter)
            _ = model.press(.function(1))
            for _ in 0..<40 { _ = model.press(.down) }
        }),
        ("discard-card", 80, 24, { model, _ in
            _ = model.press(.enter)
            _ = model.type("4242")
            _ = model.press(.escape)
        }),
        ("discard-settings", 80, 24, { model, _ in
            for _ in 0..<6 { _ = model.press(.down) }
            _ = model.press(.enter)
            _ = model.press(.right)
            _ = model.press(.escape)
        }),
    ]

    static let variants: [(Language, GlyphSet, String)] = [(.french, .unicode, "fr"), (.arabic, .unicode, "ar"), (.french, .ascii, "fr-ascii")]

    func model(_ language: Language, glyphs: GlyphSet, route: Route = .home, registry: ScreenRegistry = .standard,
               size: (Int, Int), _ reach: @MainActor (inout AppModel, TestTime) -> Void) -> AppModel {
        let time = TestTime()
        var model = AppModel(route: route, catalogue: Fixtures.catalogue, settings: Self.settings(language), registry: registry, glyphs: glyphs,
                             size: TerminalSize(width: size.0, height: size.1), clock: time.clock, wallClock: Fixtures.wallClock)
        _ = model.takeCommands()
        reach(&model, time)
        _ = model.takeCommands()
        return model
    }

    @Test func theFrameScreensInEveryLanguage() {
        for (language, glyphs, suffix) in Self.variants {
            for (name, width, height, reach) in Self.screens {
                let model = model(language, glyphs: glyphs, size: (width, height), reach)
                assertSnapshot(model.render(width: width, height: height).text, named: "frame-\(name)-\(suffix)-\(width)x\(height)")
            }
            // With no Nol data, a Nol route opens the screen that says it is not there yet.
            let missing = model(language, glyphs: glyphs, route: .nolLink, size: (80, 24)) { _, _ in }
            assertSnapshot(missing.render(width: 80, height: 24).text, named: "frame-coming-soon-\(suffix)-80x24")
        }
    }

    /// What English said before the catalogues said it, and no English left in French.
    @Test func englishIsUnchangedAndFrenchHasNoneOfIt() {
        let english = model(.english, glyphs: .unicode, size: (80, 24), Self.screens[0].3).render(width: 80, height: 24).text
        #expect(english.contains("events, newest last · ms since the first key"), "\(english)")
        let french = model(.french, glyphs: .unicode, size: (80, 24), Self.screens[0].3).render(width: 80, height: 24).text
        #expect(french.contains("le plus récent en dernier · ms depuis la première touche"), "\(french)")
        for english in ["newest last", "move", "open", "filter"] {
            #expect(!french.contains(english), "\(english) in \(french)")
        }
        let help = model(.french, glyphs: .unicode, size: (80, 24), Self.screens[5].3).render(width: 80, height: 24).text
        #expect(help.contains("curseur au début") && !help.contains("caret"), "\(help)")
    }

    /// An event's JSON is wire values: right to left it stays a left-to-right block, indented as
    /// in English, at the left where the mirrored layout puts the body.
    @Test func anEventsJSONStaysLeftToRightInArabic() {
        let english = model(.english, glyphs: .unicode, size: (80, 24), Self.screens[1].3).render(width: 80, height: 24).lines
        let arabic = model(.arabic, glyphs: .unicode, size: (80, 24), Self.screens[1].3).render(width: 80, height: 24).lines
        for row in 5..<22 {
            #expect(arabic[row] == english[row], "row \(row): \(arabic[row])")
        }
        #expect(arabic.contains("      \"source\": \"REMOTE\","))
    }

    @Test func noFrameRowIsWiderThanTheScreen() {
        for language in Language.allCases {
            for glyphs in [GlyphSet.unicode, .ascii] {
                for (name, _, _, reach) in Self.screens {
                    for (width, height) in [(80, 24), (60, 20), (120, 40)] {
                        let model = model(language, glyphs: glyphs, size: (width, height), reach)
                        for (row, line) in model.render(width: width, height: height).lines.enumerated() {
                            #expect(DisplayWidth.of(line) <= width, "\(language) \(name) \(width)x\(height) row \(row): \(line)")
                        }
                    }
                }
            }
        }
    }

    /// Konsole, mlterm and macOS Terminal order and shape each line themselves: the layout still
    /// mirrors (the title on the right, the brand on the left, labels from the right), but each
    /// phrase goes out as it is written, unshaped, where a terminal that does no bidi gets it shaped
    /// and turned round.
    @Test func aTerminalThatOrdersLinesGetsLogicalOrder() {
        var logical = model(.arabic, glyphs: .unicode, size: (80, 24), Self.screens[0].3)
        logical.textOrder = .logical
        let canvas = logical.render(width: 80, height: 24)
        assertSnapshot(canvas.text, named: "frame-events-ar-logical-80x24")
        let lines = canvas.lines
        let title = "سجل الأحداث"
        #expect(lines[0].hasPrefix(" TerminalCheckout "), "the brand on the left: \(lines[0])")
        #expect(lines[0].hasSuffix(title), "the title on the right, in logical order: \(lines[0])")
        let shaped = canvas.text.unicodeScalars.contains { (0xFE70...0xFEFF).contains($0.value) || (0xFB50...0xFDFF).contains($0.value) }
        #expect(!shaped, "no presentation forms: the terminal shapes")
        #expect(!canvas.text.unicodeScalars.contains { (0x2066...0x2069).contains($0.value) }, "no isolate reaches a cell")
        // The same screen for a terminal that does no bidi: the same columns, the phrase turned round and shaped.
        let visual = model(.arabic, glyphs: .unicode, size: (80, 24), Self.screens[0].3).render(width: 80, height: 24)
        #expect(visual.lines[0].hasSuffix(BidiText.visual(title, paragraph: .rightToLeft)))
        #expect(visual.lines[0] != lines[0])
        for (row, line) in lines.enumerated() {
            #expect(DisplayWidth.of(line) <= 80, "row \(row): \(line)")
        }
        // Left to right, the order changes nothing.
        var english = model(.english, glyphs: .unicode, size: (80, 24), Self.screens[0].3)
        let before = english.render(width: 80, height: 24)
        english.textOrder = .logical
        #expect(english.render(width: 80, height: 24) == before)
    }
}
