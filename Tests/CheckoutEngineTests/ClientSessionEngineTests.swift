import CheckoutCore
import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutEngine

/// The client session kept told of the network a payment would use, on a manual clock: one action
/// at a time, the newest wish winning, payments charging the session's answer.
@Suite struct ClientSessionEngineTests {
    static let surcharged = ClientSession(orderedAllowedCardNetworks: [.cartesBancaires, .visa, .mastercard], amount: 4999,
                                          currency: "EUR", surcharges: [.visa: 30])
    static let coBadged = "4000002500001001"

    /// The client-session events in order.
    func sessionEvents(_ harness: EngineHarness) -> [CheckoutEvent] {
        harness.recorder.events.filter {
            switch $0 {
            case .willUpdateClientSession, .didUpdateClientSession, .clientSessionUpdateFailed: true
            default: false
            }
        }
    }

    func due(_ network: CardNetwork?) -> AmountDue { Self.surcharged.amountDue(for: network) }

    @Test func theBinAnswerSelectsTheNetworkAPaymentWouldUseAndEachChoiceIsSentOnce() async {
        let harness = await EngineHarness(session: Self.surcharged, sessionDelay: .milliseconds(100))
        await harness.type(String(Self.coBadged.prefix(7)))
        await harness.advance(500)
        #expect(harness.sessionService.requests.isEmpty, "nothing under 8 digits")
        await harness.type(Self.coBadged)
        await harness.advance(300)   // debounce 200, answer 100: the session is told Cartes Bancaires, the preferred network
        #expect(harness.sessionService.requests == [.cartesBancaires])
        await harness.advance(100)
        await harness.type(Self.coBadged, network: .visa)
        await harness.advance(100)
        await harness.type(Self.coBadged, network: .visa)
        await harness.advance(100)
        #expect(harness.sessionService.requests == [.cartesBancaires, .visa], "the same choice again asks nothing")
        #expect(sessionEvents(harness) == [.willUpdateClientSession(network: .cartesBancaires), .didUpdateClientSession(due(.cartesBancaires)),
                                           .willUpdateClientSession(network: .visa), .didUpdateClientSession(due(.visa))])
        #expect(await harness.manager.clientSessionAmountDue?.total == 5029)
    }

    @Test func switchingBackAndForthWhileAnActionIsOutSendsOnlyTheNewest() async {
        let harness = await EngineHarness(session: Self.surcharged, sessionDelay: .milliseconds(100))
        await harness.type(Self.coBadged)
        await harness.advance(300)
        #expect(harness.sessionService.requests == [.cartesBancaires])
        for network in [CardNetwork.visa, .cartesBancaires, .visa, .cartesBancaires, .visa] {
            await harness.type(Self.coBadged, network: network)
        }
        await harness.advance(100)
        #expect(harness.sessionService.requests == [.cartesBancaires, .visa], "one action in flight; the older wishes are dropped")
        await harness.advance(100)
        #expect(sessionEvents(harness).last == .didUpdateClientSession(due(.visa)))
        for network in [CardNetwork.cartesBancaires, .visa] { await harness.type(Self.coBadged, network: network) }
        await harness.advance(200)
        #expect(harness.sessionService.requests == [.cartesBancaires, .visa, .cartesBancaires, .visa],
                "a wish that comes back to what is in flight still sends it after, since the answer was for the other")
    }

    @Test func aNumberThatDropsUnderEightDigitsUnselectsAndAnEftposCardSelectsItsAutomaticNetwork() async {
        let session = ClientSession(orderedAllowedCardNetworks: [.visa, .eftpos], amount: 4999, currency: "AUD", surcharges: [.visa: 30])
        let harness = await EngineHarness(session: session, behaviour: { _ in .answer([.eftpos, .visa], after: .milliseconds(100)) })
        await harness.type("4000050360000001", network: .eftpos)
        await harness.advance(300)
        #expect(harness.sessionService.requests == [.visa], "the automatic network, whatever was picked")
        await harness.type("4000050")
        await harness.advance(10)
        #expect(harness.sessionService.requests == [.visa, nil], "under 8 digits the payment method is unselected")
        #expect(sessionEvents(harness).last == .didUpdateClientSession(session.amountDue(for: nil)))
    }

    @Test func aSubmitWaitsForTheAnswerAndChargesIt() async {
        let harness = await EngineHarness(session: Self.surcharged, sessionDelay: .milliseconds(100))
        harness.sessionService.add([.visa: 5])
        await harness.type(Self.coBadged, network: .visa)
        await harness.manager.submit()   // before the debounce: local rules say Visa
        await harness.settle()
        #expect(harness.payments.requests.isEmpty, "nothing is paid before the session answers")
        #expect(harness.sessionService.requests == [.visa])
        await harness.advance(100)
        await waitUntil { harness.payments.requests.count == 1 }
        let request = harness.payments.requests.first
        #expect(request?.network == .visa && request?.amount == 4999 && request?.surcharge == 35, "the session's surcharge, not the configuration's")
        #expect(request?.idempotencyKey == nil)
        let events = harness.recorder.events
        let answered = events.firstIndex(of: .didUpdateClientSession(AmountDue(network: .visa, amount: 4999, surcharge: 35, currency: "EUR")))
        let paid = events.firstIndex { if case .checkoutCompleted = $0 { true } else { false } }
        #expect(answered != nil && paid != nil && answered! < paid!)
    }

    @Test func aTotalOtherThanTheOneShownIsNotCharged() async {
        let harness = await EngineHarness(session: Self.surcharged)
        harness.sessionService.add([.visa: 5])
        await harness.type(Self.coBadged, network: .visa)
        await harness.advance(300)
        await harness.manager.submit(expectedTotal: 5029)
        await waitUntil { harness.recorder.events.contains { if case .checkoutFailed = $0 { true } else { false } } }
        guard case let .checkoutFailed(error)? = harness.recorder.events.last else {
            Issue.record("the last event is not checkoutFailed")
            return
        }
        #expect(error.errorId == "amount-changed" && error.description.contains("5034") && error.description.contains("5029"))
        #expect(harness.payments.requests.isEmpty)
        await harness.manager.submit(expectedTotal: 5034)
        await waitUntil { harness.payments.requests.count == 1 }
        #expect(harness.payments.requests.first?.total == 5034, "confirmed: the new total is paid")
        #expect(harness.sessionService.requests == [.visa], "nothing asked again: the session holds Visa")
    }

    @Test func aFailedActionIsAskedAgainBySubmitAndNothingIsChargedWhenItFailsAgain() async {
        let harness = await EngineHarness(session: Self.surcharged)
        harness.sessionService.fail([.visa])
        await harness.type(Self.coBadged, network: .visa)
        await harness.advance(300)
        #expect(sessionEvents(harness).last.map { if case .clientSessionUpdateFailed = $0 { true } else { false } } == true)
        await harness.advance(1000)
        #expect(harness.sessionService.requests == [.visa], "a failure is not repeated on its own")
        await harness.manager.submit()
        await waitUntil { harness.recorder.events.contains { if case .checkoutFailed = $0 { true } else { false } } }
        #expect(harness.sessionService.requests == [.visa, .visa], "the submit asked again")
        #expect(harness.payments.requests.isEmpty, "nothing was charged")
        guard case let .checkoutFailed(error)? = harness.recorder.events.last else {
            Issue.record("the last event is not checkoutFailed")
            return
        }
        #expect(error.description.hasPrefix("Nothing was charged. The client session did not confirm the amount"))

        harness.sessionService.fail([])
        await harness.manager.submit()
        await waitUntil { harness.payments.requests.count == 1 }
        #expect(harness.payments.requests.first?.total == 5029)
    }

    @Test func whatChangesWhileAPaymentIsOutIsToldAfterIt() async {
        let harness = await EngineHarness(session: Self.surcharged, heldPayments: true)
        await harness.type(Self.coBadged, network: .visa)
        await harness.advance(300)
        await harness.manager.submit()
        await waitUntil { harness.payments.requests.count == 1 }
        await harness.type(Self.coBadged, network: .cartesBancaires)
        await harness.advance(100)
        #expect(harness.sessionService.requests == [.visa], "the session keeps the network being paid with")
        harness.payments.release()
        await waitUntil { harness.recorder.events.contains { if case .checkoutCompleted = $0 { true } else { false } } }
        await harness.advance(10)
        #expect(harness.sessionService.requests == [.visa, .cartesBancaires])
    }

    @Test func aSessionWithoutSurchargesIsNeverToldAndASubmitPaysAtOnce() async {
        let harness = await EngineHarness()
        await harness.type(Self.coBadged, network: .visa)
        await harness.advance(300)
        await harness.manager.submit(expectedTotal: 1000)
        await waitUntil { harness.payments.requests.count == 1 }
        #expect(harness.sessionService.requests.isEmpty && sessionEvents(harness).isEmpty)
        await harness.manager.submit(expectedTotal: 999)
        await waitUntil { harness.recorder.events.contains { if case .checkoutFailed = $0 { true } else { false } } }
        #expect(harness.payments.requests.count == 1, "a total other than the one shown is refused here too")
    }

    @Test func finishWaitsForAnActionInFlight() async {
        let harness = await EngineHarness(session: Self.surcharged, sessionDelay: .milliseconds(100))
        await harness.type(Self.coBadged)
        await harness.advance(300)
        let finishing = Task { await harness.manager.finish() }
        await harness.advance(100)
        await finishing.value
        #expect(sessionEvents(harness).last == .didUpdateClientSession(due(.cartesBancaires)))
    }
}

/// The pure core: one request at a time, the newest wish, failures asked again only by a retry.
@Suite struct ClientSessionStateMachineTests {
    typealias Machine = ClientSessionStateMachine
    let visa = AmountDue(network: .visa, amount: 4999, surcharge: 30, currency: "EUR")

    @Test func aNewSessionHoldsNothingAndAWishGoesOutOnce() throws {
        var machine = Machine()
        #expect(machine.want(nil) == nil, "nothing selected: nothing to unselect")
        let firstRequest = machine.want(.visa)
        let first = try #require(firstRequest)
        #expect(first.network == .visa && machine.inFlight == first)
        #expect(machine.want(.visa) == nil && machine.want(.cartesBancaires) == nil, "one in flight")
        #expect(machine.settledAmount == nil)
        let nextRequest = machine.answered(first, with: .success(visa))
        let next = try #require(nextRequest)
        #expect(next.network == .cartesBancaires, "the newest wish goes out when the answer comes")
        #expect(machine.answered(next, with: .success(AmountDue(network: .cartesBancaires, amount: 4999, surcharge: 0, currency: "EUR"))) == nil)
        #expect(machine.settledAmount?.network == .cartesBancaires)
        #expect(machine.answered(first, with: .success(visa)) == nil, "an answer to a request not in flight is ignored")
    }

    @Test func aFailureLeavesTheSelectionUnknownUntilARetry() throws {
        var machine = Machine()
        let firstRequest = machine.want(.visa)
        let first = try #require(firstRequest)
        let failure = CheckoutError(errorId: "x", description: "y")
        #expect(machine.answered(first, with: .failure(failure)) == nil)
        #expect(machine.failure == failure && machine.confirmed == nil && machine.settledAmount == nil)
        #expect(machine.want(.visa) == nil, "the same wish is not repeated on its own")
        let againRequest = machine.retry()
        let again = try #require(againRequest)
        #expect(again.network == .visa && machine.failure == nil)
        _ = machine.answered(again, with: .success(visa))
        #expect(machine.settledAmount == visa)
        // After a failure for another network the session's state is unknown: even none is asked for.
        let otherRequest = machine.want(.cartesBancaires)
        let other = try #require(otherRequest)
        _ = machine.answered(other, with: .failure(failure))
        #expect(machine.want(nil)?.network == .some(nil), "a new wish after a failure goes out")
    }
}

/// The `checkout events` objects of the new events (Docs/primer.md), beside PRODUCT.md's unchanged ones.
@Suite struct ClientSessionEventJSONTests {
    @Test func theClientSessionEventsAndAFailureAboutAPaymentHaveTheirShapes() {
        #expect(CheckoutEvent.willUpdateClientSession(network: .visa).jsonLine == #"{"event":"willUpdateClientSession","network":"VISA"}"#)
        #expect(CheckoutEvent.willUpdateClientSession(network: nil).jsonLine == #"{"event":"willUpdateClientSession","network":null}"#)
        #expect(CheckoutEvent.didUpdateClientSession(AmountDue(network: .visa, amount: 4999, surcharge: 30, currency: "EUR")).jsonLine
                == #"{"event":"didUpdateClientSession","amountDue":{"network":"VISA","amount":4999,"surcharge":30,"total":5029,"currency":"EUR"}}"#)
        #expect(CheckoutEvent.clientSessionUpdateFailed(CheckoutError(errorId: "client-session-update-failed", description: "no")).jsonLine
                == #"{"event":"clientSessionUpdateFailed","error":{"errorId":"client-session-update-failed","description":"no"}}"#)
        let payment = Payment(id: "pay_1", status: .failed, amount: 4999, currency: "EUR", network: .visa, firstDigits: "40000000",
                              last4Digits: "0002", declineReason: "FAILED at Primer (payment-failed)", orderId: "order-1")
        #expect(CheckoutEvent.checkoutFailed(CheckoutError(errorId: "payment-failed", description: "x", payment: payment)).jsonLine
                == #"{"event":"checkoutFailed","error":{"errorId":"payment-failed","description":"x"},"payment":{"id":"pay_1","orderId":"order-1","status":"FAILED","amount":4999,"surcharge":0,"total":4999,"currency":"EUR","paymentMethodData":{"network":"VISA","last4Digits":"0002"},"declineReason":"FAILED at Primer (payment-failed)"}}"#)
        #expect(CheckoutEvent.checkoutFailed(CheckoutError(errorId: "invalid-cvv", description: "y")).jsonLine
                == #"{"event":"checkoutFailed","error":{"errorId":"invalid-cvv","description":"y"}}"#, "PRODUCT.md's shape when no payment was made")
    }
}

extension CheckoutEvent {
    var jsonLine: String { serialized() }
}
