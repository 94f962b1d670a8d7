import CheckoutCore
import CheckoutEngine
import Testing
@testable import CheckoutApp

/// Settings that last: the file's format, what a malformed file gets, Reset to defaults, and what
/// the screens say about where the settings came from.
@MainActor @Suite struct SavedSettingsTests {
    @Test func whatSettingsEditsRoundTripsThroughTheFile() throws {
        var settings = Fixtures.settings
        settings.binSource = .url("https://bins.example/v1")
        settings.binLatencyMilliseconds = 1500
        settings.debounceMilliseconds = 350
        settings.mouse = false
        settings.language = .arabic
        let saved = SavedSettings(settings)
        #expect(saved.json == """
            {"version":1,"allowedNetworks":["VISA","CARTES_BANCAIRES","MASTERCARD"],"binService":"https://bins.example/v1",\
            "binLatencyMs":1500,"debounceMs":350,"mouse":false,"language":"ar"}

            """)
        let read = try SavedSettings(json: saved.json)
        #expect(read == saved)
        #expect(read.applied(to: CheckoutSettings()) == CheckoutSettings(
            allowedNetworks: [.visa, .cartesBancaires, .mastercard], binSource: .url("https://bins.example/v1"),
            binLatencyMilliseconds: 1500, debounceMilliseconds: 350, mouse: false, language: .arabic))
        // Every network (null), a BIN table, and fields left out keep their defaults.
        let table = try SavedSettings(json: #"{"version":1,"allowedNetworks":null,"binTable":"/data/bins.csv"}"#)
        #expect(table.applied(to: Fixtures.settings) == CheckoutSettings(allowedNetworks: nil, binSource: .table(path: "/data/bins.csv"),
                                                                          amount: 4999, currency: "EUR"))
        #expect(try SavedSettings(json: table.json) == table)
    }

    /// The Settings row steps through the languages by their own names; the screens speak the
    /// one saved, and --lang keeps its own over it.
    @Test func theLanguageRowChangesTheLanguageTheScreensSpeak() throws {
        var model = AppModel(route: .settings, catalogue: Fixtures.catalogue, settings: Fixtures.settings)
        #expect(model.context.localizer.language == .english)
        for _ in 0..<8 where (model.top as? SettingsScreen)?.current != .language { _ = model.press(.down) }
        _ = model.press(.right)
        #expect((model.top as? SettingsScreen)?.result.language == .french)
        let commands = model.press(.enter)
        #expect(model.context.localizer.language == .french)
        #expect(commands.contains { if case .rebuildEngine(_, let saving) = $0 { saving == SavedSettings(language: .french) } else { false } })
        let saved = try SavedSettings(json: #"{"version":1,"language":"fr"}"#)
        #expect(saved.applied(to: Fixtures.settings, keeping: [.language]).language == .english)
        #expect(saved.applied(to: Fixtures.settings).language == .french)
    }

    @Test func optionsOnTheCommandLineKeepTheirValues() throws {
        let saved = try SavedSettings(json: #"{"version":1,"binLatencyMs":900,"debounceMs":50,"mouse":false}"#)
        var fromOptions = Fixtures.settings
        fromOptions.debounceMilliseconds = 300
        let merged = saved.applied(to: fromOptions, keeping: [.debounce])
        #expect(merged.debounceMilliseconds == 300)
        #expect(merged.binLatencyMilliseconds == 900)
        #expect(merged.mouse == false)
        #expect(saved.fields == [.binLatency, .debounce, .mouse])
    }

    @Test func aMalformedFileIsRefusedWholeSayingWhereAndWhy() {
        let cases: [(String, String)] = [
            ("{\"version\":1,\n \"debounceMs\": 20x0}", "line 2, column 18: expected"),
            ("[1,2]", "expected a JSON object"),
            ("{}", "$.version: expected 1"),
            (#"{"version":2}"#, "$.version: 2 is a later format"),
            (#"{"version":1,"allowedNetworks":["VISA","NOPE"]}"#, "$.allowedNetworks[1]: expected a network id"),
            (#"{"version":1,"allowedNetworks":"VISA"}"#, "$.allowedNetworks: expected a list"),
            (#"{"version":1,"binService":"ftp://x"}"#, "$.binService: The BIN service URL must start with http:// or https://"),
            (#"{"version":1,"binService":"off","binTable":"/t.csv"}"#, "$.binTable: only with"),
            (#"{"version":1,"binLatencyMs":9000}"#, "$.binLatencyMs: expected a whole number of milliseconds from 0 to 5000"),
            (#"{"version":1,"debounceMs":-1}"#, "$.debounceMs: expected a whole number"),
            (#"{"version":1,"debounceMs":1.5}"#, "$.debounceMs: expected a whole number"),
            (#"{"version":1,"mouse":"yes"}"#, "$.mouse: expected true or false"),
            (#"{"version":1,"language":"de"}"#, "$.language: expected \"en\", \"fr\" or \"ar\""),
            (String(repeating: " ", count: 70_000) + "{}", "larger than 64 KiB"),
            ("\u{FEFF}\u{0}", "line 1"),
        ]
        for (text, expected) in cases {
            do {
                _ = try SavedSettings(json: text)
                Issue.record("accepted: \(text.prefix(60))")
            } catch {
                #expect(error.message.contains(expected), "\(text.prefix(60)): \(error.message)")
            }
        }
    }

    @Test func resetToDefaultsPutsThemOnScreenToSave() {
        var saved = Fixtures.settings
        saved.binLatencyMilliseconds = 1500
        saved.mouse = false
        saved.allowedNetworks = [.mastercard]
        var model = AppModel(route: .home, catalogue: Fixtures.catalogue, settings: saved, defaults: Fixtures.settings)
        _ = model.takeCommands()
        model.click("Settings")
        #expect(model.screen.contains("- 1500 ms +"))
        model.click("[ Reset to defaults ]")
        let screen = model.top as! SettingsScreen
        #expect(screen.current == .binSource)
        #expect(model.screen.contains("- 0 ms +"))
        #expect(model.screen.contains("Mouse               ◀ on ▶"))
        #expect(model.screen.contains("[✓] 1.  Visa"))
        #expect(model.screen.contains("Defaults restored: enter saves them"))
        #expect(model.press(.enter) == [.rebuildEngine(Fixtures.settings, saving: SavedSettings(changesFrom: saved, to: Fixtures.settings))])
        #expect(model.top is HomeMenuScreen, "from the home menu, Enter saves and goes back there")
    }

    @Test func enterOnTheResetRowResetsAndSavesNothing() {
        var model = Fixtures.model(.settings)
        while (model.top as! SettingsScreen).current != .reset { _ = model.press(.down) }
        #expect(model.render().lines.last!.contains("enter reset"))
        #expect(model.press(.enter).isEmpty)
        #expect(model.top is SettingsScreen)
    }

    @Test func theHomeMenuAndSettingsSayWhatHappenedToTheSettings() {
        var model = AppModel(route: .home, catalogue: Fixtures.catalogue, settings: Fixtures.settings,
                             settingsNote: StatusNote("Saved settings in use; --debounce overrides them for this run"))
        _ = model.takeCommands()
        #expect(model.screen.contains("Saved settings in use; --debounce overrides them for this run"))
        model.click("Settings")
        #expect(model.render().lines[22].contains("--debounce overrides them for this run"))
        _ = model.press(.enter)
        model.settingsSaved(StatusNote("Saved to /home/jane/.local/share/checkout/settings.json", tone: .success))
        #expect(model.screen.contains("✓ Saved to /home/jane/.local/share/checkout/settings.json"))
        model.settingsSaved(StatusNote("Not saved (cannot write /ro/settings.json: Read-only file system): these settings last until you quit",
                                       tone: .problem))
        #expect(model.screen.contains("✗ Not saved (cannot write"))
    }
}
