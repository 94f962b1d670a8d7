import CheckoutCore
import CheckoutEngine
import Testing
@testable import CheckoutApp

/// The footer fits at 80 columns on every screen and focus; Settings refuses what it cannot use.
@MainActor @Suite struct FooterAndSettingsTests {
    func footer(_ model: AppModel, width: Int, height: Int = 24) -> String {
        model.render(width: width, height: height).lines.last ?? ""
    }

    /// The card form in every focus, with the chooser shown, then the other card screens.
    func cardStates() -> [(String, AppModel)] {
        var states = Fixtures.coBadgedCardInEveryFocus(Fixtures.model(), paid: Fixtures.payment(), result: "result")
        var settings = Fixtures.model(.settings)
        states.append(("settings on the BIN source", settings))
        while (settings.top as! SettingsScreen).current != .network(.visa) { _ = settings.press(.down) }
        states.append(("settings on a network", settings))
        states.append(("home", Fixtures.model(.home)))
        var help = Fixtures.model()
        _ = help.press(.function(1))
        states.append(("help", help))
        var log = Fixtures.model()
        _ = log.press(.function(2))
        states.append(("event log", log))
        return states
    }

    @Test func footerFitsAt80ColumnsWithoutAnEllipsis() {
        for (name, model) in cardStates() {
            let line = footer(model, width: 80)
            #expect(!line.contains("…"), "\(name): \(line)")
            #expect(Fixtures.endsWithGlobalKeys(line), "\(name): \(line)")
        }
    }

    /// The result at 80 columns keeps all its keys (issue 22's save and copy) and `?` beside F1
    /// (issue 21): only the event log is named by F2 alone to make the room.
    @Test func theResultAt80ColumnsKeepsItsKeysAndTheHelpsAlternative() {
        let (_, result) = cardStates().first { $0.0 == "result" }!
        let line = footer(result, width: 80)
        #expect(line.hasPrefix(" enter new payment · s save receipt · c copy · esc quit"), "\(line)")
        #expect(line.hasSuffix("F1/? help  F2 events"), "\(line)")
        #expect(footer(result, width: 120).hasSuffix("F1/? help  F2/alt+e events"), "where there is room, both alternatives")
    }

    @Test func at60ColumnsF1AndF2StayVisible() {
        for (name, model) in cardStates() {
            let line = footer(model, width: 60, height: 20)
            #expect(Fixtures.endsWithGlobalKeys(line), "\(name): \(line)")
        }
    }

    @Test func anInvalidBinServiceURLIsRefusedWithAReason() {
        var model = Fixtures.model(.settings)
        _ = model.press(.right)
        _ = model.press(.right)
        #expect(model.screen.contains("Service URL"))
        #expect(model.press(.enter).isEmpty)
        #expect(model.top is SettingsScreen)
        #expect(model.screen.contains("✗ Type the BIN service URL first"))
        #expect((model.top as! SettingsScreen).current == .binURL, "the refusal takes the focus to the URL")
        model.type("notaurl")
        #expect(!model.screen.contains("✗"))
        #expect(model.press(.enter).isEmpty)
        #expect(model.screen.contains("✗ The BIN service URL must start with http:// or https://"))
        #expect(model.context.settings == Fixtures.settings, "nothing was saved")
        for _ in 0..<7 { _ = model.press(.backspace) }
        model.type("http://")
        #expect(model.press(.enter).isEmpty)
        #expect(model.screen.contains("needs a host name"))
        model.type("bins.example:8080/v1")
        var expected = Fixtures.settings
        expected.binSource = .url("http://bins.example:8080/v1")
        #expect(model.press(.enter) == [.rebuildEngine(expected, saving: SavedSettings(changesFrom: Fixtures.settings, to: expected))])
        #expect(model.top is SettingsScreen, "opened on its own, Settings saves and stays")
    }

    /// A message has rows of its own at the foot, not under `[ Reset to defaults ]`; the list
    /// gives up rows for it.
    @Test func aLongSettingsMessageWrapsInItsOwnRowsAtTheFoot() {
        var model = Fixtures.model(.settings)
        _ = model.press(.right)
        _ = model.press(.right)
        _ = model.press(.enter)
        let lines = model.render(width: 60, height: 20).lines
        #expect(lines[7] == "    Language            ◀ English ▶")
        #expect(lines[8] == "    [ Reset to defaults ]")
        #expect(lines[9] == "", "a blank row between Reset and the list")
        #expect(lines[10] == "    Accepted networks, in order of preference")
        #expect(lines[17] == "    ✗ Type the BIN service URL first (http://host/…), or")
        #expect(lines[18] == "      choose another source")
        #expect(lines[16] == "    ↓ more")
        #expect(Fixtures.endsWithGlobalKeys(lines[19]))
    }

    @Test("a scrolled network list says there is more above, as it says there is more below")
    func moreAboveWhenScrolled() {
        var model = Fixtures.model(.settings)
        while (model.top as! SettingsScreen).current != .network(.elo) { _ = model.press(.down) }
        let lines = model.render(width: 50, height: 17).lines
        let heading = lines.firstIndex { $0.contains("Accepted networks") }!
        #expect(lines[heading + 1] == "    ↑ more")
        #expect(lines.contains { $0.contains("┃ [") && $0.contains("Elo") }, "the focused network in view: \(lines)")
        #expect(lines.contains("    ↓ more"))
        var top = Fixtures.model(.settings)
        _ = top.press(.down)
        #expect(!top.render(width: 50, height: 17).text.contains("↑ more"), "not scrolled, nothing above")
    }

    @Test("at 50 columns the footer keeps enter save beside esc; the row's own keys are drawn on the row")
    func saveInTheFooterAt50Columns() {
        var model = Fixtures.model(.settings)
        for _ in 0..<8 {
            let footer = model.render(width: 50, height: 17).lines.last ?? ""
            #expect(footer.contains("enter save") || footer.contains("enter reset"), "\(footer)")
            #expect(footer.contains("esc quit"), "\(footer)")
            _ = model.press(.down)
        }
    }

    @Test("a duration shows the - and + that step it, not arrows that ← → would not move")
    func durationSteppersNameTheirKeys() {
        var model = Fixtures.model(.settings)
        _ = model.press(.down)
        #expect(model.screen.contains("BIN latency         - 0 ms +"))
        #expect(!model.screen.contains("◀ 0 ms"))
        _ = model.press(.character("+"))
        #expect(model.screen.contains("- 50 ms +"))
        #expect(model.screen.contains("BIN source          ◀ embedded ▶"), "the source does change with ← →")
    }

    @Test func urlProblemsAreNamed() {
        #expect(SettingsScreen.problem(with: .embedded) == nil)
        #expect(SettingsScreen.problem(with: .url("https://bins.example")) == nil)
        #expect(SettingsScreen.problem(with: .url("ftp://bins.example")) != nil)
        #expect(SettingsScreen.problem(with: .url("https://bad host")) != nil)
        #expect(SettingsScreen.problem(with: .url("https:///path")) != nil)
    }
}
