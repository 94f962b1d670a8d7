extension RawDataManager {
    /// Whether the manager is idle now, `parkedTurns()` of its turns waiting on something outside
    /// it that is not due (see ``idle(parkedTurns:)``); asked on the manager's actor, so the count
    /// and the turns are read at one moment. Applies what was posted first.
    public func isIdle(parkedTurns: @Sendable () -> Int) -> Bool {
        applyInbox()
        return !inbox.hasPending && turnsUnderWay == parkedTurns()
    }

    /// Returns once the manager is idle: every input posted has been applied, and every turn it
    /// started (a debounce or timeout timer, a BIN lookup, a client-session action, a payment) has
    /// emitted its events, or waits on something outside the manager that is not due.
    /// `parkedTurns()` says how many turns wait so: on a ``ManualClock`` that only the manager's
    /// timers and services sleep on, its ``ManualClock/sleeperCount`` (``idle(on:)``), plus any
    /// call a test holds open.
    ///
    /// The wait is for that state, not for a number of scheduler rounds: after
    /// `await clock.advance(by: …)`, `await manager.idle(on: clock)` returns when every event due by
    /// then has been emitted, however busy the machine. It yields while it waits and never times out.
    ///
    ///     await manager.setRawData(CardData(cardNumber: "4000 0025 0000 1001"))
    ///     await clock.advance(by: .milliseconds(200))    // the debounce: the lookup starts
    ///     await manager.idle(on: clock)                   // willFetchMetadata emitted, the service asked
    public func idle(parkedTurns: @Sendable () -> Int) async {
        while !isIdle(parkedTurns: parkedTurns) { await Task.yield() }
    }

    /// ``idle(parkedTurns:)`` for a manager whose timers and services sleep on `clock` and on
    /// nothing else.
    public func idle(on clock: ManualClock) async {
        await idle { clock.sleeperCount }
    }

    /// Returns once no turn of the manager is running: every input posted has been applied, and it
    /// has no more turns under way than tasks sleep on `clock`, a clock it may share with others (the
    /// headless demo's and `checkout drive`'s, where a Nol simulator sleeps too). A virtual loop
    /// asks this before it moves time on, so a timer the clock has just woken has run, and emitted
    /// its events, before the next deadline is taken: however busy the machine, never by a count of
    /// scheduler rounds.
    public func settled(on clock: ManualClock) async {
        while true {
            applyInbox()
            if !inbox.hasPending && turnsUnderWay <= clock.sleeperCount { return }
            await Task.yield()
        }
    }
}
