import CheckoutCore
import CheckoutEngine
import FoundationEssentials

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
    static func run(_ arguments: [String]) async -> Int32 {
        let options: CommandLineOptions
        switch await CommandLineOptions.prepare(arguments, command: .detect) {
        case .success(let parsed): options = parsed
        case .failure(let error):
            FileHandleOutput.error(error.message)
            return 2
        }
        if options.wantsHelp {
            FileHandleOutput.line(CommandSpec.detect.help(.speaking(options.language)))
            return 0
        }
        guard !options.positionals.isEmpty else {
            return options.usageError("give one or more card numbers, or - to read one per line from standard input")
        }
        var detector: Detector
        do {
            let session = try options.makeSession()
            let catalogue = try options.makeCatalogue()
            detector = Detector(
                writer: DetectionReportWriter(resolver: CardNetworkResolver(catalogue: catalogue, session: session),
                                              validator: CardValidator(catalogue: catalogue, session: session),
                                              // The local month at the start; a run that outlives a
                                              // daylight-saving change keeps the offset it started with.
                                              calendar: { var local = LocalCalendar(); return local.calendar(at: Date()) }()),
                service: try options.makeBinService(), timeout: options.binTimeout)
        } catch {
            FileHandleOutput.error(error.message)
            return 2
        }

        func card(_ number: String) -> CardData {
            CardData(cardNumber: number, expiryDate: options.expiry ?? "", cvv: options.cvv ?? "", cardholderName: options.name ?? "")
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
                    case .success(let given):
                        await detector.detect(CardData(cardNumber: given.cardNumber, expiryDate: given.expiryDate ?? options.expiry ?? "",
                                                       cvv: given.cvv ?? options.cvv ?? "",
                                                       cardholderName: given.cardholderName ?? options.name ?? ""))
                    case .failure(let problem):
                        FileHandleOutput.error("checkout detect: line \(lineNumber): \(problem.message)")
                    }
                }
            } else {
                await detector.detect(card(argument))
            }
        }
        return 0
    }
}

/// Detects and validates one card at a time with a fixed session and BIN service, and writes its
/// object as a line of standard output.
struct Detector {
    /// Writes the objects, reusing the parts that repeat from one number to the next.
    var writer: DetectionReportWriter
    let service: any BinDataService
    let timeout: Duration

    /// The service's table when it answers in-process at once (no simulated latency): it is then
    /// asked directly, since racing it against a timer would only cost time.
    let immediateTable: BinTable?

    init(writer: DetectionReportWriter, service: any BinDataService, timeout: Duration) {
        self.writer = writer
        self.service = service
        self.timeout = timeout
        if let table = service as? TableBinDataService, table.latency == .zero {
            immediateTable = table.table
        } else {
            immediateTable = nil
        }
    }

    /// Writes the `detect` object for `card`, echoing its number exactly as the caller sent it, once
    /// the reader of standard output has room for it.
    mutating func detect(_ card: CardData) async {
        let number = DetectionReportWriter.read(card.cardNumber)
        var answer: BinAnswer?
        let table = immediateTable
        if table == nil, let bin = number.bin {
            answer = await lookup(bin: bin)
        }
        if !StandardOutput.shared.hasRoom { await StandardOutput.shared.waitForRoom() }
        let now = Date()
        StandardOutput.shared.append { json in
            if let table {
                writer.write(card, number: number, table: table, now: now, to: &json)
            } else {
                writer.write(card, number: number, answer: answer, now: now, to: &json)
            }
            json.endLine()
        }
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
