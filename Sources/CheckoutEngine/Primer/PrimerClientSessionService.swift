import CheckoutCore
import FoundationEssentials

/// Primer's client session, updated with client-session actions as Primer's drop-in updates it.
///
/// `POST {pciUrl}/client-session/actions` (15 s; Primer iOS SDK 2.51.1,
/// `Sources/PrimerSDK/Classes/PCI/Services/API/PrimerAPI.swift` `requestPrimerConfigurationWithActions`:
/// path `/client-session/actions`, base `pciUrl`, POST, `X-Api-Version`) with the body
/// `{"actions":[{"type":"SELECT_PAYMENT_METHOD","params":{"paymentMethodType":"PAYMENT_CARD","binData":{"network":"VISA"}}}]}`
/// to select a card network (`ClientSessionActionsModule.swift` `selectPaymentMethodIfNeeded`:
/// `paymentMethodType`, and `binData.network` when a network is known), or
/// `{"actions":[{"type":"UNSELECT_PAYMENT_METHOD"}]}` to unselect (`unselectPaymentMethodIfNeeded`:
/// no `params`, which `ClientSession.swift` `Action.encode` then leaves out). The body is the
/// request's `actions` member (`PrimerAPI.swift` encodes `request.actions`, a `ClientSessionAction`
/// of `ClientSessionAPIModel.swift`).
///
/// The answer is a whole configuration (the SDK decodes it as `PrimerAPIConfiguration` and keeps its
/// `clientSession`: `PrimerAPIConfigurationModule.swift` `updateSession(withActions:)`). What the
/// session now charges is its order's amount: `merchantAmount`, else `totalOrderAmount` (the SDK's
/// `AppState.swift` `amount`), the surcharge being the order's `fees` of type `SURCHARGE`
/// (`ClientSession.swift` `Order.Fee`; Primer's surcharge guide: the SDK "adds the surcharge amount
/// to the client session" as an `order.fees` entry of type `SURCHARGE`, and a top-level amount
/// overrides the calculated one, so with `merchantAmount` no surcharge applies).
public struct PrimerClientSessionService: ClientSessionService {
    let pciURL: URL
    let api: PrimerAPI
    let timeout: Duration
    /// The configuration's session: the currency an answer without one keeps.
    let session: ClientSession

    static let operation = "updating the client session"

    init(pciURL: URL, api: PrimerAPI, timeout: Duration, session: ClientSession) {
        self.pciURL = pciURL
        self.api = api
        self.timeout = timeout
        self.session = session
    }

    public func selectCardNetwork(_ network: CardNetwork?) async throws -> AmountDue {
        let answer = try await api.exchange(Self.operation, api.request(pciURL.appending(segments: "client-session", "actions"),
                                                                        body: Self.body(selecting: network), timeout: timeout))
        return try Self.amountDue(of: answer, network: network, currency: session.currency)
    }

    /// The request body selecting card payment with `network`, or unselecting the payment method.
    static func body(selecting network: CardNetwork?) -> JSONValue {
        let action: JSONValue
        if let network {
            action = .object([("type", .string("SELECT_PAYMENT_METHOD")), ("params", .object([
                ("paymentMethodType", .string("PAYMENT_CARD")),
                ("binData", .object([("network", .string(network.rawValue))])),
            ]))])
        } else {
            action = .object([("type", .string("UNSELECT_PAYMENT_METHOD"))])
        }
        return .object([("actions", .array([action]))])
    }

    /// What the session of an actions answer charges for `network`.
    static func amountDue(of answer: JSONValue, network: CardNetwork?, currency: String) throws(PrimerFailure) -> AmountDue {
        guard let order = answer["clientSession"]?["order"], order.objectValue != nil else {
            throw .malformedAnswer(operation: operation, detail: "it has no clientSession.order")
        }
        func minorUnits(_ value: JSONValue?) -> Int? { value?.intValue.flatMap { $0 >= 0 ? $0 : nil } }
        let code = order["currencyCode"]?.stringValue.flatMap { $0.count == 3 && $0.allSatisfy { $0.isASCII && $0.isLetter } ? $0.uppercased() : nil }
        if let merchantAmount = minorUnits(order["merchantAmount"]) {
            return AmountDue(network: network, amount: merchantAmount, surcharge: 0, currency: code ?? currency)
        }
        guard let total = minorUnits(order["totalOrderAmount"]) else {
            throw .malformedAnswer(operation: operation, detail: "its order has neither merchantAmount nor totalOrderAmount")
        }
        let surcharge = (order["fees"]?.arrayValue ?? []).reduce(0) { sum, fee in
            fee["type"]?.stringValue == "SURCHARGE" ? sum + (minorUnits(fee["amount"]) ?? 0) : sum
        }
        guard surcharge <= total else {
            throw .malformedAnswer(operation: operation, detail: "its surcharge fees are more than the order's total")
        }
        return AmountDue(network: network, amount: total - surcharge, surcharge: surcharge, currency: code ?? currency)
    }
}
