import CheckoutTestSupport
import Foundation
import PrimerHeadlessCompat
import Testing

extension CheckoutSingletonTests {
/// Manual payment handling as the Debug App does it: `PrimerSettings(paymentHandling: .manual)`, its
/// payment-methods screen as the checkout delegate (DebugApp/MerchantHeadlessCheckoutAvailablePaymentMethodsViewController.swift),
/// its card screen paying; the token goes to the merchant's server (the Debug App's `Networking`),
/// and the merchant's decision ends the checkout. On the sandbox and against the Primer fake.
@Suite(.serialized) @MainActor struct ManualPaymentHandlingTests {
    nonisolated static let coBadged = "4000002500001001"

    /// A session file in a temporary folder of its own, removed after `body`.
    func withSessionFile<T>(amount: Int, _ body: (String) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compat-manual-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("session.json")
        try Data(#"{"order": {"totalOrderAmount": \#(amount), "currencyCode": "EUR"}, "paymentMethod": {"orderedAllowedCardNetworks": ["VISA", "CARTES_BANCAIRES"]}}"#.utf8).write(to: file)
        return try await body(file.path)
    }

    /// Opens the payment-methods screen, taps the card row, types the card and taps Pay; returns
    /// the two screens once the results screen was presented.
    func payByCard(_ methods: MerchantHeadlessCheckoutAvailablePaymentMethodsViewController, number: String = coBadged) async throws -> MerchantHeadlessCheckoutRawDataViewController {
        await waitUntil { !methods.availablePaymentMethods.isEmpty }
        methods.didSelect(try #require(methods.availablePaymentMethods.first { $0.paymentMethodType == "PAYMENT_CARD" }))
        let card = try #require(methods.pushed.last as? MerchantHeadlessCheckoutRawDataViewController)
        card.viewDidLoad()
        try #require(card.cardnumberTextField).type(number)
        try #require(card.expiryDateTextField).type("12/30")
        try #require(card.cvvTextField).type("123")
        try #require(card.cardholderNameTextField).type("Jane Doe")
        await waitUntil { card.payButton.isEnabled }
        card.payButton.tap()
        await waitUntil { !methods.results.isEmpty }
        return card
    }

    @Test func theMerchantsServerPaysWithTheTokenAndCompleteEndsTheCheckout() async throws {
        try await withSessionFile(amount: 4999) { path in
            let methods = MerchantHeadlessCheckoutAvailablePaymentMethodsViewController.instantiate(
                settings: PrimerSettings(paymentHandling: .manual), sessionFile: path, clientToken: nil)
            methods.viewDidLoad()
            #expect(methods.primerError == nil)
            _ = try await payByCard(methods)
            let result = try #require(methods.results.last)
            #expect(result.error == nil)
            #expect(result.checkoutData?.payment?.status == "SUCCESS" && result.checkoutData?.payment?.id?.hasPrefix("pay_") == true)
            #expect(result.logs == ["primerHeadlessUniversalCheckoutWillCreatePaymentWithData(_:decisionHandler:)",
                                    "primerHeadlessUniversalCheckoutDidStartTokenization(for:)",
                                    "primerHeadlessUniversalCheckoutDidTokenizePaymentMethod(_:decisionHandler:)"],
                    "no didCompleteCheckoutWithData under manual handling, as in the SDK")
        }
    }

    @Test func aDeclineAtTheMerchantsServerIsTheirsToReport() async throws {
        try await withSessionFile(amount: 10051) { path in
            let methods = MerchantHeadlessCheckoutAvailablePaymentMethodsViewController.instantiate(
                settings: PrimerSettings(paymentHandling: .manual), sessionFile: path, clientToken: nil)
            methods.viewDidLoad()
            let card = try await payByCard(methods)
            #expect(methods.results.last?.checkoutData?.payment?.status == "FAILED", "the server's payment, declined")
            // The merchant completed it: the checkout does not fail behind their back. A second
            // payment's result comes after every delegate call of the first (one ordered stream),
            // once the first has ended (nothing sleeps on a timer: no turn is parked).
            await card.primerRawDataManager!.engine.idle(parkedTurns: { 0 })
            card.payButton.tap()
            await waitUntil { methods.results.count == 2 }
            #expect(!methods.logs.contains("primerHeadlessUniversalCheckoutDidFail(withError:checkoutData:)"), "\(methods.logs)")
        }
    }

    @Test func aRequiredActionTheTerminalCannotPerformFailsTheCheckoutSayingSo() async throws {
        try await withSessionFile(amount: 4999) { path in
            let methods = MerchantHeadlessCheckoutAvailablePaymentMethodsViewController.instantiate(
                settings: PrimerSettings(paymentHandling: .manual), sessionFile: path, clientToken: nil)
            methods.viewDidLoad()
            Networking.nextAnswer = .init(id: "pay_3ds", orderId: nil, status: .pending, requiredAction: .init(clientToken: "eyJ.3ds.token"))
            _ = try await payByCard(methods)
            let error = try #require(methods.results.last?.error)
            #expect("\(error)".contains("required action"), "\(error)")
        }
    }

    @Test func aFailDecisionFailsTheCheckoutWithTheMerchantsMessage() async throws {
        final class Failing: PrimerHeadlessUniversalCheckoutDelegate {
            var error: Error?
            func primerHeadlessUniversalCheckoutDidCompleteCheckoutWithData(_ data: PrimerCheckoutData) {}
            func primerHeadlessUniversalCheckoutDidTokenizePaymentMethod(_ paymentMethodTokenData: PrimerPaymentMethodTokenData,
                                                                       decisionHandler: @escaping (PrimerHeadlessUniversalCheckoutResumeDecision) -> Void) {
                decisionHandler(.fail(withErrorMessage: "Our server is down."))
                decisionHandler(.complete())          // a second call counts for nothing
            }
            func primerHeadlessUniversalCheckoutDidFail(withError err: Error, checkoutData: PrimerCheckoutData?) { error = err }
        }
        try await withSessionFile(amount: 4999) { path in
            let delegate = Failing()
            _ = try PrimerHeadlessUniversalCheckout.current.start(withSessionFile: path, settings: PrimerSettings(paymentHandling: .manual), delegate: delegate)
            let manager = try PrimerHeadlessUniversalCheckout.RawDataManager(paymentMethodType: "PAYMENT_CARD")
            manager.rawData = PrimerCardData(cardNumber: "4111 1111 1111 1111", expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe")
            manager.submit()
            await waitUntil { delegate.error != nil }
            #expect("\(delegate.error.map { "\($0)" } ?? "")".contains("Our server is down."))
        }
    }

    @Test func againstThePrimerFakeTheTokenIsPrimersAndTheServerCreatesThePayment() async throws {
        let fake = try FakePrimerAPI.start()
        defer { fake.stop() }
        defer { PrimerHeadlessUniversalCheckout.current.cleanUp() }
        let methods = MerchantHeadlessCheckoutAvailablePaymentMethodsViewController.instantiate(
            settings: PrimerSettings(paymentHandling: .manual), sessionFile: nil, clientToken: fake.clientToken())
        methods.viewDidLoad()
        _ = try await payByCard(methods, number: "4111 1111 1111 1111")
        let result = try #require(methods.results.last)
        #expect(result.error == nil, "\(String(describing: result.error))")
        #expect(result.checkoutData?.payment?.status == "SUCCESS")
        let requests = fake.requests()
        let tokenized = try #require(requests.first { $0.path.hasSuffix("/payment-instruments") })
        let paid = try #require(requests.first { $0.path.hasSuffix("/payments") })
        #expect(paid.fields["paymentMethodToken"]?.isEmpty == false, "the merchant's server paid with Primer's token")
        #expect(requests.firstIndex { $0.path == tokenized.path }! < requests.firstIndex { $0.path == paid.path }!)
        #expect(requests.allSatisfy { $0.problems.isEmpty }, "\(requests.flatMap(\.problems))")
        #expect(!result.logs.contains("primerHeadlessUniversalCheckoutDidCompleteCheckoutWithData(_:)"))
    }
}
}  // CheckoutSingletonTests
