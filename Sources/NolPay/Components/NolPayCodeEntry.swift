/// The code step the link and unlink flows end in, as one sub-machine both machines hold while
/// they collect the code, so the two cannot drift: where the code went, the code typed, the one
/// request out about it (a new code, or the typed code checked), and whether the code sent still
/// works. The code's rule is ``OneTimeCode`` (what the validator checks), its numbers
/// ``OneTimeCode/Rules`` (what the simulator enforces and the screens count down).
public struct NolPayCodeEntry: Sendable, Equatable {
    enum Request: Sendable, Equatable { case resending, checking }

    /// Why the code sent no longer works, as the Transit system answered a check.
    public enum Spent: Sendable, Equatable {
        /// Too many wrong tries voided it.
        case usedUp
        case expired

        /// The Transit error that says a code is spent (`otp-voided`, `otp-expired`), else nil.
        public init?(errorCode: String) {
            switch errorCode {
            case "otp-voided": self = .usedUp
            case "otp-expired": self = .expired
            default: return nil
            }
        }
    }

    /// The number the code went to.
    public let sentTo: MobileNumber
    /// The code as typed, until a new code makes it useless.
    public private(set) var typed: String?
    private(set) var request: Request?
    /// Set once a check says the code sent no longer works; a new code clears it.
    public private(set) var spent: Spent?

    init(sentTo: MobileNumber) { self.sentTo = sentTo }

    var isAwaitingTransit: Bool { request != nil }

    /// Keeps `text` as the code typed; the errors it has.
    mutating func type(_ text: String) -> [NolPayValidationError] {
        typed = text
        if case let .failure(error) = NolPayValidator.otpCode(text) { return [error] }
        return []
    }

    /// Submits the code typed: its digits to check (the request is out until ``checked(_:)``), or
    /// the error to show.
    mutating func check() -> Result<String, NolPayValidationError> {
        let result = NolPayValidator.otpCode(typed)
        if case .success = result { request = .checking }
        return result
    }

    /// Asks for a new code: false while a request is out.
    mutating func resend() -> Bool {
        guard request == nil else { return false }
        request = .resending
        return true
    }

    /// The answer to ``resend()``: whatever it was, the code typed so far is useless; a new code works.
    mutating func resent(_ result: Result<Void, NolPayError>) {
        request = nil
        typed = nil
        if case .success = result { spent = nil }
    }

    /// The answer to ``check()`` when it refused the code: what was typed stays, and a code the
    /// system voided or saw expire is spent.
    mutating func refused(_ error: NolPayError) {
        request = nil
        if let spent = Spent(errorCode: error.code) { self.spent = spent }
    }
}
