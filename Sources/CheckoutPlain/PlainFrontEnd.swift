import CheckoutCore
import CheckoutEngine
import CheckoutStore
import CheckoutTUI
import FoundationEssentials
import NolPay

/// The plain, line-by-line front end: every flow of the full-screen UI (home menu, pay by card,
/// the co-badge choice, the result, Nol Pay link / my cards / pay / unlink, settings) as a
/// conversation of plain lines, for screen readers, `TERM=dumb`, serial consoles and scripts.
///
/// It runs over the same engine as the full-screen UI: card payments go through a
/// ``RawDataManager`` made by the same ``EngineFactory`` (so the same ledger and sandbox
/// processor), the Nol flows through the NolPay components over the same ``SimulatedTransit``.
/// Only printable text and newlines are written (see ``PlainText``).
///
///     let frontEnd = PlainFrontEnd(catalogue: catalogue, settings: settings, makeEngine: makeEngine, transit: transit)
///     let status = await frontEnd.run(route: .home, console: StandardConsole(asciiOnly: false))
public struct PlainFrontEnd: Sendable {
    public var catalogue: NetworkCatalogue
    public var settings: CheckoutSettings
    public var makeEngine: EngineFactory
    /// The simulated Nol system; nil when its backend could not be opened (the Nol flows say so).
    public var transit: SimulatedTransit?
    /// The Nol fare, in fils.
    public var nolAmount: Int
    /// Today, for checking expiry dates: the engine's own `now`.
    public var now: @Sendable () -> Date
    /// Where Settings saves for the next start, as the full-screen Settings does (`settings.json` in
    /// the data directory), and what to say at start about the saved settings; nil: Settings
    /// applies to this run only.
    public var storage: SettingsStorage?

    public init(catalogue: NetworkCatalogue, settings: CheckoutSettings, makeEngine: @escaping EngineFactory,
                transit: SimulatedTransit?, nolAmount: Int = 750, storage: SettingsStorage? = nil,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.catalogue = catalogue
        self.settings = settings
        self.makeEngine = makeEngine
        self.transit = transit
        self.nolAmount = nolAmount
        self.storage = storage
        self.now = now
    }

    /// A front end whose Nol flows use the simulated Nol system kept in `database` (the full-screen
    /// Nol screens' backend), seeded with the demo cards; without it the Nol flows say they are not available.
    public init(catalogue: NetworkCatalogue, settings: CheckoutSettings, makeEngine: @escaping EngineFactory, database: Database?,
                storage: SettingsStorage? = nil) {
        let transit = database.flatMap { database in
            (try? NolBackendStore(database: database)).flatMap { try? SimulatedTransit(store: $0, demoCards: NolDemoCards.bundled()) }
        }
        self.init(catalogue: catalogue, settings: settings, makeEngine: makeEngine, transit: transit, storage: storage)
    }

    /// Opens `route` (the home menu, or one flow as `checkout --plain pay` does) and talks over
    /// `console` until the person quits, backs out of a flow opened directly, or input ends.
    /// Returns the exit status: 0.
    public func run(route: Route, console: any PlainConsole) async -> Int32 {
        let conversation = Conversation(console: console)
        var settings = self.settings
        conversation.say("TerminalCheckout, plain mode. Amount due \(PlainText.money(settings.amount, currency: settings.currency)); "
            + "BIN source \(settings.binSource.label).\nAt any question: ? for help, back for the previous one, Ctrl-D to leave.")
        // Where the settings came from: saved ones in use, overridden by options, or refused.
        if let note = storage?.note { conversation.say(note.text + ".") }
        var route = route
        var direct = route != .home
        while true {
            if route == .home {
                switch await home(conversation) {
                case let .open(chosen):
                    route = chosen
                    direct = false
                case .quit:
                    conversation.say("Goodbye.")
                    return 0
                case .end:
                    conversation.say("End of input: goodbye.")
                    return 0
                }
            }
            let end: FlowEnd
            switch route {
            case .home:
                continue
            case .pay:
                end = await payByCard(conversation, settings: settings)
            case .settings:
                let flow = SettingsFlow(conversation: conversation, catalogue: catalogue, settings: settings, makeEngine: makeEngine,
                                        storage: storage)
                (end, settings) = await flow.run()
            case .nolLink, .nolCards, .nolPay, .nolUnlink:
                end = await nol(route, conversation)
            case .payments:
                conversation.say("The payments made: checkout payments lists them (--json for one object each).")
                end = .leave
            }
            switch end {
            case .end:
                conversation.say("End of input: goodbye.")
                return 0
            case .leave where direct:
                conversation.say("Goodbye.")
                return 0
            case .leave, .home:
                route = .home
                direct = false
            }
            conversation.pause()
        }
    }

    private enum HomeChoice { case open(Route), quit, end }

    /// The home menu: a flow to open, Quit (or `back`), or the end of input.
    private func home(_ conversation: Conversation) async -> HomeChoice {
        let items: [Route] = [.pay, .nolLink, .nolCards, .nolPay, .nolUnlink, .settings]
        conversation.say("What would you like to do?")
        switch await conversation.choose(items.map(\.menuTitle) + ["Quit"], prompt: "", defaultIndex: 0,
                                         help: ["Type the number of what you want to do; back or Quit leaves checkout."]) {
        case let .chose(index) where index < items.count:
            conversation.pause()
            return .open(items[index])
        case .chose, .back: return .quit
        case .end: return .end
        }
    }

    private func payByCard(_ conversation: Conversation, settings: CheckoutSettings) async -> FlowEnd {
        let engine: RawDataManager
        do {
            engine = try makeEngine(settings)
        } catch {
            conversation.say("Cannot take a card payment: \(error). Change the BIN source in Settings.")
            return .leave
        }
        return await CardPaymentFlow(conversation: conversation, catalogue: catalogue, settings: settings, engine: engine, now: now).run()
    }

    private func nol(_ route: Route, _ conversation: Conversation) async -> FlowEnd {
        guard let transit else {
            conversation.say("Nol Pay is not available: its data could not be opened.")
            return .leave
        }
        switch route {
        case .nolLink: return await NolLinkFlow(conversation: conversation, transit: transit).run()
        case .nolCards: return await NolCardsFlow(conversation: conversation, transit: transit).run()
        case .nolPay: return await NolPayFlow(conversation: conversation, transit: transit, amount: nolAmount).run()
        default: return await NolUnlinkFlow(conversation: conversation, transit: transit).run()
        }
    }
}
