import CheckoutCore
import CheckoutEngine

/// Settings asked as a menu of its settings (plain mode): each entry moves the focus to its row and
/// asks for that setting (the networks as a list, the BIN source as a choice, a duration as a
/// number), which goes into the row as the terminal's keys and pastes would put it; Done is Enter.
extension SettingsScreen {
    public func narration(context: ScreenContext) -> [Narration] {
        [Narration(context.localizer.text(context.savesSettings ? .plainSettingsSaved : .plainSettingsThisRun), once: "settings")]
    }

    public func question(context: ScreenContext, asking part: String?) -> ScreenQuestion? {
        let text = context.localizer
        switch part {
        case "networks": return networksQuestion(text)
        case "binSource": return sourceQuestion(text)
        case "binURL": return urlQuestion(text)
        case "latency": return durationQuestion(.latency, help: text.text(.plainLatencyHelp), text: text)
        case "debounce": return durationQuestion(.debounce, help: text.text(.plainDebounceHelp), text: text)
        case "language": return languageQuestion(context: context)
        default: return menu(context: context)
        }
    }

    public func leavingQuestion(context: ScreenContext) -> String? {
        discardQuestion(context: context).map { _ in context.localizer.text(context.savesSettings ? .plainLeaveUnsaved : .plainLeaveUnapplied) }
    }

    private func menu(context: ScreenContext) -> ScreenQuestion {
        let settings = result
        let text = context.localizer
        let networks = settings.allowedNetworks.map { $0.map { context.catalogue.info($0).displayName }.joined(separator: ", ") }
            ?? text.text(.plainEveryNetworkSetting)
        let saves = context.savesSettings
        let options: [ScreenQuestion.Option] = [
            .init(text.text(.plainSettingNetworks, networks), steps: focusing(.network(networkOrder.first ?? .visa)), opens: "networks"),
            .init(text.text(.plainSettingSource, draft.binSource.label), steps: focusing(.binSource), opens: "binSource"),
            .init(text.text(.plainSettingLatency, String(settings.binLatencyMilliseconds)), steps: focusing(.latency), opens: "latency"),
            .init(text.text(.plainSettingDebounce, String(settings.debounceMilliseconds)), steps: focusing(.debounce), opens: "debounce"),
            // Enter saves on every row but Reset's.
            .init(text.text(.plainSettingDone), steps: (current == .reset ? [.key(.up)] : []) + [.key(.enter)]),
            .init(text.text(.plainSettingReset), steps: focusing(.reset) + [.key(.enter)],
                  said: text.text(saves ? .plainDefaultsRestoredSaves : .plainDefaultsRestoredApplies)),
            // Last, so that the numbers scripts type for the others stay as they were.
            .init(text.text(.plainSettingLanguage, draft.language.nativeName), steps: focusing(.language), opens: "language"),
        ]
        return ScreenQuestion(
            step: "settings", prompt: "",
            help: [text.text(saves ? .plainSettingsHelpSaves : .plainSettingsHelpApplies)],
            kind: .choice(.init(heading: text.text(.plainSettingsHeading), options: options, defaultIndex: 4)),
            error: error.map { [$0 + "."] } ?? [])
    }

    /// The languages by their own names; the chosen one is spoken once Done saves it.
    private func languageQuestion(context: ScreenContext) -> ScreenQuestion {
        let all = Language.allCases
        let current = all.firstIndex(of: draft.language) ?? 0
        let options = all.enumerated().map { index, language in
            ScreenQuestion.Option(language.nativeName, steps: AnswerStep.moving(from: current, to: index, down: .right, up: .left))
        }
        return ScreenQuestion(step: "settings.language", prompt: "", help: [context.localizer.text(.plainLanguageHelp)],
                              kind: .choice(.init(heading: context.localizer.text(.plainLanguageHeading), options: options,
                                                  defaultIndex: current)),
                              back: [])
    }

    private func networksQuestion(_ text: Localizer) -> ScreenQuestion {
        let allowed = result.allowedNetworks
        return ScreenQuestion(
            step: "settings.networks", prompt: text.text(.plainNetworksPrompt),
            help: [text.text(.plainNetworksHelp),
                   text.text(.plainNetworksKnown, CardNetwork.allCases.filter { $0 != .other }.map(\.rawValue).joined(separator: " "))],
            kind: .text(.init(current: allowed.map { $0.map(\.rawValue).joined(separator: ",") } ?? "all") { answer in
                [.paste(answer), .check]
            }),
            refusal: error.map { [$0] } ?? [], back: [])
    }

    private func sourceQuestion(_ text: Localizer) -> ScreenQuestion {
        var sources: [BinSource] = [.embedded, .off, .url(url.text)]
        if let originalTable { sources.append(.table(path: originalTable)) }
        let labels = [text.text(.plainSourceEmbedded), text.text(.plainSourceOff), text.text(.plainSourceURL)]
            + sources.dropFirst(3).map { text.text(.plainSourceTable, $0.label) }
        let current = sources.firstIndex(of: draft.binSource) ?? 0
        let options = labels.enumerated().map { index, label in
            ScreenQuestion.Option(label, steps: AnswerStep.moving(from: current, to: index, down: .right, up: .left),
                                  opens: index == 2 ? "binURL" : nil)
        }
        return ScreenQuestion(step: "settings.source", prompt: "", help: [text.text(.plainSourceHelp)],
                              kind: .choice(.init(heading: text.text(.plainSourceHeading), options: options, defaultIndex: current)), back: [])
    }

    private func urlQuestion(_ text: Localizer) -> ScreenQuestion {
        let problem = BinServiceURL.parse(url.text).failure
        return ScreenQuestion(
            step: "settings.url", prompt: text.text(.plainURLPrompt), help: [text.text(.plainURLHelp)],
            kind: .text(.init(current: url.text.isEmpty || problem != nil ? nil : url.text) { [focus = focusing(.binURL)] answer in
                focus + AnswerStep.replacing(with: answer) + [.check]
            }),
            refusal: problem.map { [Self.shown($0, text) + "."] } ?? [], back: [])
    }

    private func durationQuestion(_ row: Row, help: String, text: Localizer) -> ScreenQuestion? {
        guard let rule = Self.rule(of: row), let path = Self.text(of: row) else { return nil }
        let typed = self[keyPath: path].text
        let refused = Self.problem(with: typed, rule: rule, text) != nil
        let (low, high) = (String(rule.range.lowerBound), String(rule.range.upperBound))
        return ScreenQuestion(
            step: "settings.\(rule.name)", prompt: text.text(.plainDurationPrompt, text.text(rule.key), low, high), help: [help],
            kind: .text(.init(current: refused ? nil : typed) { answer in AnswerStep.replacing(with: answer) + [.check] }),
            refusal: refused ? [text.text(.plainDurationRefused, low, high)] : [], back: [])
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
