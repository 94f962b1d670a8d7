import Foundation
import CheckoutStore
import Testing
@testable import NolPay

@Suite struct SimulatedTransitTests {
    typealias B = NolTestBackend

    func expectTransitError(_ code: String, _ body: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) async {
        do {
            try await body()
            Issue.record("expected \(code)", sourceLocation: sourceLocation)
        } catch let error as TransitError {
            #expect(error.code == code, sourceLocation: sourceLocation)
            #expect(!error.recoverySuggestion.isEmpty, sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func demoCardsShipWithBlockedExpiredAndLowBalanceOnes() throws {
        let cards = try NolDemoCards.bundled()
        #expect((6...8).contains(cards.count))
        #expect(cards.contains { $0.status == "blocked" })
        #expect(cards.contains { $0.status == "expired" })
        #expect(cards.contains { $0.status == "active" && $0.balance < 750 })
        #expect(cards.allSatisfy { !$0.label.isEmpty && $0.cardNumber.allSatisfy(\.isNumber) })
    }

    @Test func aLinkSendsOneSMSAndRecordsTheLink() async throws {
        let b = try B()
        let token = try await b.transit.makeLinkingToken(cardNumber: B.silver)
        try await b.transit.sendLinkOTP(mobileNumber: B.phone, linkToken: token)
        let sms = try b.store.messages()
        #expect(sms.count == 1)
        #expect(sms[0].mobileNumber == "+971501234567")
        #expect(sms[0].code == "111111")
        #expect(sms[0].body.contains("111111"))
        #expect(try b.link(B.silver) == nil)
        let card = try await b.transit.linkCard(otpCode: "111111", linkToken: token)
        #expect(card.cardNumber == B.silver)
        #expect(try b.link(B.silver)?.mobileNumber == "+971501234567")
        #expect(try b.store.code(token: token)?.state == .used)
        #expect(try await b.transit.linkedCards(mobileNumber: B.phone).map(\.cardNumber) == [B.silver])
        await expectTransitError("otp-already-used") { _ = try await b.transit.linkCard(otpCode: "111111", linkToken: token) }
    }

    @Test func threeWrongCodesVoidTheCode() async throws {
        let b = try B()
        let token = try await b.transit.makeLinkingToken(cardNumber: B.silver)
        try await b.transit.sendLinkOTP(mobileNumber: B.phone, linkToken: token)
        await expectTransitError("otp-incorrect") { _ = try await b.transit.linkCard(otpCode: "000001", linkToken: token) }
        #expect(try b.store.code(token: token)?.triesLeft == 2)
        await expectTransitError("otp-incorrect") { _ = try await b.transit.linkCard(otpCode: "000002", linkToken: token) }
        await expectTransitError("otp-voided") { _ = try await b.transit.linkCard(otpCode: "000003", linkToken: token) }
        // Even the right code no longer works.
        await expectTransitError("otp-voided") { _ = try await b.transit.linkCard(otpCode: "111111", linkToken: token) }
        #expect(try b.link(B.silver) == nil)
        // A new code after the cooldown works.
        b.wall.advance(seconds: 30)
        try await b.transit.sendLinkOTP(mobileNumber: B.phone, linkToken: token)
        _ = try await b.transit.linkCard(otpCode: "222222", linkToken: token)
        #expect(try b.link(B.silver) != nil)
    }

    @Test func codesExpireAfterFiveMinutes() async throws {
        let b = try B()
        let token = try await b.transit.makeLinkingToken(cardNumber: B.silver)
        try await b.transit.sendLinkOTP(mobileNumber: B.phone, linkToken: token)
        b.wall.advance(seconds: 299)
        await expectTransitError("otp-incorrect") { _ = try await b.transit.linkCard(otpCode: "999999", linkToken: token) }
        b.wall.advance(seconds: 1)
        await expectTransitError("otp-expired") { _ = try await b.transit.linkCard(otpCode: "111111", linkToken: token) }
        #expect(try b.link(B.silver) == nil)
    }

    @Test func resendWaitsForTheCooldownAndReplacesTheCode() async throws {
        let b = try B()
        let token = try await b.transit.makeLinkingToken(cardNumber: B.silver)
        try await b.transit.sendLinkOTP(mobileNumber: B.phone, linkToken: token)
        b.wall.advance(seconds: 29)
        do {
            try await b.transit.sendLinkOTP(mobileNumber: B.phone, linkToken: token)
            Issue.record("resent within the cooldown")
        } catch let error as TransitError {
            #expect(error.code == "otp-resend-too-soon")
            #expect(error.recoverySuggestion == "Wait 1 s before asking for another code.")
        }
        #expect(try b.store.messages().count == 1)
        b.wall.advance(seconds: 1)
        try await b.transit.sendLinkOTP(mobileNumber: B.phone, linkToken: token)
        #expect(try b.store.messages().map(\.code) == ["111111", "222222"])
        await expectTransitError("otp-incorrect") { _ = try await b.transit.linkCard(otpCode: "111111", linkToken: token) }
        _ = try await b.transit.linkCard(otpCode: "222222", linkToken: token)
    }

    @Test func blockedAndExpiredCardsCannotBeLinked() async throws {
        let b = try B()
        await expectTransitError("card-blocked") { _ = try await b.transit.makeLinkingToken(cardNumber: B.blocked) }
        await expectTransitError("card-expired") { _ = try await b.transit.makeLinkingToken(cardNumber: B.expired) }
        await expectTransitError("unknown-card") { _ = try await b.transit.makeLinkingToken(cardNumber: "999") }
        #expect(try b.store.links().isEmpty)
        #expect(try b.store.messages().isEmpty)
    }

    @Test func aCardIsLinkedToOnePhoneUntilUnlinked() async throws {
        let b = try B()
        try await b.linkDirectly(B.silver, to: B.phone)
        let token = try await b.transit.makeLinkingToken(cardNumber: B.silver)
        await expectTransitError("card-linked-to-another-number") {
            try await b.transit.sendLinkOTP(mobileNumber: B.otherPhone, linkToken: token)
        }
        await expectTransitError("card-already-linked") { try await b.transit.sendLinkOTP(mobileNumber: B.phone, linkToken: token) }
        await expectTransitError("card-not-linked") { _ = try await b.transit.sendUnlinkOTP(mobileNumber: B.otherPhone, cardNumber: B.silver) }

        let unlinkToken = try await b.transit.sendUnlinkOTP(mobileNumber: B.phone, cardNumber: B.silver)
        let code = try b.store.messages().last!.code
        await expectTransitError("otp-incorrect") { try await b.transit.unlinkCard(cardNumber: B.silver, otpCode: "000000", unlinkToken: unlinkToken) }
        try await b.transit.unlinkCard(cardNumber: B.silver, otpCode: code, unlinkToken: unlinkToken)
        #expect(try b.link(B.silver) == nil)
        #expect(try await b.transit.linkedCards(mobileNumber: B.phone).isEmpty)

        try await b.linkDirectly(B.silver, to: B.otherPhone)
        #expect(try b.link(B.silver)?.mobileNumber == B.otherPhone.e164)
    }

    @Test func unlinkResendFollowsTheSameRules() async throws {
        let b = try B()
        try await b.linkDirectly(B.gold)
        let token = try await b.transit.sendUnlinkOTP(mobileNumber: B.phone, cardNumber: B.gold)
        await expectTransitError("otp-resend-too-soon") { try await b.transit.resendUnlinkOTP(unlinkToken: token) }
        b.wall.advance(seconds: 31)
        try await b.transit.resendUnlinkOTP(unlinkToken: token)
        let code = try b.store.messages().last!.code
        b.wall.advance(seconds: 301)
        await expectTransitError("otp-expired") { try await b.transit.unlinkCard(cardNumber: B.gold, otpCode: code, unlinkToken: token) }
        #expect(try b.link(B.gold) != nil)
    }

    @Test func aPaymentDeductsTheBalanceAndWritesTheLedgerTogether() async throws {
        let b = try B()
        try await b.linkDirectly(B.silver)
        let payment = try await b.transit.requestPayment(cardNumber: B.silver, mobileNumber: B.phone, amount: 750, currency: "AED")
        #expect(payment.status == "AUTHORIZED")
        #expect(payment.balance == 14250)
        #expect(try b.balance(B.silver) == 14250)
        let ledger = try b.ledger()
        #expect(ledger.count == 1)
        #expect(ledger[0].id == payment.id)
        #expect(ledger[0].method == "NOL_PAY")
        #expect(ledger[0].network == "NOL")
        #expect(ledger[0].last4 == "0125")
        #expect(ledger[0].firstDigits == "")
        #expect(ledger[0].amount == 750)
        #expect(ledger[0].status == "AUTHORIZED")
    }

    @Test func insufficientBalanceDeclinesAndLeavesTheBalanceUnchanged() async throws {
        let b = try B()
        try await b.linkDirectly(B.lowBalance)
        let payment = try await b.transit.requestPayment(cardNumber: B.lowBalance, mobileNumber: B.phone, amount: 750, currency: "AED")
        #expect(payment.status == "DECLINED")
        #expect(payment.declineReason == "INSUFFICIENT_BALANCE")
        #expect(payment.balance == 250)
        #expect(try b.balance(B.lowBalance) == 250)
        #expect(try b.ledger().map(\.status) == ["DECLINED"])
        // Exactly the balance is allowed.
        let exact = try await b.transit.requestPayment(cardNumber: B.lowBalance, mobileNumber: B.phone, amount: 250, currency: "AED")
        #expect(exact.status == "AUTHORIZED")
        #expect(try b.balance(B.lowBalance) == 0)
    }

    @Test func paymentsNeedALinkToThatPhone() async throws {
        let b = try B()
        await expectTransitError("card-not-linked") {
            _ = try await b.transit.requestPayment(cardNumber: B.silver, mobileNumber: B.phone, amount: 750, currency: "AED")
        }
        try await b.linkDirectly(B.silver)
        await expectTransitError("card-not-linked") {
            _ = try await b.transit.requestPayment(cardNumber: B.silver, mobileNumber: B.otherPhone, amount: 750, currency: "AED")
        }
        await expectTransitError("currency-not-supported") {
            _ = try await b.transit.requestPayment(cardNumber: B.silver, mobileNumber: B.phone, amount: 750, currency: "EUR")
        }
        #expect(try b.balance(B.silver) == 15000)
        #expect(try b.ledger().isEmpty)
    }

    @Test func theReaderReadsATappedCard() async throws {
        let b = try B()
        await b.transit.reader.tap(B.gold)
        #expect(try await b.transit.scanCard() == B.gold)
    }

    @Test func theReaderWaitsForATap() async throws {
        let b = try B()
        let scan = Task { try await b.transit.scanCard() }
        while await !b.transit.reader.isWaitingForTap { await Task.yield() }
        await b.transit.reader.tap(B.silver)
        #expect(try await scan.value == B.silver)
    }

    @Test func theReaderTimesOutOnTheInjectedClock() async throws {
        let b = try B()
        let scan = Task { try await b.transit.scanCard() }
        while await !b.transit.reader.isWaitingForTap { await Task.yield() }
        await b.clock.advance(by: .seconds(29))
        #expect(await b.transit.reader.isWaitingForTap)
        await b.clock.advance(by: .seconds(1))
        await expectTransitError("tag-read-timeout") { _ = try await scan.value }
    }

    @Test func scriptedReaderFaults() async throws {
        let b = try B()
        await b.transit.reader.failNextRead(.readError)
        await b.transit.reader.tap(B.silver)
        await expectTransitError("tag-read-failed") { _ = try await b.transit.scanCard() }
        // The card stays on the reader for the next scan.
        #expect(try await b.transit.scanCard() == B.silver)

        await b.transit.reader.failNextRead(.noResponse)
        let scan = Task { try await b.transit.scanCard() }
        while b.clock.sleeperCount == 0 { await Task.yield() }
        await b.clock.advance(by: .seconds(30))
        await expectTransitError("tag-read-timeout") { _ = try await scan.value }

        await b.transit.reader.tap("1234")
        await expectTransitError("unknown-card") { _ = try await b.transit.scanCard() }
    }

    @Test func stateOutlivesTheSimulator() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("nol-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let store = try NolBackendStore(database: Database(path: path))
            let transit = try SimulatedTransit(store: store, demoCards: NolDemoCards.bundled(), makeCode: { "424242" })
            let token = try await transit.makeLinkingToken(cardNumber: B.silver)
            try await transit.sendLinkOTP(mobileNumber: B.phone, linkToken: token)
            _ = try await transit.linkCard(otpCode: "424242", linkToken: token)
            _ = try await transit.requestPayment(cardNumber: B.silver, mobileNumber: B.phone, amount: 1000, currency: "AED")
        }
        let store = try NolBackendStore(database: Database(path: path))
        let transit = try SimulatedTransit(store: store, demoCards: NolDemoCards.bundled())
        #expect(try await transit.linkedCards(mobileNumber: B.phone).map(\.balance) == [14000])
    }
}
