extension Localizer {
    /// A payment's status as the language says it: the ledger's and the wire's word
    /// (`AUTHORIZED`, `DECLINED`, `FAILED`, `PENDING`) as it is in English, `Autorisé`, `تمت الموافقة`…;
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
        return Self.reasonKeys[wire.lowercased()].map { text($0) } ?? wire
    }

    static let statusKeys: [String: TextKey] = [
        "AUTHORIZED": .paymentStatusAuthorized, "DECLINED": .paymentStatusDeclined, "FAILED": .paymentStatusFailed,
        "PENDING": .paymentStatusPending,
    ]

    /// The reasons `SandboxPaymentService` gives (Docs/sandbox.md's table).
    static let reasonKeys: [String: TextKey] = [
        "insufficient funds": .declineInsufficientFunds, "do not honour": .declineDoNotHonour, "card declined": .declineCardDeclined,
        "processor unavailable": .declineProcessorUnavailable,
    ]
}
