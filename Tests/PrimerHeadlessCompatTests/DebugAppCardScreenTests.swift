import CheckoutCore
import CheckoutEngine
import CheckoutStore
import CheckoutTestSupport
import PrimerHeadlessCompat
import Testing

extension CheckoutSingletonTests {
/// The port of Primer's Debug App card screen (DebugApp/MerchantHeadlessCheckoutRawDataViewController.swift)
/// driven as a person at it would: a Cartes Bancaires / Visa co-badged card typed key by key, one of
/// the two badges tapped, Pay. The Debug App records the tap by setting `cardNetwork` on the card
/// data the manager already holds, then calls `submit()`: the network tapped is the one charged.
@Suite(.serialized) @MainActor struct DebugAppCardScreenTests {
    nonisolated static let coBadged = "4000002500001001"
    nonisolated static let session = ClientSession(orderedAllowedCardNetworks: [.visa, .cartesBancaires, .mastercard], amount: 4999, currency: "EUR")

    /// Hears how the checkout ended (in the Debug App, the payment-methods screen does).
    final class CheckoutEnd: PrimerHeadlessUniversalCheckoutDelegate {
        var completed: PrimerCheckoutData?
        var failed: Error?
        func primerHeadlessUniversalCheckoutDidCompleteCheckoutWithData(_ data: PrimerCheckoutData) { completed = data }
        var failures: [Error] = []
        func primerHeadlessUniversalCheckoutDidFail(withError err: Error, checkoutData: PrimerCheckoutData?) {
            failed = err
            failures.append(err)
        }
        var ended: Bool { completed != nil || failed != nil }
    }

    /// Opens the screen, types the card, waits for the badges of the BIN answer, and fills in the rest.
    func openAndType(clock: ManualClock?) async throws -> MerchantHeadlessCheckoutRawDataViewController {
        let screen = MerchantHeadlessCheckoutRawDataViewController.instantiate(paymentMethodType: "PAYMENT_CARD")
        screen.viewDidLoad()
        let manager = try #require(screen.primerRawDataManager)
        try #require(screen.cardnumberTextField).typeEachCharacter(of: Self.coBadged)
        await manager.engine.applyPosted()
        await clock?.advance(by: .milliseconds(300))
        await waitUntil("the two badges") { screen.badges.count == 2 && screen.cardBadgesInteractive }
        try #require(screen.expiryDateTextField).typeEachCharacter(of: "12/30")
        try #require(screen.cvvTextField).typeEachCharacter(of: "123")
        try #require(screen.cardholderNameTextField).typeEachCharacter(of: "Jane Doe")
        await manager.engine.applyPosted()
        await waitUntil { screen.payButton.isEnabled }
        #expect(Set(screen.badges.map(\.accessibilityIdentifier)) == ["Visa", "Cartes Bancaires"])
        #expect(screen.badges.map(\.image?.text) == screen.badges.map(\.accessibilityIdentifier), "AssetsManager's badges")
        return screen
    }

    @Test(arguments: [("Cartes Bancaires", "CARTES_BANCAIRES"), ("Visa", "VISA")])
    func tappingABadgeThenPayChargesThatNetwork(badge: String, network: String) async throws {
        let clock = ManualClock()
        let ledger = try Ledger(database: Database(path: ":memory:"))
        let end = CheckoutEnd()
        PrimerHeadlessUniversalCheckout.current.start(withEngine: {
            try RawDataManager(session: Self.session, paymentService: SandboxPaymentService(ledger: ledger), clock: clock)
        }, delegate: end)
        let screen = try await openAndType(clock: clock)

        try #require(screen.badges.first { $0.accessibilityIdentifier == badge }).tap()
        #expect(screen.badges.map { $0.alpha == 1 } == screen.badges.map { $0.accessibilityIdentifier == badge }, "the badge tapped is highlighted")
        screen.payButton.tap()
        await waitUntil { end.ended }

        #expect(end.completed?.payment?.status == "SUCCESS", "\(String(describing: end.failed))")
        #expect(try ledger.entries().map(\.network) == [network])
        #expect(screen.presented.isEmpty)
    }

    @Test func thePrimerClientSessionAndTokenizationAreToldTheNetworkTapped() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        let end = CheckoutEnd()
        _ = try await PrimerHeadlessUniversalCheckout.current.start(withClientToken: fake.clientToken(), delegate: end)
        defer { PrimerHeadlessUniversalCheckout.current.cleanUp() }
        let screen = try await openAndType(clock: nil)

        try #require(screen.badges.first { $0.accessibilityIdentifier == "Cartes Bancaires" }).tap()
        screen.payButton.tap()
        await waitUntil { end.ended }

        #expect(end.completed?.payment?.status == "SUCCESS", "\(String(describing: end.failed))")
        let requests = fake.requests()
        #expect(requests.first { $0.path.hasSuffix("/payment-instruments") }?.fields["preferredNetwork"] == "CARTES_BANCAIRES")
        #expect(fake.actions().last == "SELECT_PAYMENT_METHOD CARTES_BANCAIRES")
        #expect(requests.allSatisfy { $0.problems.isEmpty })
    }

    @Test func anExpiryWithoutASlashIsRefusedBeforeSubmitAsTheDebugAppDoes() async throws {
        PrimerHeadlessUniversalCheckout.current.start(withEngine: { try RawDataManager(session: Self.session, clock: ManualClock()) })
        let screen = MerchantHeadlessCheckoutRawDataViewController.instantiate(paymentMethodType: "PAYMENT_CARD")
        screen.viewDidLoad()
        screen.payButton.isEnabled = true
        screen.payButton.tap()
        #expect(screen.presented == [UIAlertController(title: "Error", message: "Please write expiry date in format MM/YY or MM/YYYY")])
    }
}
}  // CheckoutSingletonTests

extension MerchantHeadlessCheckoutRawDataViewController {
    /// The network badges on screen, in order.
    var badges: [UIImageView] { cardsStackView.arrangedSubviews.compactMap { $0 as? UIImageView } }
}
