import CheckoutCore
import CheckoutStore
import FoundationEssentials
import NolPay
import Synchronization

// Nol Pay with the SDK's names, over the `NolPay` module's components. Primer iOS SDK 2.51.1:
// - `…/Managers/Payment Method Managers/PrimerHeadlessNolPayManager.swift`: `final class
//   PrimerHeadlessNolPayManager` in `PrimerHeadlessUniversalCheckout`, `init()`,
//   `provideNolPayLinkCardComponent()`, `provideNolPayUnlinkCardComponent()`,
//   `provideNolPayGetLinkedCardsComponent()`, `provideNolPayStartPaymentComponent()`.
// - `…/Composable/NolPay/NolPay{LinkCard,UnlinkCard,Payment}Component.swift`: `weak var errorDelegate`,
//   `validationDelegate`, `stepDelegate`, `nextDataStep`, `start()`, `submit()`,
//   `updateCollectedData(collectableData:)`; the steps and collectable data enums (the NolPay module's,
//   which have the SDK's cases). `NolPayLinkedCardsComponent.swift`: `errorDelegate`, `validationDelegate`,
//   `getLinkedCardsFor(mobileNumber:completion: (Result<[PrimerNolPaymentCard], PrimerError>) -> Void)`.
//   `NolPayPaymentCard.swift`: `PrimerNolPaymentCard` (`cardNumber`, `expiredTime`).
// - `…/Composable/PrimerHeadlessComposable.swift`: `PrimerCollectableData`, `PrimerHeadlessStep`,
//   `PrimerHeadlessErrorableDelegate.didReceiveError(error:)`, `PrimerHeadlessValidatableDelegate.didUpdate(validationStatus:for:)`,
//   `PrimerHeadlessSteppableDelegate.didReceiveStep(step:)`, `enum PrimerValidationStatus { validating, valid,
//   invalid(errors: [PrimerValidationError]), error(error: PrimerError) }`.
// The SDK's delegates are called on the main thread; here the protocols are the main actor's.

/// Data a component collects (`NolPayLinkCollectableData`, `NolPayUnlinkCollectableData`, `NolPayPaymentCollectableData`).
public protocol PrimerCollectableData: Sendable {}
/// A step of a component's flow (`NolPayLinkCardStep`, `NolPayUnlinkDataStep`, `NolPayPaymentStep`).
public protocol PrimerHeadlessStep: Sendable {}

@MainActor public protocol PrimerHeadlessErrorableDelegate: AnyObject {
    func didReceiveError(error: PrimerError)
}

@MainActor public protocol PrimerHeadlessValidatableDelegate: AnyObject {
    func didUpdate(validationStatus: PrimerValidationStatus, for data: PrimerCollectableData?)
}

@MainActor public protocol PrimerHeadlessSteppableDelegate: AnyObject {
    func didReceiveStep(step: PrimerHeadlessStep)
}

/// Where validation of collected data stands.
public enum PrimerValidationStatus: Sendable {
    case validating
    case valid
    case invalid(errors: [PrimerValidationError])
    case error(error: PrimerError)

    init(_ status: NolPayValidationStatus) {
        switch status {
        case .validating: self = .validating
        case .valid: self = .valid
        case let .invalid(errors): self = .invalid(errors: errors.map(PrimerValidationError.init(nol:)))
        case let .error(error): self = .error(error: PrimerError(error))
        }
    }
}

public typealias NolPayLinkCardStep = NolPay.NolPayLinkCardStep
public typealias NolPayUnlinkDataStep = NolPay.NolPayUnlinkDataStep
public typealias NolPayPaymentStep = NolPay.NolPayPaymentStep
public typealias NolPayLinkCollectableData = NolPay.NolPayLinkCollectableData
public typealias NolPayUnlinkCollectableData = NolPay.NolPayUnlinkCollectableData
public typealias NolPayPaymentCollectableData = NolPay.NolPayPaymentCollectableData
/// A linked Nol card: `cardNumber`, `expiredTime` (and this engine's `label` and `balance`).
public typealias PrimerNolPaymentCard = NolPay.NolPaymentCard

extension NolPay.NolPayLinkCardStep: PrimerHeadlessStep {}
extension NolPay.NolPayUnlinkDataStep: PrimerHeadlessStep {}
extension NolPay.NolPayPaymentStep: PrimerHeadlessStep {}
extension NolPay.NolPayLinkCollectableData: PrimerCollectableData {}
extension NolPay.NolPayUnlinkCollectableData: PrimerCollectableData {}
extension NolPay.NolPayPaymentCollectableData: PrimerCollectableData {}

extension PrimerHeadlessUniversalCheckout {
    /// Hands out the four Nol Pay components, each on the simulated Transit system of
    /// ``NolPaySimulator`` (this engine's reader and backend).
    @MainActor
    public final class PrimerHeadlessNolPayManager {
        public init() {}

        public func provideNolPayLinkCardComponent() -> NolPayLinkCardComponent {
            NolPayLinkCardComponent(NolPay.NolPayLinkCardComponent(transit: NolPaySimulator.transit))
        }

        public func provideNolPayUnlinkCardComponent() -> NolPayUnlinkCardComponent {
            NolPayUnlinkCardComponent(NolPay.NolPayUnlinkCardComponent(transit: NolPaySimulator.transit))
        }

        public func provideNolPayGetLinkedCardsComponent() -> NolPayLinkedCardsComponent {
            NolPayLinkedCardsComponent(NolPay.NolPayLinkedCardsComponent(transit: NolPaySimulator.transit))
        }

        /// Pays the amount of ``NolPaySimulator/paymentAmount`` (AED).
        public func provideNolPayStartPaymentComponent() -> NolPayPaymentComponent {
            let (amount, currency) = NolPaySimulator.paymentAmount
            return NolPayPaymentComponent(NolPay.NolPayPaymentComponent(transit: NolPaySimulator.transit, amount: amount, currency: currency))
        }
    }
}

/// One of the three stepped components, over a `NolPay` component actor: calls are applied in
/// the order made, and its events reach the delegates on the main actor, in order.
@MainActor
public class NolPaySteppedComponent<Machine: NolPayStateMachine> where Machine.Step: PrimerHeadlessStep,
    Machine.CollectableData: PrimerCollectableData {
    public weak var errorDelegate: (any PrimerHeadlessErrorableDelegate)?
    public weak var validationDelegate: (any PrimerHeadlessValidatableDelegate)?
    public weak var stepDelegate: (any PrimerHeadlessSteppableDelegate)?
    /// The step the flow is at, as last told to `stepDelegate`.
    public private(set) var nextDataStep: Machine.Step

    let component: NolPayComponent<Machine>
    private var queued: Task<Void, Never>?

    init(_ component: NolPayComponent<Machine>, firstStep: Machine.Step) {
        self.component = component
        nextDataStep = firstStep
        let events = component.events()
        Task { [weak self] in
            for await event in events { self?.deliver(event) }
        }
    }

    /// Starts the flow at its first step.
    public func start() { enqueue { await $0.start() } }

    /// Acts on the current step (reads the card on the tag step).
    public func submit() { enqueue { await $0.submit() } }

    func update(_ data: Machine.CollectableData) { enqueue { await $0.updateCollectedData(data) } }

    /// Waits until every call made so far has been applied and its Transit requests answered
    /// (not an SDK name: for tests and demos, which otherwise wait on the delegates).
    public func waitUntilIdle() async {
        await queued?.value
        await component.waitUntilIdle()
    }

    private func enqueue(_ work: @escaping @Sendable (NolPayComponent<Machine>) async -> Void) {
        let previous = queued
        let component = component
        queued = Task {
            await previous?.value
            await work(component)
        }
    }

    private func deliver(_ event: NolPayComponent<Machine>.Event) {
        switch event {
        case let .step(step):
            nextDataStep = step
            stepDelegate?.didReceiveStep(step: step)
        case let .validation(status, data):
            validationDelegate?.didUpdate(validationStatus: PrimerValidationStatus(status), for: data)
        case let .error(error):
            errorDelegate?.didReceiveError(error: PrimerError(error))
        case let .outcome(outcome):
            outcomeReached(outcome)
        }
    }

    func outcomeReached(_ outcome: NolPayOutcome) {}
}

/// Links a Nol card: read it (``NolPaySimulator/putCardOnReader(_:)`` first), the phone number,
/// the one-time code sent to it.
public final class NolPayLinkCardComponent: NolPaySteppedComponent<NolPayLinkCardStateMachine> {
    init(_ component: NolPay.NolPayLinkCardComponent) {
        super.init(component, firstStep: .collectTagData)
    }

    public func updateCollectedData(collectableData: NolPayLinkCollectableData) { update(collectableData) }
}

/// Unlinks a card: the card and phone number, then the one-time code.
public final class NolPayUnlinkCardComponent: NolPaySteppedComponent<NolPayUnlinkCardStateMachine> {
    init(_ component: NolPay.NolPayUnlinkCardComponent) {
        super.init(component, firstStep: .collectCardAndPhoneData)
    }

    public func updateCollectedData(collectableData: NolPayUnlinkCollectableData) { update(collectableData) }
}

/// Pays with a linked card: the card and phone number, then the request. The end of the payment
/// reaches `PrimerHeadlessUniversalCheckout.current.delegate`, as a card payment's does.
public final class NolPayPaymentComponent: NolPaySteppedComponent<NolPayPaymentStateMachine> {
    init(_ component: NolPay.NolPayPaymentComponent) {
        super.init(component, firstStep: .collectCardAndPhoneData)
    }

    public func updateCollectedData(collectableData: NolPayPaymentCollectableData) { update(collectableData) }

    override func outcomeReached(_ outcome: NolPayOutcome) {
        let delegate = PrimerHeadlessUniversalCheckout.current.delegate
        switch outcome {
        case let .checkoutCompleted(payment):
            delegate?.primerHeadlessUniversalCheckoutDidCompleteCheckoutWithData(PrimerCheckoutData(payment: PrimerCheckoutDataPayment(
                id: payment.id, orderId: nil, paymentFailureReason: nil, status: "SUCCESS")))
        case let .checkoutFailed(payment):
            delegate?.primerHeadlessUniversalCheckoutDidFail(
                withError: PrimerError.nolError(code: "payment-declined", message: payment.declineReason ?? "The Nol payment was declined."),
                checkoutData: PrimerCheckoutData(payment: PrimerCheckoutDataPayment(
                    id: payment.id, orderId: nil, paymentFailureReason: .failed, status: "FAILED")))
        case .cardLinked, .cardUnlinked:
            break
        }
    }
}

/// Lists the cards linked to a phone number.
@MainActor
public final class NolPayLinkedCardsComponent {
    public weak var errorDelegate: (any PrimerHeadlessErrorableDelegate)?
    public weak var validationDelegate: (any PrimerHeadlessValidatableDelegate)?
    private let component: NolPay.NolPayLinkedCardsComponent

    init(_ component: NolPay.NolPayLinkedCardsComponent) {
        self.component = component
    }

    /// Calls `completion` on the main actor with the cards, or the error (which `errorDelegate`
    /// hears too, as in the SDK).
    public func getLinkedCardsFor(mobileNumber: String, completion: @escaping (Result<[PrimerNolPaymentCard], PrimerError>) -> Void) {
        let component = component
        Task {
            switch await component.getLinkedCardsFor(mobileNumber: mobileNumber) {
            case let .success(cards):
                completion(.success(cards))
            case let .failure(error):
                let primer = PrimerError(error)
                errorDelegate?.didReceiveError(error: primer)
                completion(.failure(primer))
            }
        }
    }
}

/// Not an SDK name: the simulated Nol world the Nol Pay components run on (this engine's
/// `SimulatedTransit`: the shipped demo cards, an NFC reader, an SMS outbox), for tests and demos
/// to do what a person does with a phone in hand: hold a card to the reader, read the code the SMS
/// brought. Kept in memory for the life of the process (``reset()`` starts afresh).
///
///     await NolPaySimulator.putCardOnReader("3084100233")   // before the link component's submit()
///     let code = NolPaySimulator.lastCode(sentTo: "050 123 4567")
public enum NolPaySimulator {
    private static let state = Mutex<SimulatedTransit?>(nil)
    private static let amount = Mutex<(Int, String)>((1500, "AED"))

    /// The Transit system the managers' components are made on.
    public static var transit: SimulatedTransit {
        state.withLock { transit in
            if let transit { return transit }
            // An in-memory database and the shipped demo cards cannot fail to open; if they did,
            // nothing in this process could run Nol Pay.
            let made = try! SimulatedTransit(store: NolBackendStore(database: Database(path: ":memory:")),
                                             demoCards: NolDemoCards.bundled())
            transit = made
            return made
        }
    }

    /// What a payment component made from now on requests, in minor units: 1500 AED unless set.
    public static var paymentAmount: (amount: Int, currency: String) {
        get { amount.withLock { $0 } }
        set { amount.withLock { $0 = newValue } }
    }

    /// Holds the Nol card `cardNumber` (one of `NolDemoCards`) to the reader: the next read takes it.
    public static func putCardOnReader(_ cardNumber: String) async {
        await transit.reader.tap(cardNumber)
    }

    /// The one-time code of the last SMS sent to `mobileNumber` (any spelling the components
    /// accept: `050 123 4567`, `+971501234567`); nil when none was sent.
    public static func lastCode(sentTo mobileNumber: String) -> String? {
        guard case let .success(number) = NolPayValidator.mobileNumber(mobileNumber) else { return nil }
        return (try? transit.store.messages())?.last { $0.mobileNumber == number.e164 }?.code
    }

    /// Forgets every link, message and payment: a fresh simulated world.
    public static func reset() {
        state.withLock { $0 = nil }
    }
}
