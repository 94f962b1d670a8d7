import CheckoutApp
import CheckoutCore
import CheckoutDrive
import CheckoutEngine
import CheckoutStore
import NolPay

/// `checkout drive [pay | settings | nol link|cards|pay|unlink] [options]`: the screens as JSON
/// Lines (Docs/drive.md). The options and settings are the terminal UI's (``TUICommand``): the
/// same session, data directory, ledger, language and saved settings; only time is the drive's
/// own, a ``ManualClock`` the loop moves (``VirtualLoopClock``), so a script answers the same on
/// every run. The engine's debounce and BIN latency, the Nol reader and the event times run on it.
enum DriveCommand {
    @MainActor
    static func run(route: Route, settings: CheckoutSettings, catalogue: NetworkCatalogue, ledger: Ledger, storage: SettingsStorage,
                    options: CommandLineOptions) async -> Int32 {
        let clock = ManualClock()
        let makeEngine = EngineRecipe(catalogue: catalogue, paymentService: options.makePaymentService(ledger: ledger), clock: clock,
                                      primer: options.primer, clientSessionService: options.makeClientSessionService()).factory
        var registry = ScreenRegistry.standard.withPaymentsScreen(ledger: ledger)
        if let nol = try? NolSystem.simulated(database: ledger.database, clock: clock) { registry = registry.withNolScreens(nol) }
        let model = AppModel(route: route, catalogue: catalogue, settings: settings, registry: registry, size: TerminalSize(width: 80, height: 24),
                             defaults: storage.defaults, settingsNote: storage.note, clock: EventClock { clock.now.offset },
                             savesSettings: true)
        return await DriveFrontEnd.run(model: model, makeEngine: makeEngine, clock: VirtualLoopClock(clock), storage: storage)
    }
}
