import CheckoutCore
import CheckoutEngine

/// Settings as a value (``ScreenModel``), under the id `settings`: the `menu` of its settings
/// (each entry moves the focus to its row and opens that setting), and each setting as a field or
/// a choice the menu opens (`networks` as a list, `binSource` as a choice, `binURL`, `latency`
/// and `debounce` as numbers, `language`), which goes into its row as the terminal's keys and
/// pastes would put it; Done is Enter.
extension SettingsScreen {
    public func model(context: ScreenContext) -> ScreenModel {
        let text = context.localizer
        var shown = ScreenModel(screen: "settings", title: title(context: context))
        shown.choices = [menu(context: context), sourceChoice(text), languageChoice(context: context)]
        shown.fields = [networksField(text), urlField(text)]
        for (id, row, help) in [("latency", Row.latency, text.text(.plainLatencyHelp)), ("debounce", .debounce, text.text(.plainDebounceHelp))] {
            if let field = durationField(row, id: id, help: help, text: text) { shown.fields.append(field) }
        }
        shown.narration = [Narration(text.text(context.savesSettings ? .plainSettingsSaved : .plainSettingsThisRun), once: "settings")]
        shown.discard = discardQuestion(context: context)
        shown.keyHelp = helpLines(context: context)
        shown.leaving = discardQuestion(context: context).map { _ in text.text(context.savesSettings ? .plainLeaveUnsaved : .plainLeaveUnapplied) }
        return shown
    }

    public var frame: ScreenFrame { ScreenFrame(title: title, focusedText: focusedText, editsText: editsText) }

    private func menu(context: ScreenContext) -> ScreenModel.Choice {
        let settings = result
        let text = context.localizer
        let networks = settings.allowedNetworks.map { $0.map { context.catalogue.info($0).displayName }.joined(with: ", ") }
            ?? text.text(.plainEveryNetworkSetting)
        let saves = context.savesSettings
        let options: [ScreenModel.Choice.Option] = [
            .init(id: "networks", label: text.text(.plainSettingNetworks, networks), steps: focusing(.network(networkOrder.first ?? .visa)), opens: "networks"),
            .init(id: "binSource", label: text.text(.plainSettingSource, draft.binSource.label), steps: focusing(.binSource), opens: "binSource"),
            .init(id: "latency", label: text.text(.plainSettingLatency, String(settings.binLatencyMilliseconds)), steps: focusing(.latency), opens: "latency"),
            .init(id: "debounce", label: text.text(.plainSettingDebounce, String(settings.debounceMilliseconds)), steps: focusing(.debounce), opens: "debounce"),
            // Enter saves on every row but Reset's.
            .init(id: "done", label: text.text(.plainSettingDone), steps: (current == .reset ? [.key(.up)] : []) + [.key(.enter)]),
            .init(id: "reset", label: text.text(.plainSettingReset), steps: focusing(.reset) + [.key(.enter)],
                  said: text.text(saves ? .plainDefaultsRestoredSaves : .plainDefaultsRestoredApplies)),
            // Last, so that the numbers scripts type for the others stay as they were.
            .init(id: "language", label: text.text(.plainSettingLanguage, draft.language.nativeName), steps: focusing(.language), opens: "language"),
        ]
        var menu = ScreenModel.Choice(id: "menu", label: text.text(.plainSettingsHeading), options: options, marked: 4, focused: true)
        menu.spoken = .init(help: [text.text(saves ? .plainSettingsHelpSaves : .plainSettingsHelpApplies)], errors: error.map { [$0 + "."] } ?? [])
        return menu
    }

    /// The languages by their own names; the chosen one is spoken once Done saves it.
    private func languageChoice(context: ScreenContext) -> ScreenModel.Choice {
        let all = Language.allCases
        var choice = ScreenModel.Choice(id: "language", label: context.localizer.text(.plainLanguageHeading),
                                        options: all.map { .init(id: $0.rawValue, label: $0.nativeName) },
                                        marked: all.firstIndex(of: draft.language) ?? 0)
        choice.moves = .init(down: .right, up: .left, then: [])
        choice.spoken = .init(help: [context.localizer.text(.plainLanguageHelp)], back: [])
        return choice
    }

    private func networksField(_ text: Localizer) -> ScreenModel.Field {
        var field = ScreenModel.Field(id: "networks", label: text.text(.plainNetworksPrompt),
                                      value: result.allowedNetworks.map { $0.map(\.rawValue).joined(with: ",") } ?? "all")
        field.spoken = .init(help: [text.text(.plainNetworksHelp),
                                    text.text(.plainNetworksKnown, CardNetwork.allCases.filter { $0 != .other }.map(\.rawValue).joined(with: " "))],
                             refusal: error.map { [$0] } ?? [], back: [])
        field.entry = .init(replaces: false, goesOn: false)
        return field
    }

    private func sourceChoice(_ text: Localizer) -> ScreenModel.Choice {
        var sources: [BinSource] = [.embedded, .off, .url(url.text)]
        if let originalTable { sources.append(.table(path: originalTable)) }
        let labels = [text.text(.plainSourceEmbedded), text.text(.plainSourceOff), text.text(.plainSourceURL)]
            + sources.dropFirst(3).map { text.text(.plainSourceTable, $0.label) }
        let current = sources.firstIndex(of: draft.binSource) ?? 0
        let moves = AnswerStep.moving(from:to:down:up:)
        var choice = ScreenModel.Choice(id: "binSource", label: text.text(.plainSourceHeading),
                                        options: labels.enumerated().map { index, label in
                                            .init(id: String(index), label: label, steps: moves(current, index, .right, .left),
                                                  opens: index == 2 ? "binURL" : nil)
                                        },
                                        marked: current)
        choice.spoken = .init(help: [text.text(.plainSourceHelp)], back: [])
        return choice
    }

    private func urlField(_ text: Localizer) -> ScreenModel.Field {
        var field = ScreenModel.Field(id: "binURL", label: text.text(.plainURLPrompt), value: url.text)
        field.spoken = .init(help: [text.text(.plainURLHelp)],
                             refusal: BinServiceURL.parse(url.text).failure.map { [Self.shown($0, text) + "."] } ?? [], back: [])
        field.entry = .init(before: focusing(.binURL), goesOn: false)
        return field
    }

    private func durationField(_ row: Row, id: String, help: String, text: Localizer) -> ScreenModel.Field? {
        guard let rule = Self.rule(of: row), let path = Self.text(of: row) else { return nil }
        let typed = self[keyPath: path].text
        let (low, high) = (String(rule.range.lowerBound), String(rule.range.upperBound))
        var field = ScreenModel.Field(id: id, label: text.text(.plainDurationPrompt, text.text(rule.key), low, high), value: typed)
        field.spoken = .init(help: [help], refusal: Self.problem(with: typed, rule: rule, text) != nil ? [text.text(.plainDurationRefused, low, high)] : [],
                             back: [])
        field.entry = .init(goesOn: false)
        return field
    }

    /// The keys that move the focus to `row`.
    private func focusing(_ row: Row) -> [AnswerStep] {
        AnswerStep.moving(from: selection, to: rows.firstIndex(of: row) ?? selection)
    }
}

extension Result {
    /// The error, when it is one.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
