/// Links a Nol card to a mobile number: scan the card, enter the number, enter the code from the SMS.
public typealias NolPayLinkCardComponent = NolPayComponent<NolPayLinkCardStateMachine>

extension NolPayComponent where Machine == NolPayLinkCardStateMachine {
    /// A link component that talks to `transit`.
    public init(transit: any Transit) {
        self.init(machine: NolPayLinkCardStateMachine(), perform: NolPayLinkCardStateMachine.performer(transit: transit))
    }
}

extension NolPayLinkCardStateMachine {
    /// Runs this flow's Transit calls on `transit` (the component and the terminal screens share it).
    public static func performer(transit: any Transit) -> @Sendable (Effect) async -> Completion {
        { effect in
            switch effect {
            case .scanCard:
                do {
                    let card = try await transit.scanCard()
                    let token = try await transit.makeLinkingToken(cardNumber: card)
                    return .scanned(.success((card, token)))
                } catch {
                    return .scanned(.failure(.from(error)))
                }
            case let .sendCode(mobileNumber, linkToken):
                do {
                    try await transit.sendLinkOTP(mobileNumber: mobileNumber, linkToken: linkToken)
                    return .codeSent(.success(()))
                } catch {
                    return .codeSent(.failure(.from(error)))
                }
            case let .linkCard(otpCode, linkToken):
                do {
                    return .linked(.success(try await transit.linkCard(otpCode: otpCode, linkToken: linkToken)))
                } catch {
                    return .linked(.failure(.from(error)))
                }
            }
        }
    }
}
