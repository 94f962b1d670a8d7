import CheckoutCore
import CheckoutEngine
import Foundation

/// `checkout detect`: one-shot detection as JSON Lines, one object per card number.
///
/// Each number goes through the same steps as typing it: normalisation, local rules under 8 digits,
/// the BIN data service from 8 digits (with `--bin-timeout`; a failure, timeout or empty answer gives
/// `LOCAL_FALLBACK`), then validation of every field. The output echoes the number as given and
/// nothing else of it.
///
/// With `-`, each line of standard input is a number, or, when it starts with `{`, a card as a JSON
/// object (`{"cardNumber":…,"expiryDate":…,"cvv":…,"cardholderName":…}`), so no card data needs to
/// be on the command line, where every user of the machine can read it (`ps`).
enum DetectCommand {
    static let accepted = CommandOption.binOptions.union(CommandOption.cardFields)

    static func run(_ arguments: [String]) async -> Int32 {
        let options: CommandLineOptions
        switch await CommandLineOptions.prepare(arguments, command: "detect", accepting: accepted) {
        case .success(let parsed): options = parsed
        case .failure(let error):
            FileHandleOutput.error(error.message)
            return 2
        }
        if options.wantsHelp {
            FileHandleOutput.line(HelpText.detect)
            return 0
        }
        guard !options.positionals.isEmpty else {
            FileHandleOutput.error("checkout detect: give one or more card numbers, or - to read one per line from standard input")
            return 2
        }
        let detector: Detector
        do {
            let session = try options.makeSession()
            let catalogue = try options.makeCatalogue()
            detector = Detector(
                resolver: CardNetworkResolver(catalogue: catalogue, session: session),
                validator: CardValidator(catalogue: catalogue, session: session),
                service: try options.makeBinService(), timeout: options.binTimeout, options: options)
        } catch {
            FileHandleOutput.error(error.message)
            return 2
        }

        for argument in options.positionals {
            if argument == "-" {
                var lineNumber = 0
                for await input in StandardInputLines.stream() {
                    lineNumber += 1
                    guard case let .text(line) = input else {
                        FileHandleOutput.error("checkout detect: line \(lineNumber): \(input.problem ?? "unreadable")")
                        continue
                    }
                    switch DetectInput.parse(line) {
                    case .success(let card):
                        FileHandleOutput.line(await detector.detect(card.cardNumber, expiry: card.expiryDate, cvv: card.cvv,
                                                                    name: card.cardholderName).serialized())
                    case .failure(let problem):
                        FileHandleOutput.error("checkout detect: line \(lineNumber): \(problem.message)")
                    }
                }
            } else {
                FileHandleOutput.line(await detector.detect(argument).serialized())
            }
        }
        return 0
    }
}

/// Detects and validates one number at a time with a fixed session and BIN service.
struct Detector: Sendable {
    let resolver: CardNetworkResolver
    let validator: CardValidator
    let service: any BinDataService
    let timeout: Duration
    let options: CommandLineOptions

    /// The `detect` output object for `cardNumber`, exactly as the caller sent it; the other fields
    /// default to `--expiry`, `--cvv` and `--name`, else empty.
    func detect(_ cardNumber: String, expiry: String? = nil, cvv: String? = nil, name: String? = nil) async -> JSONValue {
        let normalized = CardNumberNormalizer.normalize(cardNumber)
        let digits = normalized.digits
        var answer: BinAnswer?
        // A malformed number is never sent to the BIN service: local rules describe its digits.
        let asksService = !normalized.isMalformed && digits.utf8.count >= CardNetworkResolver.binLength
        if asksService {
            answer = await lookup(bin: String(digits.prefix(CardNetworkResolver.binLength)))
        }
        let metadata = asksService
            ? resolver.metadata(forDigits: digits, answer: answer)
            : resolver.localMetadata(forDigits: digits, source: .local)
        let binData = asksService ? resolver.binData(forDigits: digits, answer: answer) : resolver.localBinData(forDigits: digits)
        let data = CardData(cardNumber: cardNumber, expiryDate: expiry ?? options.expiry ?? "", cvv: cvv ?? options.cvv ?? "",
                            cardholderName: name ?? options.name ?? "")
        let errors = validator.validate(data, metadata: metadata, now: Date(), calendar: Calendar.current)

        var members: [(String, JSONValue)] = [("cardNumber", .string(cardNumber))]
        members.append(contentsOf: metadata.jsonMembers)
        members.append(("binData", binData.toJSON()))
        members.append(("validation", .object([
            ("isValid", .bool(errors.isEmpty)),
            ("errors", .array(errors.map { $0.toJSON() })),
        ])))
        return .object(members)
    }

    /// The service's answer, or nil when it fails or does not answer within the timeout.
    func lookup(bin: String) async -> BinAnswer? {
        let service = self.service
        let timeout = self.timeout
        return await withTaskGroup(of: BinAnswer?.self) { group in
            group.addTask { (try? await service.lookup(bin: bin)) ?? nil }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}

/// One line of `checkout detect -`: a card number as it is, or a card as a JSON object.
enum DetectInput {
    /// The fields a JSON line may have, as the headless SDK names them.
    static let fields = ["cardNumber", "expiryDate", "cvv", "cardholderName"]

    /// The card on `line`; nil fields take the command's options. A line is JSON when its first
    /// character other than a space or tab is `{`. Problems never quote the line, which may hold
    /// a card number.
    static func parse(_ line: String) -> Result<(cardNumber: String, expiryDate: String?, cvv: String?, cardholderName: String?), UsageError> {
        guard line.utf8.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "{") else {
            return .success((line, nil, nil, nil))
        }
        let members: [(String, JSONValue)]
        do {
            guard let object = try JSONValue(parsing: line).objectValue else {
                return .failure(UsageError("expected a card number or a JSON object"))
            }
            members = object
        } catch {
            // The parser's message names a byte offset, never the text.
            return .failure(UsageError("not JSON (\(error)); expected a card number or {\"cardNumber\":…,\"expiryDate\":…,\"cvv\":…,\"cardholderName\":…}"))
        }
        if let unknown = members.first(where: { !fields.contains($0.0) }) {
            return .failure(UsageError("unknown field \(EventsInput.quotedKey(unknown.0)); expected \(fields.joined(separator: ", "))"))
        }
        var values: [String: String] = [:]
        for (key, value) in members {
            switch value {
            case .null: continue
            case .string(let text): values[key] = text
            default: return .failure(UsageError("the fields \(fields.joined(separator: ", ")) must be strings"))
            }
        }
        guard let number = values["cardNumber"] else { return .failure(UsageError("the object has no cardNumber")) }
        return .success((number, values["expiryDate"], values["cvv"], values["cardholderName"]))
    }
}
