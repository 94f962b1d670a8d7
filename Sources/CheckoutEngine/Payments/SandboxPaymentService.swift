import CheckoutCore
import CheckoutStore
import FoundationEssentials

/// The embedded payment processor: a sandbox with documented outcomes that records every attempt
/// in the ``Ledger`` (network, first digits, last four, amount, status; never the full number or CVV).
/// A ledger that cannot be written does not change the outcome: the payment says so in
/// ``Payment/notRecorded`` and the row is kept for later (``Ledger/recordOrKeep(_:)``).
///
/// Outcomes, decided by the order amount's last four minor-unit digits (the surcharge does not count,
/// so a trigger works whatever network is paid with) and by test numbers:
///
/// | trigger | status | decline reason |
/// | --- | --- | --- |
/// | amount ending in `0051` (e.g. 10051 = 100.51) | DECLINED | insufficient funds |
/// | amount ending in `0005` (e.g. 10005) | DECLINED | do not honour |
/// | amount ending in `0099` (e.g. 10099) | FAILED, and `pay` throws | processor unavailable |
/// | card number ``declinedCardNumber`` (`test-cards.json`) | DECLINED | card declined |
/// | anything else | AUTHORIZED | — |
///
/// Payment ids look like `pay_` followed by 20 lowercase hex digits.
public struct SandboxPaymentService: PaymentService {
    /// The test number the sandbox always declines: `sandboxDeclined` in `Resources/data/test-cards.json`
    /// (a Luhn-valid Visa number, with its source). A file that cannot be read declines no number;
    /// the start reports the broken file through the other bundled data it reads.
    public static let declinedCardNumber = (try? Bundled.testCards().sandboxDeclined) ?? "-"

    /// The failure `pay` throws for amounts ending in `0099`.
    public struct ProcessorUnavailable: Error, CustomStringConvertible, ShownInLanguage {
        public var description: String { "The sandbox processor is unavailable (amounts ending in 0099 fail); try another amount." }
        public var shown: LocalizedText? { LocalizedText(.errorSandboxUnavailable) }
    }

    private let ledger: Ledger
    private let now: @Sendable () -> Date

    public init(ledger: Ledger, now: @escaping @Sendable () -> Date = { Date() }) {
        self.ledger = ledger
        self.now = now
    }

    public func pay(_ request: PaymentRequest) async throws -> Payment {
        // The intent is on disk before the processor decides (the sandbox stands for one).
        let key = try ledger.writeAhead(request, at: now())
        let status: Payment.Status
        let reason: String?
        switch (request.amount % 10_000, request.cardNumber) {
        case (51, _): (status, reason) = (.declined, "insufficient funds")
        case (5, _): (status, reason) = (.declined, "do not honour")
        case (99, _): (status, reason) = (.failed, "processor unavailable")
        case (_, Self.declinedCardNumber): (status, reason) = (.declined, "card declined")
        default: (status, reason) = (.authorized, nil)
        }
        var payment = Payment(
            id: "pay_" + String(UUID.random().lowercaseHex.prefix(20)),
            status: status, amount: request.amount, surcharge: request.surcharge, currency: request.currency,
            network: request.network, firstDigits: request.firstDigits, last4Digits: request.last4Digits, declineReason: reason,
            networkChosenBy: request.networkChosenBy)
        // The processor's answer is the outcome; a ledger that cannot take the row now gets it later.
        payment.notRecorded = ledger.recordOrKeep(Self.ledgerEntry(for: payment, key: key, at: now()))?.description
        if status == .failed { throw ProcessorUnavailable() }
        return payment
    }

    /// The ledger row of a card payment: the one place a ``Payment`` becomes a ``LedgerEntry``.
    ///
    /// `amount` is the order amount and the surcharge has its own column, so the ledger keeps them
    /// apart. It completes the intent written under `key` (``Ledger/writeAhead(_:at:)``); `status`
    /// replaces the payment's when the ledger must say something else (`UNKNOWN` for a payment
    /// whose answer never came).
    static func ledgerEntry(for payment: Payment, key: String, status: String? = nil, at date: Date) -> LedgerEntry {
        LedgerEntry(
            id: payment.id, createdAt: date, method: "CARD", amount: payment.amount, surcharge: payment.surcharge, currency: payment.currency,
            network: payment.network.rawValue, firstDigits: payment.firstDigits, last4: payment.last4Digits,
            status: status ?? payment.status.rawValue, declineReason: payment.declineReason, networkChosenBy: payment.networkChosenBy?.rawValue,
            requestId: key)
    }
}
