import CheckoutCore

/// What Settings saves for the next start: the values the Settings screen edits, as a small JSON
/// document in the data directory (`settings.json`).
///
///     {"version":1,"allowedNetworks":["VISA","CARTES_BANCAIRES"],"binService":"embedded",
///      "binLatencyMs":0,"debounceMs":200,"mouse":true,"language":"fr"}
///
/// `allowedNetworks` is `null` for every network; `binService` is `embedded`, `off` or an http(s)
/// URL, and `binTable` a BIN table file (as `--bin-service` and `--bin-table` name them). Each
/// field is optional: one left out keeps its default. A file that is not such a document is
/// refused whole, with a message saying where it is wrong (``SavedSettingsError``), never half read.
public struct SavedSettings: Sendable, Equatable {
    public var allowedNetworks: [CardNetwork]??
    public var binSource: BinSource?
    public var binLatencyMilliseconds: Int?
    public var debounceMilliseconds: Int?
    public var mouse: Bool?
    public var language: Language?

    /// The format's version; a file of a later one is refused rather than half understood.
    public static let version = 1
    /// A settings file is a few hundred bytes; anything much larger is not one.
    public static let maximumSize = 64 * 1024

    public init(allowedNetworks: [CardNetwork]?? = nil, binSource: BinSource? = nil, binLatencyMilliseconds: Int? = nil,
                debounceMilliseconds: Int? = nil, mouse: Bool? = nil, language: Language? = nil) {
        self.allowedNetworks = allowedNetworks
        self.binSource = binSource
        self.binLatencyMilliseconds = binLatencyMilliseconds
        self.debounceMilliseconds = debounceMilliseconds
        self.mouse = mouse
        self.language = language
    }

    /// Everything Settings edits, from `settings`.
    public init(_ settings: CheckoutSettings) {
        self.init(allowedNetworks: .some(settings.allowedNetworks), binSource: settings.binSource,
                  binLatencyMilliseconds: settings.binLatencyMilliseconds, debounceMilliseconds: settings.debounceMilliseconds,
                  mouse: settings.mouse, language: settings.language)
    }

    /// What changed from `original` (what Settings opened with) to `changed`: only those values,
    /// so that a value set on the command line for this run (`--allowed`, `--debounce`) and not
    /// touched in Settings is never written over the saved one.
    public init(changesFrom original: CheckoutSettings, to changed: CheckoutSettings) {
        self.init()
        if changed.allowedNetworks != original.allowedNetworks { allowedNetworks = .some(changed.allowedNetworks) }
        if changed.binSource != original.binSource { binSource = changed.binSource }
        if changed.binLatencyMilliseconds != original.binLatencyMilliseconds { binLatencyMilliseconds = changed.binLatencyMilliseconds }
        if changed.debounceMilliseconds != original.debounceMilliseconds { debounceMilliseconds = changed.debounceMilliseconds }
        if changed.mouse != original.mouse { mouse = changed.mouse }
        if changed.language != original.language { language = changed.language }
    }

    /// Whether nothing is set: saving it would change nothing.
    public var isEmpty: Bool { fields.isEmpty }

    /// These values over `saved`: what the file holds after saving them.
    public func merged(over saved: SavedSettings) -> SavedSettings {
        var result = saved
        if let allowedNetworks { result.allowedNetworks = allowedNetworks }
        if let binSource { result.binSource = binSource }
        if let binLatencyMilliseconds { result.binLatencyMilliseconds = binLatencyMilliseconds }
        if let debounceMilliseconds { result.debounceMilliseconds = debounceMilliseconds }
        if let mouse { result.mouse = mouse }
        if let language { result.language = language }
        return result
    }

    /// The names of the saved values, as the command-line options that override them call them.
    public enum Field: String, Sendable, CaseIterable {
        case allowedNetworks = "--allowed", binSource = "--bin-service", binLatency = "--bin-latency", debounce = "--debounce",
             mouse = "--no-mouse", language = "--lang"
    }

    /// The fields the file holds.
    public var fields: [Field] {
        Field.allCases.filter { field in
            switch field {
            case .allowedNetworks: allowedNetworks != nil
            case .binSource: binSource != nil
            case .binLatency: binLatencyMilliseconds != nil
            case .debounce: debounceMilliseconds != nil
            case .mouse: mouse != nil
            case .language: language != nil
            }
        }
    }

    /// `settings` with the saved values put in, except those in `keeping` (set on the command line).
    public func applied(to settings: CheckoutSettings, keeping: Set<Field> = []) -> CheckoutSettings {
        var result = settings
        if let allowedNetworks, !keeping.contains(.allowedNetworks) { result.allowedNetworks = allowedNetworks }
        if let binSource, !keeping.contains(.binSource) { result.binSource = binSource }
        if let binLatencyMilliseconds, !keeping.contains(.binLatency) { result.binLatencyMilliseconds = binLatencyMilliseconds }
        if let debounceMilliseconds, !keeping.contains(.debounce) { result.debounceMilliseconds = debounceMilliseconds }
        if let mouse, !keeping.contains(.mouse) { result.mouse = mouse }
        if let language, !keeping.contains(.language) { result.language = language }
        return result
    }

    // MARK: JSON

    /// The file's text: one JSON object, keys in a fixed order, a line break at the end.
    public var json: String {
        var members: [(String, JSONValue)] = [("version", .integer(Self.version))]
        if let allowedNetworks {
            members.append(("allowedNetworks", allowedNetworks.map { .array($0.map { .string($0.rawValue) }) } ?? .null))
        }
        switch binSource {
        case .embedded?: members.append(("binService", .string("embedded")))
        case .off?: members.append(("binService", .string("off")))
        case .url(let url)?: members.append(("binService", .string(url)))
        case .table(let path)?: members.append(("binService", .string("embedded"))); members.append(("binTable", .string(path)))
        case nil: break
        }
        if let binLatencyMilliseconds { members.append(("binLatencyMs", .integer(binLatencyMilliseconds))) }
        if let debounceMilliseconds { members.append(("debounceMs", .integer(debounceMilliseconds))) }
        if let mouse { members.append(("mouse", .bool(mouse))) }
        if let language { members.append(("language", .string(language.code))) }
        return JSONValue.object(members).serialized() + "\n"
    }

    /// Reads a settings file's text; throws saying what is wrong and where.
    public init(json text: String) throws(SavedSettingsError) {
        guard text.utf8.count <= Self.maximumSize else { throw SavedSettingsError("larger than 64 KiB, so not a settings file") }
        let document: JSONValue
        do { document = try JSONValue(parsing: text) } catch let error as JSONParseError {
            throw SavedSettingsError("\(Self.lineAndColumn(ofByte: error.offset, in: text)): \(error.message)")
        } catch {
            throw SavedSettingsError("\(error)")
        }
        guard document.objectValue != nil else { throw SavedSettingsError("expected a JSON object such as {\"version\":1,…}") }
        guard let version = document["version"]?.intValue else { throw SavedSettingsError("$.version: expected 1") }
        guard version == Self.version else {
            throw SavedSettingsError("$.version: \(version) is a later format than this checkout reads (\(Self.version))")
        }
        self.init()
        if let value = document["allowedNetworks"] {
            if value.isNull {
                allowedNetworks = .some(nil)
            } else {
                guard let items = value.arrayValue else { throw SavedSettingsError("$.allowedNetworks: expected a list of network ids or null") }
                // With no network accepted every card is refused: that is never a setting.
                guard !items.isEmpty else { throw SavedSettingsError("$.allowedNetworks: empty; list at least one network, or null for every network") }
                var networks: [CardNetwork] = []
                for (index, item) in items.enumerated() {
                    guard let id = item.stringValue, let network = CardNetwork(identifier: id), network != .other else {
                        throw SavedSettingsError("$.allowedNetworks[\(index)]: expected a network id such as \"VISA\"")
                    }
                    if !networks.contains(network) { networks.append(network) }
                }
                allowedNetworks = .some(networks)
            }
        }
        if let value = document["binService"] {
            guard let service = value.stringValue else { throw SavedSettingsError("$.binService: expected \"embedded\", \"off\" or a URL") }
            switch service {
            case "embedded": binSource = .embedded
            case "off": binSource = .off
            default:
                if let problem = SettingsScreen.problem(with: .url(service)) { throw SavedSettingsError("$.binService: \(problem)") }
                binSource = .url(service)
            }
        }
        if let value = document["binTable"] {
            guard let path = value.stringValue, !path.isEmpty else { throw SavedSettingsError("$.binTable: expected the path of a BIN table file") }
            guard binSource == nil || binSource == .embedded else { throw SavedSettingsError("$.binTable: only with \"binService\": \"embedded\"") }
            binSource = .table(path: path)
        }
        binLatencyMilliseconds = try Self.milliseconds(document["binLatencyMs"], "$.binLatencyMs", SettingsScreen.latencyRule.range)
        debounceMilliseconds = try Self.milliseconds(document["debounceMs"], "$.debounceMs", SettingsScreen.debounceRule.range)
        if let value = document["mouse"] {
            guard let flag = value.boolValue else { throw SavedSettingsError("$.mouse: expected true or false") }
            mouse = flag
        }
        if let value = document["language"] {
            guard let code = value.stringValue, let chosen = Language(code: code) else {
                throw SavedSettingsError("$.language: expected \"en\", \"fr\" or \"ar\"")
            }
            language = chosen
        }
    }

    private static func milliseconds(_ value: JSONValue?, _ path: String, _ range: ClosedRange<Int>) throws(SavedSettingsError) -> Int? {
        guard let value else { return nil }
        guard let number = value.intValue, range.contains(number) else {
            throw SavedSettingsError("\(path): expected a whole number of milliseconds from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// `line L, column C` (both from 1) of a UTF-8 byte offset.
    static func lineAndColumn(ofByte offset: Int, in text: String) -> String {
        let bytes = Array(text.utf8.prefix(max(0, offset)))
        let lineStart = (bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
        let line = bytes.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        return "line \(line), column \(String(decoding: bytes[lineStart...], as: UTF8.self).count + 1)"
    }
}

/// Why a settings file was not used: where it is wrong and how.
public struct SavedSettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public init(_ message: String) { self.message = message }
}
