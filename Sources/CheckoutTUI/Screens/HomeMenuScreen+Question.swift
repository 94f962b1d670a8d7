/// The home menu asked as a numbered choice (plain mode).
extension HomeMenuScreen {
    public func question(context: ScreenContext, asking part: String?) -> ScreenQuestion? {
        // A conversation offers the first item each time, as a menu read aloud starts at its top.
        let options = Self.items.enumerated().map { index, item in
            ScreenQuestion.Option(item.title, steps: AnswerStep.moving(from: selection, to: index) + [.key(.enter)])
        }
        return ScreenQuestion(
            step: "home", prompt: "", help: ["Type the number of what you want to do; back or Quit leaves checkout."],
            kind: .choice(.init(heading: "What would you like to do?", options: options, defaultIndex: 0)))
    }
}

extension ComingSoonScreen {
    /// A screen that is not there says so and goes back.
    public func question(context: ScreenContext, asking part: String?) -> ScreenQuestion? {
        let said = route == .pay || route == .settings || route == .home
            ? "\(route.menuTitle) is not available." : "Nol Pay is not available: its data could not be opened."
        return ScreenQuestion(step: "unavailable", lead: [said], prompt: "", kind: .notice([.key(.enter)]))
    }
}
