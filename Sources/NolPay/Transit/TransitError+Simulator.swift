/// The failures the simulated Transit system reports, each with what to do next.
extension TransitError {
    static let unknownCard = TransitError(
        code: "unknown-card", message: "This card is not a Nol card the system knows.",
        recoverySuggestion: "Tap one of the Nol cards the reader lists.")
    static let cardBlocked = TransitError(
        code: "card-blocked", message: "This Nol card is blocked.",
        recoverySuggestion: "Use another card, or ask Nol customer service to unblock this one.")
    static func cardExpired(_ expiry: String) -> TransitError {
        TransitError(code: "card-expired", message: "This Nol card expired on \(expiry).",
                     recoverySuggestion: "Use another card, or replace this one at a ticket office.")
    }
    static let linkedElsewhere = TransitError(
        code: "card-linked-to-another-number", message: "This card is already linked to another mobile number.",
        recoverySuggestion: "Unlink it from that number first, then link it to this one.")
    static let alreadyLinked = TransitError(
        code: "card-already-linked", message: "This card is already linked to this mobile number.",
        recoverySuggestion: "Nothing to do: the card is ready to pay with.")
    static func notLinked(to mobileNumber: MobileNumber?) -> TransitError {
        TransitError(code: "card-not-linked",
                     message: mobileNumber.map { "This card is not linked to \($0.grouped)." } ?? "This card is no longer linked.",
                     recoverySuggestion: "Check the card and the mobile number, or link the card first.")
    }
    static let unknownToken = TransitError(
        code: "invalid-token", message: "The request has no code on record.",
        recoverySuggestion: "Start again from the first step.")
    static let codeUsed = TransitError(
        code: "otp-already-used", message: "This code has already been used.",
        recoverySuggestion: "Start again from the first step.")
    static let codeExpired = TransitError(
        code: "otp-expired", message: "The code has expired.",
        recoverySuggestion: "Ask for a new code and enter it within 5 minutes.")
    static let codeVoided = TransitError(
        code: "otp-voided", message: "Too many wrong codes: this code no longer works.",
        recoverySuggestion: "Ask for a new code.")
    static func wrongCode(triesLeft: Int) -> TransitError {
        TransitError(code: "otp-incorrect",
                     message: "Wrong code: \(triesLeft) \(triesLeft == 1 ? "try" : "tries") left.",
                     recoverySuggestion: "Check the 6 digits in the SMS and type them again.")
    }
    static func resendTooSoon(seconds: Int) -> TransitError {
        TransitError(code: "otp-resend-too-soon", message: "A code was sent moments ago.",
                     recoverySuggestion: "Wait \(seconds) s before asking for another code.")
    }
    static func currencyNotSupported(_ currency: String) -> TransitError {
        TransitError(code: "currency-not-supported", message: "Nol cards pay in AED, not \(currency).",
                     recoverySuggestion: "Charge the amount in AED.")
    }
    static let invalidAmount = TransitError(
        code: "invalid-amount", message: "The amount must be more than zero.",
        recoverySuggestion: "Charge a positive amount.")
}
