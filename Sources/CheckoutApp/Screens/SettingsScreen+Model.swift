/// Settings as a value (``ScreenModel``): its question (the menu, or the setting asked) under the id `settings`.
extension SettingsScreen {
    public func model(context: ScreenContext) -> ScreenModel { questionModel(id: "settings", context: context) }
}

extension ComingSoonScreen {
    public func model(context: ScreenContext) -> ScreenModel { questionModel(id: "unavailable", context: context) }
}
