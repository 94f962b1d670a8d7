/// Unlinks a Nol card: enter the card and its mobile number, then the code from the SMS.
public typealias NolPayUnlinkCardComponent = NolPayComponent<NolPayUnlinkCardStateMachine>

extension NolPayComponent where Machine == NolPayUnlinkCardStateMachine {
    /// An unlink component that talks to `transit`.
    public init(transit: any Transit) {
        self.init(machine: NolPayUnlinkCardStateMachine(), perform: NolPayUnlinkCardStateMachine.performer(transit: transit))
    }
}

extension NolPayUnlinkCardStateMachine {
    /// Runs this flow's Transit calls on `transit` (the component and the terminal screens share it).
    public static func performer(transit: any Transit) -> @Sendable (Effect) async -> Completion {
        { effect in
            switch effect {
            case let .sendCode(cardNumber, mobileNumber):
                do {
                    return .codeSent(.success(try await transit.sendUnlinkOTP(mobileNumber: mobileNumber, cardNumber: cardNumber)))
                } catch {
                    return .codeSent(.failure(.from(error)))
                }
            case let .resendCode(unlinkToken):
                do {
                    try await transit.resendUnlinkOTP(unlinkToken: unlinkToken)
                    return .codeResent(.success(()))
                } catch {
                    return .codeResent(.failure(.from(error)))
                }
            case let .unlinkCard(cardNumber, otpCode, unlinkToken):
                do {
                    try await transit.unlinkCard(cardNumber: cardNumber, otpCode: otpCode, unlinkToken: unlinkToken)
                    return .unlinked(.success(()))
                } catch {
                    return .unlinked(.failure(.from(error)))
                }
            }
        }
    }
}
