import CheckoutCore
import CheckoutEngine
import CheckoutTestSupport
import Testing
@testable import CheckoutApp

/// The event panel beside the card form and the Nol wizards at 120 columns and wider, and the F2
/// log: timestamps, paging, the detail view, the filter, repeated events counted.
@MainActor @Suite struct EventPanelTests {
    typealias Time = TestTime

    func model(_ route: Route = .pay, width: Int = 120, height: Int = 40, time: Time) -> AppModel {
        var model = AppModel(route: route, catalogue: Fixtures.catalogue, settings: Fixtures.settings,
                             size: TerminalSize(width: width, height: height), clock: time.clock)
        _ = model.takeCommands()
        return model
    }

    /// 4000 0025 0000 1001 typed at 8 keys a second, with events like the engine's: local metadata
    /// under 8 digits, then a BIN lookup started and answered while the rest is typed.
    func typeCoBadgedCard(_ model: inout AppModel, time: Time) {
        let number = "4000002500001001"
        let invalid = [ValidationError(errorId: "invalid-card-number", inputElementType: .cardNumber, description: "Card number is incomplete")]
        for (index, digit) in number.enumerated() {
            time.advance(125)
            _ = model.press(.character(digit))
            let typed = String(number.prefix(index + 1))
            if index == 0 { _ = model.receive(.dataIsValid(isValid: false, errors: invalid)) }
            if index < 3 {
                let local = model.context.resolver.localMetadata(forDigits: typed, source: .local)
                _ = model.receive(.didReceiveMetadata(local, CardNumberEntryState(cardNumber: typed)))
            }
            if index == 9 {
                _ = model.receive(.willFetchMetadata(CardNumberEntryState(cardNumber: typed)))
            }
            if index == 10 { _ = model.receive(Fixtures.coBadgedMetadata(number: typed)) }
        }
    }

    @Test func thePanelShowsTheEventsBesideTheFormWithTheirTimes() {
        let time = Time()
        var model = model(time: time)
        typeCoBadgedCard(&model, time: time)
        let screen = model.render().text
        assertSnapshot(screen, named: "event-panel-cobadged-120x40")
        // The form reads whole in 64 columns; the panel starts at column 64 and takes the rest.
        let lines = model.render().lines
        #expect(lines.contains { $0.hasPrefix("  ┃ 4000 0025 0000 1001") })
        #expect(lines.contains { $0.count > 64 && $0.dropFirst(64).hasPrefix("│ Events") })
        // An event's summary is read, not cut at 32 characters beside empty columns: what does not
        // fit its row goes on under it.
        #expect(screen.contains("1250 didReceiveMetadata 4000 00•• ••• REMOTE\n"), "\(screen)")
        #expect(screen.contains("│          [VISA,CARTES_BANCAIRES] selectable:"), "\(screen)")
        // The first digit is 0 ms; the 8th is at 875 ms, the lookup starts two keys later and is
        // answered at the next one.
        #expect(screen.contains("   1125 willFetchMetadata 4000 00•• ••"))
        #expect(screen.contains("   1250 didReceiveMetadata 4000 00••"))
        #expect(!screen.contains("4000002500001001"))
        assertSnapshot(model.render(width: 160, height: 48).text, named: "event-panel-cobadged-160x48")
    }

    @Test func theFirstKeystrokeIsTimeZeroAndEventsBeforeItHaveNoTime() {
        let time = Time()
        var model = model(time: time)
        time.advance(5000)
        _ = model.receive(.dataIsValid(isValid: false, errors: []))
        time.advance(1000)
        _ = model.press(.character("4"))
        time.advance(42)
        _ = model.receive(.didReceiveBinData(BinData(status: .partial, firstDigits: nil, preferred: nil, alternatives: [])))
        let entries = model.context.eventLog.entries
        #expect(entries.map(\.elapsed) == [nil, .milliseconds(42)])
        #expect(model.render(width: 160, height: 40).lines.contains { $0.hasSuffix("     42 didReceiveBinData partial - preferred:none") })
    }

    /// F2 opens the full log (its filter, its detail) beside the panel too; `p` there hides the
    /// panel and shows it again.
    @Test func f2OpensTheFullLogAtEverySizeAndPHidesThePanel() {
        let time = Time()
        var model = model(time: time)
        #expect(model.eventPanelWidth == 56)
        _ = model.press(.function(2))
        #expect(model.top is EventLogScreen)
        #expect(model.render().text.contains("p hide panel"))
        _ = model.press(.character("/"))
        #expect(model.top is EventLogScreen, "the filter is a key away from the form")
        _ = model.press(.enter)
        _ = model.press(.character("p"))
        _ = model.press(.function(2))
        #expect(model.top is CardFormScreen)
        #expect(model.eventPanelWidth == 0)
        #expect(!model.render().text.contains("Events"))
        _ = model.press(.function(2))
        #expect(model.render().text.contains("p show panel"))
        _ = model.press(.character("p"))
        _ = model.press(.function(2))
        #expect(model.eventPanelWidth == 56)
        model.resize(width: 119, height: 40)
        #expect(model.eventPanelWidth == 0)
        _ = model.press(.function(2))
        #expect(model.top is EventLogScreen)
        #expect(!model.render(width: 119, height: 40).text.contains("panel"), "no panel to hide below 120 columns")
        // The home menu and settings have no panel: F2 opens the log there at any width.
        var home = self.model(.home, width: 160, height: 48, time: time)
        #expect(home.eventPanelWidth == 0)
        _ = home.press(.function(2))
        #expect(home.top is EventLogScreen)
    }

    @Test func aClickOnAPanelLineOpensThatEventInTheLog() {
        let time = Time()
        var model = model(time: time)
        typeCoBadgedCard(&model, time: time)
        model.click("willFetchMetadata")
        #expect(model.top is EventLogScreen)
        #expect(model.render().text.contains("Event 5 · willFetchMetadata"))
        _ = model.press(.escape)
        _ = model.press(.escape)
        #expect(model.top is CardFormScreen && model.eventPanelWidth == 56)
    }

    @Test func aFullPanelMovesOnByHalfItsHeight() {
        var log = EventLog()
        for index in 1...10 { log.append(name: "e\(index)", summary: "") }
        #expect(EventPanel.visibleEntries(log, rows: 10).map(\.sequence) == Array(1...10))
        log.append(name: "e11", summary: "")
        #expect(EventPanel.visibleEntries(log, rows: 10).map(\.sequence) == Array(6...11))
        for index in 12...15 { log.append(name: "e\(index)", summary: "") }
        #expect(EventPanel.visibleEntries(log, rows: 10).map(\.sequence) == Array(6...15))
        log.append(name: "e16", summary: "")
        #expect(EventPanel.visibleEntries(log, rows: 10).map(\.sequence) == Array(11...16))
    }

    @Test func identicalConsecutiveEventsCollapseWithACount() {
        let time = Time()
        var model = model(time: time)
        _ = model.press(.character("4"))
        let invalid = [ValidationError(errorId: "invalid-cardholder-name", inputElementType: .cardholderName, description: "x")]
        time.advance(10)
        _ = model.receive(.dataIsValid(isValid: false, errors: invalid))
        time.advance(30)
        _ = model.receive(.dataIsValid(isValid: false, errors: invalid))
        _ = model.receive(.dataIsValid(isValid: true, errors: []))
        _ = model.receive(.dataIsValid(isValid: true, errors: []))
        let entries = model.context.eventLog.entries
        #expect(entries.map(\.count) == [2, 2])
        #expect(entries.map(\.sequence) == [1, 2])
        #expect(entries[0].elapsed == .milliseconds(10) && entries[0].lastElapsed == .milliseconds(40))
        #expect(model.render(width: 160, height: 40).text.contains("dataIsValid ×2 invalid: invalid-cardholder-name"))
        var ascii = AppModel(route: .pay, catalogue: Fixtures.catalogue, settings: Fixtures.settings, glyphs: .ascii,
                             size: TerminalSize(width: 120, height: 40))
        _ = ascii.receive(.dataIsValid(isValid: true, errors: []))
        _ = ascii.receive(.dataIsValid(isValid: true, errors: []))
        #expect(ascii.render().text.contains("- dataIsValid x2 valid"))
    }

    // MARK: The F2 log

    func logWithManyEvents(time: Time, count: Int = 60) -> AppModel {
        var model = model(width: 80, height: 24, time: time)
        _ = model.press(.character("4"))
        for index in 1...count {
            time.advance(7)
            _ = model.receive(.didReceiveBinData(BinData(status: .partial, firstDigits: String(index), preferred: nil, alternatives: [])))
        }
        _ = model.press(.function(2))
        return model
    }

    func currentLine(_ model: AppModel) -> String? {
        let canvas = model.render()
        return (0..<canvas.height).first { row in (4..<20).allSatisfy { canvas.style(row: row, column: $0) == .selection } }
            .map { canvas.lines[$0] }
    }

    @Test func theLogPagesAndJumpsToEitherEnd() throws {
        let time = Time()
        var model = logWithManyEvents(time: time)
        #expect(currentLine(model)?.contains("60    420 didReceiveBinData partial 60 ") == true)
        _ = model.press(.up)
        #expect(currentLine(model)?.contains("partial 59 ") == true)
        _ = model.press(.pageUp)
        // A page is the rows the list shows at 24 rows: 20.
        #expect(currentLine(model)?.contains("partial 39 ") == true)
        _ = model.press(.home)
        #expect(currentLine(model)?.contains("partial 1 ") == true)
        #expect(model.screen.contains("   1      7 didReceiveBinData"))
        _ = model.press(.pageDown)
        #expect(currentLine(model)?.contains("partial 21 ") == true)
        _ = model.press(.end)
        #expect(currentLine(model)?.contains("partial 60 ") == true)
        // Following the newest, the current line moves on as events come.
        _ = model.receive(.didReceiveBinData(BinData(status: .complete, firstDigits: "61", preferred: nil, alternatives: [])))
        #expect(currentLine(model)?.contains("complete 61 ") == true)
    }

    @Test func enterOpensTheWholeEventWrappedWithTheCardNumberMasked() throws {
        let time = Time()
        var model = model(width: 80, height: 24, time: time)
        model.type("4000002500001001")
        time.advance(330)
        _ = model.receive(Fixtures.coBadgedMetadata())
        _ = model.receive(Fixtures.coBadgedMetadata())
        _ = model.press(.function(2))
        _ = model.press(.enter)
        let detail = model.screen
        assertSnapshot(detail, named: "event-log-detail-80x24")
        #expect(detail.contains("Event 1 · didReceiveMetadata"))
        #expect(detail.contains("330 ms after the first key · 2 times in a row, the last at 330 ms"))
        #expect(detail.contains("\"cardNumber\": \"4000 00•• •••• 1001\""))
        #expect(!detail.contains("4000002500001001") && !detail.contains("0025"))
        #expect(detail.contains("esc list"))
        // Longer than the screen: it scrolls, and says there is more below.
        #expect(detail.contains("↓ more"))
        for _ in 0..<40 { _ = model.press(.down) }
        // The event as `checkout events` prints it (CheckoutEvent+JSON), the number masked.
        #expect(model.screen.contains("\"preferred\": {") && model.screen.contains("\"autoSelectedCardNetwork\": null"))
        #expect(!model.screen.contains("↓ more"))
        _ = model.press(.escape)
        #expect(model.top is EventLogScreen && !model.screen.contains("Detail"))
        _ = model.press(.escape)
        #expect(model.top is CardFormScreen)
    }

    @Test func aClickOnALineOpensItAndTheWheelMovesTheCurrentLine() {
        let time = Time()
        var model = logWithManyEvents(time: time)
        _ = model.mouse(MouseEvent(.wheelUp, row: 10, column: 10))
        _ = model.mouse(MouseEvent(.wheelUp, row: 10, column: 10))
        #expect(currentLine(model)?.contains("partial 58 ") == true)
        _ = model.mouse(MouseEvent(.wheelDown, row: 10, column: 10))
        #expect(currentLine(model)?.contains("partial 59 ") == true)
        model.click("partial 50 ")
        #expect(model.screen.contains("Event 50 · didReceiveBinData"))
        #expect(model.screen.contains("\"firstDigits\": \"50\""))
        _ = model.press(.escape)
        #expect(currentLine(model)?.contains("partial 50 ") == true, "back in the list on the line clicked")
    }

    @Test func slashFiltersByEventNameAndEscClearsIt() {
        let time = Time()
        var model = model(width: 80, height: 24, time: time)
        model.type("4000002500001001")
        _ = model.receive(.dataIsValid(isValid: false, errors: []))
        _ = model.receive(.willFetchMetadata(CardNumberEntryState(cardNumber: "40000025")))
        _ = model.receive(Fixtures.coBadgedMetadata())
        _ = model.press(.function(2))
        _ = model.press(.character("/"))
        model.type("meta")
        let filtered = model.screen
        #expect(filtered.contains("2 of 3 events"))
        #expect(filtered.contains("filter: meta"))
        #expect(!filtered.contains("dataIsValid"))
        #expect(filtered.contains("willFetchMetadata") && filtered.contains("didReceiveMetadata"))
        #expect(model.render().cursor != nil, "the caret is in the filter while it is typed")
        _ = model.press(.enter)
        #expect(model.render().cursor == nil)
        _ = model.press(.enter)
        #expect(model.screen.contains("Event 3 · didReceiveMetadata"))
        _ = model.press(.left)
        #expect(model.screen.contains("Event 2 · willFetchMetadata"), "← goes to the older line that matches")
        _ = model.press(.escape)
        #expect(model.hints(at: model.stack.count - 1).contains { $0.keys == "esc" && $0.help == "clear filter" })
        _ = model.press(.escape)
        #expect(model.screen.contains("3 events, newest last"))
        _ = model.press(.character("/"))
        model.type("nothing")
        #expect(model.screen.contains("No event name contains \"nothing\"."))
    }

    /// Whether a payment went through is a fact of the run, not of the entries kept: it outlives the
    /// entries the log drops beyond its capacity, and a declined payment is not counted.
    @Test func theLogCountsAuthorizedPaymentsBeyondTheEntriesItKeeps() {
        var log = EventLog(capacity: 3)
        log.append(.checkoutCompleted(Fixtures.payment(status: .declined)))
        #expect(log.authorizedPayments == 0)
        log.append(.checkoutCompleted(Fixtures.payment(network: .visa)))
        #expect(log.authorizedPayments == 1)
        for index in 0..<5 { log.append(name: "nolStep", summary: "step \(index)") }
        #expect(!log.entries.contains { $0.name == "checkoutCompleted" })
        #expect(log.authorizedPayments == 1)
    }
}
