import CheckoutCore

/// The failures the simulated Transit system reports, each with what to do next, in English and
/// as the catalogues' sentences.
extension TransitError {
    static let unknownCard = TransitError(
        code: "unknown-card", message: "This card is not a Nol card the system knows.",
        recoverySuggestion: "Tap one of the Nol cards the reader lists.")
        .saying(LocalizedText(.nolErrUnknownCard), LocalizedText(.nolErrUnknownCardAdvice))
    static let cardBlocked = TransitError(
        code: "card-blocked", message: "This Nol card is blocked.",
        recoverySuggestion: "Use another card, or ask Nol customer service to unblock this one.")
        .saying(LocalizedText(.nolErrBlocked), LocalizedText(.nolErrBlockedAdvice))
    static func cardExpired(_ expiry: String) -> TransitError {
        TransitError(code: "card-expired", message: "This Nol card expired on \(expiry).",
                     recoverySuggestion: "Use another card, or replace this one at a ticket office.")
            .saying(LocalizedText(.nolErrExpired, expiry), LocalizedText(.nolErrExpiredAdvice))
    }
    static let linkedElsewhere = TransitError(
        code: "card-linked-to-another-number", message: "This card is already linked to another mobile number.",
        recoverySuggestion: "Unlink it from that number first, then link it to this one.")
        .saying(LocalizedText(.nolErrLinkedElsewhere), LocalizedText(.nolErrLinkedElsewhereAdvice))
    static let alreadyLinked = TransitError(
        code: "card-already-linked", message: "This card is already linked to this mobile number.",
        recoverySuggestion: "Nothing to do: the card is ready to pay with.")
        .saying(LocalizedText(.nolErrAlreadyLinked), LocalizedText(.nolErrAlreadyLinkedAdvice))
    static func notLinked(to mobileNumber: MobileNumber?) -> TransitError {
        TransitError(code: "card-not-linked",
                     message: mobileNumber.map { "This card is not linked to \($0.grouped)." } ?? "This card is no longer linked.",
                     recoverySuggestion: "Check the card and the mobile number, or link the card first.")
            .saying(mobileNumber.map { LocalizedText(.nolErrNotLinkedTo, $0.grouped) } ?? LocalizedText(.nolErrNoLongerLinked),
                    LocalizedText(.nolErrNotLinkedAdvice))
    }
    static let unknownToken = TransitError(
        code: "invalid-token", message: "The request has no code on record.",
        recoverySuggestion: "Start again from the first step.")
        .saying(LocalizedText(.nolErrNoToken), LocalizedText(.nolErrStartAgain))
    static let codeUsed = TransitError(
        code: "otp-already-used", message: "This code has already been used.",
        recoverySuggestion: "Start again from the first step.")
        .saying(LocalizedText(.nolErrCodeUsed), LocalizedText(.nolErrStartAgain))
    static let codeExpired = TransitError(
        code: "otp-expired", message: "The code has expired.",
        recoverySuggestion: "Ask for a new code and enter it within 5 minutes.")
        .saying(LocalizedText(.nolErrCodeExpired), LocalizedText(.nolErrCodeExpiredAdvice))
    static let codeVoided = TransitError(
        code: "otp-voided", message: "Too many wrong codes: this code no longer works.",
        recoverySuggestion: "Ask for a new code.")
        .saying(LocalizedText(.nolErrCodeVoided), LocalizedText(.nolErrCodeVoidedAdvice))
    static func wrongCode(triesLeft: Int) -> TransitError {
        TransitError(code: "otp-incorrect",
                     message: "Wrong code: \(triesLeft) \(triesLeft == 1 ? "try" : "tries") left.",
                     recoverySuggestion: "Check the \(OneTimeCode.length) digits in the SMS and type them again.")
            .saying(.counted(.nolErrWrongCode, triesLeft), LocalizedText(.nolErrWrongCodeAdvice))
    }
    static func resendTooSoon(seconds: Int) -> TransitError {
        TransitError(code: "otp-resend-too-soon", message: "A code was sent moments ago.",
                     recoverySuggestion: "Wait \(seconds) s before asking for another code.")
            .saying(LocalizedText(.nolErrTooSoon), .counted(.nolErrTooSoonAdvice, seconds))
    }
    static func currencyNotSupported(_ currency: String) -> TransitError {
        TransitError(code: "currency-not-supported", message: "Nol cards pay in AED, not \(currency).",
                     recoverySuggestion: "Charge the amount in AED.")
            .saying(LocalizedText(.nolErrCurrency, currency), LocalizedText(.nolErrCurrencyAdvice))
    }
    static let invalidAmount = TransitError(
        code: "invalid-amount", message: "The amount must be more than zero.",
        recoverySuggestion: "Charge a positive amount.")
        .saying(LocalizedText(.nolErrAmount), LocalizedText(.nolErrAmountAdvice))
}
