import CheckoutEngine

/// The loop's time: what its timers (the animation frame, a demo's next move) are set on, and how
/// waiting for them passes it.
///
/// - ``RealLoopClock``: the terminal and plain mode; time is real time.
/// - ``DemoLoopClock``: a demo in the terminal; the demo's ``ManualClock`` runs at the speed the
///   presenter sets (stopped while paused), never past a move that is due but not taken yet.
/// - ``VirtualLoopClock``: the headless demo; once everything under way has come out, time jumps
///   to the next timer, so a two-minute demo plays in a moment with every event stamped when it
///   would have come.
@MainActor
public protocol LoopClock: AnyObject {
    /// The time since the clock's start.
    var now: Duration { get }
    /// Waits for the input, a wake-up, a signal, `deadline` on this clock or `realDeadline` in real
    /// time, moving the clock as it goes. `busy` says that work the loop started has not answered yet.
    func wait(_ waiter: any LoopWaiter, for descriptor: Int32?, until deadline: Duration?, cap: Duration?,
              orReal realDeadline: ContinuousClock.Instant?, busy: Bool) async -> LoopWake
}

/// Real time, from the moment the clock is made.
@MainActor
public final class RealLoopClock: LoopClock {
    private let start = ContinuousClock.now

    public init() {}

    public var now: Duration { ContinuousClock.now - start }

    public func wait(_ waiter: any LoopWaiter, for descriptor: Int32?, until deadline: Duration?, cap: Duration?,
                     orReal realDeadline: ContinuousClock.Instant?, busy: Bool) async -> LoopWake {
        let real = [deadline.map { start + $0 }, realDeadline].compactMap { $0 }.min()
        return await waiter.wait(for: descriptor, until: real)
    }
}

/// A demo's clock in the terminal: it runs at `rate()` times real time (0 while paused), so the
/// engine's debounce, the BIN service's latency and the event times follow the speed the person
/// chose; it never runs past `cap` (the move that is due), so what the engine does on its timers
/// stays where the script put it.
@MainActor
public final class DemoLoopClock: LoopClock {
    public let clock: ManualClock
    private let rate: @MainActor () -> Double

    public init(_ clock: ManualClock, rate: @escaping @MainActor () -> Double) {
        self.clock = clock
        self.rate = rate
    }

    public var now: Duration { clock.now.offset }

    public func wait(_ waiter: any LoopWaiter, for descriptor: Int32?, until deadline: Duration?, cap: Duration?,
                     orReal realDeadline: ContinuousClock.Instant?, busy: Bool) async -> LoopWake {
        let speed = rate()
        let started = ContinuousClock.now
        let demoNow = now
        // The next thing due on the demo's clock: the loop's own timer or one of the engine's.
        let next = [deadline, clock.nextDeadline?.offset].compactMap { $0 }.min()
        var real = realDeadline
        if speed > 0, let next {
            let due = started + (next - demoNow) / speed
            real = real.map { min($0, due) } ?? due
        }
        let wake = await waiter.wait(for: descriptor, until: real)
        guard speed > 0 else { return wake }
        var step = (ContinuousClock.now - started) * speed
        if let cap { step = min(step, max(.zero, cap - demoNow)) }
        if step > .zero { await clock.advance(by: step) }
        return wake
    }
}

/// The headless demo's clock: nothing waits for real time. While work the loop started is under
/// way the wait is for its answer; once the tasks that are ready have run and nothing came out,
/// the clock moves to the next timer (the loop's, or a task's sleeping on the clock) and wakes
/// what is due.
@MainActor
public final class VirtualLoopClock: LoopClock {
    public let clock: ManualClock

    /// What must have run before time moves on: the loop sets it to its engine's
    /// ``RawDataManager/settled(on:)``, so a timer just woken has emitted its events before the next
    /// deadline is taken (a wait for a state, not for a number of yields).
    public var settling: (@MainActor () async -> Void)?

    public init(_ clock: ManualClock) {
        self.clock = clock
    }

    public var now: Duration { clock.now.offset }

    /// When the next task sleeping on the clock is due (the engine's debounce, a lookup's latency),
    /// if one is: what an input that waits for idle lets the clock move to.
    public var nextTimer: Duration? { clock.nextDeadline?.offset }

    /// Lets the tasks that are ready run, and the engine's turn end, without moving time.
    public func settle() async {
        await clock.settle()
        await settling?()
    }

    public func wait(_ waiter: any LoopWaiter, for descriptor: Int32?, until deadline: Duration?, cap: Duration?,
                     orReal realDeadline: ContinuousClock.Instant?, busy: Bool) async -> LoopWake {
        if waiter.takePendingWake() { return LoopWake(woken: true) }
        if busy { return await waiter.wait(for: nil, until: nil) }
        await settle()
        if waiter.takePendingWake() { return LoopWake(woken: true) }
        guard let next = [deadline, clock.nextDeadline?.offset].compactMap({ $0 }).min() else {
            // Nothing is due and nothing is under way: only a wake-up can come.
            return await waiter.wait(for: nil, until: nil)
        }
        if next > now { await clock.advance(by: next - now) } else { await clock.settle() }
        return LoopWake(woken: waiter.takePendingWake())
    }
}
