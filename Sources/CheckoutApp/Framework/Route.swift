import CheckoutCore
import CheckoutEngine
import CheckoutStore
import NolPay

/// A screen that can be opened by name: from the home menu or straight from the command line.
public enum Route: String, Sendable, CaseIterable {
    case home, pay, nolLink, nolCards, nolPay, nolUnlink, payments, settings

    /// The route the command-line words name: `pay`, `nol link`, `settings`…; `nil` when unknown.
    /// Payments opens from the home menu: `checkout payments` is the ledger listing for scripts.
    public init?(arguments: [String]) {
        switch arguments {
        case []: self = .home
        case ["pay"]: self = .pay
        case ["settings"]: self = .settings
        case ["nol", "link"]: self = .nolLink
        case ["nol", "cards"]: self = .nolCards
        case ["nol", "pay"]: self = .nolPay
        case ["nol", "unlink"]: self = .nolUnlink
        default: return nil
        }
    }

    /// The home menu's name for the route, in English (the title bar, plain mode's menu).
    public var menuTitle: String { Bundled.english.text(titleKey) }

    /// The route's name in a language.
    public func title(_ localizer: Localizer) -> String { localizer.text(titleKey) }

    /// The catalogue's name of the route's title.
    public var titleKey: TextKey0 {
        switch self {
        case .home: .routeHome
        case .pay: .routePay
        case .nolLink: .routeNolLink
        case .nolCards: .routeNolCards
        case .nolPay: .routeNolPay
        case .nolUnlink: .routeNolUnlink
        case .payments: .routePayments
        case .settings: .routeSettings
        }
    }
}

/// Makes the screen for each route; ``register(_:_:)`` replaces a route's factory (how
/// ``withNolScreens(database:amount:)`` puts the Nol Pay screens in).
public struct ScreenRegistry: Sendable {
    public typealias Factory = @Sendable (ScreenContext) -> any Screen
    private var factories: [Route: Factory]
    /// The Nol system the Nol screens ask, once ``withNolScreens(_:)`` registered them: the loop
    /// makes their calls on it.
    public internal(set) var nol: NolSystem?
    /// The payment ledger Payments reads pages of (``ScreenEffect/readLedger(_:)``), when registered.
    public internal(set) var ledger: Ledger?

    public init(_ factories: [Route: Factory]) { self.factories = factories }

    /// Registers (or replaces) the screen of a route.
    public mutating func register(_ route: Route, _ factory: @escaping Factory) {
        factories[route] = factory
    }

    /// A new screen for `route`.
    public func makeScreen(_ route: Route, context: ScreenContext) -> any Screen {
        (factories[route] ?? { _ in ComingSoonScreen(route: route) })(context)
    }

    /// Every route of the product, the Nol Pay ones as placeholders until
    /// ``withNolScreens(database:)`` replaces them.
    public static let standard = ScreenRegistry([
        .home: { _ in HomeMenuScreen() },
        .pay: { context in CardFormScreen(context: context) },
        .settings: { context in SettingsScreen(settings: context.settings, catalogue: context.catalogue, defaults: context.defaults) },
        .nolLink: { _ in ComingSoonScreen(route: .nolLink) },
        .nolCards: { _ in ComingSoonScreen(route: .nolCards) },
        .nolPay: { _ in ComingSoonScreen(route: .nolPay) },
        .nolUnlink: { _ in ComingSoonScreen(route: .nolUnlink) },
        .payments: { _ in ComingSoonScreen(route: .payments) },
    ])

    /// The registry with the four Nol Pay screens over the simulated Nol system kept in `database`
    /// (``NolSystem/simulated(database:clock:now:makeCode:rules:)``, ``withNolScreens(_:)``).
    ///
    /// When the Nol backend cannot be opened the placeholders stay, so the card screens still work.
    public func withNolScreens(database: Database?) -> ScreenRegistry {
        guard let database, let nol = try? NolSystem.simulated(database: database) else { return self }
        return withNolScreens(nol)
    }

    /// The registry with the four Nol Pay screens, every one asking `nol`: the app reads its reader
    /// and SMS inbox for them and the loop makes their calls on it; the screens hold only its terms.
    public func withNolScreens(_ nol: NolSystem) -> ScreenRegistry {
        var registry = self
        registry.nol = nol
        for (route, flow) in [(Route.nolLink, NolFlowScreen.Flow.link), (.nolCards, .cards), (.nolPay, .pay), (.nolUnlink, .unlink)] {
            registry.register(route) { context in NolFlowScreen(flow: flow, nol: nol.terms, hasHomeMenu: context.hasHomeMenu) }
        }
        return registry
    }

    /// These screens with Payments reading `ledger`.
    public func withPaymentsScreen(ledger: Ledger) -> ScreenRegistry {
        var registry = self
        registry.ledger = ledger
        registry.register(.payments) { context in PaymentsScreen(context: context) }
        return registry
    }
}
