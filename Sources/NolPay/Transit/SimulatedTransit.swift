import CheckoutStore
import FoundationEssentials

/// A Transit system simulated on this machine: the demo cards, an NFC reader, one-time codes sent
/// to an SMS outbox, links and balances kept in SQLite.
///
/// Every call that changes state is one SQLite transaction, so a process killed at any moment
/// leaves the change done or not done: a link and its used code, an unlink and its used code, a
/// payment's balance deduction and its ledger row always commit together. A refusal comes out of
/// the transaction as a `Result` failure rather than a thrown error, because a throw rolls back and
/// what the refusal records (a wrong try at a code) must stay.
///
/// Rules: a code is a ``OneTimeCode`` and lives by ``OneTimeCode/Rules`` (it expires after its
/// lifetime, is voided by its wrong tries allowed and may be sent again only after its cooldown,
/// judged by ``OneTimeCode/judge(_:expected:triesLeft:expired:)``); a blocked or expired card
/// cannot be linked; a card is linked to one mobile number at a time; a payment larger than the
/// balance is declined.
public final class SimulatedTransit: Transit {
    /// The numbers that govern codes and the reader.
    public struct Rules: Sendable {
        public var code = OneTimeCode.Rules()
        public var readTimeout: Duration = .seconds(30)
        public init() {}
    }

    public let store: NolBackendStore
    public let reader: SimulatedNolReader
    public let rules: Rules
    private let now: @Sendable () -> Date
    private let makeCode: @Sendable () -> String

    /// A simulator over `store`, seeded with `demoCards` (cards already known keep their balance).
    ///
    /// - Parameters:
    ///   - clock: measures the reader's timeout.
    ///   - now: the wall clock for code expiry and cooldowns (codes outlive the process).
    ///   - makeCode: the source of one-time codes; a random ``OneTimeCode`` unless a test injects its own.
    public init(store: NolBackendStore, demoCards: [NolCardRecord], clock: any Clock<Duration> = ContinuousClock(),
                now: @escaping @Sendable () -> Date = { Date() },
                makeCode: @escaping @Sendable () -> String = SimulatedTransit.randomCode,
                rules: Rules = Rules()) throws {
        self.store = store
        self.rules = rules
        self.now = now
        self.makeCode = makeCode
        reader = SimulatedNolReader(clock: clock, timeout: rules.readTimeout)
        try store.seed(demoCards)
    }

    /// A random one-time code's digits.
    @Sendable public static func randomCode() -> String {
        OneTimeCode.random().digits
    }

    /// The cards the simulated reader can see, with their current balances.
    public func cardsInRange() throws -> [NolCardRecord] {
        try store.cards()
    }

    // MARK: Transit

    public func scanCard() async throws -> String {
        let cardNumber = try await reader.read()
        guard try store.card(cardNumber) != nil else { throw TransitError.unknownCard }
        return cardNumber
    }

    public func makeLinkingToken(cardNumber: String) async throws -> String {
        let today = Self.day(now())
        let token = "lnk_" + UUID().uuidString.lowercased()
        try store.transaction { tx -> Result<Void, TransitError> in
            guard let card = try NolBackendStore.card(cardNumber, in: tx) else { return .failure(.unknownCard) }
            if let problem = Self.cannotLink(card, today: today) { return .failure(problem) }
            try NolBackendStore.saveCode(NolCodeRecord(token: token, purpose: "link", cardNumber: cardNumber), in: tx)
            return .success(())
        }.get()
        return token
    }

    public func sendLinkOTP(mobileNumber: MobileNumber, linkToken: String) async throws {
        let moment = now()
        try store.transaction { tx -> Result<Void, TransitError> in
            guard var code = try NolBackendStore.code(token: linkToken, in: tx), code.purpose == "link" else {
                return .failure(.unknownToken)
            }
            guard code.state != .used else { return .failure(.codeUsed) }
            if let link = try NolBackendStore.link(of: code.cardNumber, in: tx) {
                return .failure(link.mobileNumber == mobileNumber.e164 ? .alreadyLinked : .linkedElsewhere)
            }
            // The wait is between codes to one number: a code to a number typed again differently is a first one.
            if let seconds = Self.secondsToWait(code, at: moment), code.mobileNumber == mobileNumber.e164 {
                return .failure(.resendTooSoon(seconds: seconds))
            }
            code.mobileNumber = mobileNumber.e164
            try issue(&code, at: moment, in: tx)
            return .success(())
        }.get()
    }

    public func linkCard(otpCode: String, linkToken: String) async throws -> NolPaymentCard {
        let moment = now()
        return try store.transaction { tx -> Result<NolPaymentCard, TransitError> in
            guard var code = try NolBackendStore.code(token: linkToken, in: tx), code.purpose == "link",
                  let mobile = code.mobileNumber else { return .failure(.unknownToken) }
            if let failure = try check(&code, otpCode: otpCode, at: moment, in: tx) { return .failure(failure) }
            guard let card = try NolBackendStore.card(code.cardNumber, in: tx) else { return .failure(.unknownCard) }
            if let problem = Self.cannotLink(card, today: Self.day(moment)) { return .failure(problem) }
            if let link = try NolBackendStore.link(of: card.cardNumber, in: tx) {
                return .failure(link.mobileNumber == mobile ? .alreadyLinked : .linkedElsewhere)
            }
            try NolBackendStore.insertLink(NolLinkRecord(cardNumber: card.cardNumber, mobileNumber: mobile, linkedAt: moment), in: tx)
            code.state = .used
            try NolBackendStore.saveCode(code, in: tx)
            return .success(Self.paymentCard(card))
        }.get()
    }

    public func sendUnlinkOTP(mobileNumber: MobileNumber, cardNumber: String) async throws -> String {
        let moment = now()
        let token = "unl_" + UUID().uuidString.lowercased()
        try store.transaction { tx -> Result<Void, TransitError> in
            guard try NolBackendStore.card(cardNumber, in: tx) != nil else { return .failure(.unknownCard) }
            guard let link = try NolBackendStore.link(of: cardNumber, in: tx), link.mobileNumber == mobileNumber.e164 else {
                return .failure(.notLinked(to: mobileNumber))
            }
            var code = NolCodeRecord(token: token, purpose: "unlink", cardNumber: cardNumber, mobileNumber: mobileNumber.e164)
            try issue(&code, at: moment, in: tx)
            return .success(())
        }.get()
        return token
    }

    public func resendUnlinkOTP(unlinkToken: String) async throws {
        let moment = now()
        try store.transaction { tx -> Result<Void, TransitError> in
            guard var code = try NolBackendStore.code(token: unlinkToken, in: tx), code.purpose == "unlink" else {
                return .failure(.unknownToken)
            }
            guard code.state != .used else { return .failure(.codeUsed) }
            if let seconds = Self.secondsToWait(code, at: moment) { return .failure(.resendTooSoon(seconds: seconds)) }
            try issue(&code, at: moment, in: tx)
            return .success(())
        }.get()
    }

    public func unlinkCard(cardNumber: String, otpCode: String, unlinkToken: String) async throws {
        let moment = now()
        try store.transaction { tx -> Result<Void, TransitError> in
            guard var code = try NolBackendStore.code(token: unlinkToken, in: tx), code.purpose == "unlink",
                  code.cardNumber == cardNumber, let mobile = code.mobileNumber else { return .failure(.unknownToken) }
            if let failure = try check(&code, otpCode: otpCode, at: moment, in: tx) { return .failure(failure) }
            guard let link = try NolBackendStore.link(of: cardNumber, in: tx), link.mobileNumber == mobile else {
                return .failure(.notLinked(to: nil))
            }
            try NolBackendStore.deleteLink(of: cardNumber, in: tx)
            code.state = .used
            try NolBackendStore.saveCode(code, in: tx)
            return .success(())
        }.get()
    }

    public func linkedCards(mobileNumber: MobileNumber) async throws -> [NolPaymentCard] {
        try store.transaction { tx in
            try NolBackendStore.links(mobileNumber: mobileNumber.e164, in: tx).compactMap { link in
                try NolBackendStore.card(link.cardNumber, in: tx).map(Self.paymentCard)
            }
        }
    }

    public func requestPayment(cardNumber: String, mobileNumber: MobileNumber, amount: Int, currency: String) async throws -> NolPayment {
        let moment = now()
        let id = "nol_" + String(UUID().uuidString.lowercased().prefix(18).filter { $0 != "-" })
        guard currency == "AED" else { throw TransitError.currencyNotSupported(currency) }
        guard amount > 0 else { throw TransitError.invalidAmount }
        return try store.transaction { tx -> Result<NolPayment, TransitError> in
            guard let card = try NolBackendStore.card(cardNumber, in: tx) else { return .failure(.unknownCard) }
            guard let link = try NolBackendStore.link(of: cardNumber, in: tx), link.mobileNumber == mobileNumber.e164 else {
                return .failure(.notLinked(to: mobileNumber))
            }
            if card.status == "blocked" { return .failure(.cardBlocked) }
            if card.status == "expired" || card.expiry < Self.day(moment) { return .failure(.cardExpired(card.expiry)) }
            let approved = card.balance >= amount
            let balance = approved ? card.balance - amount : card.balance
            let payment = NolPayment(id: id, status: approved ? "AUTHORIZED" : "DECLINED", amount: amount, currency: currency,
                                     last4: String(cardNumber.suffix(4)), balance: balance,
                                     declineReason: approved ? nil : "INSUFFICIENT_BALANCE")
            if approved { try NolBackendStore.setBalance(balance, of: cardNumber, in: tx) }
            try Ledger.insert(LedgerEntry(id: id, createdAt: moment, method: "NOL_PAY", amount: amount, currency: currency,
                                          network: "NOL", firstDigits: "", last4: payment.last4, status: payment.status,
                                          declineReason: payment.declineReason), in: tx)
            return .success(payment)
        }.get()
    }

    // MARK: Rules

    /// Gives `code` fresh digits, tries and expiry, and puts the SMS in the outbox, in the caller's transaction.
    private func issue(_ code: inout NolCodeRecord, at moment: Date, in tx: Database.Transaction) throws {
        let digits = makeCode()
        code.code = digits
        code.triesLeft = rules.code.wrongTriesAllowed
        code.expiresAt = moment.addingTimeInterval(rules.code.lifetime)
        code.resendAt = moment.addingTimeInterval(rules.code.resendCooldown)
        code.state = .pending
        try NolBackendStore.saveCode(code, in: tx)
        let minutes = Int(rules.code.lifetime / 60)
        let purpose = code.purpose == "link" ? "link your Nol card" : "unlink your Nol card"
        try NolBackendStore.appendMessage(
            to: code.mobileNumber ?? "", code: digits,
            body: "\(digits) is your Nol Pay code to \(purpose) ending \(code.cardNumber.suffix(4)). It expires in \(minutes) minutes.",
            at: moment, in: tx)
    }

    /// Checks `otpCode` against `code`: `nil` when it opens it, otherwise the failure, after
    /// recording the wrong try.
    private func check(_ code: inout NolCodeRecord, otpCode: String, at moment: Date, in tx: Database.Transaction) throws -> TransitError? {
        switch code.state {
        case .used: return .codeUsed
        case .voided: return .codeVoided
        case .pending: break
        }
        guard let expected = code.code, let expiresAt = code.expiresAt else { return .unknownToken }
        switch OneTimeCode.judge(otpCode, expected: expected, triesLeft: code.triesLeft, expired: moment >= expiresAt) {
        case .opens: return nil
        case .expired: return .codeExpired
        case let .wrong(triesLeft):
            code.triesLeft = triesLeft
            try NolBackendStore.saveCode(code, in: tx)
            return .wrongCode(triesLeft: triesLeft)
        case .voided:
            code.triesLeft = 0
            code.state = .voided
            try NolBackendStore.saveCode(code, in: tx)
            return .codeVoided
        }
    }

    /// How long before `code` may be sent again, as "wait N s" says it; nil when it may be now.
    private static func secondsToWait(_ code: NolCodeRecord, at moment: Date) -> Int? {
        code.resendAt.flatMap { OneTimeCode.secondsToWait(.seconds($0.timeIntervalSince(moment))) }
    }

    private static func cannotLink(_ card: NolCardRecord, today: String) -> TransitError? {
        if card.status == "blocked" { return .cardBlocked }
        if card.status == "expired" || card.expiry < today { return .cardExpired(card.expiry) }
        return nil
    }

    private static func paymentCard(_ card: NolCardRecord) -> NolPaymentCard {
        NolPaymentCard(cardNumber: card.cardNumber, expiredTime: card.expiry, label: card.label, balance: card.balance)
    }

    /// The day of `date` in UTC as `YYYY-MM-DD`, comparable with the card expiry dates as text.
    private static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return "\(String(parts.year ?? 0, zeroPaddedTo: 4))-\(String(parts.month ?? 0, zeroPaddedTo: 2))-\(String(parts.day ?? 0, zeroPaddedTo: 2))"
    }
}
