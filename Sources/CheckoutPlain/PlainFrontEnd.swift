import CheckoutCore
import CheckoutEngine
import CheckoutStore
import CheckoutApp
import NolPay

/// The plain, line-by-line front end: the same screens as the full-screen UI (home menu, pay by
/// card, the co-badge choice, the result, Nol Pay link / my cards / pay / unlink, settings), asked
/// one question at a time as plain lines, for screen readers, `TERM=dumb`, serial consoles and scripts.
///
/// It is the app's loop with a ``PlainConversation`` as its input and display: each screen says
/// what it asks and what it learnt, and each answer goes back to the app as the terminal's keys
/// would (a paste and Enter, the keys that move a chooser), so every rule is the screens' own.
/// Engines come from the same ``EngineFactory`` as the full-screen UI's (the same ledger and
/// sandbox processor), the Nol screens ask the same ``NolSystem``. Only printable text and newlines
/// are written (see ``PlainText``).
///
///     let frontEnd = PlainFrontEnd(catalogue: catalogue, settings: settings, makeEngine: makeEngine, nol: nol)
///     let status = await frontEnd.run(route: .home, console: StandardConsole(asciiOnly: false))
public struct PlainFrontEnd: Sendable {
    public var catalogue: NetworkCatalogue
    public var settings: CheckoutSettings
    public var makeEngine: EngineFactory
    /// The Nol system; nil when its backend could not be opened (the Nol flows say so).
    public var nol: NolSystem?
    /// Where Settings saves for the next start, as the full-screen Settings does (`settings.json` in
    /// the data directory), and what to say at start about the saved settings; nil: Settings
    /// applies to this run only.
    public var storage: SettingsStorage?
    /// The ledger Payments lists; nil: Payments says where else the payments are listed.
    public var ledger: Ledger?
    /// The app's clock, which countdowns run on (the wait between Nol codes); real time unless a
    /// test gives its own.
    public var clock: EventClock?

    public init(catalogue: NetworkCatalogue, settings: CheckoutSettings, makeEngine: @escaping EngineFactory,
                nol: NolSystem?, storage: SettingsStorage? = nil, ledger: Ledger? = nil) {
        self.catalogue = catalogue
        self.settings = settings
        self.makeEngine = makeEngine
        self.nol = nol
        self.storage = storage
        self.ledger = ledger
    }

    /// A front end whose Nol flows use the simulated Nol system kept in `database` (the full-screen
    /// Nol screens' backend), seeded with the demo cards; without it the Nol flows say they are not available.
    public init(catalogue: NetworkCatalogue, settings: CheckoutSettings, makeEngine: @escaping EngineFactory, database: Database?,
                storage: SettingsStorage? = nil, ledger: Ledger? = nil) {
        self.init(catalogue: catalogue, settings: settings, makeEngine: makeEngine,
                  nol: database.flatMap { try? NolSystem.simulated(database: $0) }, storage: storage, ledger: ledger)
    }

    /// Opens `route` (the home menu, or one screen as `checkout --plain pay` does) and talks over
    /// `console` until the person quits, backs out of a screen opened directly, or input ends.
    /// Returns the exit status: 0, or 128 + the signal that ended it.
    @MainActor
    public func run(route: Route, console: any PlainConsole) async -> Int32 {
        if let console = console as? StandardConsole, let waiter = PollWaiter() {
            defer { waiter.close() }
            var loop: AppLoop?
            return await run(route: route, console: console, waiter: waiter, made: { loop = $0 }) { hidden in
                await console.readLine(hidden: hidden, waiter: waiter) { loop?.interrupt(by: $0) }
            }
        }
        return await run(route: route, console: console, waiter: SuspendingWaiter(), made: { _ in }) { hidden in
            await console.readLine(hidden: hidden)
        }
    }

    @MainActor
    private func run(route: Route, console: any PlainConsole, waiter: any LoopWaiter, made: (AppLoop) -> Void,
                     readLine: @escaping @MainActor (Bool) async -> InputLine?) async -> Int32 {
        let conversation = Conversation(console: console, readLine: readLine)
        var registry = ScreenRegistry.standard
        if let nol { registry = registry.withNolScreens(nol) }
        if let ledger { registry = registry.withPaymentsScreen(ledger: ledger) }
        let plain = PlainConversation(conversation: conversation)
        // An ASCII console gets the screens' ASCII words: French without its accents, money as `49,99 EUR`.
        let model = AppModel(route: route, catalogue: catalogue, settings: settings, registry: registry,
                             glyphs: console.asciiOnly ? .ascii : .unicode, size: plain.size, defaults: storage?.defaults,
                             settingsNote: storage?.note, clock: clock ?? .continuous(), savesSettings: storage != nil)
        conversation.localizer = model.context.localizer
        conversation.say(model.context.localizer.text(.plainOpening, model.context.money(settings.amount, currency: settings.currency),
                                                      settings.binSource.label))
        // Where the settings came from: saved ones in use, overridden by options, or refused.
        if let note = storage?.note { conversation.say(note.text + ".") }
        let loop = AppLoop(model: model, makeEngine: makeEngine, input: plain, display: plain, clock: RealLoopClock(), waiter: waiter,
                           storage: storage)
        made(loop)
        let status = await loop.run()
        if loop.endingSignal != nil {
            // The line being typed ends where it is; the shell's prompt starts on a fresh line.
            console.write("\n")
        } else if !plain.inputEnded {
            conversation.say(conversation.localizer.text(.plainGoodbye))
        }
        return status
    }
}
