import CheckoutCore

extension RawDataManager {
    /// Submits, waits for the checkout to end, and returns how it ended (``PaymentResult``):
    /// `.authorized`, `.pending`, `.declined` with the processor's reason, or `.failed` with why no
    /// payment was made (invalid data, a refused network, an unreachable processor).
    ///
    /// The same result is emitted on the event stream (`checkoutCompleted` or `checkoutFailed`) and
    /// reaches the delegates; inputs posted before are applied first. The manager stays usable:
    /// ``reset()`` for the next card.
    ///
    ///     manager.rawData = CardData(cardNumber: "4000 0025 0000 1001", expiryDate: "12/30", cvv: "123")
    ///     switch await manager.pay() {
    ///     case let .authorized(payment): print(payment)   // pay_… AUTHORIZED VISA •••• 1001, 4999 EUR
    ///     case let .declined(payment, reason): print("declined:", reason, payment)
    ///     default: break
    ///     }
    public func pay() async -> PaymentResult {
        PaymentResult(await payResult())
    }

    private func payResult() async -> Result<Payment, CheckoutError> {
        applyInbox()
        let before = outcomes.count
        submit()
        // A result emitted during submit() answers it; otherwise a payment is in flight.
        if outcomes.count != before, let last = outcomes.last { return last }
        return await withCheckedContinuation { outcomes.waiting.append($0) }
    }

    /// The checkout results as they are emitted, and the callers of ``pay()`` waiting for the
    /// next one (a payment in flight, or a submit waiting for the client session's answer).
    struct Outcomes {
        private(set) var count = 0
        private(set) var last: Result<Payment, CheckoutError>?
        var waiting: [CheckedContinuation<Result<Payment, CheckoutError>, Never>] = []

        mutating func record(_ event: CheckoutEvent) {
            switch event {
            case let .checkoutCompleted(payment): last = .success(payment)
            case let .checkoutFailed(error): last = .failure(error)
            default: return
            }
            count += 1
            guard let last, !waiting.isEmpty else { return }
            let waiters = waiting
            waiting = []
            waiters.forEach { $0.resume(returning: last) }
        }
    }
}
