import CheckoutCore
import CheckoutEngine
import CheckoutResources
import FoundationEssentials

/// A demo as data: one step per line, read from a `.demo` file and checked whole before the demo
/// starts, so a mistake is reported with its line rather than found halfway through a meeting.
///
/// ```
/// # A comment. Blank lines are ignored.
/// set bin-latency 120          # settings for the next `start`: bin-service embedded|off, bin-latency MS,
///                              #   bin-timeout MS, debounce MS, allowed EFTPOS,MASTERCARD, session FILE
///                              #   (a client session, its path relative to the script's folder;
///                              #   `allowed` after it overrides its networks)
/// start pay                    # a fresh app on a screen: home, pay, settings, nol link|cards|pay|unlink
/// caption {demoCobadgeTestCard} # what the audience reads; → and ← move between captions. {key} is a
///                              #   sentence of the catalogues (Resources/data/strings/*.tsv) in the
///                              #   demo's language; words as written are shown as written
/// type 4000 0025               # keys at a person's pace; a space is the space key; {sms} is the newest SMS code
/// highlight willFetchMetadata  # the newest event of that name is highlighted in the event panel
/// press tab tab enter          # named keys: enter tab shift-tab esc up down left right home end backspace
///                              #   delete space pgup pgdn f1 f2 f5; left and right as on a left-to-right
///                              #   screen (on a mirrored one the demo presses the other)
/// wait 1500                    # milliseconds on the demo's clock (or 1.5s)
/// expect Cartes Bancaires      # the screen must show this text now, on one row (or wrapped under itself)
/// expect {cardPayButton {money 4999}}  # ... a sentence by its key, its arguments after the name
///                              #   ({key A | B}; one left out matches anything), an amount in minor
///                              #   units of the session's currency as the language writes it
/// expect-not {cardPayWith}     # ... or must not
/// include cobadge              # the steps of another shipped script
/// ```
public struct DemoScript: Sendable, Equatable {
    /// One line of a script.
    public struct Step: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            case start(Route)
            case set(DemoSetting)
            case caption(DemoText)
            case highlight(String)
            case type(String)
            case press([Key])
            case wait(Duration)
            case expect(DemoText)
            case expectNot(DemoText)
        }

        public var kind: Kind
        /// Where the step was written: `cobadge.demo:12`.
        public var file: String
        public var line: Int

        /// How a message names the step.
        public var location: String { "\(file):\(line)" }
    }

    /// A setting a script changes for the next `start`.
    public enum DemoSetting: Sendable, Equatable {
        case binService(BinSource)
        case binLatency(Int)
        case binTimeout(Int)
        case debounce(Int)
        case allowed([CardNetwork])
        /// A client session read from a file when the script is loaded: its networks, amount,
        /// currency and surcharges.
        case session(ClientSession)
    }

    /// Why a script cannot be run: every problem, each with its file and line.
    public struct Problems: Error, Sendable, Equatable, CustomStringConvertible {
        public var messages: [String]
        public var description: String { messages.joined(with: "\n") }
    }

    public var name: String
    public var steps: [Step]

    /// The names of the shipped scripts, in the order `tour` plays them.
    public static let shipped = ["cobadge", "eftpos", "fallback", "nol", "tour"]

    /// Reads a script. `include NAME` is looked up with `resolve` (the shipped scripts), and a
    /// script may not include itself, directly or not. A `set session FILE` path is relative to
    /// `directory`, the script's folder; nil (a shipped script, and any script it includes) names
    /// a shipped demo file (``ResourceFiles/demoData(_:)``). The file is read and checked here.
    public init(name: String, text: String, directory: URL? = nil,
                resolve: (String) -> String? = DemoScript.shippedText) throws(Problems) {
        var problems: [String] = []
        self.name = name
        // A byte-order mark some editors begin a file with is no part of the first step.
        let text = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
        steps = Self.parse(file: name + ".demo", text: text, directory: directory, resolve: resolve, including: [name], problems: &problems)
        if let first = steps.first(where: { !$0.kind.isSet }) {
            if !first.kind.isStart {
                problems.append("\(first.location): `\(first.kind.word)` before any `start`: open a screen first (e.g. `start pay`)")
            }
        } else if problems.isEmpty {
            problems.append("\(name).demo: no `start` step: a script opens a screen first (e.g. `start pay`)")
        }
        if !problems.isEmpty { throw Problems(messages: problems) }
    }

    /// A shipped script by name.
    public static func shipped(_ name: String) throws(Problems) -> DemoScript {
        guard let text = shippedText(name) else {
            throw Problems(messages: ["no demo named \(name): choose one of \(shipped.joined(with: ", ")), or --script FILE"])
        }
        return try DemoScript(name: name, text: text)
    }

    /// The text of a shipped script (`Resources/demo/NAME.demo`).
    public static func shippedText(_ name: String) -> String? {
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }),
              let data = try? ResourceFiles.demoData(name + ".demo") else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    private static func parse(file: String, text: String, directory: URL?, resolve: (String) -> String?, including: [String],
                              problems: inout [String]) -> [Step] {
        var steps: [Step] = []
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            var line = String(raw)
            if let hash = line.firstIndex(of: "#"), !line.hasPrefix("caption"), !line.hasPrefix("expect") { line = String(line[..<hash]) }
            line = line.trimmingWhitespace()
            if line.hasPrefix("#") || line.isEmpty { continue }
            let word = String(line.prefix { $0 != " " })
            let rest = String(line.dropFirst(word.count)).trimmingWhitespace()
            func fail(_ message: String) { problems.append("\(file):\(number): \(message)") }
            func add(_ kind: Step.Kind) { steps.append(Step(kind: kind, file: file, line: number)) }
            switch word {
            case "start":
                guard let route = Route(arguments: rest.split(separator: " ").map(String.init)) else {
                    fail("unknown screen \"\(DiagnosticText.quoted(rest))\": home, pay, settings, nol link, nol cards, nol pay or nol unlink")
                    continue
                }
                add(.start(route))
            case "set" where rest.hasPrefix("session "):
                let path = String(rest.dropFirst("session ".count)).trimmingWhitespace()
                switch Self.session(path, directory: directory) {
                case .success(let session): add(.set(.session(session)))
                case .failure(let problem): fail("session \(DiagnosticText.quoted(path, limit: 200)): \(problem.message)")
                }
            case "set":
                let parts = rest.split(separator: " ").map(String.init)
                guard parts.count == 2 else { fail("`set` takes a name and a value, e.g. `set bin-latency 120`"); continue }
                // Milliseconds are capped as the command line caps them (0 to 3600000).
                switch (parts[0], parts[1], Int(parts[1]).flatMap { (0...Self.maximumMilliseconds).contains($0) ? $0 : nil }) {
                case ("bin-service", "embedded", _): add(.set(.binService(.embedded)))
                case ("bin-service", "off", _): add(.set(.binService(.off)))
                case ("bin-latency", _, let value?): add(.set(.binLatency(value)))
                case ("bin-timeout", _, let value?) where value > 0: add(.set(.binTimeout(value)))
                case ("debounce", _, let value?): add(.set(.debounce(value)))
                case ("allowed", let list, _):
                    let networks = list.split(separator: ",").map { CardNetwork(rawValue: String($0).uppercased()) }
                    if networks.isEmpty || networks.contains(nil) { fallthrough }
                    add(.set(.allowed(networks.compactMap { $0 })))
                default: fail("unknown setting `\(DiagnosticText.quoted(rest))`: \(Self.settingsHelp)")
                }
            case "caption", "expect", "expect-not":
                guard !rest.isEmpty else { fail("`\(word)` needs a text"); continue }
                let text: DemoText
                do { text = try DemoText(rest) } catch { fail(error.message); continue }
                add(word == "caption" ? .caption(text) : word == "expect" ? .expect(text) : .expectNot(text))
            case "highlight", "type":
                guard !rest.isEmpty else { fail("`\(word)` needs a text"); continue }
                add(word == "highlight" ? .highlight(rest) : .type(rest))
            case "press":
                var keys: [Key] = []
                for name in rest.split(separator: " ") {
                    if let key = Self.keyNames[String(name).lowercased()] { keys.append(key) } else { fail("unknown key \"\(DiagnosticText.quoted(String(name)))\": \(Self.keyNames.keys.sorted().joined(with: " "))") }
                }
                if rest.isEmpty { fail("`press` needs at least one key") } else if !keys.isEmpty { add(.press(keys)) }
            case "wait":
                guard let duration = Self.duration(rest) else {
                    fail("`wait` takes milliseconds (`wait 800`) or seconds (`wait 1.5s`), at most an hour, not \"\(DiagnosticText.quoted(rest))\"")
                    continue
                }
                add(.wait(duration))
            case "include":
                guard !including.contains(rest) else { fail("`include \(DiagnosticText.quoted(rest))` would play \(DiagnosticText.quoted(rest)) inside itself"); continue }
                guard let text = resolve(rest) else { fail("no script named \"\(DiagnosticText.quoted(rest))\" to include"); continue }
                steps += parse(file: rest + ".demo", text: text, directory: nil, resolve: resolve,
                               including: including + [rest], problems: &problems)
            default:
                fail("unknown step \"\(DiagnosticText.quoted(word))\": start, set, caption, highlight, type, press, wait, expect, expect-not or include")
            }
        }
        return steps
    }

    static let settingsHelp = "bin-service embedded|off, bin-latency MS, bin-timeout MS, debounce MS, allowed NETWORK,NETWORK…, session FILE"

    /// The client session in `path` (relative to `directory`, or a shipped demo file when that is
    /// nil), read as `--session` reads one but strictly: a network id that names no network is a
    /// problem, since a demo's data must be exact. Absent amount and currency take the shipped defaults'.
    static func session(_ path: String, directory: URL?) -> Result<ClientSession, SessionProblem> {
        guard !path.isEmpty else { return .failure(SessionProblem("`set session` needs a file")) }
        let defaults = (try? Bundled.sessionDefaults()) ?? ClientSession()
        do {
            let (session, warnings): (ClientSession, [SessionWarning])
            if let directory {
                let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)
                (session, warnings) = try SessionFile.read(path: url.path, defaults: defaults)
            } else {
                let data: Data
                do { data = try ResourceFiles.demoData(path) } catch { return .failure(SessionProblem(error.reason)) }
                (session, warnings) = try ClientSession.read(json: String(decoding: data, as: UTF8.self), defaults: defaults)
            }
            if !warnings.isEmpty { return .failure(SessionProblem(warnings.map(\.description).joined(with: ", "))) }
            return .success(session)
        } catch {
            return .failure(SessionProblem(error.description))
        }
    }

    struct SessionProblem: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// The longest wait and the largest millisecond setting: an hour, as on the command line
    /// (`--debounce`, `--bin-latency`, `--bin-timeout`); `--check` plays a script on a manual clock,
    /// so an uncapped wait would never end.
    static let maximumMilliseconds = 3_600_000

    /// `800`, `800ms`, `1.5s`; at most an hour.
    static func duration(_ text: String) -> Duration? {
        let milliseconds: Int?
        if text.hasSuffix("ms") {
            milliseconds = Int(text.dropLast(2))
        } else if text.hasSuffix("s"), let seconds = Double(text.dropLast()), seconds.isFinite, seconds >= 0, seconds <= 3600 {
            milliseconds = Int((seconds * 1000).rounded())
        } else {
            milliseconds = Int(text)
        }
        guard let milliseconds, (0...maximumMilliseconds).contains(milliseconds) else { return nil }
        return .milliseconds(milliseconds)
    }

    static let keyNames: [String: Key] = [
        "enter": .enter, "tab": .tab, "shift-tab": .backTab, "esc": .escape, "up": .up, "down": .down, "left": .left,
        "right": .right, "home": .home, "end": .end, "backspace": .backspace, "delete": .delete, "space": .space,
        "pgup": .pageUp, "pgdn": .pageDown, "f1": .function(1), "f2": .function(2), "f5": .function(5),
    ]
}

extension DemoScript.Step.Kind {
    var isStart: Bool { if case .start = self { true } else { false } }
    var isSet: Bool { if case .set = self { true } else { false } }

    /// The step's word as written.
    var word: String {
        switch self {
        case .start: "start"
        case .set: "set"
        case .caption: "caption"
        case .highlight: "highlight"
        case .type: "type"
        case .press: "press"
        case .wait: "wait"
        case .expect: "expect"
        case .expectNot: "expect-not"
        }
    }
}
