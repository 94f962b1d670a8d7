import CheckoutCore
import Testing
@testable import CheckoutEngine

@Suite struct BinLookupStateMachineTests {
    typealias Machine = BinLookupStateMachine
    let coBadged = BinAnswer(firstDigits: "40000025", networks: [BinNetwork(network: .cartesBancaires), BinNetwork(network: .visa)])
    let mastercard = BinAnswer(firstDigits: "55555555", networks: [BinNetwork(network: .mastercard)])

    @Test func shortNumbersShowLocalRulesAndNeedNoLookup() {
        var machine = Machine()
        #expect(machine.binChanged(to: nil) == .showLocal)
        let settlement = machine.settle()
        #expect(settlement == Machine.Settlement())
        #expect(machine.current == .short)
    }

    @Test func aNewBinWaitsThenIsAnnouncedAndLookedUpOnce() throws {
        var machine = Machine()
        #expect(machine.binChanged(to: "40000025") == .showLocal)
        #expect(machine.current == .waiting(bin: "40000025"))
        let settlement = machine.settle()
        #expect(settlement.announce)
        let start = try #require(settlement.start)
        #expect(start.bin == "40000025")
        #expect(machine.isFetchingCurrent)
        #expect(machine.settle() == Machine.Settlement(), "settling again asks nothing more")
        #expect(machine.lookupEnded(bin: "40000025", id: start.id, result: .answered(coBadged)) == .showRemote(coBadged))
        #expect(machine.current == .remote(bin: "40000025", answer: coBadged))
        #expect(machine.cache["40000025"] == coBadged)
        #expect(machine.inFlight.isEmpty)
    }

    /// Primer answers an 8-digit question with 6 `firstDigits`, or none (Primer iOS SDK 2.51.1,
    /// `Tests/Utilities/Mocks/Services/MockAPIClient.swift`: `firstDigits: String(bin.prefix(6))`).
    @Test(arguments: ["400000", nil] as [String?])
    func anAnswerNamingFewerDigitsOrNoneStaysTheAnswerForTheBinAsked(firstDigits: String?) throws {
        var machine = Machine()
        let answer = BinAnswer(firstDigits: firstDigits, networks: coBadged.networks)
        _ = machine.binChanged(to: "40000025")
        let id = try #require(machine.settle().start?.id)
        #expect(machine.lookupEnded(bin: "40000025", id: id, result: .answered(answer)) == .showRemote(answer), "passed on as given")
        #expect(machine.current.bin == "40000025" && machine.cache["40000025"] == answer)
        #expect(machine.binChanged(to: "40000025") == .showRemote(answer))
        #expect(machine.settle() == Machine.Settlement(), "the same BIN is not asked again")
    }

    @Test func aCachedBinIsShownAtOnceWithoutALookup() throws {
        var machine = Machine()
        _ = machine.binChanged(to: "40000025")
        let id = try #require(machine.settle().start?.id)
        _ = machine.lookupEnded(bin: "40000025", id: id, result: .answered(coBadged))
        #expect(machine.binChanged(to: nil) == .showLocal)
        #expect(machine.binChanged(to: "40000025") == .showRemote(coBadged))
        #expect(machine.settle() == Machine.Settlement())
    }

    @Test(arguments: [Machine.LookupResult.failed, .timedOut, .answered(nil),
                      .answered(BinAnswer(firstDigits: "40000025", networks: []))])
    func failuresEmptyAnswersAndTimeoutsFallBackAndAreNotCached(result: Machine.LookupResult) throws {
        var machine = Machine()
        _ = machine.binChanged(to: "40000025")
        let id = try #require(machine.settle().start?.id)
        #expect(machine.lookupEnded(bin: "40000025", id: id, result: result) == .showFallback)
        #expect(machine.current == .fallback(bin: "40000025"))
        #expect(machine.cache.isEmpty)
        _ = machine.binChanged(to: nil)
        _ = machine.binChanged(to: "40000025")
        #expect(machine.settle().start != nil, "a failed BIN is asked again when the user comes back to it")
    }

    @Test func aLookupTheUserTypedAwayFromIsCancelledWhenTheInputSettles() throws {
        var machine = Machine()
        _ = machine.binChanged(to: "40000025")
        let old = try #require(machine.settle().start?.id)
        #expect(machine.binChanged(to: "55555555") == .showLocal)
        let settlement = machine.settle()
        #expect(settlement.cancel == [old])
        let new = try #require(settlement.start)
        #expect(new.bin == "55555555" && new.id != old)
        #expect(machine.lookupEnded(bin: "40000025", id: old, result: .answered(coBadged)) == .none,
                "a cancelled lookup's late answer is not shown")
        #expect(machine.cache["40000025"] == coBadged, "but it is kept")
        #expect(machine.lookupEnded(bin: "55555555", id: new.id, result: .answered(mastercard)) == .showRemote(mastercard))
    }

    @Test func anAnswerForALeftBinIsCachedButNotShown() throws {
        var machine = Machine()
        _ = machine.binChanged(to: "40000025")
        let id = try #require(machine.settle().start?.id)
        _ = machine.binChanged(to: "55555555")
        #expect(machine.lookupEnded(bin: "40000025", id: id, result: .answered(coBadged)) == .none)
        #expect(machine.current == .waiting(bin: "55555555"))
        #expect(machine.cache["40000025"] == coBadged)
        #expect(machine.binChanged(to: "40000025") == .showRemote(coBadged))
    }

    @Test func comingBackToABinInFlightJoinsItsLookup() throws {
        var machine = Machine()
        _ = machine.binChanged(to: "40000025")
        let id = try #require(machine.settle().start?.id)
        _ = machine.binChanged(to: "40000026")
        _ = machine.binChanged(to: "40000025")
        let settlement = machine.settle()
        #expect(settlement.announce && settlement.start == nil && settlement.cancel.isEmpty)
        #expect(machine.lookupEnded(bin: "40000025", id: id, result: .answered(coBadged)) == .showRemote(coBadged))
    }

    @Test func anAnswerArrivingBeforeTheReturningInputSettlesIsShown() throws {
        var machine = Machine()
        _ = machine.binChanged(to: "40000025")
        let id = try #require(machine.settle().start?.id)
        _ = machine.binChanged(to: nil)
        _ = machine.binChanged(to: "40000025")
        #expect(machine.lookupEnded(bin: "40000025", id: id, result: .answered(coBadged)) == .showRemote(coBadged))
        #expect(machine.settle() == Machine.Settlement())
    }

    @Test func aFailureArrivingBeforeTheReturningInputSettlesShowsNothingAndIsRetried() throws {
        var machine = Machine()
        _ = machine.binChanged(to: "40000025")
        let id = try #require(machine.settle().start?.id)
        _ = machine.binChanged(to: nil)
        _ = machine.binChanged(to: "40000025")
        #expect(machine.lookupEnded(bin: "40000025", id: id, result: .failed) == .none)
        let retry = try #require(machine.settle().start)
        #expect(retry.id != id)
    }

    @Test func aTimedOutLookupsLateAnswerIsIgnored() throws {
        var machine = Machine()
        _ = machine.binChanged(to: "40000025")
        let id = try #require(machine.settle().start?.id)
        #expect(machine.lookupEnded(bin: "40000025", id: id, result: .timedOut) == .showFallback)
        #expect(machine.lookupEnded(bin: "40000025", id: id, result: .answered(coBadged)) == .none)
        #expect(machine.current == .fallback(bin: "40000025"))
        #expect(machine.cache["40000025"] == coBadged)
    }

    /// Every sequence of up to four inputs from a small alphabet keeps the invariants: at most one
    /// lookup per BIN in flight, nothing in flight but the current BIN after settling, a shown answer
    /// always for the current BIN, and a cached BIN never looked up again.
    @Test func everyShortInputSequenceKeepsTheInvariants() {
        enum Input: CaseIterable { case short, binA, binB, settle, endOldest, failOldest }
        func sequences(_ length: Int) -> [[Input]] {
            length == 0 ? [[]] : sequences(length - 1).flatMap { prefix in Input.allCases.map { prefix + [$0] } }
        }
        let answers = ["40000025": coBadged, "55555555": mastercard]
        var checked = 0
        for script in (1...5).flatMap(sequences) {
            var machine = Machine()
            var requested: [String: Int] = [:]
            for input in script {
                let outcome: Machine.Outcome
                switch input {
                case .short: outcome = machine.binChanged(to: nil)
                case .binA: outcome = machine.binChanged(to: "40000025")
                case .binB: outcome = machine.binChanged(to: "55555555")
                case .settle:
                    let settlement = machine.settle()
                    if let start = settlement.start {
                        #expect(machine.cache[start.bin] == nil, "a cached BIN is never asked again")
                        requested[start.bin, default: 0] += 1
                    }
                    #expect(machine.inFlight.keys.allSatisfy { $0 == machine.current.bin })
                    outcome = .none
                case .endOldest, .failOldest:
                    guard let (bin, id) = machine.inFlight.min(by: { $0.value < $1.value }) else { continue }
                    outcome = machine.lookupEnded(bin: bin, id: id, result: input == .endOldest ? .answered(answers[bin]) : .failed)
                }
                if case let .showRemote(answer) = outcome { #expect(answer.firstDigits == machine.current.bin) }
                if outcome == .showFallback { #expect(machine.current == .fallback(bin: machine.current.bin ?? "")) }
            }
            checked += 1
        }
        #expect(checked == 6 + 36 + 216 + 1296 + 7776)
    }
}
