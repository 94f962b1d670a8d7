import FoundationEssentials

/// Checks a card's fields and reports every failing one, in field order: number, expiry, CVV, name.
///
/// Error ids and input element types are the headless SDK's (`invalid-card-number`,
/// `unsupported-card-type`, `invalid-expiry-date`, `invalid-cvv`, `invalid-cardholder-name`); each
/// message says what to fix. `now` and the calendar are injected so results never depend on the
/// machine's clock.
///
///     let errors = validator.validate(data, metadata: metadata, now: now, calendar: calendar)
///     let isValid = errors.isEmpty
public struct CardValidator: Sendable {
    public let catalogue: NetworkCatalogue
    public let session: ClientSession

    /// An expiry date may lie at most this many years ahead.
    public static let maximumYearsAhead = 20
    /// The shortest and longest card numbers any network issues: Maestro's 12 (braintree/credit-card-type
    /// lengths 12-19; frames-ios and frames-android accept `501800000009`) to ISO/IEC 7812's 19.
    public static let cardNumberLengths = 12...19

    public init(catalogue: NetworkCatalogue, session: ClientSession) {
        self.catalogue = catalogue
        self.session = session
    }

    /// Every failing field in order (number, expiry, CVV, name); empty when the card is valid. The
    /// name counts only when the session collects it (``ClientSession/collectsCardholderName``).
    ///
    /// `metadata` is what the engine last resolved for this number. A BIN answer (`REMOTE`) is the
    /// truth about a co-badged card's networks; without one, local rules decide.
    public func validate(_ data: CardData, metadata: CardNumberEntryMetadata?, now: Date, calendar: Calendar) -> [ValidationError] {
        var errors: [ValidationError] = []
        if let error = validateCardNumber(data.cardNumber, metadata: metadata) ?? validateChoice(data, metadata: metadata) { errors.append(error) }
        if let error = validateExpiryDate(data.expiryDate, now: now, calendar: calendar) { errors.append(error) }
        if let error = validateCVV(data.cvv, network: cvvNetwork(for: data, metadata: metadata)) { errors.append(error) }
        // A session that does not collect the name neither requires nor checks it (the SDK's rule).
        if session.collectsCardholderName, let error = validateCardholderName(data.cardholderName) { errors.append(error) }
        return errors
    }

    /// The card-number error, if any.
    ///
    /// Order of the checks: blank, characters, too long, every network of the card refused by the
    /// session (from 8 digits, when the BIN service has had its say), incomplete, no network at all,
    /// shorter than the card's networks' longest number and not valid yet, a length the card's
    /// networks do not issue, and finally the Luhn check digit.
    public func validateCardNumber(_ cardNumber: String, metadata: CardNumberEntryMetadata?) -> ValidationError? {
        let normalized = CardNumberNormalizer.normalize(cardNumber)
        let digits = normalized.digits
        if normalized.isMalformed {
            return Self.cardNumberError("Card number may contain only digits, spaces, dashes and dots.").saying(.errorNumberCharacters)
        }
        let count = digits.utf8.count
        if count == 0 { return Self.cardNumberError("Card number can not be blank.").saying(.errorNumberBlank) }
        if count > Self.cardNumberLengths.upperBound {
            return Self.cardNumberError("Card number is too long: card numbers have at most 19 digits.").saying(.errorNumberTooLong)
        }
        let networks = cardNetworks(digits: digits, metadata: metadata)
        if count >= CardNetworkResolver.binLength, !networks.isEmpty, !networks.contains(where: { session.allows($0) }) {
            let resolver = CardNetworkResolver(catalogue: catalogue, session: session)
            return Self.unsupported(networks.map { resolver.detected($0) })
        }
        if count < Self.cardNumberLengths.lowerBound {
            return Self.cardNumberError("Card number is incomplete: keep typing the digits on the card.").saying(.errorNumberIncomplete)
        }
        if networks.isEmpty { return Self.unsupported([]) }
        let lengths = numberLengths(networks: networks, metadata: metadata)
        // Shorter than the longest number its networks issue: one message for every length until
        // then, so typing does not change the error (and re-emit dataIsValid) at each digit.
        if let longest = lengths.max(), count < longest, !(lengths.contains(count) && Luhn.isValid(digits)) {
            return Self.cardNumberError("Card number is incomplete or mistyped: check the digits on the card.").saying(.errorNumberMistyped)
        }
        if !lengths.contains(count) {
            let names = networks.map { catalogue.info($0).displayName }.joined(separator: " / ")
            let allowed = lengths.sorted().map(String.init).joined(separator: ", ")
            return Self.cardNumberError("Card number is not valid: \(names) numbers have \(allowed) digits, this one has \(count).").saying(.errorNumberLength, names, allowed, String(count))
        }
        if !Luhn.isValid(digits) {
            return Self.cardNumberError("Card number is not valid: check for a mistyped digit.").saying(.errorNumberLuhn)
        }
        return nil
    }

    /// The expiry-date error, if any. Accepts every spelling ``ExpiryDate`` parses (`MM/YY`,
    /// `MM/YYYY`, `MMYY`, `MM-YY`, `12 / 30`…); a card is valid to the end of its expiry month and at
    /// most 20 years ahead.
    public func validateExpiryDate(_ text: String, now: Date, calendar: Calendar) -> ValidationError? {
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty { return Self.expiryError("Expiry date cannot be blank.").saying(.errorExpiryBlank) }
        let today = calendar.dateComponents([.year, .month], from: now)
        guard let expiry = ExpiryDate(parsing: trimmed, currentYear: today.year ?? 0) else {
            return Self.expiryError("Card expiry date is not valid. Valid expiry date formats are MM/YY or MM/YYYY.").saying(.errorExpiryFormat)
        }
        guard (1...12).contains(expiry.month) else {
            return Self.expiryError("Expiry month must be between 01 and 12.").saying(.errorExpiryMonth)
        }
        let nowMonths = (today.year ?? 0) * 12 + (today.month ?? 1)
        let expiryMonths = expiry.year * 12 + expiry.month
        if expiryMonths < nowMonths {
            return Self.expiryError("This card has expired: check the expiry date on the card.").saying(.errorExpired)
        }
        if expiryMonths > nowMonths + Self.maximumYearsAhead * 12 {
            return Self.expiryError("Expiry date is more than \(Self.maximumYearsAhead) years ahead: check the year.").saying(.errorExpiryAhead, String(Self.maximumYearsAhead))
        }
        return nil
    }

    /// The CVV error, if any: the network's code length, or 3 to 4 digits when it is not known.
    public func validateCVV(_ cvv: String, network: CardNetwork?) -> ValidationError? {
        let info = network.map { catalogue.info($0) }
        let label = info?.cvvLabel ?? "CVV"
        if cvv.isEmpty { return Self.cvvError("\(label) cannot be blank.").saying(.errorCvvBlank, label) }
        guard cvv.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            return Self.cvvError("\(label) may contain only digits.").saying(.errorCvvDigits, label)
        }
        let count = cvv.utf8.count
        if let info, let length = info.cvvLength {
            if count != length {
                return Self.cvvError("\(label) is not valid: \(info.displayName) cards have a \(length)-digit \(label).").saying(.errorCvvLength, label, info.displayName, String(length))
            }
        } else if !(3...4).contains(count) {
            return Self.cvvError("\(label) is not valid: it has 3 or 4 digits.").saying(.errorCvvAnyLength, label)
        }
        return nil
    }

    /// The cardholder-name error, if any: 2 to 45 characters, letters of any script, spaces,
    /// apostrophes, hyphens and periods.
    public func validateCardholderName(_ name: String) -> ValidationError? {
        let trimmed = name.trimmingWhitespace()
        if trimmed.isEmpty { return Self.nameError("Cardholder name cannot be blank.").saying(.errorNameBlank) }
        if let ascii = Self.asciiNameCheck(trimmed) {
            switch ascii {
            case .hasDigit: return Self.nameError("Cardholder name cannot contain digits.").saying(.errorNameDigits)
            case .hasOther: return Self.nameError("Cardholder name may contain only letters, spaces, apostrophes, hyphens and periods.").saying(.errorNameCharacters)
            case .allowed: break
            }
            return (2...45).contains(trimmed.utf8.count) ? nil : Self.nameError("Cardholder name must be 2 to 45 characters long.").saying(.errorNameLength)
        }
        if trimmed.unicodeScalars.contains(where: { $0.properties.numericType != nil }) {
            return Self.nameError("Cardholder name cannot contain digits.").saying(.errorNameDigits)
        }
        let allowedPunctuation: Set<Unicode.Scalar> = [" ", "'", "\u{2019}", "-", "\u{2010}", ".", "\u{00A0}"]
        let valid = trimmed.unicodeScalars.allSatisfy { scalar in
            allowedPunctuation.contains(scalar) || scalar.properties.isAlphabetic
                || scalar.properties.generalCategory == .nonspacingMark
                || scalar.properties.generalCategory == .spacingMark
        }
        if !valid {
            return Self.nameError("Cardholder name may contain only letters, spaces, apostrophes, hyphens and periods.").saying(.errorNameCharacters)
        }
        if !(2...45).contains(trimmed.count) {
            return Self.nameError("Cardholder name must be 2 to 45 characters long.").saying(.errorNameLength)
        }
        return nil
    }

    /// What an ASCII name holds, by the rules of ``validateCardholderName(_:)`` (ASCII digits are the
    /// only ASCII scalars with a numeric type, ASCII letters the only alphabetic ones, and each
    /// allowed ASCII scalar is one character); nil when the name is not all ASCII.
    enum ASCIIName { case hasDigit, hasOther, allowed }

    static func asciiNameCheck(_ name: String) -> ASCIIName? {
        var result = ASCIIName.allowed
        for byte in name.utf8 {
            switch byte {
            case 0x80...: return nil
            case UInt8(ascii: "0")...UInt8(ascii: "9"): result = .hasDigit
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: " "), UInt8(ascii: "'"), UInt8(ascii: "-"), UInt8(ascii: "."): continue
            default: if result == .allowed { result = .hasOther }
            }
        }
        return result
    }

    /// The `unsupported-card-type` error for a chosen network (`cardNetwork`) that is not one of
    /// the card's networks (American Express on a Cartes Bancaires + Visa card): it would otherwise
    /// set the CVV's length, and the payment would go to another network with a code of the wrong
    /// length. Nil while the card's networks are not known (no digits a network claims yet).
    public func validateChoice(_ data: CardData, metadata: CardNumberEntryMetadata?) -> ValidationError? {
        guard let choice = data.cardNetwork else { return nil }
        let networks = cardNetworks(digits: CardNumberNormalizer.normalize(data.cardNumber).digits, metadata: metadata)
        guard !networks.isEmpty, !networks.contains(choice) else { return nil }
        let names = networks.map { catalogue.info($0).displayName }
        return ValidationError(errorId: "unsupported-card-type", inputElementType: .cardNumber,
                               description: "\(catalogue.info(choice).displayName) is not one of this card's networks (\(names.joined(separator: ", "))): "
                                   + "choose one of them.")
            .saying(.errorNotThisCards, catalogue.info(choice).displayName, names.joined(separator: ", "))
    }

    /// The network whose code length the CVV must have: the cardholder's choice when it is one of
    /// the card's networks (or the card's networks are not known yet), else the preferred (or
    /// first) network of the last metadata, else the first local candidate.
    public func cvvNetwork(for data: CardData, metadata: CardNumberEntryMetadata?) -> CardNetwork? {
        if let choice = data.cardNetwork {
            let networks = cardNetworks(digits: CardNumberNormalizer.normalize(data.cardNumber).digits, metadata: metadata)
            if networks.isEmpty || networks.contains(choice) { return choice }
        }
        if let metadata, let network = metadata.detectedCardNetworks.preferred ?? metadata.detectedCardNetworks.items.first {
            return network.network
        }
        return catalogue.candidates(forDigits: CardNumberNormalizer.normalize(data.cardNumber).digits).first
    }

    /// The lengths a number of `networks` may have: the one a BIN answer gives when it gives one
    /// (binlist's `number_length`: a 13-digit Visa is complete only there, as Stripe's
    /// `STPBINController` lists its 13-digit BINs), else every length the networks issue.
    func numberLengths(networks: [CardNetwork], metadata: CardNumberEntryMetadata?) -> Set<Int> {
        if let metadata, metadata.source == .remote, let length = metadata.numberLength { return [length] }
        return Set(networks.flatMap { catalogue.info($0).lengths })
    }

    /// The networks the number belongs to: a BIN answer's when there is one, else the local rules'.
    func cardNetworks(digits: String, metadata: CardNumberEntryMetadata?) -> [CardNetwork] {
        if let metadata, metadata.source == .remote, !metadata.detectedCardNetworks.items.isEmpty {
            return metadata.detectedCardNetworks.items.map(\.network)
        }
        return catalogue.candidates(forDigits: digits)
    }

    /// The `unsupported-card-type` error for a card none of whose networks the session accepts, or
    /// (with no networks) for a number no network issues.
    static func unsupported(_ items: [DetectedCardNetwork]) -> ValidationError {
        let description = items.first.map { "\($0.displayName) is not accepted here: use another card." }
            ?? "Unsupported card type: no card network we know issues this number."
        let error = ValidationError(errorId: "unsupported-card-type", inputElementType: .cardNumber, description: description)
        return items.first.map { error.saying(.errorNotAccepted, $0.displayName) } ?? error.saying(.errorUnsupported)
    }

    static func cardNumberError(_ message: String) -> ValidationError {
        ValidationError(errorId: "invalid-card-number", inputElementType: .cardNumber, description: message)
    }

    static func expiryError(_ message: String) -> ValidationError {
        ValidationError(errorId: "invalid-expiry-date", inputElementType: .expiryDate, description: message)
    }

    static func cvvError(_ message: String) -> ValidationError {
        ValidationError(errorId: "invalid-cvv", inputElementType: .cvv, description: message)
    }

    static func nameError(_ message: String) -> ValidationError {
        ValidationError(errorId: "invalid-cardholder-name", inputElementType: .cardholderName, description: message)
    }
}
