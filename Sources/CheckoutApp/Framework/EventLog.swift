import CheckoutCore
import CheckoutEngine

/// The card engine's events and the Nol flows' as they fired, newest last, with every card number masked.
///
/// Each entry carries the time since the first keystroke (from the app's ``EventClock``), so the
/// debounce and the BIN service's round trip can be read off the log. An event identical to the
/// one before it (same name, same summary) is not added again: the entry before counts it (`×2`).
public struct EventLog: Sendable, Equatable {
    /// One logged event: its position in the run, its seed name, a one-line summary, when it came
    /// and how many times in a row, and the whole event as a JSON-like value.
    public struct Entry: Sendable, Equatable {
        public var sequence: Int
        public var name: String
        public var summary: String
        /// Time since the first keystroke when the event first came; `nil` before any key.
        public var elapsed: Duration?
        /// When the latest of its repeats came (equal to `elapsed` when it came once).
        public var lastElapsed: Duration?
        /// How many identical events in a row this entry stands for.
        public var count: Int
        /// The whole event, card numbers masked, as compact JSON text: one string per entry, where
        /// the value's tree took some forty allocations (a full log of 500 held 0.5 MB of them).
        public var detailText: String
        /// The whole event, card numbers masked: what the detail view shows.
        public var detail: JSONValue { (try? JSONValue(parsing: detailText)) ?? .null }
    }

    public private(set) var entries: [Entry] = []
    private var nextSequence = 1
    /// How many payments the processor authorized in this run (`checkoutCompleted`, `AUTHORIZED`):
    /// kept apart from the entries, which are dropped beyond ``capacity``.
    public private(set) var authorizedPayments = 0
    /// Older entries are dropped beyond this many.
    public let capacity: Int

    public init(capacity: Int = 500) { self.capacity = capacity }

    /// The sequence number of the newest entry; 0 while the log is empty.
    public var lastSequence: Int { nextSequence - 1 }

    /// Appends an event.
    public mutating func append(_ event: CheckoutEvent, at elapsed: Duration? = nil) {
        if case .checkoutCompleted(let payment) = event, payment.status == .authorized { authorizedPayments += 1 }
        append(name: event.name, summary: event.summary, detail: event, at: elapsed)
    }

    /// Appends an event that did not come from the card engine (a Nol Pay step, an SMS); the caller
    /// masks any card number in `summary`.
    public mutating func append(name: String, summary: String, at elapsed: Duration? = nil) {
        append(name: name, summary: summary, detail: JSONValue.object([("event", .string(name)), ("summary", .string(summary))]), at: elapsed)
    }

    /// `detail` is written only for a new entry: the event as `checkout events` prints it
    /// (CheckoutEvent+JSON), its card number masked.
    private mutating func append(name: String, summary: String, detail: some JSONWritable, at elapsed: Duration?) {
        if let last = entries.indices.last, entries[last].name == name, entries[last].summary == summary {
            entries[last].count += 1
            entries[last].lastElapsed = elapsed
            return
        }
        entries.append(Entry(sequence: nextSequence, name: name, summary: summary, elapsed: elapsed, lastElapsed: elapsed,
                             count: 1, detailText: Self.maskedText(of: detail)))
        nextSequence += 1
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
    }

    private static func maskedText(of value: some JSONWritable) -> String {
        var json = JSONWriter(capacity: 512)
        json.masksCardNumbers = true
        value.write(to: &json)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// The entry with a sequence number, if it is still kept.
    public func entry(_ sequence: Int) -> Entry? {
        guard let first = entries.first, sequence >= first.sequence else { return nil }
        let index = sequence - first.sequence
        return entries.indices.contains(index) ? entries[index] : nil
    }

    /// The newest entry whose name is `name`.
    public func newest(named name: String) -> Entry? {
        entries.last { $0.name == name }
    }

    /// The entries whose name contains `filter` (ignoring case); all of them for an empty filter.
    public func entries(matching filter: String) -> [Entry] {
        guard !filter.isEmpty else { return entries }
        let wanted = filter.lowercased()
        return entries.filter { $0.name.lowercased().contains(wanted) }
    }


    /// A JSON-like value as indented lines, one member per line, for reading rather than parsing.
    static func lines(of value: JSONValue) -> [String] {
        var lines: [String] = []
        func scalar(_ value: JSONValue) -> String? {
            switch value {
            case .null: return "null"
            case .bool(let flag): return flag ? "true" : "false"
            case .number: return value.serialized()
            case .string(let text): return "\"" + text + "\""
            case .array(let items) where items.isEmpty: return "[]"
            case .object(let members) where members.isEmpty: return "{}"
            case .array(let items) where items.allSatisfy({ if case .string = $0 { true } else { false } }):
                return "[" + items.compactMap(scalar).joined(with: ", ") + "]"
            default: return nil
            }
        }
        func write(_ value: JSONValue, prefix: String, indent: String, suffix: String) {
            if let text = scalar(value) {
                lines.append(indent + prefix + text + suffix)
                return
            }
            switch value {
            case .array(let items):
                lines.append(indent + prefix + "[")
                for (index, item) in items.enumerated() {
                    write(item, prefix: "", indent: indent + "  ", suffix: index == items.count - 1 ? "" : ",")
                }
                lines.append(indent + "]" + suffix)
            case .object(let members):
                lines.append(indent + prefix + "{")
                for (index, (key, member)) in members.enumerated() {
                    write(member, prefix: "\"\(key)\": ", indent: indent + "  ", suffix: index == members.count - 1 ? "" : ",")
                }
                lines.append(indent + "}" + suffix)
            default:
                break
            }
        }
        write(value, prefix: "", indent: "", suffix: "")
        return lines
    }

    /// A time since the first keystroke as the log shows it: `812`, `12345` (ms), `123s` past 100 s;
    /// `-` for an event before any key.
    static func milliseconds(_ elapsed: Duration?) -> String {
        guard let elapsed else { return "-" }
        let (seconds, attoseconds) = elapsed.components
        let ms = max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        return ms < 100_000 ? String(ms) : "\(ms / 1000)s"
    }
}

/// Where the app reads the time its events are stamped with: a continuous clock in the terminal,
/// a manual one in tests and headless demos.
///
///     let clock = ManualClock()
///     let model = AppModel(route: .pay, ..., clock: EventClock { clock.now.offset })
public struct EventClock: Sendable {
    /// The time since some fixed start.
    public let now: @Sendable () -> Duration

    public init(now: @escaping @Sendable () -> Duration) { self.now = now }

    /// Real time, from the moment this is made.
    public static func continuous() -> EventClock {
        let start = ContinuousClock.now
        return EventClock { ContinuousClock.now - start }
    }

    /// A clock that never moves: every event is at 0 ms after the first key.
    public static let stopped = EventClock { .zero }
}
