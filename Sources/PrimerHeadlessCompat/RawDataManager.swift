import CheckoutCore
import CheckoutEngine
import Synchronization

extension PrimerHeadlessUniversalCheckout {
    /// The SDK's raw-data manager for cards, over the engine's `RawDataManager`: set `rawData` as
    /// the cardholder types, call `submit()`, and hear the networks, the BIN data and validity from
    /// the delegate, and the end of the checkout from `PrimerHeadlessUniversalCheckout.current.delegate`.
    ///
    /// `rawData` may be set from any thread or actor, without `await`; each set (and each change of
    /// the ``PrimerCardData`` it holds) is applied in the order it was made, and `submit()` after the
    /// sets made before it, however the threads are scheduled. Delegates are called on the main
    /// actor, one call at a time, in the order the engine emitted its events.
    ///
    /// Primer iOS SDK 2.51.1, `…/Managers/Payment Method Managers/RawDataManager.swift`:
    /// `init(paymentMethodType:delegate:isUsedInDropIn:) throws`, `var delegate`, `private(set) var
    /// paymentMethodType`, `var rawData: PrimerRawData?`, `private(set) var isDataValid`,
    /// `requiredInputElementTypes`, `listRequiredInputElementTypes(for:)`, `submit()`.
    ///
    ///     let manager = try PrimerHeadlessUniversalCheckout.RawDataManager(paymentMethodType: "PAYMENT_CARD", delegate: self)
    ///     manager.rawData = PrimerCardData(cardNumber: "4000 0025", expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe")
    public final class RawDataManager: Sendable {
        /// Set and read on the main actor, where it is called.
        @MainActor public var delegate: (any PrimerHeadlessUniversalCheckoutRawDataManagerDelegate)? {
            get { storedDelegate }
            set { storedDelegate = newValue }
        }
        /// Written by `init` (on any thread, before anything can read it) and then only on the main
        /// actor, through `delegate`.
        private nonisolated(unsafe) var storedDelegate: (any PrimerHeadlessUniversalCheckoutRawDataManagerDelegate)?
        public let paymentMethodType: String
        /// Whether the data was valid when the delegate last heard about it.
        @MainActor public internal(set) var isDataValid = false
        /// The engine this manager runs on, for what the SDK has no name for: its event stream
        /// (`engine.events()`), `await engine.pay()` (a typed `PaymentResult`), `engine.reset()`.
        public let engine: CheckoutEngine.RawDataManager
        private let held = Mutex<PrimerRawData?>(nil)

        /// A manager for `paymentMethodType` (`PAYMENT_CARD`; anything else throws
        /// `unsupported-payment-method-type`, as the SDK does for a type it cannot handle), on the
        /// engine of the last `start`, or the shipped defaults before any. Made on the main actor,
        /// where its delegates are called. `isUsedInDropIn` is accepted and means nothing here:
        /// there is no drop-in UI.
        ///
        /// As in the SDK, it can be made on any thread or actor (the delegates are still called on
        /// the main actor); only setting `delegate` afterwards needs the main actor.
        public init(paymentMethodType: String, delegate: (any PrimerHeadlessUniversalCheckoutRawDataManagerDelegate)? = nil,
                    isUsedInDropIn: Bool = false) throws {
            guard paymentMethodType == PaymentMethod.paymentCard else {
                throw CheckoutError(errorId: "unsupported-payment-method-type",
                                    description: "\(paymentMethodType) is not a payment method this engine handles: use \(PaymentMethod.paymentCard).")
            }
            self.paymentMethodType = paymentMethodType
            storedDelegate = delegate
            let (engine, handling) = try PrimerHeadlessUniversalCheckout.current.makeEngine()
            self.engine = engine
            let bridge = DelegateBridge(owner: self, paymentHandling: handling)
            // Subscribed now, before any data is set, so the delegates hear every event; delivered
            // on the main actor, where the bridge's conformances are.
            let events = engine.events()
            Task { @MainActor in
                await RawDataManagerDelegateAdapter(manager: engine, events: events, delegate: bridge, checkoutDelegate: bridge).run()
            }
        }

        deinit {
            // Ends the event stream, and with it the task delivering it.
            let engine = engine
            Task { await engine.finish() }
        }

        /// The card as typed. Setting it, or changing the fields of the ``PrimerCardData`` it holds,
        /// hands the card to the engine behind every earlier set.
        public var rawData: PrimerRawData? {
            get { held.withLock { $0 } }
            set {
                held.withLock { held in
                    held?.changeObserver.withLock { $0 = nil }
                    held = newValue
                    newValue?.changeObserver.withLock { observer in
                        observer = { [weak self, weak newValue] in
                            if let newValue { self?.dataDidChange(newValue) }
                        }
                    }
                    engine.rawData = newValue?.engineData ?? CardData()
                }
            }
        }

        /// Pays with the data this manager holds now, never waiting for a BIN lookup; the result
        /// reaches `PrimerHeadlessUniversalCheckout.current.delegate`.
        ///
        /// As the SDK's `submit()` does (it validates and tokenizes `rawData` when it runs:
        /// `RawDataManager.swift`, `submit()` and `makeRequestBody()`), the held ``PrimerCardData`` is
        /// read now: a `cardNetwork` set on it since the last change (the cardholder tapped a network)
        /// is the network paid with, told to the client session and sent as `preferredNetwork`.
        public func submit() {
            held.withLock { held in
                let data = held?.engineData ?? CardData()
                if data != engine.rawData { engine.rawData = data }
                engine.post(.submit)
            }
        }

        /// What a card needs: number, expiry, CVV and cardholder name.
        public var requiredInputElementTypes: [PrimerInputElementType] {
            [.cardNumber, .expiryDate, .cvv, .cardholderName]
        }

        public func listRequiredInputElementTypes(for paymentMethodType: String) -> [PrimerInputElementType] {
            requiredInputElementTypes
        }

        private func dataDidChange(_ data: PrimerRawData) {
            held.withLock { held in
                guard held === data else { return }
                engine.rawData = data.engineData
            }
        }
    }
}
