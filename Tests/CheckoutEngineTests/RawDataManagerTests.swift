import Synchronization
import CheckoutCore
import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutEngine

/// Exact event sequences of the ``RawDataManager`` on a manual clock. `dataIsValid` is checked on
/// its own (it depends on validation rules, not on the engine's timing) and left out of sequences.
@Suite struct RawDataManagerTests {
    static let coBadged = "4000002500001001"

    /// The local events typing `number` digit by digit produces up to `count` digits: one pair per
    /// change of the local metadata, none for keystrokes that change nothing.
    func localEventsWhileTyping(_ harness: EngineHarness, _ number: String, upTo count: Int) -> [CheckoutEvent] {
        var events: [CheckoutEvent] = []
        var shown: (CardNumberEntryMetadata, BinData)?
        for length in 1...count {
            let digits = String(number.prefix(length))
            let metadata = harness.resolver.localMetadata(forDigits: digits, source: .local)
            let binData = harness.resolver.localBinData(forDigits: digits)
            if shown?.0 != metadata { events.append(.didReceiveMetadata(metadata, CardNumberEntryState(cardNumber: digits))) }
            if shown?.1 != binData { events.append(.didReceiveBinData(binData)) }
            shown = (metadata, binData)
        }
        return events
    }

    func withoutValidity(_ events: [CheckoutEvent]) -> [CheckoutEvent] { events.filter { !$0.isValidity } }

    /// `idle(on:)` returns when what is due by the clock's time has come out, not after a number
    /// of scheduler rounds: the lookup the debounce starts has been asked, its answer emitted.
    @Test func idleOnTheClockIsWhenEveryDueEventHasBeenEmitted() async {
        let harness = await EngineHarness()
        await harness.type(Self.coBadged)
        await harness.clock.advance(by: .milliseconds(200))
        await harness.manager.idle(on: harness.clock)
        #expect(harness.service.requests == ["40000025"], "the debounce fired and the lookup reached the service")
        #expect(harness.recorder.events.last.map { if case .willFetchMetadata = $0 { true } else { false } } == true)
        #expect(await !harness.manager.isIdle(parkedTurns: { 0 }), "the lookup and its timeout are under way, asleep on the clock")
        await harness.clock.advance(by: .milliseconds(100))
        await harness.manager.idle(on: harness.clock)
        #expect(harness.recorder.events.contains { $0.metadataSource == .remote }, "the answer is out")
        let quiet = await harness.manager.isIdle(parkedTurns: { 0 })
        #expect(harness.clock.sleeperCount == 0 && quiet, "nothing is left under way")
    }

    @Test func typingACoBadgedCardAt20KeysASecondAsksOnceAndShowsTheChoiceWhileTyping() async {
        let harness = await EngineHarness()
        for length in 1...16 {
            await harness.type(String(Self.coBadged.prefix(length)))
            await harness.advance(50)
        }
        // The 8th digit is typed at 350 ms: the debounce fires at 550 ms (11 digits typed), the
        // answer comes 100 ms later at 650 ms (13 digits typed); the digits after it change nothing.
        let expected = localEventsWhileTyping(harness, Self.coBadged, upTo: 11)
            + [.willFetchMetadata(CardNumberEntryState(cardNumber: "40000025000"))]
            + harness.remote("4000002500001", [.cartesBancaires, .visa])
        let actual = withoutValidity(harness.recorder.events)
        #expect(actual == expected)
        if actual != expected {
            for (index, pair) in zip(actual, expected).enumerated() where pair.0 != pair.1 { Issue.record("first difference at \(index): \(pair.0) vs \(pair.1)"); break }
            Issue.record("counts \(actual.count) vs \(expected.count)")
        }
        #expect(harness.service.requests == ["40000025"])
        let metadata = await harness.manager.currentMetadata
        #expect(metadata == harness.resolver.remoteMetadata(for: BinAnswer(
            firstDigits: "40000025", networks: [BinNetwork(network: .cartesBancaires), BinNetwork(network: .visa)])))
        #expect(metadata?.source == .remote)
    }

    @Test func pastingANumberWholeAsksOnceAfterTheDebounce() async {
        let harness = await EngineHarness()
        await harness.type("4000 0025 0000 1001")
        #expect(withoutValidity(harness.recorder.take()) == harness.local(Self.coBadged))
        await harness.advance(199)
        #expect(harness.recorder.take().isEmpty)
        #expect(harness.service.requests.isEmpty)
        await harness.advance(1)
        #expect(harness.recorder.take() == [.willFetchMetadata(CardNumberEntryState(cardNumber: Self.coBadged))])
        await harness.advance(100)
        #expect(withoutValidity(harness.recorder.take()) == harness.remote(Self.coBadged, [.cartesBancaires, .visa]))
        #expect(harness.service.requests == ["40000025"])
    }

    @Test func editingInsideTheFirstEightDigitsLooksTheNewBinUpAndComingBackUsesTheCache() async {
        let harness = await EngineHarness()
        await harness.type(Self.coBadged)
        await harness.advance(300)
        _ = harness.recorder.take()
        let edited = "4010002500001001"
        await harness.type(edited)
        #expect(withoutValidity(harness.recorder.take()) == harness.local(edited))
        await harness.advance(300)
        #expect(withoutValidity(harness.recorder.take())
                == [.willFetchMetadata(CardNumberEntryState(cardNumber: edited))] + harness.remote(edited, [.visa]))
        await harness.type(Self.coBadged)
        #expect(withoutValidity(harness.recorder.take()) == harness.remote(Self.coBadged, [.cartesBancaires, .visa]),
                "a cached BIN answers at once, with no willFetchMetadata")
        await harness.advance(300)
        #expect(harness.recorder.take().isEmpty)
        #expect(harness.service.requests == ["40000025", "40100025"])
    }

    @Test func deletingBackBelowEightDigitsShowsLocalRulesAgain() async {
        let harness = await EngineHarness()
        await harness.type(Self.coBadged)
        await harness.advance(300)
        _ = harness.recorder.take()
        await harness.type("4000002")
        #expect(withoutValidity(harness.recorder.take()) == harness.local("4000002"))
        let metadata = await harness.manager.currentMetadata
        #expect(metadata?.source == .local)
        #expect(metadata?.selectableCardNetworks == nil)
        await harness.advance(300)
        #expect(harness.recorder.take().isEmpty)
        await harness.type("40000025")
        #expect(withoutValidity(harness.recorder.take()) == harness.remote("40000025", [.cartesBancaires, .visa]))
        #expect(harness.service.requests == ["40000025"])
    }

    @Test func editingDigitsAfterTheBinKeepsTheAnswerAndEmitsNothingNew() async {
        let harness = await EngineHarness()
        await harness.type(Self.coBadged)
        await harness.advance(300)
        _ = harness.recorder.take()
        await harness.type("4000002500009999")
        await harness.type("400000250000")
        await harness.advance(300)
        #expect(withoutValidity(harness.recorder.take()).isEmpty)
        #expect(harness.service.requests == ["40000025"])
    }

    @Test func aSlowAnswerOvertakenByANewerNumberIsCancelledAndNeverShown() async {
        let harness = await EngineHarness { bin in
            bin == "40000025" ? .answer([.cartesBancaires, .visa], after: .milliseconds(500)) : .answer([.mastercard], after: .milliseconds(100))
        }
        await harness.type(Self.coBadged)
        await harness.advance(300)
        _ = harness.recorder.take()
        let newer = "5555555555554444"
        await harness.type(newer)
        await harness.advance(200)
        await harness.advance(100)
        await harness.advance(1000)
        #expect(withoutValidity(harness.recorder.take())
                == harness.local(newer) + [.willFetchMetadata(CardNumberEntryState(cardNumber: newer))] + harness.remote(newer, [.mastercard]))
        #expect(harness.service.record.withLock { $0.cancelled } == 1)
        #expect(harness.service.requests == ["40000025", "55555555"])
    }

    @Test func anAnswerForALeftNumberArrivingBeforeTheNewOneSettlesIsCachedNotShown() async {
        let harness = await EngineHarness { bin in .answer(bin == "40000025" ? [.cartesBancaires, .visa] : [.mastercard], after: .milliseconds(150)) }
        await harness.type(Self.coBadged)
        await harness.advance(250)
        _ = harness.recorder.take()
        await harness.type("5555555555554444")
        await harness.advance(100)
        #expect(withoutValidity(harness.recorder.take()) == harness.local("5555555555554444"))
        await harness.type(Self.coBadged)
        #expect(withoutValidity(harness.recorder.take()) == harness.remote(Self.coBadged, [.cartesBancaires, .visa]))
        await harness.advance(500)
        #expect(harness.service.requests == ["40000025"])
    }

    @Test(arguments: ["fail", "empty", "hang"])
    func everyFaultFallsBackToLocalRulesWithinTheTimeout(fault: String) async {
        let harness = await EngineHarness(timeout: .milliseconds(1000)) { _ in
            switch fault {
            case "fail": return .fail(after: .milliseconds(50))
            case "empty": return .empty(after: .milliseconds(50))
            default: return .hang
            }
        }
        await harness.type(Self.coBadged)
        await harness.advance(200)
        #expect(withoutValidity(harness.recorder.take()) == harness.local(Self.coBadged) + [.willFetchMetadata(CardNumberEntryState(cardNumber: Self.coBadged))])
        await harness.advance(fault == "hang" ? 999 : 49)
        #expect(harness.recorder.take().isEmpty)
        await harness.advance(1)
        // An empty answer is a service that knows nothing of the card, not one that is down.
        let reason: CardNumberEntryMetadata.FallbackReason = fault == "empty" ? .noBinData : .serviceUnavailable
        #expect(withoutValidity(harness.recorder.take()) == harness.local(Self.coBadged, .localFallback, fallbackReason: reason))
        let metadata = await harness.manager.currentMetadata
        #expect(metadata?.source == .localFallback)
        #expect(metadata?.fallbackReason == reason)
        await harness.advance(5000)
        #expect(harness.recorder.take().isEmpty, "a timed-out lookup's late answer is never emitted")
    }

    @Test func submittingNeverWaitsForALookup() async {
        let harness = await EngineHarness { _ in .hang }
        await harness.type("4242424242424242")
        await harness.advance(200)
        _ = harness.recorder.take()
        await harness.manager.submit()
        await harness.settle()
        await waitUntil { harness.recorder.events.contains { if case .checkoutCompleted = $0 { return true }; return false } }
        #expect(harness.payments.requests.map(\.network) == [.visa])
        #expect(harness.payments.requests.first?.firstDigits == "42424242")
    }

    @Test func aHandlerSeesEachEventBeforeTheCallThatEmittedItReturnsAndTheSameEventsAsAStream() async {
        let harness = await EngineHarness()
        let handled = EventRecorder()
        harness.manager.events { handled.record($0, "") }
        let stream = harness.manager.events()
        for length in 1...16 {
            await harness.type(String(Self.coBadged.prefix(length)))
            #expect(handled.events == harness.recorder.events, "the handler has every event of the edit once setRawData has returned")
            await harness.advance(50)
        }
        await harness.advance(300)
        await harness.manager.submit()
        await waitUntil { handled.events.contains { if case .checkoutCompleted = $0 { return true }; return false } }
        await harness.manager.finish()
        var streamed: [CheckoutEvent] = []
        for await event in stream { streamed.append(event) }
        #expect(handled.events == harness.recorder.events)
        #expect(handled.events == streamed)
        #expect(handled.events.contains { if case .willFetchMetadata = $0 { return true }; return false })
    }

    /// A turn's events come out together (``RawDataManager/events(turns:)``): one batch per call that
    /// emitted anything, whole before the call returns, and the batches are the events in order.
    @Test func eachTurnsEventsComeAsOneBatch() async {
        let harness = await EngineHarness()
        let turns = Mutex<[[CheckoutEvent]]>([])
        harness.manager.events(turns: { turn in turns.withLock { $0.append(turn) } })
        for length in [4, 8, 16] {
            let before = turns.withLock { $0.count }
            await harness.type(String(Self.coBadged.prefix(length)))
            #expect(turns.withLock { $0.count } <= before + 1, "one setRawData, one batch at most")
            #expect(turns.withLock { $0.flatMap { $0 } } == harness.recorder.events, "whole once setRawData has returned")
        }
        #expect(turns.withLock { $0.count } >= 1)
        await harness.advance(300)
        await harness.manager.submit()
        await waitUntil { harness.recorder.events.contains { if case .checkoutCompleted = $0 { return true }; return false } }
        let batches = turns.withLock { $0 }
        #expect(batches.flatMap { $0 } == harness.recorder.events)
        #expect(batches.allSatisfy { !$0.isEmpty })
        #expect(batches.contains { $0.count > 1 }, "a turn that says two things says them together: \(batches)")
        #expect(batches.last.map { $0.contains { if case .checkoutCompleted = $0 { return true }; return false } } == true,
                "the payment's answer is a turn of its own")
    }

    @Test func submittingTwiceWhileAPaymentIsInFlightPaysOnce() async {
        let harness = await EngineHarness(heldPayments: true)
        await harness.type(Self.coBadged, network: .cartesBancaires)
        await harness.advance(300)
        await harness.manager.submit()
        await waitUntil { harness.payments.requests.count == 1 }
        _ = harness.recorder.take()
        await harness.manager.submit()
        // Issue 18 ⑨: the second submit has its own result at once, so a script matches one result to each submit.
        #expect(harness.recorder.take() == [.checkoutFailed(CheckoutError(
            errorId: "payment-in-progress", description: "A payment is already under way; this submit was not sent. Wait for its result."))])
        harness.payments.release()
        await waitUntil { harness.recorder.events.contains { if case .checkoutCompleted = $0 { return true }; return false } }
        #expect(harness.payments.requests.count == 1)
        #expect(harness.payments.requests.first?.network == .cartesBancaires, "the cardholder's choice is used")
        let results = harness.recorder.events.filter { if case .checkoutCompleted = $0 { return true }; return false }
        #expect(results.count == 1)
    }

    /// Issue 18 ⑧: American Express chosen for a Cartes Bancaires + Visa card let a 4-digit CVV
    /// through and paid with Visa; it is refused, and nothing is paid.
    @Test func aChosenNetworkThatIsNotTheCardsIsRefusedAndNothingIsPaid() async {
        let harness = await EngineHarness(session: ClientSession(orderedAllowedCardNetworks: [.cartesBancaires, .visa, .amex]))
        await harness.type(Self.coBadged, cvv: "1234", network: .amex)
        await harness.advance(300)
        _ = harness.recorder.take()
        await harness.manager.submit()
        let failures = harness.recorder.take().compactMap { event -> CheckoutError? in
            if case let .checkoutFailed(error) = event { return error }
            return nil
        }
        #expect(failures.map(\.errorId) == ["unsupported-card-type"])
        #expect(failures.first?.description.contains("American Express is not one of this card's networks") == true)
        #expect(harness.payments.requests.isEmpty)
    }

    /// Issue 18 ②: a session whose amount and surcharge make more than an amount can be is refused
    /// at submit, one result and no payment, instead of trapping on the sum.
    @Test func anAmountThatWouldOverflowWithItsSurchargeIsRefusedAtSubmit() async {
        let harness = await EngineHarness(session: ClientSession(orderedAllowedCardNetworks: [.visa], amount: Int.max - 29,
                                                                 surcharges: [.visa: 30]))
        await harness.type("4242424242424242")
        await harness.advance(300)
        _ = harness.recorder.take()
        await harness.manager.submit()
        let events = harness.recorder.take()
        guard events.count == 1, case let .checkoutFailed(error) = events[0] else {
            Issue.record("\(events)")
            return
        }
        #expect(error.errorId == "invalid-amount" && error.description.contains("999999999999999"), "\(error)")
        #expect(harness.payments.requests.isEmpty)
    }

    @Test func aNetworkTheSessionDoesNotAllowIsNeverSent() async {
        let harness = await EngineHarness(session: ClientSession(orderedAllowedCardNetworks: [.cartesBancaires, .visa]))
        await harness.type("5555555555554444")
        await harness.advance(300)
        _ = harness.recorder.take()
        await harness.manager.submit()
        let failure = harness.recorder.take().compactMap { event -> CheckoutError? in
            if case let .checkoutFailed(error) = event { return error }
            return nil
        }
        #expect(failure.map(\.errorId) == ["unsupported-card-type"])
        #expect(harness.payments.requests.isEmpty)
    }

    @Test func invalidDataFailsWithTheValidationErrorsAndNoRepeatedDataIsValid() async {
        let harness = await EngineHarness()
        await harness.type(Self.coBadged, expiry: "13/20")
        await harness.advance(300)
        let typed = harness.recorder.take()
        #expect(typed.contains { if case .dataIsValid(false, _) = $0 { return true }; return false })
        await harness.manager.submit()
        let events = harness.recorder.take()
        #expect(events.count == 1, "the errors were already announced, so only checkoutFailed: \(events)")
        guard events.count == 1, case let .checkoutFailed(error) = events[0] else {
            Issue.record("expected checkoutFailed, got \(events)")
            return
        }
        #expect(error.errorId == "invalid-expiry-date")
        #expect(error.description.contains("invalid-expiry-date"))
        #expect(harness.payments.requests.isEmpty)
    }

    @Test func aSubmitBeforeAnyDataAnnouncesTheErrorsOnce() async {
        let harness = await EngineHarness()
        await harness.manager.submit()
        let events = harness.recorder.take()
        guard events.count == 2, case let .dataIsValid(isValid, errors) = events[0], case .checkoutFailed = events[1] else {
            Issue.record("expected dataIsValid then checkoutFailed, got \(events)")
            return
        }
        #expect(!isValid && errors.first?.errorId == "invalid-card-number")
    }

    @Test func dataIsValidIsEmittedOnlyWhenValidityOrTheErrorsChange() async {
        let harness = await EngineHarness()
        for length in 1...16 {
            await harness.type(String(Self.coBadged.prefix(length)))
            await harness.advance(50)
        }
        await harness.type(Self.coBadged, expiry: "12/3")
        await harness.type(Self.coBadged, expiry: "12/30")
        await harness.advance(300)
        let validity = harness.recorder.events.compactMap { event -> CheckoutEvent? in event.isValidity ? event : nil }
        #expect(validity.count >= 2)
        for (previous, next) in zip(validity, validity.dropFirst()) { #expect(previous != next) }
        #expect(validity.last == .dataIsValid(isValid: true, errors: []))
    }

    @Test func everySubscriberSeesEveryEventAndFinishEndsTheStreams() async {
        let harness = await EngineHarness()
        let first = harness.manager.events()
        let second = harness.manager.events()
        await harness.type(Self.coBadged)
        let finishing = Task { await harness.manager.finish() }
        await harness.settle()
        await harness.advance(100)
        await finishing.value
        var firstEvents: [CheckoutEvent] = []
        for await event in first { firstEvents.append(event) }
        var secondEvents: [CheckoutEvent] = []
        for await event in second { secondEvents.append(event) }
        #expect(firstEvents == harness.recorder.events)
        #expect(secondEvents == firstEvents)
        #expect(withoutValidity(firstEvents) == harness.local(Self.coBadged)
                + [.willFetchMetadata(CardNumberEntryState(cardNumber: Self.coBadged))] + harness.remote(Self.coBadged, [.cartesBancaires, .visa]),
                "finish fires the pending debounce at once and waits for the lookup")
    }

    @Test func finishWaitsForALookupOnlyUpToItsTimeout() async {
        let harness = await EngineHarness(timeout: .milliseconds(500)) { _ in .hang }
        await harness.type(Self.coBadged)
        let finishing = Task { await harness.manager.finish() }
        await waitUntil { harness.clock.sleeperCount >= 2 }
        await harness.advance(500)
        await finishing.value
        #expect(withoutValidity(harness.recorder.events).suffix(2) == harness.local(Self.coBadged, .localFallback, fallbackReason: .serviceUnavailable)[...])
    }
}

