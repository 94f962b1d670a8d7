import CheckoutCore
import CheckoutEngine

/// Settings asked as a menu of its settings (plain mode): each entry moves the focus to its row and
/// asks for that setting (the networks as a list, the BIN source as a choice, a duration as a
/// number), which goes into the row as the terminal's keys and pastes would put it; Done is Enter.
extension SettingsScreen {
    public func narration(context: ScreenContext) -> [Narration] {
        [Narration(context.savesSettings ? "Settings: Done saves them, for this run and the next ones." : "Settings, for this run of checkout.",
                   once: "settings")]
    }

    public func question(context: ScreenContext, asking part: String?) -> ScreenQuestion? {
        switch part {
        case "networks": return networksQuestion
        case "binSource": return sourceQuestion
        case "binURL": return urlQuestion
        case "latency": return durationQuestion(.latency, help: "How long the embedded BIN service takes to answer, to see the wait as over a network.")
        case "debounce": return durationQuestion(.debounce, help: "How long the number must stay the same before its BIN is looked up.")
        default: return menu(context: context)
        }
    }

    public func leavingQuestion(context: ScreenContext) -> String? {
        discardQuestion(context: context).map { _ in context.savesSettings ? "Leave without saving your changes?" : "Leave without applying your changes?" }
    }

    private func menu(context: ScreenContext) -> ScreenQuestion {
        let settings = result
        let networks = settings.allowedNetworks.map { $0.map { context.catalogue.info($0).displayName }.joined(separator: ", ") } ?? "every network"
        let keeps = context.savesSettings ? "saves" : "applies"
        let options: [ScreenQuestion.Option] = [
            .init("Accepted networks: \(networks)", steps: focusing(.network(networkOrder.first ?? .visa)), opens: "networks"),
            .init("BIN source: \(draft.binSource.label)", steps: focusing(.binSource), opens: "binSource"),
            .init("BIN latency: \(settings.binLatencyMilliseconds) ms", steps: focusing(.latency), opens: "latency"),
            .init("Debounce: \(settings.debounceMilliseconds) ms", steps: focusing(.debounce), opens: "debounce"),
            // Enter saves on every row but Reset's.
            .init("Done", steps: (current == .reset ? [.key(.up)] : []) + [.key(.enter)]),
            .init("Reset to defaults", steps: focusing(.reset) + [.key(.enter)],
                  said: "Defaults restored: Done \(keeps) them, back keeps the settings as they were."),
        ]
        return ScreenQuestion(
            step: "settings", prompt: "",
            help: ["Choose a setting to change it; Done \(keeps) the changes; Reset to defaults puts the defaults back, "
                   + "for Done to \(context.savesSettings ? "save" : "apply"). back leaves without them."],
            kind: .choice(.init(heading: "Change which setting?", options: options, defaultIndex: 4)),
            error: error.map { [$0 + "."] } ?? [])
    }

    private var networksQuestion: ScreenQuestion {
        let allowed = result.allowedNetworks
        return ScreenQuestion(
            step: "settings.networks", prompt: "Accepted networks in order of preference, comma-separated (or all)",
            help: ["Network ids or names, such as VISA,CARTES_BANCAIRES,MASTERCARD; all accepts every network.",
                   "Known: " + CardNetwork.allCases.filter { $0 != .other }.map(\.rawValue).joined(separator: " ")],
            kind: .text(.init(current: allowed.map { $0.map(\.rawValue).joined(separator: ",") } ?? "all") { answer in
                [.paste(answer), .check]
            }),
            refusal: error.map { [$0] } ?? [], back: [])
    }

    private var sourceQuestion: ScreenQuestion {
        var sources: [BinSource] = [.embedded, .off, .url(url.text)]
        if let originalTable { sources.append(.table(path: originalTable)) }
        let labels = ["embedded (the shipped BIN table)", "off (no service: local rules)", "an HTTP BIN service (type its URL)"]
            + sources.dropFirst(3).map { "\($0.label) (your BIN table)" }
        let current = sources.firstIndex(of: draft.binSource) ?? 0
        let options = labels.enumerated().map { index, label in
            ScreenQuestion.Option(label, steps: AnswerStep.moving(from: current, to: index, down: .right, up: .left),
                                  opens: index == 2 ? "binURL" : nil)
        }
        return ScreenQuestion(step: "settings.source", prompt: "", help: ["Where the engine asks about a card's first 8 digits."],
                              kind: .choice(.init(heading: "BIN source:", options: options, defaultIndex: current)), back: [])
    }

    private var urlQuestion: ScreenQuestion {
        let problem = BinServiceURL.parse(url.text).failure
        return ScreenQuestion(
            step: "settings.url", prompt: "BIN service URL", help: ["A service answering GET {URL}/v1/bin-data/{first 8 digits}."],
            kind: .text(.init(current: url.text.isEmpty || problem != nil ? nil : url.text) { [focus = focusing(.binURL)] answer in
                focus + AnswerStep.replacing(with: answer) + [.check]
            }),
            refusal: problem.map { ["\($0)."] } ?? [], back: [])
    }

    private func durationQuestion(_ row: Row, help: String) -> ScreenQuestion? {
        guard let rule = Self.rule(of: row), let path = Self.text(of: row) else { return nil }
        let text = self[keyPath: path].text
        let refused = Self.problem(with: text, rule: rule) != nil
        let range = rule.range
        return ScreenQuestion(
            step: "settings.\(rule.name)", prompt: "\(rule.name) in milliseconds, \(range.lowerBound) to \(range.upperBound)", help: [help],
            kind: .text(.init(current: refused ? nil : text) { answer in AnswerStep.replacing(with: answer) + [.check] }),
            refusal: refused ? ["Type a whole number of milliseconds from \(range.lowerBound) to \(range.upperBound)."] : [], back: [])
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
