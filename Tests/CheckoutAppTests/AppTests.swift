import CheckoutCore
import CheckoutEngine
import Testing
@testable import CheckoutApp

@MainActor @Suite struct AppTests {
    @Test func homeMenuOpensEveryRouteAndQuits() {
        var model = Fixtures.model(.home)
        #expect(model.screen.contains("Pay by card"))
        #expect(model.screen.contains("Nol Pay: unlink a card"))
        let commands = model.press(.enter)
        #expect(model.top is CardFormScreen)
        #expect(commands == [.setRawData(CardData())])
        _ = model.press(.escape)
        #expect(model.top is HomeMenuScreen)
        _ = model.press(.down)
        _ = model.press(.enter)
        #expect(model.screen.contains("Nol Pay: link a card"))
        _ = model.press(.escape)
        _ = model.press(.up)
        _ = model.press(.up)
        #expect(model.press(.enter) == [.quit(0)])
    }

    @Test func routesComeFromCommandWords() {
        #expect(Route(arguments: []) == .home)
        #expect(Route(arguments: ["pay"]) == .pay)
        #expect(Route(arguments: ["nol", "unlink"]) == .nolUnlink)
        #expect(Route(arguments: ["nol"]) == nil)
    }

    @Test func escapeOnTheFirstScreenQuits() {
        var model = Fixtures.model(.pay)
        #expect(model.press(.escape) == [.quit(0)])
    }

    @Test func anEmptyEventLogNamesBothSourcesOfEvents() throws {
        var model = Fixtures.model(.home)
        _ = model.press(.function(2))
        let screen = model.render(width: 50, height: 17).lines.map { $0.trimmingCharacters(in: .whitespaces) }
        let start = try #require(screen.firstIndex { $0.hasPrefix("No events yet") })
        let message = screen[start...].prefix { !$0.isEmpty }.joined(separator: " ")
        #expect(message == "No events yet: they appear here as the card form or a Nol Pay screen works.")
    }

    @Test func eventLogShowsEventsMaskedNewestLast() {
        var model = Fixtures.model()
        model.type("4000002500001001")
        _ = model.receive(.willFetchMetadata(CardNumberEntryState(cardNumber: "4000002500001001")))
        _ = model.receive(Fixtures.coBadgedMetadata())
        _ = model.press(.function(2))
        let screen = model.render(width: 120, height: 24).text
        #expect(screen.contains("willFetchMetadata 4000 00•• •••• 1001"))
        #expect(screen.contains("didReceiveMetadata 4000 00•• •••• 1001 REMOTE [VISA,CARTES_BANCAIRES]"))
        #expect(!screen.contains("4000002500001001"))
        let lines = screen.split(separator: "\n")
        #expect(lines.firstIndex { $0.contains("willFetch") }! < lines.firstIndex { $0.contains("didReceiveMetadata") }!)
        _ = model.press(.function(2))
        #expect(model.top is CardFormScreen)
    }

    @Test func settingsRebuildTheEngine() {
        var model = Fixtures.model(.settings)
        _ = model.press(.right)
        #expect(model.screen.contains("◀ off ▶"))
        _ = model.press(.down)
        _ = model.press(.character("+"))
        _ = model.press(.character("+"))
        #expect(model.screen.contains("- 100 ms +"))
        while (model.top as! SettingsScreen).current != .network(.visa) { _ = model.press(.down) }
        #expect(model.screen.contains("space accept"))
        _ = model.press(.space)
        let commands = model.press(.enter)
        var expected = Fixtures.settings
        expected.binSource = .off
        expected.binLatencyMilliseconds = 100
        expected.allowedNetworks = [.cartesBancaires, .mastercard]
        #expect(commands == [.rebuildEngine(expected, saving: SavedSettings(changesFrom: Fixtures.settings, to: expected))])
        #expect(model.context.settings == expected)
    }

    /// `checkout settings`: Enter saves and stays (there is nothing to go back to), Esc quits,
    /// as at the top of every screen; what was saved is not asked about again.
    @Test func enterInSettingsOpenedDirectlySavesAndStaysAndEscQuits() {
        var model = Fixtures.model(.settings)
        _ = model.press(.right)
        var expected = Fixtures.settings
        expected.binSource = .off
        #expect(model.press(.enter) == [.rebuildEngine(expected, saving: SavedSettings(changesFrom: Fixtures.settings, to: expected))], "saving does not quit")
        #expect(model.top is SettingsScreen)
        #expect(model.stack.count == 1)
        #expect(model.context.settings == expected)
        model.settingsSaved(StatusNote("Saved to /data/settings.json", tone: .success))
        #expect(model.screen.contains("✓ Saved to /data/settings.json"))
        #expect(model.screen.contains("esc quit"))
        #expect(model.press(.escape) == [.quit(0)], "saved, so nothing to discard: esc quits at once")
    }

    @Test func settingsFromTheHomeMenuGoBackThereOnEnterAndOnEsc() {
        var model = Fixtures.model(.home)
        for _ in 0..<6 { _ = model.press(.down) }
        _ = model.press(.enter)
        #expect(model.top is SettingsScreen)
        _ = model.press(.escape)
        #expect(model.top is HomeMenuScreen)
        _ = model.press(.enter)
        _ = model.press(.right)
        #expect(model.press(.enter).count == 1)
        #expect(model.top is HomeMenuScreen)
        #expect(model.stack.count == 1)
    }

    @Test func aFailedEngineRebuildIsShownInSettingsAndTheRunningSettingsStay() {
        var model = Fixtures.model(.home)
        var failed = Fixtures.settings
        failed.binSource = .table(path: "/gone/bins.csv")
        failed.binLatencyMilliseconds = 50
        model.engineRebuildFailed(failed, keeping: Fixtures.settings, reason: "--bin-table: cannot read /gone/bins.csv")
        #expect(model.context.settings == Fixtures.settings)
        #expect(model.top is SettingsScreen)
        let text = model.render(width: 60, height: 20).lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(text.contains("✗ Not applied: --bin-table: cannot read /gone/bins.csv. The previous settings stay in use."))
        #expect(model.screen.contains("◀ table /gone/bins.csv ▶"), "the settings that failed are there to fix or retry")
        #expect(model.screen.contains("- 50 ms +"))
        #expect(model.press(.enter) == [.rebuildEngine(failed, saving: SavedSettings(changesFrom: Fixtures.settings, to: failed))], "enter tries again")
        #expect(model.top is HomeMenuScreen, "over the home menu, Enter goes back to it")
    }

    @Test func escInSettingsOpenedDirectlyAsksThenQuitsWithoutSaving() {
        var model = Fixtures.model(.settings)
        _ = model.press(.right)
        #expect(model.press(.escape).isEmpty, "a changed setting is not thrown away unasked")
        #expect(model.screen.contains("Discard the changed settings?"))
        #expect(model.press(.character("y")) == [.quit(0)])
        #expect(model.context.settings == Fixtures.settings)
        var unchanged = Fixtures.model(.settings)
        #expect(unchanged.press(.escape) == [.quit(0)], "nothing changed: nothing to ask")
    }

    @Test func tooSmallTerminalSaysWhatItNeedsAndRecovers() {
        let model = Fixtures.model()
        let small = model.render(width: 40, height: 12).text
        #expect(small.contains("Terminal too small"))
        #expect(small.contains("40x12: needs 50x17"))
        #expect(model.render(width: 60, height: 20).text.contains("Card number"))
    }
}
