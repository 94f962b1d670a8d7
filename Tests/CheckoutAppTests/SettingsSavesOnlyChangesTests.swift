import CheckoutCore
import CheckoutEngine
import Foundation
import Testing
@testable import CheckoutApp

/// Settings saves what the person changed in it, and nothing else (issue 21): Enter with nothing
/// changed writes nothing, a value the command line set for this run (`--allowed`, `--debounce`)
/// is never written over the saved one unless it was changed in Settings, and an empty list of
/// accepted networks is never a setting.
@MainActor @Suite struct SettingsSavesOnlyChangesTests {
    /// A data directory of its own, removed at the end.
    final class Directory {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString)")
        init() { try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        var file: URL { url.appendingPathComponent("settings.json") }
        func saved() throws -> String { try String(contentsOf: file, encoding: .utf8) }
    }

    /// Settings opened on `running` (the saved values with this run's options over them).
    func settingsModel(_ running: CheckoutSettings) -> AppModel {
        var model = AppModel(route: .settings, catalogue: Fixtures.catalogue, settings: running, defaults: Fixtures.settings)
        _ = model.takeCommands()
        return model
    }

    @Test func enterWithNothingChangedWritesNothing() {
        var model = settingsModel(Fixtures.settings)
        let commands = model.press(.enter)
        #expect(commands.isEmpty, "no engine rebuild, nothing to save")
        // Opened on its own, Settings stays on Enter (issue 22), and says why nothing happened.
        #expect(model.top is SettingsScreen)
        #expect(model.screen.contains("Nothing changed: nothing to save"))
    }

    @Test func overridesOnTheCommandLineAreNeverSavedUnlessChangedInSettings() throws {
        let directory = Directory()
        // Saved: Visa and Mastercard, 100 ms. This run: --allowed VISA --debounce 500.
        try #"{"version":1,"allowedNetworks":["VISA","MASTERCARD"],"debounceMs":100,"binLatencyMs":0}"#
            .write(to: directory.file, atomically: true, encoding: .utf8)
        var running = Fixtures.settings
        running.allowedNetworks = [.visa]
        running.debounceMilliseconds = 500
        // Only the latency is changed in Settings.
        var model = settingsModel(running)
        while (model.top as! SettingsScreen).current != .latency { _ = model.press(.down) }
        _ = model.press(.character("+"))
        let commands = model.press(.enter)
        guard case let .rebuildEngine(settings, changes)? = commands.first else {
            Issue.record("no rebuild: \(commands)")
            return
        }
        #expect(settings.allowedNetworks == [.visa] && settings.debounceMilliseconds == 500, "the overrides still apply to this run")
        #expect(changes == SavedSettings(binLatencyMilliseconds: 50))
        let note = SettingsStorage.save(changes, in: directory.url)
        #expect(note.tone == .success)
        let saved = try SavedSettings(json: directory.saved())
        #expect(saved.allowedNetworks == .some([.visa, .mastercard]), "--allowed was not written over the saved list")
        #expect(saved.debounceMilliseconds == 100, "--debounce was not written over the saved value")
        #expect(saved.binLatencyMilliseconds == 50, "what was changed is saved")
        // Changed in Settings, an overridden value is saved like any other.
        var again = settingsModel(running)
        while (again.top as! SettingsScreen).current != .debounce { _ = again.press(.down) }
        _ = again.press(.character("+"))
        guard case let .rebuildEngine(_, debounce)? = again.press(.enter).first else {
            Issue.record("no rebuild")
            return
        }
        _ = SettingsStorage.save(debounce, in: directory.url)
        let resaved = try SavedSettings(json: directory.saved())
        #expect(resaved.debounceMilliseconds == 550)
        #expect(resaved.allowedNetworks == .some([.visa, .mastercard]) && resaved.binLatencyMilliseconds == 50)
    }

    @Test func anEmptyListOfAcceptedNetworksCannotBeSaved() {
        var model = settingsModel(CheckoutSettings(allowedNetworks: [.visa], amount: 4999, currency: "EUR"))
        while (model.top as! SettingsScreen).current != .network(.visa) { _ = model.press(.down) }
        _ = model.press(.space)
        #expect(model.press(.enter).isEmpty, "nothing saved")
        #expect(model.top is SettingsScreen)
        #expect(model.screen.contains("Accept at least one network: with none, every card would be refused"))
        // Nor read from a file.
        #expect(throws: SavedSettingsError.self) { try SavedSettings(json: #"{"version":1,"allowedNetworks":[]}"#) }
    }
}
