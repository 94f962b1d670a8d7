import CheckoutCore
import CheckoutEngine
import CheckoutStore
import Synchronization

/// The headless checkout, as the SDK names it: the delegate that hears how checkouts end, and the
/// engine every ``RawDataManager`` made after a `start` runs on.
///
/// Before any `start`, a manager runs on the shipped defaults, as the terminal program does: the
/// session in `Resources/data/session.json`, the embedded BIN table, and the sandbox processor
/// with an in-memory ledger. `start(withClientToken:)` connects to Primer instead (its session, BIN
/// service and payments), and `start(withSessionFile:)` reads a client session from a file.
///
/// Primer iOS SDK 2.51.1, `Sources/PrimerSDK/Classes/Core/PrimerHeadlessUniversalCheckout/PrimerHeadlessUniversalCheckout.swift`:
/// `static let current`, `weak var delegate`, `weak var uiDelegate`, `private(set) var clientToken`,
/// `start(withClientToken:settings:delegate:uiDelegate:completion:)` (completion on the main actor with
/// `(_ paymentMethods: [PaymentMethod]?, _ err: Error?)`), its `async throws -> [PaymentMethod]?` twin
/// (which calls `primerHeadlessUniversalCheckoutDidLoadAvailablePaymentMethods`), and `cleanUp()`.
///
///     PrimerHeadlessUniversalCheckout.current.start(withClientToken: token, delegate: self) { paymentMethods, err in
///         // paymentMethods: [PAYMENT_CARD]
///     }
@MainActor
public final class PrimerHeadlessUniversalCheckout {
    /// Reachable from any thread or actor, as in the SDK; its delegates and `start` are the main
    /// actor's (`await` them, or set them from main-actor code).
    public nonisolated static let current = PrimerHeadlessUniversalCheckout()

    public weak var delegate: (any PrimerHeadlessUniversalCheckoutDelegate)?
    public weak var uiDelegate: (any PrimerHeadlessUniversalCheckoutUIDelegate)?
    public private(set) var clientToken: String?
    /// The payment handling of the last `start` (`.auto` before any, and after `start(withEngine:)`);
    /// each manager keeps the one it was made under.
    public nonisolated var paymentHandling: PrimerPaymentHandling { engineFactory.withLock { $0.handling } }
    /// The tokens handed to the merchant under manual handling.
    nonisolated let manualPayments = ManualPayments()

    /// Makes the engine of each manager made from now on; behind a lock, so that a manager can be
    /// made on any thread or actor, as in the SDK.
    private nonisolated let engineFactory = Mutex(Setup(make: PrimerHeadlessUniversalCheckout.shipped, handling: .auto))

    /// How managers made now are made, and who creates their payments.
    struct Setup: Sendable {
        var make: @Sendable () throws -> CheckoutEngine.RawDataManager
        var handling: PrimerPaymentHandling
    }

    /// A manager's engine and the payment handling it runs under.
    nonisolated func makeEngine() throws -> (CheckoutEngine.RawDataManager, PrimerPaymentHandling) {
        let setup = engineFactory.withLock { $0 }
        return (try setup.make(), setup.handling)
    }

    private nonisolated static let shipped: @Sendable () throws -> CheckoutEngine.RawDataManager = {
        try CheckoutEngine.RawDataManager(session: Bundled.sessionDefaults())
    }

    private nonisolated init() {}

    /// Connects to Primer with `clientToken`, then calls `completion` on the main actor with the
    /// payment methods (`PAYMENT_CARD`), or the error that stopped it.
    public func start(withClientToken clientToken: String, settings: PrimerSettings? = nil,
                      delegate: (any PrimerHeadlessUniversalCheckoutDelegate)? = nil,
                      uiDelegate: (any PrimerHeadlessUniversalCheckoutUIDelegate)? = nil,
                      completion: @escaping (_ paymentMethods: [PrimerHeadlessUniversalCheckout.PaymentMethod]?, _ err: Error?) -> Void) {
        Task {
            do {
                let paymentMethods = try await start(withClientToken: clientToken, settings: settings, delegate: delegate, uiDelegate: uiDelegate)
                completion(paymentMethods, nil)
            } catch {
                completion(nil, error)
            }
        }
    }

    /// Connects to Primer with `clientToken`: decodes it, fetches its configuration, and from then
    /// on managers use its client session (told each network, as the SDK's client-session actions),
    /// its BIN service (`binDataUrl`; local rules only when it has none) and Primer's payments,
    /// recorded in a ledger in memory.
    public func start(withClientToken clientToken: String, settings: PrimerSettings? = nil,
                      delegate: (any PrimerHeadlessUniversalCheckoutDelegate)? = nil,
                      uiDelegate: (any PrimerHeadlessUniversalCheckoutUIDelegate)? = nil) async throws -> [PrimerHeadlessUniversalCheckout.PaymentMethod]? {
        let primer = try await PrimerCheckout.connect(clientToken: clientToken, sessionDefaults: Bundled.sessionDefaults())
        let ledger = try Ledger(database: Database(path: ":memory:"))
        let binService: any BinDataService = primer.binService(timeout: EngineConfiguration().binLookupTimeout) ?? OfflineBinDataService()
        let service = primer.paymentService(ledger: ledger)
        let payments = paymentService(settings, auto: service, manual: service)
        self.clientToken = clientToken
        return begin(delegate: delegate, uiDelegate: uiDelegate, handling: settings?.paymentHandling ?? .auto) {
            try CheckoutEngine.RawDataManager(session: primer.configuration.session, binService: binService,
                                              paymentService: payments, clientSessionService: primer.clientSessionService())
        }
    }

    /// Ends the session: managers made from now on run on the shipped defaults again.
    public func cleanUp() {
        clientToken = nil
        engineFactory.withLock { $0 = Setup(make: Self.shipped, handling: .auto) }
    }

    /// Installs `makeEngine` for the managers made from now on, sets the delegates given, and tells
    /// the delegate which payment methods there are.
    func begin(delegate: (any PrimerHeadlessUniversalCheckoutDelegate)?, uiDelegate: (any PrimerHeadlessUniversalCheckoutUIDelegate)?,
               handling: PrimerPaymentHandling = .auto,
               makeEngine: @escaping @Sendable () throws -> CheckoutEngine.RawDataManager) -> [PrimerHeadlessUniversalCheckout.PaymentMethod] {
        if let delegate { self.delegate = delegate }
        if let uiDelegate { self.uiDelegate = uiDelegate }
        engineFactory.withLock { $0 = Setup(make: makeEngine, handling: handling) }
        let paymentMethods = [PaymentMethod(paymentMethodType: PaymentMethod.paymentCard)]
        self.delegate?.primerHeadlessUniversalCheckoutDidLoadAvailablePaymentMethods(paymentMethods)
        return paymentMethods
    }

    /// The payment service of a start with `settings`: the merchant's decisions asked, then
    /// `auto` pays, or under `.manual` `manual` tokenizes and the merchant's server pays.
    func paymentService(_ settings: PrimerSettings?, auto: any PaymentService, manual: any ManualPaymentBackend) -> any PaymentService {
        switch settings?.paymentHandling ?? .auto {
        case .auto: return CompatPaymentService(handling: .auto(auto))
        case .manual: return CompatPaymentService(handling: .manual(manual, manualPayments))
        }
    }
}

extension PrimerHeadlessUniversalCheckout {
    /// A payment method the session offers; here always a card (`PAYMENT_CARD`).
    ///
    /// Primer iOS SDK 2.51.1, `…/Models/PrimerHeadlessUniversalCheckoutPaymentMethod.swift`:
    /// `final class PaymentMethod` with `private(set) var paymentMethodType: String`.
    public final class PaymentMethod: Sendable, CustomStringConvertible {
        /// The SDK's type name for cards (`PrimerPaymentMethodType.paymentCard`).
        static let paymentCard = "PAYMENT_CARD"

        public let paymentMethodType: String

        init(paymentMethodType: String) {
            self.paymentMethodType = paymentMethodType
        }

        public var description: String { paymentMethodType }
    }
}
