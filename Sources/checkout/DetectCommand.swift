import CheckoutCore
import CheckoutEngine
import Foundation

/// `checkout detect`: one-shot detection as JSON Lines, one object per card number.
///
/// Each number goes through the same steps as typing it: normalisation, local rules under 8 digits,
/// the BIN data service from 8 digits (with `--bin-timeout`; a failure, timeout or empty answer gives
/// `LOCAL_FALLBACK`), then validation of every field. The output echoes the number as given and
/// nothing else of it.
enum DetectCommand {
    static let accepted = CommandOption.binOptions.union(CommandOption.cardFields)

    static func run(_ arguments: [String]) async -> Int32 {
        let options: CommandLineOptions
        switch CommandLineOptions.parse(arguments, command: "detect", accepting: accepted) {
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
                    guard case let .text(number) = input else {
                        FileHandleOutput.error("checkout detect: line \(lineNumber): \(input.problem ?? "unreadable")")
                        continue
                    }
                    await output(detector.detect(number))
                }
            } else {
                await output(detector.detect(argument))
            }
        }
        return 0
    }

    /// Writes one report as a line of standard output, first waiting while the reader is far behind.
    static func output(_ report: DetectionReport) async {
        await StandardOutput.shared.waitForRoom()
        StandardOutput.shared.append { json in
            report.write(to: &json)
            json.endLine()
        }
    }
}

/// Detects and validates one number at a time with a fixed session and BIN service.
struct Detector: Sendable {
    let resolver: CardNetworkResolver
    let validator: CardValidator
    let service: any BinDataService
    let timeout: Duration
    let options: CommandLineOptions

    /// The calendar expiry dates are read in, taken once per run.
    let calendar = Calendar.current

    /// The `detect` output object for `cardNumber`, exactly as the caller sent it.
    func detect(_ cardNumber: String) async -> DetectionReport {
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
        let data = CardData(cardNumber: cardNumber, expiryDate: options.expiry ?? "", cvv: options.cvv ?? "",
                            cardholderName: options.name ?? "")
        let errors = validator.validate(data, metadata: metadata, now: Date(), calendar: calendar)
        return DetectionReport(cardNumber: cardNumber, metadata: metadata, binData: binData, errors: errors)
    }

    /// The service's answer, or nil when it fails or does not answer within the timeout.
    func lookup(bin: String) async -> BinAnswer? {
        // An in-process table with no simulated latency answers at once: racing it against a timer
        // would only cost time (two tasks and a timer per number).
        if let table = service as? TableBinDataService, table.latency == .zero {
            return table.table.lookup(bin)
        }
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
