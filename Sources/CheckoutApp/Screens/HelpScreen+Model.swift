/// The help and the event log as values (``ScreenModel``), under the ids `help` and `events`: the
/// help's keys as a table, which plain mode reads aloud (their question is their model's).
extension HelpScreen {
    public var frame: ScreenFrame { ScreenFrame(title: title) }

    public func model(context: ScreenContext) -> ScreenModel {
        var shown = ScreenModel(screen: "help", title: title(context: context))
        shown.tables = [.init(id: "keys", columns: ["", ""], rows: (about?.rows ?? []).map { [$0.keys, $0.help] } + hints.map { [$0.keys, $0.help] })]
        return shown
    }
}

extension EventLogScreen {
    public var frame: ScreenFrame { ScreenFrame(title: title, focusedText: focusedText) }

    public func model(context: ScreenContext) -> ScreenModel {
        var shown = ScreenModel(screen: "events", title: title(context: context))
        shown.stepBack = stepBackLabel(context: context)
        return shown
    }

    public mutating func respond(to event: ScreenEvent, context: ScreenContext) -> [ScreenEffect] {
        event == .stepBack ? stepBack(context: context) : []
    }
}
