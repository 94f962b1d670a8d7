import NolPay

extension ScreenRegistry {
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
}
