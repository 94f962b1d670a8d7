import CheckoutCore

/// The Nol Transit system as the components see it: the NFC reader and the Nol backend.
///
/// The calls mirror TransitSDK (getPhysicalCard, getLinkPaymentCardToken, getLinkPaymentCardOTP,
/// linkPaymentCard, getUnlinkPaymentCardOTP, unlinkPaymentCard, getPaymentCardList, requestPayment).
/// Failures are ``TransitError`` values. ``SimulatedTransit`` is the implementation shipped here.
public protocol Transit: Sendable {
    /// Reads the card held to the reader; fails on a bad read or after the read timeout.
    func scanCard() async throws -> String
    /// Checks that `cardNumber` may be linked and returns the token the next calls refer to.
    func makeLinkingToken(cardNumber: String) async throws -> String
    /// Sends (or sends again) the one-time code for linking the token's card to `mobileNumber`.
    func sendLinkOTP(mobileNumber: MobileNumber, linkToken: String) async throws
    /// Links the token's card when `otpCode` is the code that was sent.
    func linkCard(otpCode: String, linkToken: String) async throws -> NolPaymentCard
    /// Sends a one-time code for unlinking `cardNumber` from `mobileNumber`; returns the unlink token.
    func sendUnlinkOTP(mobileNumber: MobileNumber, cardNumber: String) async throws -> String
    /// Sends a fresh code for an unlink token.
    func resendUnlinkOTP(unlinkToken: String) async throws
    /// Unlinks the token's card when `otpCode` is the code that was sent.
    func unlinkCard(cardNumber: String, otpCode: String, unlinkToken: String) async throws
    /// The cards linked to `mobileNumber`.
    func linkedCards(mobileNumber: MobileNumber) async throws -> [NolPaymentCard]
    /// Charges a linked card; a decline is a payment with status `DECLINED`, not an error.
    func requestPayment(cardNumber: String, mobileNumber: MobileNumber, amount: Int, currency: String) async throws -> NolPayment
}

/// A Nol card linked to a mobile number (the headless SDK's `PrimerNolPaymentCard`, plus what a
/// screen shows beside it).
public struct NolPaymentCard: Sendable, Equatable {
    public var cardNumber: String
    /// The last valid day, `YYYY-MM-DD`.
    public var expiredTime: String
    public var label: String
    /// The stored value in minor units of AED.
    public var balance: Int

    public init(cardNumber: String, expiredTime: String, label: String, balance: Int) {
        self.cardNumber = cardNumber
        self.expiredTime = expiredTime
        self.label = label
        self.balance = balance
    }

    /// A card known by its number (and expiry) alone, as the SDK's `PrimerNolPaymentCard(cardNumber:expiredTime:)`
    /// (Primer iOS SDK 2.51.1, `.../Composable/NolPay/NolPayPaymentCard.swift`): a card typed, not listed.
    public init(cardNumber: String, expiredTime: String = "") {
        self.init(cardNumber: cardNumber, expiredTime: expiredTime, label: "", balance: 0)
    }

    /// The last four digits, for masked display.
    public var last4: String { String(cardNumber.suffix(4)) }
}

/// The outcome of a Nol payment request.
public struct NolPayment: Sendable, Equatable {
    public var id: String
    /// The outcome: `AUTHORIZED` or `DECLINED`.
    public var status: String
    public var amount: Int
    public var currency: String
    public var last4: String
    /// The card's balance after the request (unchanged when declined).
    public var balance: Int
    public var declineReason: String?

    public init(id: String, status: String, amount: Int, currency: String, last4: String, balance: Int, declineReason: String? = nil) {
        self.id = id
        self.status = status
        self.amount = amount
        self.currency = currency
        self.last4 = last4
        self.balance = balance
        self.declineReason = declineReason
    }
}

/// A failure of the Transit system: a code, a message and what to do next.
///
/// The message and the suggestion are English, as the wire (`checkout nol events`) carries them;
/// ``shown`` names the same two as sentences of the catalogues, for a screen to say in its language.
public struct TransitError: Error, Sendable, Equatable {
    public var code: String
    public var message: String
    public var recoverySuggestion: String
    /// The message and the suggestion as catalogue sentences; not part of what the error is (equality).
    public var shown: (message: LocalizedText, advice: LocalizedText)?

    public init(code: String, message: String, recoverySuggestion: String) {
        self.code = code
        self.message = message
        self.recoverySuggestion = recoverySuggestion
    }

    public static func == (a: TransitError, b: TransitError) -> Bool {
        a.code == b.code && a.message == b.message && a.recoverySuggestion == b.recoverySuggestion
    }

    /// The error with the sentences a screen shows for it.
    func saying(_ message: LocalizedText, _ advice: LocalizedText) -> TransitError {
        var error = self
        error.shown = (message, advice)
        return error
    }

    static let cancelled = TransitError(code: "cancelled", message: "The request was cancelled.",
                                        recoverySuggestion: "Start again when you are ready.")
        .saying(LocalizedText(.nolErrCancelled), LocalizedText(.nolErrCancelledAdvice))
}
