import CheckoutCore

/// The demo's autopilot as a pure state machine: it walks a ``DemoScript`` and says what to do next
/// and after how long on the demo's clock, like a person at the keyboard would: about 8 keys a
/// second with a natural jitter from a seeded generator, a little longer before a named key.
///
/// The pilot knows nothing of terminals or engines: the live runtime and the headless checker both
/// take its ``Move``s, wait the delay on their clock and do the action.
public struct DemoPilot: Sendable {
    /// One thing to do, after `delay` on the demo's clock.
    public struct Move: Sendable, Equatable {
        public enum Action: Sendable, Equatable {
            /// A fresh app on `route`, with the script's settings so far.
            case start(Route, DemoSettings)
            case key(Key)
            /// The newest SMS code (`{sms}` in a `type` step), pasted as a person copies it from the message.
            case smsCode
            case caption(DemoText)
            case highlight(String)
            /// Only the delay: a `wait` step.
            case wait
            case expect(DemoText, present: Bool)
        }

        public var delay: Duration
        public var action: Action
        /// The script step the move comes from.
        public var step: DemoScript.Step
        /// The step's index in the script.
        public var index: Int
    }

    /// The settings a script has set for the next `start`.
    public struct DemoSettings: Sendable, Equatable {
        public var binSource: BinSource?
        public var binLatencyMilliseconds: Int?
        public var binTimeoutMilliseconds: Int?
        public var debounceMilliseconds: Int?
        public var allowedNetworks: [CardNetwork]?
        public var session: ClientSession?
        public init() {}

        /// `base` with what the script set: a session's networks, amount and currency first, then
        /// `allowed` over them, as `--allowed` overrides `--session`.
        public func applied(to base: CheckoutSettings) -> CheckoutSettings {
            var settings = base
            if let session {
                settings.clientSession = session
                settings.allowedNetworks = session.orderedAllowedCardNetworks
                settings.amount = session.amount
                settings.currency = session.currency
            }
            if let binSource { settings.binSource = binSource }
            if let binLatencyMilliseconds { settings.binLatencyMilliseconds = binLatencyMilliseconds }
            if let debounceMilliseconds { settings.debounceMilliseconds = debounceMilliseconds }
            if let allowedNetworks { settings.allowedNetworks = allowedNetworks }
            return settings
        }
    }

    public let script: DemoScript
    public let seed: UInt64
    private var random: SplitMix64
    /// The next step to expand.
    public private(set) var position = 0
    private var queued: [Move] = []
    private var settings = DemoSettings()
    /// The step index of the caption on screen, if any.
    public private(set) var captionIndex: Int?

    /// A key typed in a `type` step: 125 ms on average (8 a second), ± 45 ms.
    static let typingDelay = 125, typingJitter = 45
    /// A named key (`press`): a little slower, as a person finds it.
    static let pressDelay = 320, pressJitter = 80

    public init(script: DemoScript, seed: UInt64 = 0x5EED_DE30) {
        self.script = script
        self.seed = seed
        random = SplitMix64(seed: seed)
    }

    /// True once every move has been taken.
    public var isFinished: Bool { queued.isEmpty && position >= script.steps.count }

    /// The numbers of the captions: which one is on screen, of how many.
    public var captionProgress: (current: Int, total: Int) {
        let captions = script.steps.indices.filter { if case .caption = script.steps[$0].kind { true } else { false } }
        let current = captionIndex.flatMap { index in captions.firstIndex(of: index).map { $0 + 1 } } ?? 0
        return (current, captions.count)
    }

    /// Whether the next move shows a caption (where → stops skipping).
    public mutating func nextIsCaption() -> Bool {
        guard let move = peek() else { return false }
        if case .caption = move.action { return true }
        return false
    }

    /// The next move, without taking it.
    public mutating func peek() -> Move? {
        fill()
        return queued.first
    }

    /// Takes the next move; `nil` at the end of the script.
    public mutating func next() -> Move? {
        fill()
        guard !queued.isEmpty else { return nil }
        let move = queued.removeFirst()
        if case .caption = move.action { captionIndex = move.index }
        return move
    }

    private mutating func jitter(_ base: Int, _ spread: Int) -> Duration {
        .milliseconds(base - spread + Int(random.next() % UInt64(2 * spread + 1)))
    }

    private mutating func fill() {
        while queued.isEmpty, position < script.steps.count {
            let index = position
            let step = script.steps[index]
            position += 1
            func move(_ delay: Duration, _ action: Move.Action) -> Move { Move(delay: delay, action: action, step: step, index: index) }
            switch step.kind {
            case .set(let setting):
                switch setting {
                case .binService(let source): settings.binSource = source
                case .binLatency(let value): settings.binLatencyMilliseconds = value
                case .binTimeout(let value): settings.binTimeoutMilliseconds = value
                case .debounce(let value): settings.debounceMilliseconds = value
                case .allowed(let networks): settings.allowedNetworks = networks
                case .session(let session): settings.session = session
                }
            case .start(let route):
                queued.append(move(.zero, .start(route, settings)))
                settings = DemoSettings()
            case .caption(let text): queued.append(move(.zero, .caption(text)))
            case .highlight(let name): queued.append(move(.zero, .highlight(name)))
            case .wait(let duration): queued.append(move(duration, .wait))
            case .expect(let text): queued.append(move(.zero, .expect(text, present: true)))
            case .expectNot(let text): queued.append(move(.zero, .expect(text, present: false)))
            case .press(let keys):
                for key in keys { queued.append(move(jitter(Self.pressDelay, Self.pressJitter), .key(key))) }
            case .type(let text):
                var rest = Substring(text)
                while let character = rest.first {
                    if rest.hasPrefix("{sms}") {
                        queued.append(move(jitter(Self.typingDelay, Self.typingJitter), .smsCode))
                        rest = rest.dropFirst(5)
                        continue
                    }
                    queued.append(move(jitter(Self.typingDelay, Self.typingJitter), .key(character == " " ? .space : .character(character))))
                    rest = rest.dropFirst()
                }
            }
        }
    }
}
