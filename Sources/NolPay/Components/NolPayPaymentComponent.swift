/// Pays with a linked Nol card: enter the card and its mobile number, the Nol system charges it.
public typealias NolPayPaymentComponent = NolPayComponent<NolPayPaymentStateMachine>

extension NolPayComponent where Machine == NolPayPaymentStateMachine {
    /// A payment component that charges `amount` minor units of `currency` through `transit`.
    public init(transit: any Transit, amount: Int, currency: String = "AED") {
        self.init(machine: NolPayPaymentStateMachine(amount: amount, currency: currency), perform: NolPayPaymentStateMachine.performer(transit: transit))
    }
}

extension NolPayPaymentStateMachine {
    /// Runs this flow's Transit calls on `transit` (the component and the terminal screens share it).
    public static func performer(transit: any Transit) -> @Sendable (Effect) async -> Completion {
        { effect in
            switch effect {
            case let .requestPayment(cardNumber, mobileNumber, amount, currency):
                do {
                    return .paid(.success(try await transit.requestPayment(cardNumber: cardNumber, mobileNumber: mobileNumber,
                                                                           amount: amount, currency: currency)))
                } catch {
                    return .paid(.failure(.from(error)))
                }
            }
        }
    }
}
