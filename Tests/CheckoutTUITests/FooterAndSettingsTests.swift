import CheckoutCore
import CheckoutEngine
import Testing
@testable import CheckoutTUI

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
        #expect(model.top is HomeMenuScreen)
    }

    @Test func aLongSettingsMessageWrapsAbovePushedDownNetworks() {
        var model = Fixtures.model(.settings)
        _ = model.press(.right)
        _ = model.press(.right)
        _ = model.press(.enter)
        let lines = model.render(width: 60, height: 20).lines
        #expect(lines[8] == "    ✗ Type the BIN service URL first (http://host/…), or")
        #expect(lines[9] == "      choose another source")
        #expect(lines[10] == "    Accepted networks, in order of preference")
        #expect(Fixtures.endsWithGlobalKeys(lines[19]))
        #expect(lines[18] == "    ↓ more")
    }

    @Test func urlProblemsAreNamed() {
        #expect(SettingsScreen.problem(with: .embedded) == nil)
        #expect(SettingsScreen.problem(with: .url("https://bins.example")) == nil)
        #expect(SettingsScreen.problem(with: .url("ftp://bins.example")) != nil)
        #expect(SettingsScreen.problem(with: .url("https://bad host")) != nil)
        #expect(SettingsScreen.problem(with: .url("https:///path")) != nil)
    }
}
