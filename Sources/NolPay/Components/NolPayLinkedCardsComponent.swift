/// Lists the Nol cards linked to a mobile number (the seed's `NolPayLinkedCardsComponent`).
public struct NolPayLinkedCardsComponent: Sendable {
    private let transit: any Transit

    public init(transit: any Transit) {
        self.transit = transit
    }

    /// The cards linked to `mobileNumber`, typed in any national or international form.
    ///
    /// A number that does not validate fails with `invalid-value` for `mobileNumber`, carrying the
    /// phone-number validation text; a Transit failure with `nol-pay-sdk-error`.
    public func getLinkedCardsFor(mobileNumber: String) async -> Result<[NolPaymentCard], NolPayError> {
        switch NolPayValidator.mobileNumber(mobileNumber) {
        case let .failure(problem):
            return .failure(.invalidValue("mobileNumber", problem.description, next: problem.recoverySuggestion))
        case let .success(number):
            do {
                return .success(try await transit.linkedCards(mobileNumber: number))
            } catch {
                return .failure(.from(error))
            }
        }
    }
}
