import CheckoutCore
import CheckoutEngine
import CheckoutStore
import FoundationEssentials
import NolPay
import Synchronization

/// Everything a demo runs against, in memory and on the demo's clock: the shipped catalogue, the
/// engine recipe every front end uses (so `--bin-table` and a BIN service URL apply to a demo too),
/// the sandbox processor, and a simulated Nol system whose codes come from a seeded generator.
///
/// The Nol system is always a fresh one in memory, so a demo replays the same every time; payments
/// go to a ledger in memory too, or to the data directory's when `checkout demo --data-dir` names one.
public final class DemoWorld: Sendable {
    /// The demo's time: the engine's debounce and BIN latency, the Nol reader and the event times
    /// all run on it; the player moves it at the speed it sets.
    public let clock: ManualClock
    public let catalogue: NetworkCatalogue
    /// The settings a `start` begins from (the script's `set` steps change them).
    public let baseSettings: CheckoutSettings
    /// How the demo's engines are made: the app's one recipe, on the demo's clock.
    public let recipe: EngineRecipe
    /// The Nol system every Nol screen of the demo asks.
    public let nol: NolSystem
    public let registry: ScreenRegistry

    /// A world over `catalogue` starting from `baseSettings`; payments are recorded in `ledger`
    /// (one in memory when `nil`).
    public init(catalogue: NetworkCatalogue, baseSettings: CheckoutSettings, clock: ManualClock = ManualClock(), ledger: Ledger? = nil,
                seed: UInt64 = 0x5EED_DE30) throws {
        self.clock = clock
        self.catalogue = catalogue
        self.baseSettings = baseSettings
        let database = try Database(path: ":memory:")
        let paymentsLedger = try ledger ?? Ledger(database: database)
        recipe = EngineRecipe(catalogue: catalogue, paymentService: SandboxPaymentService(ledger: paymentsLedger), clock: clock)
        let codes = Mutex(SplitMix64(seed: seed))
        nol = try NolSystem.simulated(database: database, clock: clock,
                                      makeCode: { OneTimeCode(drawn: codes.withLock { $0.next() }).digits })
        registry = ScreenRegistry.standard.withNolScreens(nol).withPaymentsScreen(ledger: paymentsLedger)
    }

    /// The world of `checkout demo`: the shipped data, the session defaults, speaking `language`.
    public static func bundled(clock: ManualClock = ManualClock(), language: Language = .english) throws -> DemoWorld {
        var settings = CheckoutSettings(session: try Bundled.sessionDefaults())
        settings.language = language
        return try DemoWorld(catalogue: try Bundled.catalogue(), baseSettings: settings, clock: clock)
    }

    /// A fresh app on `route`, its events timed on the demo's clock.
    public func makeModel(route: Route, settings: CheckoutSettings, size: TerminalSize, glyphs: GlyphSet) -> AppModel {
        let clock = self.clock
        return AppModel(route: route, catalogue: catalogue, settings: settings, registry: registry, glyphs: glyphs, size: size,
                        clock: EventClock { clock.now.offset })
    }

    /// The code of the newest SMS the simulated Nol system sent.
    public var newestSMSCode: String? { nol.sms.newest()?.code }
}

/// Why a demo stopped before its end: the step, and what was wrong.
public struct DemoFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var step: DemoScript.Step
    public var message: String
    public var description: String { "demo stopped at \(step.location) (\(step.kind.word)): \(message)" }
}

extension DemoPilot.Move {
    /// Does the move to `model` (everything but `start`, which needs a new app and engine): a key
    /// as if typed, a caption, a highlight, a check of the screen. Returns what the runtime must do.
    func apply(to model: inout AppModel, world: DemoWorld, status: String, keys: [KeyHint]?) throws(DemoFailure) -> [AppCommand] {
        switch action {
        case .start, .wait:
            return []
        case .key(let key):
            // A script's ← and → mean what they do on a left-to-right screen: on a mirrored one the
            // demo presses the other, as a person looking at it would.
            return model.press(model.visualKey(key))
        case .smsCode:
            guard let code = world.newestSMSCode else { throw DemoFailure(step: step, message: "no SMS has been sent yet") }
            return model.paste(code)
        case .caption(let text):
            model.demo = DemoOverlay(caption: text.shown(in: model.context), status: status, keys: keys)
            model.highlightedEvent = nil
            return []
        case .highlight(let name):
            guard let entry = model.context.eventLog.newest(named: name) else {
                throw DemoFailure(step: step, message: "no \(name) event to highlight in the log")
            }
            model.highlightedEvent = entry.sequence
            return []
        case .expect(let text, let present):
            if Self.holds(text, present: present, model) { return [] }
            let quoted = text.quoted(in: model.context)
            throw DemoFailure(step: step, message: present ? "the screen does not show \"\(quoted)\"" : "the screen still shows \"\(quoted)\"")
        }
    }

    /// Whether the screen shows `text` (or, `present` false, does not). The screen an `expect`
    /// step looks at is the app at 80x24 at least, since a small terminal squeezes out rows (the
    /// status line under a three-row caption at 50x17) that the script's claims are about; and in
    /// logical order, each row as the screens wrote it before a right-to-left canvas mirrors,
    /// shapes and reorders it, so a check reads the sentences the catalogues hold in any language.
    static func holds(_ text: DemoText, present: Bool, _ model: AppModel) -> Bool {
        let screen = model.render(width: max(80, model.size.width), height: max(24, model.size.height), direction: .leftToRight)
        return text.isShown(on: screen.lines, in: model.context) == present
    }
}
