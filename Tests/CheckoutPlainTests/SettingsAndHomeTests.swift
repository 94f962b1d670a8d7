import CheckoutCore
import CheckoutApp
import Foundation
import Testing
@testable import CheckoutPlain

/// The home menu and Settings in plain mode.
@Suite struct SettingsAndHomeTests {
    @Test func settingsApplyToTheNextCard() async throws {
        let harness = try PlainHarness()
        let (status, console) = await harness.run(.home, ["7", "1", "visa, mastercard", "2", "2", "3", "250", "5",
                                                          "1", "378282246310005"])
        let transcript = console.transcript
        #expect(status == 0)
        #expect(transcript.contains("  1) Accepted networks: Visa, Mastercard\n  2) BIN source: off\n  3) BIN latency: 250 ms\n"))
        #expect(transcript.contains("Settings applied for this run."))
        #expect(transcript.contains("We accept Visa and Mastercard."))
        #expect(transcript.contains("BIN service off: using local rules. Card network: American Express (not accepted)."))
        #expect(transcript.contains("American Express is not accepted here: use another card."))
    }

    @Test func settingsTheEngineCannotBeBuiltFromAreNotApplied() async throws {
        let harness = try PlainHarness()
        var settings = PlainHarness.settings
        settings.binSource = .table(path: "/nonexistent/bins.csv")
        let (_, console) = await harness.run(.settings, ["4", "300", "5", "back", "y"], settings: settings)
        let transcript = console.transcript
        #expect(transcript.contains("Not applied: --bin-table: cannot read /nonexistent/bins.csv. The previous settings stay in use."))
        #expect(transcript.contains("Leave without applying your changes? [y/N]: y\nGoodbye.\n"))
    }

    @Test func badSettingsAnswersAreAskedAgain() async throws {
        let harness = try PlainHarness()
        let (_, console) = await harness.run(.settings, ["1", "VISA,NOPE", "all", "4", "3000", "100", "2", "3", "ftp://x", "http://bins.example", "5"])
        let transcript = console.transcript
        #expect(transcript.contains("unknown network id \"NOPE\""))
        #expect(transcript.contains("Type a whole number of milliseconds from 0 to 2000."))
        #expect(transcript.contains("The BIN service URL must start with http:// or https://."))
        #expect(transcript.contains("  1) Accepted networks: every network\n  2) BIN source: http://bins.example\n"))
        // The test factory cannot build an HTTP service: the reason is said, the old settings stay.
        #expect(transcript.contains("Not applied: no network in tests. The previous settings stay in use."))
    }

    // MARK: Settings that last (as the full-screen Settings)

    @Test func doneSavesForTheNextStartAndSaysWhere() async throws {
        let harness = try PlainHarness()
        let (status, console) = await harness.run(.settings, ["3", "250", "4", "350", "5", "7"], storage: harness.storage())
        let transcript = console.transcript
        #expect(status == 0)
        #expect(transcript.contains("Settings: Done saves them, for this run and the next ones.\n"))
        // Language is the last entry, so the numbers typed for the others are what they were.
        #expect(transcript.contains("  5) Done\n  6) Reset to defaults\n  7) Language: English\nChoose 1 to 7 [5]: "))
        // As plain mode echoes every line: a temporary folder's UUID can hold a card-like run
        // ("…-1234-5678-9644-…", 2% of them), and the echo masks it (CI at 95d304e).
        #expect(transcript.contains("Saved to \(CardLikeDigits.masked(harness.settingsFile.path)).\n"))
        let saved = try #require(try harness.savedSettings())
        #expect(saved.binLatencyMilliseconds == 250 && saved.debounceMilliseconds == 350)
        #expect(saved.allowedNetworks == nil, "only what was changed is saved: the accepted networks were not")
        #expect(saved.fields == [.binLatency, .debounce])
        #expect(saved.applied(to: PlainHarness.settings).binLatencyMilliseconds == 250, "what the next start reads")
    }

    @Test func resetToDefaultsPutsThemBackForDoneToSave() async throws {
        let harness = try PlainHarness()
        var saved = PlainHarness.settings
        saved.binLatencyMilliseconds = 900
        saved.allowedNetworks = [.mastercard]
        let (_, console) = await harness.run(.settings, ["6", "5", "7"], settings: saved, storage: harness.storage())
        let transcript = console.transcript
        #expect(transcript.contains("  1) Accepted networks: Mastercard\n  2) BIN source: embedded\n  3) BIN latency: 900 ms\n"))
        #expect(transcript.contains("Defaults restored: Done saves them, back keeps the settings as they were.\n"))
        #expect(transcript.contains("  1) Accepted networks: Visa, Cartes Bancaires, Mastercard\n  2) BIN source: embedded\n  3) BIN latency: 0 ms\n"))
        let file = try #require(try harness.savedSettings())
        #expect(file.binLatencyMilliseconds == 0 && file.allowedNetworks == .some([.visa, .cartesBancaires, .mastercard]))
    }

    @Test func backAfterAChangeAsksAndSavesNothing() async throws {
        let harness = try PlainHarness()
        let (_, console) = await harness.run(.settings, ["6", "back", "y"], settings: {
            var settings = PlainHarness.settings
            settings.debounceMilliseconds = 700
            return settings
        }(), storage: harness.storage())
        #expect(console.transcript.contains("Leave without saving your changes? [y/N]: y\nGoodbye.\n"))
        #expect(try harness.savedSettings() == nil)
    }

    @Test func theStartSaysWhereTheSettingsCameFromAndOptionsThatOverrideThem() async throws {
        let harness = try PlainHarness()
        let note = StatusNote("Saved settings in use; --debounce overrides them for this run")
        let (_, console) = await harness.run(.home, ["8"], storage: harness.storage(note: note))
        let lines = console.transcript.split(separator: "\n").map(String.init)
        #expect(lines.prefix(3).contains("Saved settings in use; --debounce overrides them for this run."))
    }

    @Test func aSaveThatFailsSaysSoAndTheSettingsStillApplyToThisRun() async throws {
        let harness = try PlainHarness()
        let storage = SettingsStorage(defaults: PlainHarness.settings, note: nil) { _, _ in
            StatusNote("Not saved (cannot write in /nowhere: Permission denied): these settings last until you quit", tone: .problem)
        }
        let (_, console) = await harness.run(.home, ["7", "2", "2", "5", "1", "378282246310005"], storage: storage)
        let transcript = console.transcript
        #expect(transcript.contains("Not saved (cannot write in /nowhere: Permission denied): these settings last until you quit.\n"))
        #expect(transcript.contains("BIN service off: using local rules."), "the changed settings are in use")
    }

    @Test func homeMenuTakesNumbersNamesAndBack() async throws {
        let harness = try PlainHarness()
        let (status, console) = await harness.run(.home, ["9", "nol pay: my", "back", "sett", "back", "back"])
        let transcript = console.transcript
        #expect(status == 0)
        #expect(transcript.contains("There is no choice \"9\": choose 1 to 8, or type ? to hear the choices again."))
        #expect(transcript.contains("Choose 1 to 8 [1]: nol pay: my\n\nNol Pay: my cards."))
        #expect(transcript.contains("Choose 1 to 8 [1]: sett\n\nSettings, for this run of checkout."))
        #expect(transcript.hasSuffix("Choose 1 to 8 [1]: back\nGoodbye.\n"))
    }

    @Test func withoutTheNolBackendTheNolFlowsSaySo() async throws {
        let harness = try PlainHarness()
        var frontEnd = harness.frontEnd()
        frontEnd.nol = nil
        let console = ScriptedConsole(["2", "8"])
        #expect(await frontEnd.run(route: .home, console: console) == 0)
        #expect(console.transcript.contains("Nol Pay is not available: its data could not be opened.\n\nWhat would you like to do?"))
    }
}
