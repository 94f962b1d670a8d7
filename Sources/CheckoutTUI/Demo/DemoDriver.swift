import CheckoutCore
import CheckoutEngine
import FoundationEssentials

/// The demo as an input source of the terminal runtime: it takes the ``DemoPilot``'s moves at
/// their time on the demo's clock and hands them to the app model as the terminal's keys are, and
/// it sees the presenter's keys first.
///
/// The demo's clock runs at the chosen speed while the demo plays, stops while it is paused, and
/// runs at real speed once the person has the keyboard: the engine's debounce, the BIN service's
/// latency and the event times all follow it. → plays on quickly up to the next caption; ← starts
/// the app again and plays quickly up to the current caption, which then plays at its own pace.
@MainActor
public final class DemoDriver {
    /// What the runtime must do after the driver had its turn.
    public struct Output {
        public var commands: [AppCommand] = []
        /// A new engine for these settings and lookup timeout (the script started a screen).
        public var connect: (CheckoutSettings, Duration)?
        public var quit = false
    }

    public let world: DemoWorld
    public let script: DemoScript
    /// Leaves the program when the script ends (a recording), rather than handing over the keyboard.
    public let quitsAtEnd: Bool
    private var pilot: DemoPilot
    /// The move waiting for its time, when that is on the demo's clock, and the task sleeping until then.
    private var pending: DemoPilot.Move?
    private var dueAt: ManualClock.Instant?
    private var sleeper: Task<Void, Never>?
    private var pump: Task<Void, Never>?
    private var wake: (@Sendable () -> Void)?
    /// `nil` while the demo plays; set once the person has the keyboard (a key, the end, a mismatch).
    public private(set) var handedOver = false
    /// Called once when the person gets the keyboard: a recording stops there, so nothing typed by
    /// hand (a real card number) is ever in it.
    public var onHandOver: (@MainActor () -> Void)?
    public private(set) var paused = false
    /// The speed: one of ``speeds``.
    public private(set) var speedIndex = 1
    public static let speeds: [Double] = [0.5, 1, 1.5, 2, 3, 4]
    /// Playing quickly up to a caption: → (the next one) or ← (the current one, after a restart).
    private var fastForwardTo: FastForward?
    private enum FastForward { case nextCaption, caption(Int) }
    /// How much faster than real time a fast-forward runs.
    static let fastForwardSpeed = 40.0
    /// The lookup timeout of the current start, for the engines the runtime builds.
    public private(set) var lookupTimeout: Duration = .milliseconds(3000)
    /// True while the next key should clear the "You have the keyboard" caption.
    private var captionClearsOnKey = false
    /// How many times the pending check has looked again (the demo's clock holds still meanwhile).
    private var checkRetries = 0
    /// A check that fails looks again this many times, 20 ms apart, before the demo stops: the
    /// engine's events travel through tasks of their own, which a busy machine may run late.
    static let checkRetryLimit = 25

    /// A driver for `script`; `speed` is the nearest of ``speeds`` to start at.
    public init(world: DemoWorld, script: DemoScript, quitsAtEnd: Bool = false, speed: Double = 1) {
        self.world = world
        self.script = script
        self.quitsAtEnd = quitsAtEnd
        pilot = DemoPilot(script: script)
        speedIndex = Self.speeds.indices.min { abs(Self.speeds[$0] - speed) < abs(Self.speeds[$1] - speed) } ?? 1
    }

    /// True while the terminal is too small to show the screen: the demo holds still (its clock
    /// too), since the app takes no keys then, and goes on once the terminal is large enough.
    public private(set) var heldBySize = false
    /// How often a demo held by the terminal's size looks at it again.
    static let sizeCheckInterval: Duration = .milliseconds(100)

    /// The clock rate now: 0 paused or held, a fast-forward's (→ steps on to the next caption even
    /// while paused, and the pause holds there), or the speed.
    var rate: Double {
        if handedOver { return 1 }
        if heldBySize { return 0 }
        if fastForwardTo != nil { return Self.fastForwardSpeed }
        if paused { return 0 }
        return Self.speeds[speedIndex]
    }

    /// Starts the clock and the first move; `wake` asks the runtime for a turn (``take(_:)``).
    public func begin(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
        pump = Task { @MainActor [weak self] in
            var last = ContinuousClock.now
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(10))
                guard let self else { return }
                let now = ContinuousClock.now
                var step = (now - last) * self.rate
                last = now
                // The demo's time never runs past a move that is due but not taken yet (the loop
                // may be busy): what the engine does on its timers stays where the script put it.
                if let dueAt = self.dueAt { step = min(step, max(.zero, self.world.clock.now.duration(to: dueAt))) }
                if step > .zero { await self.world.clock.advance(by: step) }
            }
        }
        scheduleNext()
    }

    /// Stops the clock's pump and the pending move.
    public func end() {
        pump?.cancel()
        sleeper?.cancel()
    }

    private func scheduleNext() {
        sleeper?.cancel()
        checkRetries = 0
        guard !handedOver, let move = pilot.next() else {
            pending = nil
            dueAt = nil
            if !handedOver { wake?() }
            return
        }
        pending = move
        let clock = world.clock
        let due = clock.now.advanced(by: move.delay)
        dueAt = due
        let wake = self.wake
        sleeper = Task {
            do { try await clock.sleep(until: due) } catch { return }
            wake?()
        }
    }

    /// The runtime's turn for the demo: does the move whose time has come.
    public func take(_ model: inout AppModel) -> Output {
        var output = Output()
        guard !handedOver else { return output }
        // The app drops keys while the terminal is too small: typing on would lose them and the
        // checks would fail. The demo waits, looking at the size again, and its status says why.
        if model.isTooSmall {
            if !heldBySize {
                heldBySize = true
                refreshStatus(&model)
            }
            lookAgain(after: Self.sizeCheckInterval)
            return output
        }
        if heldBySize {
            heldBySize = false
            refreshStatus(&model)
        }
        guard let move = pending else {
            // The script is over.
            if quitsAtEnd {
                output.quit = true
            } else {
                handOver(&model, caption: "End of the demo: esc or q leaves; any other key carries on by hand.", clearsOnKey: false)
            }
            return output
        }
        if case .expect(let text, let present) = move.action {
            // A check looks at the screen once the Nol system has answered and the answer is shown.
            if world.worker.isWaiting {
                lookAgain(after: .milliseconds(5))
                return output
            }
            if model.isAnimating { output.commands += model.tick() }
            if DemoPilot.Move.checkedScreen(model).contains(text) != present, checkRetries < Self.checkRetryLimit {
                checkRetries += 1
                lookAgain(after: .milliseconds(20))
                return output
            }
            checkRetries = 0
        }
        pending = nil
        dueAt = nil
        switch move.action {
        case .start(let route, let changes):
            let settings = changes.applied(to: world.baseSettings)
            let overlay = model.demo
            model = world.makeModel(route: route, settings: settings, size: model.size, glyphs: model.context.glyphs)
            model.demo = overlay
            lookupTimeout = .milliseconds(changes.binTimeoutMilliseconds ?? 3000)
            output.connect = (settings, lookupTimeout)
            output.commands += model.takeCommands()
        default:
            do {
                output.commands += try move.apply(to: &model, world: world, status: status, keys: DemoOverlay.playingKeys)
            } catch {
                handOver(&model, caption: "Demo stopped at \(error.step.location): \(error.message). You have the keyboard.", clearsOnKey: false)
                return output
            }
        }
        if case .caption = move.action {
            // A skip ends at its caption; a pause from before the skip holds there.
            switch fastForwardTo {
            case .nextCaption?: fastForwardTo = nil
            case .caption(let index)? where move.index >= index: fastForwardTo = nil
            default: break
            }
        }
        refreshStatus(&model)
        scheduleNext()
        return output
    }

    /// Wakes the runtime again for the pending move after a little real time.
    private func lookAgain(after delay: Duration) {
        let wake = self.wake
        sleeper = Task { try? await Task.sleep(for: delay); wake?() }
    }

    /// A key the person pressed: returns true when the demo took it. Space pauses and resumes,
    /// → skips to the next caption (paused, it steps there and stays paused), ← replays the current
    /// one, + and - change the speed, Esc and q leave; any other key hands the keyboard over and
    /// goes on to the screen, typed as the person meant it.
    public func intercept(_ key: Key, model: inout AppModel, output: inout Output) -> Bool {
        if handedOver {
            if captionClearsOnKey {
                model.demo = nil
                captionClearsOnKey = false
            }
            // After the end (or a stop), q and Esc still leave, as the caption says.
            if model.demo != nil, key == .escape || key == .character("q") {
                output.quit = true
                return true
            }
            model.demo = nil
            return false
        }
        switch key {
        case .space:
            paused.toggle()
        case .right:
            fastForwardTo = .nextCaption
        case .left:
            replay(&model, output: &output)
        case .character("+"), .character("="):
            speedIndex = min(Self.speeds.count - 1, speedIndex + 1)
        case .character("-"), .character("_"):
            speedIndex = max(0, speedIndex - 1)
        case .escape, .character("q"):
            output.quit = true
        default:
            handOver(&model, caption: "You have the keyboard: the demo has stopped, carry on by hand.", clearsOnKey: true)
            return false
        }
        refreshStatus(&model)
        return true
    }

    /// Starts the script again from the top and plays quickly up to the caption on screen.
    private func replay(_ model: inout AppModel, output: inout Output) {
        let target = pilot.captionIndex ?? 0
        pilot = DemoPilot(script: script, seed: pilot.seed)
        fastForwardTo = .caption(target)
        paused = false
        model.highlightedEvent = nil
        scheduleNext()
    }

    private func handOver(_ model: inout AppModel, caption: String, clearsOnKey: Bool) {
        if !handedOver { onHandOver?() }
        handedOver = true
        paused = false
        fastForwardTo = nil
        sleeper?.cancel()
        pending = nil
        dueAt = nil
        captionClearsOnKey = clearsOnKey
        model.demo = DemoOverlay(caption: caption, status: script.name, keys: nil)
    }

    /// Where the demo is, as the caption bar says it.
    var status: String {
        let progress = pilot.captionProgress
        var parts = ["\(script.name) \(progress.current)/\(progress.total)"]
        if heldBySize { parts.append("waiting for a larger terminal") } else if paused { parts.append("paused") }
        if fastForwardTo != nil { parts.append("skipping") } else if speedIndex != 1 { parts.append("×" + Self.speedText(Self.speeds[speedIndex])) }
        return parts.joined(separator: " · ")
    }

    private func refreshStatus(_ model: inout AppModel) {
        guard !handedOver, model.demo != nil else { return }
        model.demo?.status = status
    }

    static func speedText(_ speed: Double) -> String {
        speed == speed.rounded() ? String(Int(speed)) : String(speed)
    }
}
