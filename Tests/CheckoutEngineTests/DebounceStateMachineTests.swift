import Testing
@testable import CheckoutEngine

@Suite struct DebounceStateMachineTests {
    @Test func deliversTheValueWhenItsTimerFires() {
        var debounce = DebounceStateMachine<String?>()
        let generation = debounce.valueChanged("40000025")
        #expect(debounce.isPending)
        #expect(debounce.timerFired(generation: generation) == .some("40000025"))
        #expect(!debounce.isPending)
        #expect(debounce.timerFired(generation: generation) == nil, "a timer delivers once")
    }

    @Test func theLatestValueWinsAndOlderTimersAreStale() {
        var debounce = DebounceStateMachine<String?>()
        let first = debounce.valueChanged("40000025")
        let second = debounce.valueChanged("55555555")
        let third = debounce.valueChanged(nil)
        #expect(first < second && second < third)
        #expect(debounce.timerFired(generation: first) == nil)
        #expect(debounce.timerFired(generation: second) == nil)
        #expect(debounce.isPending, "stale timers leave the pending value alone")
        #expect(debounce.timerFired(generation: third) == .some(nil))
    }

    @Test func flushDeliversThePendingValueAtOnceAndOnlyOnce() {
        var debounce = DebounceStateMachine<String?>()
        #expect(debounce.flush() == nil, "nothing pending, nothing flushed")
        let generation = debounce.valueChanged("40000025")
        #expect(debounce.flush() == .some("40000025"))
        #expect(debounce.flush() == nil)
        #expect(debounce.timerFired(generation: generation) == nil, "the flushed value's timer is stale")
    }

    @Test func aValueSetAfterDeliveryStartsANewRound() {
        var debounce = DebounceStateMachine<String?>()
        let first = debounce.valueChanged("40000025")
        _ = debounce.timerFired(generation: first)
        let second = debounce.valueChanged("40000025")
        #expect(debounce.timerFired(generation: first) == nil)
        #expect(debounce.timerFired(generation: second) == .some("40000025"))
    }
}
