import CheckoutCore
import CheckoutEngine
import FoundationEssentials

/// The demo as an input of the app's loop: it takes the ``DemoPilot``'s moves when they are due on
/// the demo's clock and hands them to the app as the terminal's keys are handed; in the terminal
/// it sees the presenter's keys first.
///
/// In the terminal the demo's clock runs at the chosen speed while the demo plays, stops while it
/// is paused, and runs at real speed once the person has the keyboard: the engine's debounce, the
/// BIN service's latency and the event times all follow it (``DemoLoopClock`` reads ``rate``).
/// → plays on quickly up to the next caption; ← starts the app again and plays quickly up to the
/// current caption, which then plays at its own pace.
///
/// Headless (`checkout demo --check`, the tests) the same driver runs on a ``VirtualLoopClock``
/// with ``checks`` on: the first step whose check fails ends the demo with ``failure``.
@MainActor
public final class DemoDriver: AppInput {
    public let world: DemoWorld
    public let script: DemoScript
    /// Leaves the program when the script ends (a recording), rather than handing over the keyboard.
    public let quitsAtEnd: Bool
    /// Stops at the first failed check, with ``failure``, instead of handing over the keyboard.
    public let checks: Bool
    /// The presenter's keyboard, in the terminal.
    public var keyboard: (any PresenterKeyboard)?
    private var pilot: DemoPilot
    /// The move waiting for its time, and when that is on the demo's clock.
    private var pending: DemoPilot.Move?
    private var dueAt: Duration?
    /// When a check that did not hold yet looks at the screen again, in real time.
    private var retryAt: ContinuousClock.Instant?
    /// Set once the person has the keyboard (a key, the end, a mismatch).
    public private(set) var handedOver = false
    /// Called once when the person gets the keyboard: a recording stops there, so nothing typed by
    /// hand (a real card number) is ever in it.
    public var onHandOver: (@MainActor () -> Void)?
    public private(set) var paused = false
    /// The speed: one of ``speeds``.
    public private(set) var speedIndex = 1
    public nonisolated static let speeds: [Double] = [0.5, 1, 1.5, 2, 3, 4]
    /// Playing quickly up to a caption: → (the next one) or ← (the current one, after a restart).
    private var fastForwardTo: FastForward?
    private enum FastForward { case nextCaption, caption(Int) }
    /// How much faster than real time a fast-forward runs.
    static let fastForwardSpeed = 40.0
    /// True while the next key should clear the "You have the keyboard" caption.
    private var captionClearsOnKey = false
    /// How many times the pending check has looked again (the demo's clock holds still meanwhile).
    private var checkRetries = 0
    /// A check that fails looks again this many times, 20 ms apart, before the demo stops: the
    /// engine's events travel through tasks of their own, which a busy machine may run late.
    static let checkRetryLimit = 25
    /// Why a checked demo stopped before its end.
    public private(set) var failure: DemoFailure?
    /// Called once the app has settled after each move, with the app as it is then (tests take their frames here).
    public var onMove: ((DemoPilot.Move, AppModel) -> Void)?
    private var unreported: [DemoPilot.Move] = []
    private var started = false

    /// A driver for `script`; `speed` is the nearest of ``speeds`` to start at.
    public init(world: DemoWorld, script: DemoScript, quitsAtEnd: Bool = false, speed: Double = 1, seed: UInt64 = 0x5EED_DE30,
                checks: Bool = false) {
        self.world = world
        self.script = script
        self.quitsAtEnd = quitsAtEnd
        self.checks = checks
        keyboard = nil
        pilot = DemoPilot(script: script, seed: seed)
        speedIndex = Self.speeds.indices.min { abs(Self.speeds[$0] - speed) < abs(Self.speeds[$1] - speed) } ?? 1
    }

    /// True while the terminal is too small to show the screen: the demo holds still (its clock
    /// too), since the app takes no keys then, and goes on once the terminal is large enough.
    public private(set) var heldBySize = false
    /// How often a demo held by the terminal's size looks at it again.
    static let sizeCheckInterval: Duration = .milliseconds(100)

    /// The clock rate now: 0 paused or held, a fast-forward's (→ steps on to the next caption even
    /// while paused, and the pause holds there), or the speed.
    public var rate: Double {
        if handedOver { return 1 }
        if heldBySize { return 0 }
        if fastForwardTo != nil { return Self.fastForwardSpeed }
        if paused { return 0 }
        return Self.speeds[speedIndex]
    }

    public var descriptor: Int32? { keyboard?.descriptor }
    public var deadline: Duration? { handedOver ? nil : dueAt }
    public var realDeadline: ContinuousClock.Instant? { handedOver ? nil : retryAt }

    public func take(_ loop: AppLoop, readable: Bool) async {
        if !started {
            started = true
            scheduleNext(now: loop.clock.now)
        }
        if readable, let keyboard {
            for input in keyboard.read() {
                // The demo sees the keyboard first: its keys, or the key that hands it over.
                let key: Key = if case .key(let key) = input { key } else { .character("\u{0}") }
                if intercept(key, loop: loop) {
                    if loop.exitCode != nil { return }
                    continue
                }
                loop.take(input)
                if loop.exitCode != nil { return }
            }
        }
        // A terminal large enough again (SIGWINCH) ends the hold at once, not at the next look.
        if heldBySize, !loop.model.isTooSmall { retryAt = nil }
        let now = loop.clock.now
        let retryDue = retryAt.map { ContinuousClock.now >= $0 } ?? false
        if !handedOver, let dueAt, now >= dueAt, retryAt == nil || retryDue {
            retryAt = nil
            takeMove(loop)
        }
    }

    public func idle(_ loop: AppLoop) {
        if !started {
            started = true
            scheduleNext(now: loop.clock.now)
        }
        guard let onMove, !unreported.isEmpty else { return }
        for move in unreported { onMove(move, loop.model) }
        unreported = []
    }

    private func scheduleNext(now: Duration) {
        checkRetries = 0
        retryAt = nil
        guard !handedOver else { return }
        pending = pilot.next()
        // The end of the script is due at once.
        dueAt = now + (pending?.delay ?? .zero)
    }

    /// The move whose time has come.
    private func takeMove(_ loop: AppLoop) {
        // The app drops keys while the terminal is too small: typing on would lose them and the
        // checks would fail. The demo waits, looking at the size again, and its status says why.
        if loop.model.isTooSmall {
            if !heldBySize {
                heldBySize = true
                refreshStatus(loop)
            }
            retryAt = ContinuousClock.now + Self.sizeCheckInterval
            return
        }
        if heldBySize {
            heldBySize = false
            refreshStatus(loop)
        }
        guard let move = pending else {
            // The script is over.
            if quitsAtEnd || checks {
                loop.quit(0)
            } else {
                handOver(loop, caption: loop.model.context.localizer.text(.demoEnd), clearsOnKey: false)
            }
            dueAt = nil
            return
        }
        if !checks, case .expect(let text, let present) = move.action {
            // A check looks at the screen once the Nol system has answered and the answer is shown.
            if loop.transits?.isBusy ?? false {
                retryAt = ContinuousClock.now + .milliseconds(5)
                return
            }
            if loop.model.isAnimating { loop.perform(loop.model.tick()) }
            if !DemoPilot.Move.holds(text, present: present, loop.model), checkRetries < Self.checkRetryLimit {
                checkRetries += 1
                retryAt = ContinuousClock.now + .milliseconds(20)
                return
            }
        }
        switch move.action {
        case .start(let route, let changes):
            let settings = changes.applied(to: world.baseSettings)
            let overlay = loop.model.demo
            var model = world.makeModel(route: route, settings: settings, size: loop.model.size, glyphs: loop.model.context.glyphs)
            model.demo = overlay
            loop.restart(model, settings: settings)
        default:
            do {
                loop.perform(try move.apply(to: &loop.model, world: world, status: status(loop.model.context.localizer),
                                            keys: DemoOverlay.playingKeys(loop.model.context.localizer)))
                loop.noteChange()
            } catch {
                if checks {
                    failure = error
                    loop.quit(1)
                } else {
                    handOver(loop, caption: loop.model.context.localizer.text(.demoStopped, error.step.location, error.message), clearsOnKey: false)
                }
                return
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
        unreported.append(move)
        refreshStatus(loop)
        scheduleNext(now: loop.clock.now)
    }

    /// A key the person pressed: returns true when the demo took it. Space pauses and resumes,
    /// → skips to the next caption (paused, it steps there and stays paused), ← replays the current
    /// one, + and - change the speed, Esc and q leave; any other key hands the keyboard over and
    /// goes on to the screen, typed as the person meant it.
    func intercept(_ key: Key, loop: AppLoop) -> Bool {
        if handedOver {
            if captionClearsOnKey {
                loop.model.demo = nil
                captionClearsOnKey = false
            }
            // After the end (or a stop), q and Esc still leave, as the caption says.
            if loop.model.demo != nil, key == .escape || key == .character("q") {
                loop.quit(0)
                return true
            }
            loop.model.demo = nil
            return false
        }
        switch key {
        case .space:
            paused.toggle()
        case .right:
            fastForwardTo = .nextCaption
        case .left:
            replay(loop)
        case .character("+"), .character("="):
            speedIndex = min(Self.speeds.count - 1, speedIndex + 1)
        case .character("-"), .character("_"):
            speedIndex = max(0, speedIndex - 1)
        case .escape, .character("q"):
            loop.quit(0)
        default:
            handOver(loop, caption: loop.model.context.localizer.text(.demoTakenOver), clearsOnKey: true)
            return false
        }
        refreshStatus(loop)
        loop.noteChange()
        return true
    }

    /// Starts the script again from the top and plays quickly up to the caption on screen.
    private func replay(_ loop: AppLoop) {
        let target = pilot.captionIndex ?? 0
        pilot = DemoPilot(script: script, seed: pilot.seed)
        fastForwardTo = .caption(target)
        paused = false
        loop.model.highlightedEvent = nil
        scheduleNext(now: loop.clock.now)
    }

    private func handOver(_ loop: AppLoop, caption: String, clearsOnKey: Bool) {
        if !handedOver { onHandOver?() }
        handedOver = true
        paused = false
        fastForwardTo = nil
        pending = nil
        dueAt = nil
        retryAt = nil
        captionClearsOnKey = clearsOnKey
        loop.model.demo = DemoOverlay(caption: caption, status: script.name, keys: nil)
        loop.noteChange()
    }

    /// Where the demo is, as the caption bar says it in the language of `text`.
    func status(_ text: Localizer) -> String {
        let progress = pilot.captionProgress
        var parts = ["\(script.name) \(progress.current)/\(progress.total)"]
        if heldBySize { parts.append(text.text(.demoWaitingForSize)) } else if paused { parts.append(text.text(.demoPaused)) }
        if fastForwardTo != nil { parts.append(text.text(.demoSkipping)) } else if speedIndex != 1 { parts.append("×" + Self.speedText(Self.speeds[speedIndex])) }
        return parts.joined(with: " · ")
    }

    private func refreshStatus(_ loop: AppLoop) {
        guard !handedOver, loop.model.demo != nil else { return }
        let status = status(loop.model.context.localizer)
        loop.model.demo?.status = status
    }

    static func speedText(_ speed: Double) -> String {
        speed == speed.rounded() ? String(Int(speed)) : String(speed)
    }
}

/// The keyboard a demo in the terminal sees first (the terminal front end's): what it holds now,
/// decoded, pastes put together.
@MainActor
public protocol PresenterKeyboard: AnyObject {
    var descriptor: Int32? { get }
    func read() -> [PasteAssembler.Output]
}
