/// The help and the event log as values (``ScreenModel``), under the ids `help` and `events`.
extension HelpScreen {
    public func model(context: ScreenContext) -> ScreenModel {
        var shown = questionModel(id: "help", context: context)
        shown.tables = [.init(id: "keys", columns: ["", ""], rows: (about?.rows ?? []).map { [$0.keys, $0.help] } + hints.map { [$0.keys, $0.help] })]
        return shown
    }
}

extension EventLogScreen {
    public func model(context: ScreenContext) -> ScreenModel { questionModel(id: "events", context: context) }
}
