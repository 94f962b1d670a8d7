import CheckoutCore

/// The home menu asked as a numbered choice (plain mode).
extension HomeMenuScreen {
    public func question(context: ScreenContext, asking part: String?) -> ScreenQuestion? {
        // A conversation offers the first item each time, as a menu read aloud starts at its top.
        let options = Self.items.enumerated().map { index, item in
            ScreenQuestion.Option(item.title(context.localizer), steps: AnswerStep.moving(from: selection, to: index) + [.key(.enter)])
        }
        let text = context.localizer
        return ScreenQuestion(
            step: "home", prompt: "", help: [text.text(.plainHomeHelp)],
            kind: .choice(.init(heading: text.text(.homeQuestion), options: options, defaultIndex: 0)))
    }
}

extension ComingSoonScreen {
    /// A screen that is not there says so and goes back.
    public func question(context: ScreenContext, asking part: String?) -> ScreenQuestion? {
        ScreenQuestion(step: "unavailable", lead: [Self.unavailable(route, context.localizer)], prompt: "", kind: .notice([.key(.enter)]))
    }

    /// What a conversation says for a screen it cannot show.
    static func unavailable(_ route: Route, _ text: Localizer) -> String {
        switch route {
        case .nolLink, .nolCards, .nolPay, .nolUnlink: text.text(.plainNolUnavailable)
        case .payments: text.text(.plainPaymentsElsewhere)
        case .home, .pay, .settings: text.text(.plainUnavailable, route.title(text))
        }
    }
}
