import CheckoutCore
import CheckoutEngine
import CheckoutStore
import CheckoutTestSupport
import Foundation
import PrimerHeadlessCompat
import Testing

extension CheckoutSingletonTests {
/// The seeds' delegate code (`MyViewController.swift`, which imports only PrimerHeadlessCompat)
/// driven as a cardholder would: a co-badged card typed digit by digit, Visa chosen from the
/// networks the delegate received, Pay. Every test here sets `PrimerHeadlessUniversalCheckout.current`,
/// so they run one at a time.
@Suite(.serialized) @MainActor struct SeedDelegateExampleTests {
    nonisolated static let coBadged = "4000002500001001"
    nonisolated static let session = ClientSession(orderedAllowedCardNetworks: [.visa, .cartesBancaires, .mastercard], amount: 4999, currency: "EUR")

    /// A view controller whose managers run on the embedded BIN table and the sandbox, on `clock`,
    /// recording in `ledger`.
    func makeController(session: ClientSession = Self.session, clock: ManualClock, ledger: Ledger) throws -> MyViewController {
        let controller = MyViewController()
        PrimerHeadlessUniversalCheckout.current.start(withEngine: {
            try RawDataManager(session: session, paymentService: SandboxPaymentService(ledger: ledger), clock: clock)
        }, delegate: controller)
        try controller.viewDidLoad()
        return controller
    }

    /// Types `number` one digit at a time, 50 ms apart, pausing 300 ms after the eighth digit so the
    /// BIN answer arrives mid-typing, then waits out the debounce. Each keystroke is taken in before
    /// time moves on, as it would be while a person types.
    func type(_ number: String, into controller: MyViewController, clock: ManualClock) async {
        for count in 1...number.count {
            controller.cardNumberFieldDidChange(String(number.prefix(count)))
            await controller.rawDataManager.engine.applyPosted()
            await clock.advance(by: .milliseconds(count == 8 ? 300 : 50))
            if count == 8 {
                // During the pause the lookup's answer (or its fallback) reaches the screen.
                await waitUntil { controller.calls.drop { !$0.hasPrefix("willFetchMetadata") }.contains { $0.hasPrefix("didReceiveBinData") } }
            }
        }
        await clock.advance(by: .milliseconds(300))
    }

    @Test func aCoBadgedCardTypedDigitByDigitIsPaidWithVisaChosenFromTheNetworksReceived() async throws {
        let clock = ManualClock()
        let ledger = try Ledger(database: Database(path: ":memory:"))
        let controller = try makeController(clock: clock, ledger: ledger)
        await type(Self.coBadged, into: controller, clock: clock)
        await waitUntil { controller.shown.last?.cardNumber == Self.coBadged }

        // After the BIN answer at 8 digits, every later keystroke re-announced the choice (as the
        // SDK does from its cache), each time with the number it is about.
        let afterAnswer = controller.shown.filter { $0.cardNumber.count >= 8 }
        #expect(afterAnswer.map(\.cardNumber.count) == Array(8...16))
        #expect(afterAnswer.allSatisfy { $0.networks.map(\.displayName) == ["Visa", "Cartes Bancaires"] && $0.isAllowed })
        #expect(controller.spinnerShownFor == ["40000025"], "one lookup, announced once")
        #expect(controller.binData.map(\.status) .last == .complete && controller.binData.last?.firstDigits == "40000025")
        #expect(controller.legacyMetadata.first == "VISA", "metadataDidChange, deprecated, still called")
        #expect(controller.validity.last?.isValid == true && controller.rawDataManager.isDataValid)

        let offered = try #require(controller.shown.last?.networks)
        let visa = try #require(offered.first { $0.network == .visa })
        controller.choose(visa)
        controller.pay()
        await waitUntil { controller.completed != nil || controller.failure != nil }

        let payment = try #require(controller.completed?.payment)
        #expect(payment.status == "SUCCESS" && payment.paymentFailureReason == nil)
        #expect(payment.id?.hasPrefix("pay_") == true)
        #expect(controller.failure == nil)
        let entries = try ledger.entries()
        #expect(entries.map(\.network) == ["VISA"], "paid with the network the cardholder chose")
        #expect(entries.first?.id == payment.id && entries.first?.last4 == "1001" && entries.first?.amount == 4999)
        #expect(controller.logger.errors.isEmpty)
        #expect(controller.calls.last == "didCompleteCheckout SUCCESS")
    }

    @Test func aDeclinedPaymentReachesDidFailWithItsData() async throws {
        let clock = ManualClock()
        let ledger = try Ledger(database: Database(path: ":memory:"))
        var session = Self.session
        session.amount = 10051          // the sandbox declines amounts ending in 0051
        let controller = try makeController(session: session, clock: clock, ledger: ledger)
        await type(Self.coBadged, into: controller, clock: clock)
        await waitUntil { controller.shown.last?.cardNumber == Self.coBadged }
        let visa = try #require(controller.shown.last?.networks.first { $0.network == .visa })
        controller.choose(visa)
        controller.pay()
        await waitUntil { controller.completed != nil || controller.failure != nil }

        #expect(controller.completed == nil, "didCompleteCheckoutWithData is for a successful payment only")
        let failure = try #require(controller.failure)
        #expect((failure.error as? CheckoutError)?.errorId == "payment-failed")
        let payment = try #require(failure.data?.payment)
        #expect((failure.error as? CheckoutError)?.description == "Payment \(payment.id ?? "") declined (insufficient funds).")
        #expect(failure.error.localizedDescription == "Payment \(payment.id ?? "") declined (insufficient funds).", "as SDK code prints it")
        #expect(payment.status == "FAILED" && payment.paymentFailureReason == .failed)
        #expect(try ledger.entries().map(\.status) == ["DECLINED"])
        let entries = try ledger.entries()
        #expect(payment.id == entries.first?.id)
    }

    @Test func theSandboxDeclinedCardReachesDidFail() async throws {
        let clock = ManualClock()
        let ledger = try Ledger(database: Database(path: ":memory:"))
        let controller = try makeController(clock: clock, ledger: ledger)
        await type("4000000000000002", into: controller, clock: clock)
        await waitUntil { controller.validity.last?.isValid == true }
        #expect(controller.shown.last?.networks.map(\.displayName) == ["Visa"], "one network: nothing to choose")
        controller.pay()
        await waitUntil { controller.failure != nil }
        #expect(controller.failure?.data?.payment?.status == "FAILED")
        #expect(try ledger.entries().map(\.declineReason) == ["card declined"])
    }

    @Test func invalidDataFailsWithoutAPaymentAndTheSDKsValidationErrors() async throws {
        let clock = ManualClock()
        let ledger = try Ledger(database: Database(path: ":memory:"))
        let controller = try makeController(clock: clock, ledger: ledger)
        controller.expiryDate = "13/20"
        await type(Self.coBadged, into: controller, clock: clock)
        controller.pay()
        await waitUntil { controller.failure != nil }
        #expect(controller.failure?.data == nil, "no payment was made")
        #expect(controller.validity.last?.isValid == false)
        #expect(controller.validity.last?.errorIds == ["invalid-expiry-date"])
        #expect(controller.lastErrors.first?.localizedDescription.hasPrefix("[invalid-expiry-date] ") == true,
                "the SDK's errorDescription: \(controller.lastErrors)")
        #expect(try ledger.entries().isEmpty)
    }

    @Test func rawDataSetFromAnotherThreadIsAppliedInTheOrderItWasSet() async throws {
        let clock = ManualClock()
        let ledger = try Ledger(database: Database(path: ":memory:"))
        let controller = try makeController(clock: clock, ledger: ledger)
        let manager: PrimerHeadlessUniversalCheckout.RawDataManager = controller.rawDataManager
        // Alternating Visa and Mastercard prefixes, each longer than the last: every set changes the
        // networks, so the delegate hears about each one, and their order shows in the lengths.
        let numbers = (1...40).map { ($0 % 2 == 0 ? "5" : "4") + String(repeating: "1", count: $0 - 1) }
        await Thread.run {
            for number in numbers {
                manager.rawData = PrimerCardData(cardNumber: number, expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe")
            }
        }
        await waitUntil { controller.shown.last?.cardNumber == numbers.last }
        #expect(controller.shown.map(\.cardNumber) == numbers)
        #expect((manager.rawData as? PrimerCardData)?.cardNumber == numbers.last)
    }

    @Test func changingTheHeldCardDataAppliesTheChangeAsTheSDKDoes() async throws {
        let clock = ManualClock()
        let ledger = try Ledger(database: Database(path: ":memory:"))
        let controller = try makeController(clock: clock, ledger: ledger)
        let card = PrimerCardData(cardNumber: "", expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe")
        controller.rawDataManager.rawData = card
        await Thread.run {
            for digit in Self.coBadged { card.cardNumber.append(digit) }
        }
        await controller.rawDataManager.engine.applyPosted()
        await clock.advance(by: .milliseconds(300))
        await waitUntil { controller.shown.last?.cardNumber == Self.coBadged && controller.shown.last?.networks.count == 2 }
        #expect(controller.spinnerShownFor == [Self.coBadged], "every change applied before the BIN was looked up")

        // Data the manager no longer holds changes nothing.
        controller.rawDataManager.rawData = PrimerCardData(cardNumber: "5555 5555 5555 4444", expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe")
        card.cardNumber = "4111111111111111"
        await controller.rawDataManager.engine.applyPosted()
        await clock.advance(by: .milliseconds(300))
        await waitUntil { controller.shown.last?.cardNumber == "5555555555554444" }
        await controller.rawDataManager.engine.idle(on: clock)
        #expect(!controller.shown.contains { $0.cardNumber == "4111111111111111" })
    }

    @Test func aManagerMadeBeforeAnyStartRunsOnTheShippedDefaults() async throws {
        PrimerHeadlessUniversalCheckout.current.cleanUp()
        let controller = MyViewController()
        PrimerHeadlessUniversalCheckout.current.delegate = controller
        try controller.viewDidLoad()
        let events = controller.rawDataManager.engine.events()
        controller.cardNumberFieldDidChange("4111 1111 1111 1111")
        controller.pay()
        var paid: Payment?
        for await event in events {
            if case let .checkoutCompleted(payment) = event { paid = payment; break }
            if case .checkoutFailed = event { break }
        }
        let shipped = try Bundled.sessionDefaults()
        #expect(paid?.amount == shipped.amount && paid?.currency == shipped.currency && paid?.status == .authorized)
        await waitUntil { controller.completed != nil }
        #expect(controller.completed?.payment?.id == paid?.id)
    }

    @Test func startWithASessionFileUsesItsSession() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compat-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("session.json")
        try Data(#"{"order": {"totalOrderAmount": 10005, "currencyCode": "GBP"}, "paymentMethod": {"orderedAllowedCardNetworks": ["VISA"]}}"#.utf8).write(to: file)
        let controller = MyViewController()
        let methods = try PrimerHeadlessUniversalCheckout.current.start(withSessionFile: file.path, delegate: controller)
        #expect(methods?.map(\.paymentMethodType) == ["PAYMENT_CARD"])
        try controller.viewDidLoad()
        controller.cardNumberFieldDidChange("4111 1111 1111 1111")
        controller.pay()
        await waitUntil { controller.failure != nil }
        #expect((controller.failure?.error as? CheckoutError)?.description.hasSuffix("declined (do not honour).") == true, "10005 is declined")

        try Data(#"{"paymentMethod": {"orderedAllowedCardNetworks": ["VISA", "NOPE"]}}"#.utf8).write(to: file)
        #expect(throws: CheckoutError.self, "an unknown network is an error, not left out unseen") {
            try PrimerHeadlessUniversalCheckout.current.start(withSessionFile: file.path)
        }
        #expect(throws: CheckoutError.self) {
            try PrimerHeadlessUniversalCheckout.current.start(withSessionFile: file.path, settings: PrimerSettings(paymentHandling: .manual))
        }
    }

    @Test func startWithAClientTokenPaysThroughPrimer() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let controller = MyViewController()
        let methods: [PrimerHeadlessUniversalCheckout.PaymentMethod]? = try await withCheckedThrowingContinuation { continuation in
            PrimerHeadlessUniversalCheckout.current.start(withClientToken: fake.clientToken(), delegate: controller) { paymentMethods, err in
                if let err { continuation.resume(throwing: err) } else { continuation.resume(returning: paymentMethods) }
            }
        }
        #expect(methods?.map(\.paymentMethodType) == ["PAYMENT_CARD"])
        #expect(PrimerHeadlessUniversalCheckout.current.clientToken != nil)
        try controller.viewDidLoad()
        // Pay at once, never waiting for the BIN service (the seed: a slow network must not block
        // payment), with the network local rules showed.
        controller.cardNumberFieldDidChange(Self.coBadged)
        await waitUntil { controller.shown.last?.cardNumber == Self.coBadged }
        controller.choose(try #require(controller.shown.last?.networks.first { $0.network == .visa }))
        controller.pay()
        await waitUntil { controller.completed != nil || controller.failure != nil }
        #expect(controller.completed?.payment?.status == "SUCCESS", "\(String(describing: controller.failure?.error))")
        let requests = fake.requests()
        let tokenization = requests.first { $0.path.hasSuffix("/payment-instruments") }
        #expect(tokenization?.fields["preferredNetwork"] == "VISA", "the cardholder's choice went to Primer")
        // Primer's client session, not the sandbox's, was told the choice, and charged its total.
        #expect(fake.actions().last == "SELECT_PAYMENT_METHOD VISA")
        #expect(requests.first { $0.path.hasSuffix("/payments") }?.fields["charged"] == "5029", "Visa's €0.30 in Primer's session")
        #expect(requests.allSatisfy { $0.problems.isEmpty })
        PrimerHeadlessUniversalCheckout.current.cleanUp()
        #expect(PrimerHeadlessUniversalCheckout.current.clientToken == nil)
    }

    @Test func onlyCardsAreHandled() {
        #expect(throws: CheckoutError(errorId: "unsupported-payment-method-type",
                                      description: "APPLE_PAY is not a payment method this engine handles: use PAYMENT_CARD.")) {
            _ = try PrimerHeadlessUniversalCheckout.RawDataManager(paymentMethodType: "APPLE_PAY")
        }
    }
}

}  // CheckoutSingletonTests

/// Every suite that sets `PrimerHeadlessUniversalCheckout.current` (its delegate, its engine) is
/// nested here, so they run one at a time, one suite after another.
@Suite(.serialized) enum CheckoutSingletonTests {}

extension Thread {
    /// Runs `body` on a thread of its own (not a task of the cooperative pool), and waits for it.
    static func run(_ body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread { body(); done.resume() }.start()
        }
    }
}
