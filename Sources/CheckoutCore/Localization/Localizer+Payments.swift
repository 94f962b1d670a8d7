extension Localizer {
    /// A payment's status as the language says it: the ledger's and the wire's word
    /// (`AUTHORIZED`, `DECLINED`, `FAILED`, `PENDING`, and the ledger's `UNKNOWN`: asked, never answered) as it is in English, `Autorisé`, `تمت الموافقة`…;
    /// a status the program does not know is shown as it is.
    ///
    ///     french.paymentStatus("DECLINED")   // "Refusé"
    public func paymentStatus(_ wire: String) -> String {
        guard language != .english else { return wire }
        return Self.statusKeys[wire.uppercased()].map { text($0) } ?? wire
    }

    /// A decline or failure reason as the language says it, from the reason the processor gave
    /// (the sandbox's ISO 8583 codes: `insufficient funds`, `do not honour`…, kept in English in the
    /// ledger, and shown as it is in English); a reason the program has no sentence for (a Primer failure's technical detail) is
    /// shown as it is.
    ///
    ///     french.declineReason("insufficient funds")   // "fonds insuffisants"
    public func declineReason(_ wire: String) -> String {
        guard language != .english else { return wire }
        // The ledger's reason for an answer that never came carries the processor's detail after
        // its first words (Ledger's intent, Primer's timeouts): said whole in the language.
        if wire.lowercased().hasPrefix("outcome unknown") { return text(.declineOutcomeUnknown) }
        return Self.reasonKeys[wire.lowercased()].map { text($0) } ?? wire
    }

    static let statusKeys: [String: TextKey0] = [
        "AUTHORIZED": .paymentStatusAuthorized, "DECLINED": .paymentStatusDeclined, "FAILED": .paymentStatusFailed,
        "PENDING": .paymentStatusPending, "UNKNOWN": .paymentStatusUnknown,
    ]

    /// The reasons `SandboxPaymentService` gives (Docs/sandbox.md's table).
    static let reasonKeys: [String: TextKey0] = [
        "insufficient funds": .declineInsufficientFunds, "do not honour": .declineDoNotHonour, "card declined": .declineCardDeclined,
        "processor unavailable": .declineProcessorUnavailable,
    ]
}
