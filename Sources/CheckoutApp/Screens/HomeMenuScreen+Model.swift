import CheckoutCore

/// The home menu as a value (``ScreenModel``): its items as the `menu` choice (ids are the routes,
/// and `quit`), the amount due and BIN source as its status, and what happened to the settings.
extension HomeMenuScreen {
    public var frame: ScreenFrame { ScreenFrame(title: title) }

    public func model(context: ScreenContext) -> ScreenModel {
        let text = context.localizer
        var shown = ScreenModel(screen: "home", title: title(context: context))
        shown.choices = [.init(id: "menu", label: text.text(.homeQuestion),
                               options: Self.items.map { item in
                                   switch item {
                                   case .route(let route): .init(id: route.rawValue, label: item.title(text))
                                   case .quit: .init(id: "quit", label: item.title(text))
                                   }
                               },
                               marked: selection, focused: true)]
        // A conversation offers the first item each time, as a menu read aloud starts at its top.
        shown.choices[0].asked = 0
        shown.choices[0].spoken = .init(help: [text.text(.plainHomeHelp)])
        let amount = context.money(context.settings.amount, currency: context.settings.currency)
        shown.status = ([context.settingsNote?.text].compactMap { $0 }
            + [text.text(.homeAmountDue, amount) + context.glyphs.separator + text.text(.homeBinSource, context.settings.binSource.label)])
            .joined(with: "\n")
        return shown
    }
}

extension ComingSoonScreen {
    public var frame: ScreenFrame { ScreenFrame(title: title) }

    /// A screen that is not there says so, and Enter goes back.
    public func model(context: ScreenContext) -> ScreenModel {
        var shown = ScreenModel(screen: "unavailable", title: title(context: context))
        shown.status = Self.unavailable(route, context.localizer)
        shown.notice = .init(lead: [Self.unavailable(route, context.localizer)], steps: [.key(.enter)])
        return shown
    }

    /// What a screen that is not there says.
    static func unavailable(_ route: Route, _ text: Localizer) -> String {
        switch route {
        case .nolLink, .nolCards, .nolPay, .nolUnlink: text.text(.plainNolUnavailable)
        case .payments: text.text(.plainPaymentsElsewhere)
        case .home, .pay, .settings: text.text(.plainUnavailable, route.title(text))
        }
    }
}
