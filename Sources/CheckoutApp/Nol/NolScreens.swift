import CheckoutStore
import NolPay

extension ScreenRegistry {
    /// The registry with the four Nol Pay screens over the simulated Nol system kept in `database`
    /// (``NolSystem/simulated(database:clock:now:makeCode:rules:)``).
    ///
    /// When the Nol backend cannot be opened the placeholders stay, so the card screens still work.
    public func withNolScreens(database: Database?) -> ScreenRegistry {
        guard let database, let nol = try? NolSystem.simulated(database: database) else { return self }
        return withNolScreens(nol)
    }

    /// The registry with the four Nol Pay screens, every one asking `nol`; the loop makes their
    /// calls on it.
    public func withNolScreens(_ nol: NolSystem) -> ScreenRegistry {
        var registry = self
        registry.nol = nol
        for (route, flow) in [(Route.nolLink, NolFlowScreen.Flow.link), (.nolCards, .cards), (.nolPay, .pay), (.nolUnlink, .unlink)] {
            registry.register(route) { context in NolFlowScreen(flow: flow, nol: nol, hasHomeMenu: context.hasHomeMenu) }
        }
        return registry
    }
}
