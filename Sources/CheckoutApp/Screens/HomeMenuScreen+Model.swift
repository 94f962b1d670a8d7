import CheckoutCore

/// The home menu as a value (``ScreenModel``): its items as the `menu` choice (ids are the routes,
/// and `quit`), the amount due and BIN source as its status, and what happened to the settings.
extension HomeMenuScreen {
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
        let amount = context.money(context.settings.amount, currency: context.settings.currency)
        shown.status = ([context.settingsNote?.text].compactMap { $0 }
            + [text.text(.homeAmountDue, amount) + context.glyphs.separator + text.text(.homeBinSource, context.settings.binSource.label)])
            .joined(separator: "\n")
        return shown
    }
}
