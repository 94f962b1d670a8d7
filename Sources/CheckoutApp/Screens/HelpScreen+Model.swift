/// The help and the event log as values (``ScreenModel``), under the ids `help` and `events`: the
/// help's keys as a table, which plain mode reads aloud (their question is their model's).
extension HelpScreen {
    public func model(context: ScreenContext) -> ScreenModel {
        var shown = ScreenModel(screen: "help", title: title(context: context))
        shown.tables = [.init(id: "keys", columns: ["", ""], rows: (about?.rows ?? []).map { [$0.keys, $0.help] } + hints.map { [$0.keys, $0.help] })]
        return shown
    }
}

extension EventLogScreen {
    public func model(context: ScreenContext) -> ScreenModel { ScreenModel(screen: "events", title: title(context: context)) }
}
