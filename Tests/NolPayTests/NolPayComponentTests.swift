import Synchronization
import Testing
@testable import NolPay

/// A Transit that counts the calls it passes on, to prove a double submit makes one request.
final class CountingTransit: Transit {
    let base: SimulatedTransit
    let calls = Mutex<[String: Int]>([:])
    init(_ base: SimulatedTransit) { self.base = base }
    func count(_ name: String) -> Int { calls.withLock { $0[name] ?? 0 } }
    private func note(_ name: String) { calls.withLock { $0[name, default: 0] += 1 } }

    func scanCard() async throws -> String { note("scanCard"); return try await base.scanCard() }
    func makeLinkingToken(cardNumber: String) async throws -> String { note("makeLinkingToken"); return try await base.makeLinkingToken(cardNumber: cardNumber) }
    func sendLinkOTP(mobileNumber: MobileNumber, linkToken: String) async throws {
        note("sendLinkOTP"); try await base.sendLinkOTP(mobileNumber: mobileNumber, linkToken: linkToken)
    }
    func linkCard(otpCode: String, linkToken: String) async throws -> NolPaymentCard {
        note("linkCard"); return try await base.linkCard(otpCode: otpCode, linkToken: linkToken)
    }
    func sendUnlinkOTP(mobileNumber: MobileNumber, cardNumber: String) async throws -> String {
        note("sendUnlinkOTP"); return try await base.sendUnlinkOTP(mobileNumber: mobileNumber, cardNumber: cardNumber)
    }
    func resendUnlinkOTP(unlinkToken: String) async throws { note("resendUnlinkOTP"); try await base.resendUnlinkOTP(unlinkToken: unlinkToken) }
    func unlinkCard(cardNumber: String, otpCode: String, unlinkToken: String) async throws {
        note("unlinkCard"); try await base.unlinkCard(cardNumber: cardNumber, otpCode: otpCode, unlinkToken: unlinkToken)
    }
    func linkedCards(mobileNumber: MobileNumber) async throws -> [NolPaymentCard] { note("linkedCards"); return try await base.linkedCards(mobileNumber: mobileNumber) }
    func requestPayment(cardNumber: String, mobileNumber: MobileNumber, amount: Int, currency: String) async throws -> NolPayment {
        note("requestPayment")
        return try await base.requestPayment(cardNumber: cardNumber, mobileNumber: mobileNumber, amount: amount, currency: currency)
    }
}

@Suite struct NolPayComponentTests {
    typealias B = NolTestBackend

    @Test func linksACardThroughTheActor() async throws {
        let b = try B()
        let link = NolPayLinkCardComponent(transit: b.transit)
        let log = EventLog(link)
        let steps = link.stepStream()
        await link.start()
        await link.submit()
        while await !b.transit.reader.isWaitingForTap { await Task.yield() }
        await b.transit.reader.tap(B.gold)
        await link.waitUntilIdle()
        await link.updateCollectedData(.phoneData(mobileNumber: "050 123 4567"))
        await link.submit()
        await link.waitUntilIdle()
        let code = try b.store.messages().last!.code
        await link.updateCollectedData(.otpData(otpCode: code))
        await link.submit()
        let events = await log.all()
        let linked = try #require(try b.store.card(B.gold))
        let card = NolPaymentCard(cardNumber: B.gold, expiredTime: linked.expiry, label: linked.label, balance: linked.balance)
        #expect(events == [
            .step(.collectTagData),
            .step(.collectPhoneData(cardNumber: B.gold)),
            .validation(.validating, .phoneData(mobileNumber: "050 123 4567")),
            .validation(.valid, .phoneData(mobileNumber: "050 123 4567")),
            .step(.collectOtpData(phoneNumber: "+971 501234567")),
            .validation(.validating, .otpData(otpCode: code)),
            .validation(.valid, .otpData(otpCode: code)),
            .step(.cardLinked),
            .outcome(.cardLinked(card)),
        ], "the SDK's cardLinked carries nothing; the card comes as the outcome")
        var stepNames: [String] = []
        for await step in steps { stepNames.append(step.name) }
        #expect(stepNames == ["collectTagData", "collectPhoneData", "collectOtpData", "cardLinked"])
    }

    @Test func aDoubleSubmitMakesOneRequest() async throws {
        let b = try B()
        let transit = CountingTransit(b.transit)
        await b.transit.reader.tap(B.silver)
        let link = NolPayLinkCardComponent(transit: transit)
        await link.start()
        await link.submit()
        await link.submit()
        await link.waitUntilIdle()
        await link.updateCollectedData(.phoneData(mobileNumber: "0501234567"))
        async let first: Void = link.submit()
        async let second: Void = link.submit()
        _ = await (first, second)
        await link.waitUntilIdle()
        #expect(transit.count("scanCard") == 1)
        #expect(transit.count("sendLinkOTP") == 1)
        #expect(try b.store.messages().count == 1)

        let pay = NolPayPaymentComponent(transit: transit, amount: 500)
        try await b.linkDirectly(B.gold)
        await pay.start()
        await pay.updateCollectedData(.paymentData(cardNumber: B.gold, mobileNumber: "0501234567"))
        await pay.submit()
        await pay.submit()
        await pay.waitUntilIdle()
        #expect(transit.count("requestPayment") == 1)
        #expect(try b.balance(B.gold) == 4250 - 500)
        #expect(try b.ledger().count == 1)
    }

    @Test func aReadTimeoutIsAnErrorAndTheScanCanBeRetried() async throws {
        let b = try B()
        let link = NolPayLinkCardComponent(transit: b.transit)
        let log = EventLog(link)
        await link.start()
        await link.submit()
        while await !b.transit.reader.isWaitingForTap { await Task.yield() }
        await b.clock.advance(by: .seconds(30))
        await link.waitUntilIdle()
        #expect(await !link.isBusy)
        await b.transit.reader.tap(B.blocked)
        await link.submit()
        let events = await log.all()
        #expect(events.count == 3)
        guard case let .error(timeout) = events[1], case let .error(blocked) = events[2] else {
            Issue.record("expected two errors, got \(events)"); return
        }
        #expect(timeout.code == "tag-read-timeout")
        #expect(blocked.code == "card-blocked")
        #expect(blocked.description == "Nol SDK encountered an error: card-blocked, This Nol card is blocked.")
    }

    @Test func restartDropsTheAnswerOfAnAbandonedScan() async throws {
        let b = try B()
        let link = NolPayLinkCardComponent(transit: b.transit)
        let log = EventLog(link)
        await link.start()
        await link.submit()
        while await !b.transit.reader.isWaitingForTap { await Task.yield() }
        await link.start()
        #expect(await log.all() == [.step(.collectTagData), .step(.collectTagData)])
    }

    @Test func unlinksThroughTheActor() async throws {
        let b = try B()
        try await b.linkDirectly(B.silver)
        let unlink = NolPayUnlinkCardComponent(transit: b.transit)
        let log = EventLog(unlink)
        await unlink.start()
        await unlink.updateCollectedData(.cardAndPhoneData(nolPaymentCard: NolPaymentCard(cardNumber: B.silver), mobileNumber: "+971501234567"))
        await unlink.submit()
        await unlink.waitUntilIdle()
        let code = try b.store.messages().last!.code
        await unlink.updateCollectedData(.otpData(otpCode: code))
        await unlink.submit()
        let events = await log.all()
        #expect(Array(events.suffix(2)) == [.step(.cardUnlinked), .outcome(.cardUnlinked(NolPaymentCard(cardNumber: B.silver)))])
        #expect(events.contains(.step(.collectOtpData)), "the SDK's unlink steps carry nothing")
        #expect(try b.link(B.silver) == nil)
    }

    @Test func paysAndDeclinesThroughTheActor() async throws {
        let b = try B()
        try await b.linkDirectly(B.lowBalance)
        let pay = NolPayPaymentComponent(transit: b.transit, amount: 750)
        let log = EventLog(pay)
        await pay.start()
        await pay.updateCollectedData(.paymentData(cardNumber: B.lowBalance, mobileNumber: "0501234567"))
        await pay.submit()
        let events = await log.all()
        guard case let .outcome(.checkoutFailed(payment)) = events.last, case let .error(error) = events[events.count - 2] else {
            Issue.record("expected a decline, got \(events)"); return
        }
        #expect(events[3] == .step(.paymentRequested), "the payment's steps end here: its result goes to the checkout delegate")
        #expect(payment.balance == 250)
        #expect(error.code == "insufficient-balance")
        #expect(try b.balance(B.lowBalance) == 250)
    }

    @Test func listsLinkedCardsForAnyFormOfTheNumber() async throws {
        let b = try B()
        try await b.linkDirectly(B.silver)
        try await b.linkDirectly(B.gold)
        let component = NolPayLinkedCardsComponent(transit: b.transit)
        let cards = try await component.getLinkedCardsFor(mobileNumber: "050 123 4567").get()
        #expect(Set(cards.map(\.cardNumber)) == [B.silver, B.gold])
        #expect(try await component.getLinkedCardsFor(mobileNumber: "+971 55 987 6543").get().isEmpty)
        guard case let .failure(error) = await component.getLinkedCardsFor(mobileNumber: "") else {
            Issue.record("a blank number lists nothing"); return
        }
        #expect(error.errorId == "invalid-value")
        #expect(error.code == "mobileNumber")
        #expect(error.message == "Phone number cannot be blank.")
    }
}
