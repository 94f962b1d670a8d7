import CheckoutCore

/// The embedded sandbox's client session: it answers each selection as Primer's answers a
/// `SELECT_PAYMENT_METHOD` action, with the selected network's surcharge applied to the order
/// (`order.fees` `SURCHARGE`), and an unselection with none.
///
/// So the sandbox takes the same steps as a checkout against Primer: the amount shown is the one
/// the session returned, and the payment charges it.
public struct SandboxClientSessionService: ClientSessionService {
    public let session: ClientSession

    public init(session: ClientSession) {
        self.session = session
    }

    public func selectCardNetwork(_ network: CardNetwork?) async throws -> AmountDue {
        session.amountDue(for: network)
    }
}
