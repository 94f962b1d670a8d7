import CheckoutCore
import CheckoutTUI

/// Settings, as the full-screen Settings screen has them: the accepted networks in order of
/// preference, the BIN source, the simulated BIN latency and the debounce, and Reset to defaults.
///
/// Done applies them: the engine is built from them at once, so settings it cannot be built from
/// (a BIN table file gone since) are refused with the reason and the previous ones stay. With a
/// ``SettingsStorage`` Done also saves them for the next start through the same path as the
/// full-screen Settings (`settings.json` in the data directory) and says where, or why not.
final class SettingsFlow {
    let conversation: Conversation
    let catalogue: NetworkCatalogue
    let makeEngine: EngineFactory
    let storage: SettingsStorage?
    private let original: CheckoutSettings
    /// What Reset to defaults puts back: the command line's and the shipped settings, without the saved ones.
    private let defaults: CheckoutSettings
    private var draft: CheckoutSettings

    init(conversation: Conversation, catalogue: NetworkCatalogue, settings: CheckoutSettings, makeEngine: @escaping EngineFactory,
         storage: SettingsStorage? = nil) {
        self.conversation = conversation
        self.catalogue = catalogue
        self.makeEngine = makeEngine
        self.storage = storage
        original = settings
        defaults = storage?.defaults ?? settings
        draft = settings
    }

    /// The menu's entries past the four settings. Done keeps number 5, as before Reset was added,
    /// so scripts that answer 5 still finish.
    private enum Entry: Int { case done = 4, reset = 5 }

    /// How the flow ended, and the settings in use after it.
    func run() async -> (FlowEnd, CheckoutSettings) {
        conversation.say(storage == nil ? "Settings, for this run of checkout." : "Settings: Done saves them, for this run and the next ones.")
        let keeps = storage == nil ? "applies" : "saves"
        while true {
            let options = ["Accepted networks: \(networks(draft.allowedNetworks))", "BIN source: \(draft.binSource.label)",
                           "BIN latency: \(draft.binLatencyMilliseconds) ms", "Debounce: \(draft.debounceMilliseconds) ms",
                           "Done", "Reset to defaults"]
            conversation.say("Change which setting?")
            let choice = await conversation.choose(
                options, prompt: "", defaultIndex: Entry.done.rawValue,
                help: ["Choose a setting to change it; Done \(keeps) the changes; Reset to defaults puts the defaults back, "
                       + "for Done to \(keeps == "saves" ? "save" : "apply"). back leaves without them."])
            switch choice {
            case .end: return (.end, original)
            case .back:
                guard draft != original else { return (.leave, original) }
                switch await conversation.confirm(storage == nil ? "Leave without applying your changes?" : "Leave without saving your changes?",
                                                  defaultYes: false, help: ["y forgets the changes; n (or Enter) stays in Settings."]) {
                case .yes: return (.leave, original)
                case .end: return (.end, original)
                case .no, .back: continue
                }
            case .chose(Entry.done.rawValue):
                if let applied = apply() { return (.home, applied) }
            case .chose(Entry.reset.rawValue):
                draft = defaults
                conversation.say("Defaults restored: Done \(keeps) them, back keeps the settings as they were.")
            case let .chose(index):
                let step: Conversation.Reply
                switch index {
                case 0: step = await askNetworks()
                case 1: step = await askBinSource()
                case 2: step = await askMilliseconds(SettingsScreen.latencyRule, \.binLatencyMilliseconds,
                                                     help: "How long the embedded BIN service takes to answer, to see the wait as over a network.")
                default: step = await askMilliseconds(SettingsScreen.debounceRule, \.debounceMilliseconds,
                                                      help: "How long the number must stay the same before its BIN is looked up.")
                }
                if step == .end { return (.end, original) }
            }
        }
    }

    private func networks(_ allowed: [CardNetwork]?) -> String {
        guard let allowed else { return "every network" }
        return allowed.map { catalogue.info($0).displayName }.joined(separator: ", ")
    }

    /// Builds an engine from the draft; the settings when it can be, nil (said why) when not.
    private func apply() -> CheckoutSettings? {
        if let problem = SettingsScreen.problem(with: draft.binSource) {
            conversation.say("Not applied: \(problem).")
            return nil
        }
        do {
            _ = try makeEngine(draft)
        } catch {
            conversation.say("Not applied: \(error). The previous settings stay in use.")
            return nil
        }
        let changes = SavedSettings(changesFrom: original, to: draft)
        if let storage, !changes.isEmpty {
            // As the full-screen Settings: only what was changed here is saved, and said where.
            conversation.say(storage.save(changes).text + ".")
        } else {
            conversation.say(draft == original ? "Settings unchanged." : "Settings applied for this run.")
        }
        return draft
    }

    private func askNetworks() async -> Conversation.Reply {
        let ids = (draft.allowedNetworks ?? []).map(\.rawValue).joined(separator: ",")
        let question = Conversation.Question(
            prompt: "Accepted networks in order of preference, comma-separated (or all)",
            defaultAnswer: draft.allowedNetworks == nil ? "all" : ids,
            help: ["Network ids or names, such as VISA,CARTES_BANCAIRES,MASTERCARD; all accepts every network.",
                   "Known: " + CardNetwork.allCases.filter { $0 != .other }.map(\.rawValue).joined(separator: " ")])
        while true {
            let reply = await conversation.ask(question)
            guard case let .answer(text) = reply else { return reply }
            if text.lowercased() == "all" {
                draft.allowedNetworks = nil
                return reply
            }
            do {
                let list = try ClientSession.parseNetworkList(text)
                guard !list.isEmpty else { throw CatalogueError("name at least one network") }
                draft.allowedNetworks = list
                return reply
            } catch {
                conversation.say("\(error)")
            }
        }
    }

    private func askBinSource() async -> Conversation.Reply {
        var sources: [BinSource] = [.embedded, .off, .url(urlDraft)]
        if case .table = original.binSource { sources.append(original.binSource) }
        let labels = ["embedded (the shipped BIN table)", "off (no service: local rules)", "an HTTP BIN service (type its URL)"]
            + sources.dropFirst(3).map { "\($0.label) (your BIN table)" }
        let current = sources.firstIndex { Self.sameKind($0, draft.binSource) } ?? 0
        conversation.say("BIN source:")
        switch await conversation.choose(labels, prompt: "", defaultIndex: current,
                                         help: ["Where the engine asks about a card's first 8 digits."]) {
        case .end: return .end
        case .back: return .back
        case .chose(2):
            let question = Conversation.Question(prompt: "BIN service URL", defaultAnswer: urlDraft.isEmpty ? nil : urlDraft,
                                                 help: ["A service answering GET {URL}/v1/bin-data/{first 8 digits}."])
            while true {
                let reply = await conversation.ask(question)
                guard case let .answer(text) = reply else { return reply }
                if let problem = SettingsScreen.problem(with: .url(text)) {
                    conversation.say(problem + ".")
                    continue
                }
                draft.binSource = .url(text)
                return reply
            }
        case let .chose(index):
            draft.binSource = sources[index]
            return .answer(labels[index])
        }
    }

    private var urlDraft: String {
        if case let .url(text) = draft.binSource { return text }
        return ""
    }

    private static func sameKind(_ left: BinSource, _ right: BinSource) -> Bool {
        switch (left, right) {
        case (.embedded, .embedded), (.off, .off), (.url, .url), (.table, .table): return true
        default: return false
        }
    }

    private func askMilliseconds(_ rule: SettingsScreen.DurationRule, _ path: WritableKeyPath<CheckoutSettings, Int>,
                                 help: String) async -> Conversation.Reply {
        let range = rule.range
        let question = Conversation.Question(prompt: "\(rule.name) in milliseconds, \(range.lowerBound) to \(range.upperBound)",
                                             defaultAnswer: String(draft[keyPath: path]), help: [help])
        while true {
            let reply = await conversation.ask(question)
            guard case let .answer(text) = reply else { return reply }
            guard let value = Int(text), range.contains(value) else {
                conversation.say("Type a whole number of milliseconds from \(range.lowerBound) to \(range.upperBound).")
                continue
            }
            draft[keyPath: path] = value
            return reply
        }
    }
}
