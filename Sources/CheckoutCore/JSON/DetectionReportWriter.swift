import FoundationEssentials

/// Writes `checkout detect` objects for a stream of card numbers under one session, copying the
/// parts that repeat instead of building and escaping them again for every number.
///
/// The text is exactly what ``DetectionReport`` writes for the same number and fields (tests compare
/// the two on random input). It rests on what each part depends on:
/// - the networks part (`source`, `detectedCardNetworks`, `selectableCardNetworks`, `binData`) on
///   the candidate list local rules chose, or the BIN answer, and on the BIN itself, which is the one
///   value spliced in;
/// - the card-number error on those networks, whether the text held anything but digits and
///   separators, the digit count and the check digit (kept with the networks part);
/// - the other errors on their field's text (and the expiry error on the current month), the CVV
///   error also on the network whose code length applies.
///
/// So each part is written once per distinct key and copied afterwards; per number only the number
/// itself and its BIN are escaped. Every memo is emptied when it reaches ``memoLimit`` entries, so
/// memory stays bounded whatever the input.
///
///     var writer = DetectionReportWriter(resolver: resolver, validator: validator, calendar: .current)
///     let number = DetectionReportWriter.read("4000 0025 0000 1001")
///     writer.write(CardData(cardNumber: "4000 0025 0000 1001"), number: number, table: table, now: Date(), to: &json)
public struct DetectionReportWriter {
    public let resolver: CardNetworkResolver
    public let validator: CardValidator
    public let calendar: Calendar

    /// The most entries a memo holds before it is emptied.
    public static let memoLimit = 4096

    /// A card number read for detection.
    public struct Number: Sendable, Equatable {
        /// The ASCII digits (before the first character that is neither a digit nor a separator).
        public var digits: String
        /// Whether the text held something other than digits and separators.
        public var isMalformed: Bool
        /// Whether the digits pass the Luhn check.
        var passesLuhn: Bool

        /// The BIN to ask the BIN data service about (the first 8 digits); nil when local rules
        /// alone apply (fewer digits, or a malformed number, which is never sent to the service).
        public var bin: String? {
            guard !isMalformed, digits.utf8.count >= CardNetworkResolver.binLength else { return nil }
            return String(Substring(digits.utf8.prefix(CardNetworkResolver.binLength)))
        }
    }

    /// Which networks a number's object reports: the key of its networks part.
    enum NetworksKey {
        /// A local candidate list (``LocalDetection/answer``), as `LOCAL` or as `LOCAL_FALLBACK`.
        case local(answer: Int32, fallback: Bool)
        /// An answer of an in-process BIN table, by index.
        case table(Int32)
        /// A BIN service's answer.
        case answer([BinNetwork])
    }

    /// The networks part, written once: `head`, then the BIN (remote answers only), then `tail`.
    /// A class, so that taking it from the memo costs one reference rather than a copy.
    final class NetworksPart {
        let metadata: CardNumberEntryMetadata
        let head: JSONWriter
        let tail: JSONWriter?
        /// The network whose CVV length applies when the caller chose none.
        let cvvNetwork: CardNetwork?
        /// The card-number error (an index into the writer's errors, -1 for none, -2 not known
        /// yet) for each ``numberErrorSlot(_:)``.
        var numberErrors = [Int32](repeating: -2, count: 1 + 2 * (CardValidator.cardNumberLengths.upperBound + 2))

        /// Where the card-number error of `number` is kept: with these networks, it depends only on
        /// whether the number is malformed, its digit count (all counts past the longest card
        /// number alike) and its check digit.
        static func numberErrorSlot(_ number: Number) -> Int {
            if number.isMalformed { return 0 }
            let count = min(number.digits.utf8.count, CardValidator.cardNumberLengths.upperBound + 1)
            return 1 + count * 2 + (number.passesLuhn ? 1 : 0)
        }

        init(metadata: CardNumberEntryMetadata, head: JSONWriter, tail: JSONWriter?, cvvNetwork: CardNetwork?) {
            self.metadata = metadata
            self.head = head
            self.tail = tail
            self.cvvNetwork = cvvNetwork
        }
    }

    struct CVVKey: Hashable {
        var cvv: String
        var network: CardNetwork?
    }

    /// The errors of one object, as indices into `errors` (-1 for none), in field order.
    struct ValidationKey: Hashable {
        var number: Int32
        var expiry: Int32
        var cvv: Int32
        var name: Int32
    }

    /// Networks parts by key: local candidate lists and table answers in arrays indexed by their
    /// number (the table's in ``memoLimit`` slots, each holding the last answer that fell there),
    /// service answers in a memo.
    private var localParts: [NetworksPart?] = []
    private var tableParts = [NetworksPart?](repeating: nil, count: DetectionReportWriter.memoLimit)
    private var tablePartIndices = [Int32](repeating: -1, count: DetectionReportWriter.memoLimit)
    private var answerParts = Memo<[BinNetwork], NetworksPart>()
    private var expiryErrors = Memo<String, Int32>()
    /// The month the expiry memo holds for; errors depend on the current month.
    private var expiryMonth: DateInterval?
    private var cvvErrors = Memo<CVVKey, Int32>()
    private var nameErrors = Memo<String, Int32>()
    private var errors: [ValidationError] = []
    private var errorIndices: [ValidationError: Int32] = [:]
    private var validationParts = Memo<ValidationKey, JSONWriter>()

    public init(resolver: CardNetworkResolver, validator: CardValidator, calendar: Calendar) {
        self.resolver = resolver
        self.validator = validator
        self.calendar = calendar
    }

    /// Reads a card number as ``CardNumberNormalizer`` does, without building a `String` per
    /// character when the text is ASCII.
    public static func read(_ cardNumber: String) -> Number {
        var isASCII = true
        var isMalformed = false
        var cardNumber = cardNumber
        let digits = cardNumber.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { digits in
                var count = 0
                for byte in bytes {
                    if byte &- 48 < 10 {
                        digits[count] = byte
                        count &+= 1
                        continue
                    }
                    guard byte < 0x80 else { isASCII = false; return 0 }
                    switch CardNumberNormalizer.classify(Unicode.Scalar(byte)) {
                    case .digit(let value):
                        digits[count] = 48 &+ value
                        count &+= 1
                    case .separator:
                        continue
                    case .other:
                        isMalformed = true
                        return count
                    }
                }
                return count
            }
        }
        guard isASCII else {
            let normalized = CardNumberNormalizer.normalize(cardNumber)
            return Number(digits: normalized.digits, isMalformed: normalized.isMalformed, passesLuhn: Luhn.isValid(normalized.digits))
        }
        return Number(digits: digits, isMalformed: isMalformed, passesLuhn: Luhn.isValid(digits))
    }

    /// Writes the object for `data` (whose `cardNumber` was read as `number`) given the BIN service's
    /// `answer` (nil when it failed, timed out or was not asked).
    public mutating func write(_ data: CardData, number: Number, answer: BinAnswer?, now: Date, to json: inout JSONWriter) {
        let key: NetworksKey
        var firstDigits: String?
        if number.bin != nil, let answer, !answer.networks.isEmpty {
            key = .answer(answer.networks)
            firstDigits = answer.firstDigits
        } else {
            key = .local(answer: resolver.catalogue.detect(number.digits).answer, fallback: number.bin != nil)
        }
        write(data, number: number, key: key, firstDigits: firstDigits, answer: { answer }, now: now, to: &json)
    }

    /// Writes the object for `data` (whose `cardNumber` was read as `number`), asking the in-process
    /// `table` as the BIN data service.
    public mutating func write(_ data: CardData, number: Number, table: BinTable, now: Date, to json: inout JSONWriter) {
        var key = NetworksKey.local(answer: 0, fallback: false)
        var firstDigits: String?
        if let bin = number.bin {
            var binKey: UInt32 = 0
            for byte in bin.utf8 { binKey = binKey &* 10 &+ UInt32(byte &- 48) }
            let index = table.lookup(key: binKey)
            if index >= 0, table.hasNetworks(at: index) {
                key = .table(index)
                firstDigits = bin
            }
        }
        if firstDigits == nil {
            key = .local(answer: resolver.catalogue.detect(number.digits).answer, fallback: number.bin != nil)
        }
        let answerAt = { () -> BinAnswer? in
            guard case let .table(index) = key, let firstDigits else { return nil }
            return BinAnswer(firstDigits: firstDigits, networks: table.networks(at: index), numberLength: table.numberLength(at: index))
        }
        write(data, number: number, key: key, firstDigits: firstDigits, answer: answerAt, now: now, to: &json)
    }

    private mutating func write(_ data: CardData, number: Number, key: NetworksKey, firstDigits: String?,
                                answer: () -> BinAnswer?, now: Date, to json: inout JSONWriter) {
        // A number adds at most four errors, so the indices taken below stay valid to the end.
        if errors.count >= Self.memoLimit { forgetErrors() }
        let part = networksPart(key, number: number, data: data, answer: answer)
        json.beginObject()
        json.key("cardNumber"); json.string(data.cardNumber)
        json.append(part.head)
        if let tail = part.tail {
            json.string(orNull: firstDigits)
            json.append(tail)
        }
        var numberIndex = numberError(part, number: number, cardNumber: data.cardNumber)
        var cvvNetwork = part.cvvNetwork
        // A chosen network (a library caller's) is checked against the card's, as the validator does.
        if data.cardNetwork != nil {
            if numberIndex < 0 { numberIndex = intern(validator.validateChoice(data, metadata: part.metadata)) }
            cvvNetwork = validator.cvvNetwork(for: data, metadata: part.metadata)
        }
        let validation = ValidationKey(
            number: numberIndex,
            expiry: expiryError(data.expiryDate, now: now),
            cvv: cvvError(CVVKey(cvv: data.cvv, network: cvvNetwork)),
            name: nameError(data.cardholderName))
        json.append(validationPart(validation))
        json.endObject()
    }

    // MARK: Parts

    private mutating func networksPart(_ key: NetworksKey, number: Number, data: CardData, answer: () -> BinAnswer?) -> NetworksPart {
        switch key {
        case let .local(answer, fallback):
            let slot = Int(answer) * 2 + (fallback ? 1 : 0)
            if slot < localParts.count, let part = localParts[slot] { return part }
        case let .table(index):
            let slot = Int(index) % Self.memoLimit
            if tablePartIndices[slot] == index, let part = tableParts[slot] { return part }
        case let .answer(networks):
            if let part = answerParts[networks] { return part }
        }
        let metadata: CardNumberEntryMetadata
        let binData: BinData
        if case .local(_, let fallback) = key {
            metadata = resolver.localMetadata(forDigits: number.digits, source: fallback ? .localFallback : .local)
            binData = resolver.localBinData(forDigits: number.digits)
        } else {
            let answer = answer()
            metadata = resolver.metadata(forDigits: number.digits, answer: answer)
            binData = resolver.binData(forDigits: number.digits, answer: answer)
        }
        var head = JSONWriter()
        metadata.writeMembers(to: &head)
        head.key("binData")
        var tail: JSONWriter?
        if case .local = key {
            binData.write(to: &head)
        } else {
            binData.writeHead(to: &head)
            var rest = JSONWriter()
            binData.writeTail(to: &rest)
            tail = rest
        }
        let cvvNetwork = validator.cvvNetwork(for: CardData(cardNumber: data.cardNumber), metadata: metadata)
        let part = NetworksPart(metadata: metadata, head: head, tail: tail, cvvNetwork: cvvNetwork)
        switch key {
        case let .local(answer, fallback):
            let slot = Int(answer) * 2 + (fallback ? 1 : 0)
            if slot >= localParts.count { localParts += [NetworksPart?](repeating: nil, count: slot + 1 - localParts.count) }
            localParts[slot] = part
        case let .table(index):
            tableParts[Int(index) % Self.memoLimit] = part
            tablePartIndices[Int(index) % Self.memoLimit] = index
        case let .answer(networks):
            answerParts[networks] = part
        }
        return part
    }

    private mutating func numberError(_ part: NetworksPart, number: Number, cardNumber: String) -> Int32 {
        let slot = NetworksPart.numberErrorSlot(number)
        if part.numberErrors[slot] != -2 { return part.numberErrors[slot] }
        let index = intern(validator.validateCardNumber(cardNumber, metadata: part.metadata))
        part.numberErrors[slot] = index
        return index
    }

    private mutating func expiryError(_ text: String, now: Date) -> Int32 {
        if let month = expiryMonth, month.start <= now, now < month.end {
            if let index = expiryErrors[text] { return index }
        } else {
            expiryErrors.removeAll()
            expiryMonth = calendar.dateInterval(of: .month, for: now)
        }
        let index = intern(validator.validateExpiryDate(text, now: now, calendar: calendar))
        expiryErrors[text] = index
        return index
    }

    private mutating func cvvError(_ key: CVVKey) -> Int32 {
        if let index = cvvErrors[key] { return index }
        let index = intern(validator.validateCVV(key.cvv, network: key.network))
        cvvErrors[key] = index
        return index
    }

    private mutating func nameError(_ text: String) -> Int32 {
        if let index = nameErrors[text] { return index }
        let index = intern(validator.validateCardholderName(text))
        nameErrors[text] = index
        return index
    }

    /// `"validation":{"isValid":…,"errors":[…]}` for one combination of errors.
    private mutating func validationPart(_ key: ValidationKey) -> JSONWriter {
        if let part = validationParts[key] { return part }
        let found = [key.number, key.expiry, key.cvv, key.name].filter { $0 >= 0 }.map { errors[Int($0)] }
        var part = JSONWriter()
        part.key("validation")
        part.beginObject()
        part.key("isValid"); part.bool(found.isEmpty)
        part.key("errors"); part.array(found)
        part.endObject()
        validationParts[key] = part
        return part
    }

    /// The index of `error` in `errors` (added if new); -1 for none.
    private mutating func intern(_ error: ValidationError?) -> Int32 {
        guard let error else { return -1 }
        if let index = errorIndices[error] { return index }
        let index = Int32(errors.count)
        errors.append(error)
        errorIndices[error] = index
        return index
    }

    /// Empties the list of errors and every memo that refers to it.
    private mutating func forgetErrors() {
        errors.removeAll()
        errorIndices.removeAll()
        localParts = []
        tableParts = [NetworksPart?](repeating: nil, count: Self.memoLimit)
        tablePartIndices = [Int32](repeating: -1, count: Self.memoLimit)
        answerParts.removeAll()
        expiryErrors.removeAll()
        cvvErrors.removeAll()
        nameErrors.removeAll()
        validationParts.removeAll()
    }
}

/// A memo of at most ``DetectionReportWriter/memoLimit`` entries (emptied when full), which
/// answers a repeat of the last key without hashing it: most fields repeat line after line.
struct Memo<Key: Hashable, Value> {
    private var entries: [Key: Value] = [:]
    private var last: (key: Key, value: Value)?

    subscript(key: Key) -> Value? {
        mutating get {
            if let last, last.key == key { return last.value }
            guard let value = entries[key] else { return nil }
            last = (key, value)
            return value
        }
        set {
            guard let newValue else { return }
            if entries.count >= DetectionReportWriter.memoLimit { entries.removeAll() }
            entries[key] = newValue
            last = (key, newValue)
        }
    }

    mutating func removeAll() {
        entries.removeAll()
        last = nil
    }
}
