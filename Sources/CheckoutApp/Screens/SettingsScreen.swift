import CheckoutCore
import CheckoutEngine

/// Settings: the BIN source (and its URL), simulated latency, debounce, the mouse, and which
/// networks are accepted in which order. Enter saves (the engine is rebuilt for the next card) and
/// goes back; opened on its own from the command line, it saves and stays, the last row saying
/// where. Esc leaves the settings as they were (asking first when something was changed) and goes
/// back, quitting when there is nothing to go back to.
///
/// The URL and the two durations are text fields like the card form's: a caret, typing, the
/// editing keys; the durations also step with + and -, and say at once when a value is out of range.
public struct SettingsScreen: Screen {
    /// A line of the screen.
    public enum Row: Sendable, Hashable {
        case binSource
        /// The BIN service URL, shown while the source is a URL.
        case binURL
        case latency, debounce, mouse
        /// The language the screens speak, by its own name.
        case language
        /// Puts the defaults (the command line's and the shipped ones) into the screen, to save.
        case reset
        case network(CardNetwork)
    }

    /// The click targets inside a row: its ◀ and ▶, a network's check box, a text field's text
    /// (`start` is the column of the text drawn first, as for the card form's fields).
    public enum Click: Sendable, Hashable {
        case row(Row)
        case step(Row, by: Int)
        case toggle(CardNetwork)
        case text(Row, start: Int)
    }

    public enum Action: Sendable { case up, down, decrease, increase, toggle, moveEarlier, moveLater, save, reset }

    /// A duration the screen edits as text, and the values it takes.
    public struct DurationRule: Sendable {
        /// In English, as the plain front end's step names and the saved file's errors say it.
        public var name: String
        /// Its name in the catalogues: the Settings row's label.
        public var key: TextKey0
        public var range: ClosedRange<Int>
        var step: Int
    }

    /// The simulated BIN latency and the debounce, as Settings (and the plain front end's) take them.
    public static let latencyRule = DurationRule(name: "BIN latency", key: .settingsLatency, range: 0...5000, step: 50)
    public static let debounceRule = DurationRule(name: "Debounce", key: .settingsDebounce, range: 0...2000, step: 50)

    public internal(set) var draft: CheckoutSettings
    /// Every network, the accepted ones first in their order.
    public internal(set) var networkOrder: [CardNetwork]
    public internal(set) var accepted: Set<CardNetwork>
    /// The row with focus.
    public internal(set) var current: Row = .binSource
    /// Why the last Enter did not save, until the next key.
    public internal(set) var error: String?
    /// A short word on a key the focused field cannot take ("digits only"), until the next key.
    public internal(set) var notice: String?
    /// The BIN service URL as typed (kept while another source is chosen, so it is not lost).
    public internal(set) var url: EditableText
    /// The durations as typed, in milliseconds.
    public internal(set) var latency: EditableText
    public internal(set) var debounce: EditableText
    /// The settings in use when the screen opened, or last saved: Enter saves what differs from
    /// them, Esc asks before discarding changes to them.
    var original: CheckoutSettings
    /// What "Reset to defaults" puts back.
    let defaults: CheckoutSettings
    let originalTable: String?
    let catalogueOrder: [CardNetwork]

    public var title: String { "Settings" }
    public func title(context: ScreenContext) -> String { Route.settings.title(context.localizer) }

    /// Settings showing `settings`; `original` is what is in use (what Enter saves changes from and
    /// Esc keeps), `settings` unless the screen shows others to retry (a rebuild that failed).
    public init(settings: CheckoutSettings, catalogue: NetworkCatalogue, defaults: CheckoutSettings? = nil, original: CheckoutSettings? = nil) {
        self.original = original ?? settings
        self.defaults = defaults ?? settings
        let all = catalogue.networks.map(\.network).filter { $0 != .other }
        catalogueOrder = all.isEmpty ? CardNetwork.allCases.filter { $0 != .other } : all
        if case .table(let path) = settings.binSource { originalTable = path } else { originalTable = nil }
        // Filled in by `load`.
        draft = settings
        networkOrder = []
        accepted = []
        url = EditableText()
        latency = EditableText()
        debounce = EditableText()
        load(settings)
    }

    /// Shows `settings` in every row (what the screen opens with, or the defaults on Reset); the
    /// URL typed so far stays when `settings` has none.
    mutating func load(_ settings: CheckoutSettings) {
        draft = settings
        let allowed = settings.allowedNetworks ?? catalogueOrder
        networkOrder = allowed + catalogueOrder.filter { !allowed.contains($0) }
        accepted = Set(allowed)
        if case .url(let text) = settings.binSource { url.set(text) }
        latency.set(String(settings.binLatencyMilliseconds))
        debounce.set(String(settings.debounceMilliseconds))
    }

    /// The rows above the network list: the URL's only while the source is a URL.
    public var settingRows: [Row] {
        var rows: [Row] = [.binSource]
        if case .url = draft.binSource { rows.append(.binURL) }
        return rows + [.latency, .debounce, .mouse, .language, .reset]
    }

    public var rows: [Row] { settingRows + networkOrder.map(Row.network) }

    /// The index of the row with focus in ``rows``.
    public var selection: Int { rows.firstIndex(of: current) ?? 0 }

    /// The text a row edits, if it is a text field.
    static func text(of row: Row) -> WritableKeyPath<SettingsScreen, EditableText>? {
        switch row {
        case .binURL: \.url
        case .latency: \.latency
        case .debounce: \.debounce
        default: nil
        }
    }

    static func rule(of row: Row) -> DurationRule? {
        switch row {
        case .latency: latencyRule
        case .debounce: debounceRule
        default: nil
        }
    }

    public var focusedText: EditableText? { Self.text(of: current).map { self[keyPath: $0] } }

    public func discardQuestion(context: ScreenContext) -> String? {
        result == original && latency.text == String(original.binLatencyMilliseconds)
            && debounce.text == String(original.debounceMilliseconds) ? nil : context.localizer.text(.frameDiscardSettings)
    }

    /// What is wrong with a duration as typed, said so a person can fix it in `text`'s language;
    /// `nil` when it can be used.
    static func problem(with typed: String, rule: DurationRule, _ text: Localizer = Bundled.english) -> String? {
        guard let value = Int(typed), rule.range.contains(value) else {
            return text.text(.settingsDurationProblem, text.text(rule.key), String(rule.range.lowerBound), String(rule.range.upperBound))
        }
        return nil
    }

    /// What is wrong with a BIN source, said so a person can fix it (in English unless `text` says
    /// otherwise: the saved file's errors are English); `nil` when it can be used: a URL is checked
    /// as everywhere else one is taken (``BinServiceURL``).
    public static func problem(with source: BinSource, _ text: Localizer = Bundled.english) -> String? {
        guard case .url(let url) = source, case .failure(let problem) = BinServiceURL.parse(url) else { return nil }
        return shown(problem, text)
    }

    /// A URL's problem in a language.
    static func shown(_ problem: BinServiceURL.Problem, _ text: Localizer) -> String {
        switch problem {
        case .empty: text.text(.settingsURLEmpty)
        case .scheme: text.text(.settingsURLScheme)
        case .host(let scheme): text.text(.settingsURLHost, scheme)
        }
    }

    /// The first row whose value cannot be saved, and why.
    func firstProblem(_ text: Localizer) -> (row: Row, message: String)? {
        if let problem = Self.problem(with: draft.binSource, text) { return (settingRows.contains(.binURL) ? .binURL : .binSource, problem) }
        if accepted.isEmpty, let first = networkOrder.first {
            return (.network(first), text.text(.settingsNoNetwork))
        }
        for row in [Row.latency, .debounce] {
            if let rule = Self.rule(of: row), let path = Self.text(of: row),
               let problem = Self.problem(with: self[keyPath: path].text, rule: rule, text) {
                return (row, problem)
            }
        }
        return nil
    }

    /// The settings as they would be saved (a duration that cannot be used keeps its old value).
    public var result: CheckoutSettings {
        var settings = draft
        if let value = Int(latency.text), Self.latencyRule.range.contains(value) { settings.binLatencyMilliseconds = value }
        if let value = Int(debounce.text), Self.debounceRule.range.contains(value) { settings.debounceMilliseconds = value }
        let allowed = networkOrder.filter { accepted.contains($0) }
        settings.allowedNetworks = allowed == catalogueOrder ? nil : allowed
        return settings
    }

    /// Longer URLs are cut off as they are typed or pasted.
    static let maximumURLLength = 2048
    /// Digits a duration field takes: enough to type a value out of range and be told so.
    static let maximumDurationDigits = 5
}
