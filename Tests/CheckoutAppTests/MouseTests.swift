import CNCursesW
import CheckoutCore
import CheckoutEngine
import Testing
@testable import CheckoutApp
@testable import CheckoutTUI

extension AppModel {
    /// Where `text` is drawn on the screen at the model's size: its row and its first cell's column,
    /// counted in display columns as a terminal reports a click.
    func cell(of text: String, occurrence: Int = 0) -> (row: Int, column: Int)? {
        var seen = 0
        for (row, line) in render().lines.enumerated() {
            var searchStart = line.startIndex
            while let range = line.range(of: text, range: searchStart..<line.endIndex) {
                if seen == occurrence { return (row, DisplayWidth.of(String(line[..<range.lowerBound]))) }
                seen += 1
                searchStart = range.upperBound
            }
        }
        return nil
    }

    /// Presses the left button on the cell `offset` columns into the first drawing of `text`, as
    /// the terminal reports it (press, then release).
    @discardableResult
    mutating func click(_ text: String, offset: Int = 0, occurrence: Int = 0) -> [AppCommand] {
        guard let cell = cell(of: text, occurrence: occurrence) else {
            Issue.record("\"\(text)\" is not on the screen:\n\(render().text)")
            return []
        }
        return click(row: cell.row, column: cell.column + offset)
    }

    @discardableResult
    mutating func click(row: Int, column: Int) -> [AppCommand] {
        let commands = mouse(MouseEvent(.press, row: row, column: column))
        return commands + mouse(MouseEvent(.release, row: row, column: column))
    }
}

/// Clicks and the wheel: decoded from what the terminal sends, looked up in the targets the screen
/// drew, handed to the screen on top.
@MainActor @Suite struct MouseTests {
    func form(_ model: AppModel) -> CardFormScreen { model.top as! CardFormScreen }
    func bytes(_ text: String) -> [RawRead] { text.unicodeScalars.map { .character($0.value) } }

    // MARK: Decoding

    @Test func sgrReportsBecomeClicksAndWheelTurnsInCanvasCells() {
        // ESC [ < button ; column ; row M|m, 1-based: the left button at column 12, row 5.
        #expect(TerminalKeyDecoder.decode(bytes("\u{1b}[<0;12;5M")) == [.mouse(MouseEvent(.press, row: 4, column: 11))])
        #expect(TerminalKeyDecoder.decode(bytes("\u{1b}[<0;12;5m")) == [.mouse(MouseEvent(.release, row: 4, column: 11))])
        #expect(TerminalKeyDecoder.decode(bytes("\u{1b}[<64;1;1M")) == [.mouse(MouseEvent(.wheelUp, row: 0, column: 0))])
        #expect(TerminalKeyDecoder.decode(bytes("\u{1b}[<65;300;90M")) == [.mouse(MouseEvent(.wheelDown, row: 89, column: 299))])
        // With a modifier held the left button is still a click.
        #expect(TerminalKeyDecoder.decode(bytes("\u{1b}[<16;2;3M")) == [.mouse(MouseEvent(.press, row: 2, column: 1))])
        // Right and middle buttons, motion and malformed reports are dropped whole, typing nothing.
        #expect(TerminalKeyDecoder.decode(bytes("\u{1b}[<2;12;5M")) == [])
        #expect(TerminalKeyDecoder.decode(bytes("\u{1b}[<1;12;5M")) == [])
        #expect(TerminalKeyDecoder.decode(bytes("\u{1b}[<32;12;5M")) == [])
        #expect(TerminalKeyDecoder.decode(bytes("\u{1b}[<0;0;5M4")) == [.key(.character("4"))])
        #expect(TerminalKeyDecoder.decode(bytes("\u{1b}[<0;;5M")) == [])
        // Two reports and a key in one read.
        #expect(TerminalKeyDecoder.decode(bytes("\u{1b}[<0;3;4M\u{1b}[<0;3;4m7")) ==
            [.mouse(MouseEvent(.press, row: 3, column: 2)), .mouse(MouseEvent(.release, row: 3, column: 2)), .key(.character("7"))])
    }

    @Test func x10ReportsAreDecodedToo() {
        // ESC [ M then button+32, column+33, row+33: the left button at column 10, row 4 (0-based).
        #expect(TerminalKeyDecoder.decode(bytes("\u{1b}[M +%")) == [.mouse(MouseEvent(.press, row: 4, column: 10))])
        #expect(TerminalKeyDecoder.decode(bytes("\u{1b}[M#+%")) == [.mouse(MouseEvent(.release, row: 4, column: 10))])
        #expect(TerminalKeyDecoder.decode(bytes("\u{1b}[M`!!x")) == [.mouse(MouseEvent(.wheelUp, row: 0, column: 0)), .key(.character("x"))])
    }

    @Test func whatNcursesReportsAfterKeyMouseIsDecoded() {
        // getmouse's cell and button bits, as the runtime reads them when get_wch says KEY_MOUSE.
        let press = RawRead.mouse(column: 7, row: 9, buttons: UInt32(cnc_button1_pressed()))
        let release = RawRead.mouse(column: 7, row: 9, buttons: UInt32(cnc_button1_released()))
        let up = RawRead.mouse(column: 1, row: 2, buttons: UInt32(cnc_button4_pressed()))
        let down = RawRead.mouse(column: 1, row: 2, buttons: UInt32(cnc_button5_pressed()))
        // BUTTON3_PRESSED: ncurses keeps five bits per button.
        let right = RawRead.mouse(column: 1, row: 2, buttons: UInt32(cnc_button1_pressed()) << 10)
        #expect(TerminalKeyDecoder.decode([press, release, up, down, right]) == [
            .mouse(MouseEvent(.press, row: 9, column: 7)), .mouse(MouseEvent(.release, row: 9, column: 7)),
            .mouse(MouseEvent(.wheelUp, row: 2, column: 1)), .mouse(MouseEvent(.wheelDown, row: 2, column: 1)),
        ])
    }

    @Test func aClickDuringAPasteIsNotPartOfIt() {
        var assembler = PasteAssembler()
        #expect(assembler.feed(.pasteStart) == nil)
        #expect(assembler.feed(.key(.character("4"))) == nil)
        #expect(assembler.feed(.mouse(MouseEvent(.press, row: 3, column: 3))) == nil)
        #expect(assembler.feed(.pasteEnd) == .paste("4"))
        #expect(assembler.feed(.mouse(MouseEvent(.press, row: 3, column: 3))) == .mouse(MouseEvent(.press, row: 3, column: 3)))
    }

    // MARK: The card form

    @Test func aClickOnTheExpiryFieldFocusesItWithTheCaretAtTheClickedCharacter() {
        var model = Fixtures.model()
        model.type("4242424242424242")
        _ = model.press(.tab)
        model.type("1230")
        #expect(form(model).focus == .cvv, "a complete expiry moves the focus on")
        // "12/30": a click on the 3 puts the caret between the month and the year's 3.
        model.click("12/30", offset: 3)
        #expect(form(model).focus == .expiry)
        #expect(form(model).expiry.caret == 2)
        _ = model.press(.backspace)
        model.type("9")
        #expect(form(model).expiryDigits == "1930")
        // A click on the slash lands before the year; past the text, at the end.
        model.click("19/30", offset: 2)
        #expect(form(model).expiry.caret == 2)
        model.click("19/30", offset: 9)
        #expect(form(model).expiry.caret == 4)
    }

    @Test func aClickOnTheNumberPutsTheCaretBetweenDigitsAcrossTheGroupSpaces() {
        var model = Fixtures.model()
        model.type("4242424242424242")
        _ = model.press(.tab)
        // "4242 4242 4242 4242": column 5 is the second group's first digit, the fifth stored one.
        model.click("4242 4242", offset: 5)
        #expect(form(model).focus == .number)
        #expect(form(model).number.caret == 4)
        // The space between groups puts the caret before the next group.
        model.click("4242 4242", offset: 4)
        #expect(form(model).number.caret == 4)
        model.click("4242 4242", offset: 1)
        #expect(form(model).number.caret == 1)
    }

    @Test func aClickOnAScrolledFieldCountsFromWhatIsShown() {
        var model = Fixtures.model()
        model.resize(width: 50, height: 20)
        for _ in 0..<3 { _ = model.press(.tab) }
        model.type("Maximilian Alexander Bartholomew Featherstonehaugh")
        let shown = form(model).cardholderName
        #expect(!model.render().text.contains(shown), "the name is wider than its field and scrolls")
        _ = model.press(.tab)
        // The window ends at the caret (the end); the first cell shown is some way into the name.
        let canvas = model.render()
        let (target, start) = canvas.targets.lazy.compactMap { target -> (Canvas.Target, Int)? in
            guard case let .text(.name, start)? = target.id as? CardFormScreen.Click else { return nil }
            return (target, start)
        }.first!
        #expect(start > 0)
        model.click(row: target.rect.top, column: target.rect.left)
        #expect(form(model).focus == .name)
        #expect(form(model).name.caret == start, "the first cell shown is character \(start) of the name")
    }

    @Test func wideCharactersAreClickedByDisplayWidth() {
        var model = Fixtures.model()
        for _ in 0..<3 { _ = model.press(.tab) }
        _ = model.paste("カード Jo")
        _ = model.press(.backTab)
        // カ takes columns 0-1, ー 2-3, ド 4-5: both halves of ー put the caret before it.
        model.click("カード", offset: 2)
        #expect(form(model).name.caret == 1)
        model.click("カード", offset: 3)
        #expect(form(model).name.caret == 1)
        model.click("カード", offset: 6)
        #expect(form(model).name.caret == 3)
    }

    @Test func clickingALabelFocusesItsField() {
        var model = Fixtures.model()
        model.click("Cardholder name")
        #expect(form(model).focus == .name)
        model.click("Card number")
        #expect(form(model).focus == .number)
    }

    @Test func clickingANetworkInTheChooserPicksIt() {
        var model = Fixtures.model()
        model.type("4000002500001001")
        _ = model.receive(Fixtures.coBadgedMetadata())
        let commands = model.click("Cartes Bancaires", occurrence: 1)
        #expect(form(model).focus == .network)
        #expect(form(model).choice == .cartesBancaires)
        #expect(form(model).choiceIsCardholders)
        #expect(commands == [.setRawData(CardData(cardNumber: "4000002500001001", cardNetwork: .cartesBancaires))])
        #expect(model.screen.contains("○ Visa  ◉ Cartes Bancaires"))
    }

    @Test func clickingPayPaysAndClickingAResultButtonPressesIt() {
        var model = Fixtures.model()
        model.type("4000000000000002")
        model.answerLookup()
        let commands = model.click("[ Pay")
        #expect(commands.contains(.submit(expectedTotal: 4999)))
        #expect(form(model).focus == .pay)
        #expect(form(model).paying)
        _ = model.receive(.checkoutCompleted(Fixtures.payment(network: .visa, status: .declined)))
        #expect(model.top is ResultScreen)
        model.click("Use another card", offset: 4)
        #expect(form(model).digits.isEmpty)
        #expect(form(model).focus == .number)
    }

    @Test func clicksOutsideAnyTargetDoNothing() {
        var model = Fixtures.model()
        model.type("4242")
        let before = model.screen
        #expect(model.click(row: 0, column: 2).isEmpty)
        #expect(model.click(row: 22, column: 79).isEmpty)
        #expect(model.mouse(MouseEvent(.press, row: 500, column: -4)).isEmpty)
        #expect(model.screen == before)
    }

    // MARK: Other screens

    @Test func aClickOnAHomeMenuItemOpensIt() {
        var model = Fixtures.model(.home)
        model.click("Settings")
        #expect(model.top is SettingsScreen)
        _ = model.press(.escape)
        model.click("Pay by card", offset: 3)
        #expect(model.top is CardFormScreen)
    }

    @Test func theWheelMovesTheHomeMenuSelection() {
        var model = Fixtures.model(.home)
        _ = model.mouse(MouseEvent(.wheelDown, row: 5, column: 5))
        _ = model.mouse(MouseEvent(.wheelDown, row: 5, column: 5))
        #expect((model.top as! HomeMenuScreen).selection == 2)
        _ = model.mouse(MouseEvent(.wheelUp, row: 5, column: 5))
        #expect((model.top as! HomeMenuScreen).selection == 1)
        for _ in 0..<20 { _ = model.mouse(MouseEvent(.wheelUp, row: 5, column: 5)) }
        #expect((model.top as! HomeMenuScreen).selection == 0)
    }

    @Test func settingsRowsCheckBoxesAndStepperArrowsAreClickable() {
        var model = Fixtures.model(.settings)
        func settings() -> SettingsScreen { model.top as! SettingsScreen }
        model.click("Debounce")
        #expect(settings().rows[settings().selection] == .debounce)
        // The check box of Mastercard (accepted) turns it off; a click on its name only selects it.
        model.click("[✓] 3.")
        #expect(!settings().accepted.contains(.mastercard))
        #expect(settings().rows[settings().selection] == .network(.mastercard))
        model.click("Visa", occurrence: 0)
        #expect(settings().accepted.contains(.visa))
        #expect(settings().rows[settings().selection] == .network(.visa))
        // The mouse switch, by its arrow.
        model.click("◀ on ▶", offset: 5)
        #expect(settings().draft.mouse == false)
        _ = model.mouse(MouseEvent(.wheelDown, row: 6, column: 10))
        #expect(settings().rows[settings().selection] == .language)
        // The language, by its arrow.
        model.click("◀ English ▶", offset: 10)
        #expect(settings().draft.language == .french)
    }

    @Test func theDiscardQuestionIsAnsweredByClickingAndBlocksOtherClicks() {
        var model = Fixtures.model(.home)
        _ = model.press(.enter)
        model.type("4242")
        _ = model.press(.escape)
        #expect(model.confirmation != nil)
        // The form under the box cannot be clicked, nor the wheel turned.
        let (row, column) = model.cell(of: "Card number")!
        #expect(model.click(row: row, column: column).isEmpty)
        _ = model.mouse(MouseEvent(.wheelDown, row: row, column: column))
        #expect(model.confirmation != nil)
        model.click("n no")
        #expect(model.confirmation == nil)
        #expect(model.top is CardFormScreen)
        _ = model.press(.escape)
        model.click("y yes", offset: 2)
        #expect(model.top is HomeMenuScreen)
    }

    @Test func aClickOnAFooterHintPressesItsKey() {
        var model = Fixtures.model()
        model.click("F1 help")
        #expect(model.top is HelpScreen)
        // The help has no text field: its footer names `?` beside F1, and a click closes it too.
        model.click("F1/? help")
        #expect(model.top is CardFormScreen)
        model.click("tab next")
        #expect(form(model).focus == .expiry)
    }

    @Test func nothingIsClickedWhileTheTerminalIsTooSmall() {
        var model = Fixtures.model(.home)
        let (row, column) = model.cell(of: "Settings")!
        model.resize(width: 40, height: 12)
        #expect(model.click(row: row, column: column).isEmpty)
        #expect(model.mouse(MouseEvent(.wheelDown, row: 1, column: 1)).isEmpty)
        model.resize(width: 80, height: 24)
        #expect(model.top is HomeMenuScreen)
        #expect((model.top as! HomeMenuScreen).selection == 0)
    }
}
