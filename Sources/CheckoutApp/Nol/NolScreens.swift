import CheckoutStore
import NolPay

extension ScreenRegistry {
    /// The registry with the four Nol Pay screens over one simulated Transit system kept in `database`.
    ///
    /// When the Nol backend cannot be opened the placeholders stay, so the card screens still work.
    public func withNolScreens(database: Database?, amount: Int) -> ScreenRegistry {
        guard let database, let store = try? NolBackendStore(database: database),
              let transit = try? SimulatedTransit(store: store, demoCards: NolDemoCards.bundled()) else { return self }
        return withNolScreens(NolWorker(transit: transit, amount: amount))
    }

    /// The registry with the four Nol Pay screens, every one running its Transit calls on `worker`.
    public func withNolScreens(_ worker: NolWorker) -> ScreenRegistry {
        var registry = self
        for (route, flow) in [(Route.nolLink, NolFlowScreen.Flow.link), (.nolCards, .cards), (.nolPay, .pay), (.nolUnlink, .unlink)] {
            registry.register(route) { context in NolFlowScreen(flow: flow, worker: worker, hasHomeMenu: context.hasHomeMenu) }
        }
        return registry
    }
}
