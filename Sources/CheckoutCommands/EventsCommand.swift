import CheckoutCore
import CheckoutEngine
import CheckoutStore
import FoundationEssentials

/// `checkout events`: the headless ``RawDataManager`` over JSON Lines.
///
/// Input, one object per line: `{"rawData":{…}}` replaces the raw data (missing fields take the
/// `--expiry`/`--cvv`/`--name` values, else empty), `{"submit":{}}` submits, `{"sleep":MS}` pauses
/// the reader. Output: one object per event, in the order the engine emits them. A line that is
/// not one of these is reported on standard error (`checkout events: line N: …`, never quoting the
/// line, which may hold a card number) and skipped; the run goes on and still exits 0. At end of
/// input a pending debounce fires at once and work in flight finishes before the exit.
enum EventsCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        let options: CommandLineOptions
        switch await CommandLineOptions.prepare(arguments, command: .events) {
        case .success(let parsed): options = parsed
        case .failure(let error):
            FileHandleOutput.error(error.message)
            return 2
        }
        if options.wantsHelp {
            FileHandleOutput.line(CommandSpec.events.help(.speaking(options.language)))
            return 0
        }
        guard options.positionals.isEmpty else {
            FileHandleOutput.error("checkout events: takes no arguments; it reads JSON Lines from standard input")
            return 2
        }
        let manager: RawDataManager
        let ledger: Ledger
        do {
            let session = try options.makeSession()
            do { ledger = try DataDirectory.open(options.dataDirectory) { try Ledger(database: $0) } } catch {
                throw UsageError("checkout events: \(error)")
            }
            manager = RawDataManager(
                configuration: EngineConfiguration(session: session, debounce: options.debounce ?? EngineConfiguration().debounce,
                                                   binLookupTimeout: options.binTimeout),
                catalogue: try options.makeCatalogue(), binService: try options.makeBinService(),
                paymentService: options.makePaymentService(ledger: ledger), clientSessionService: options.makeClientSessionService())
        } catch let error as UsageError {
            FileHandleOutput.error(error.message)
            return 2
        } catch {
            FileHandleOutput.error("checkout events: \(error)")
            return 2
        }

        // A signal while a processor has the payment waits for its answer before the process ends.
        Ledger.finishPaymentsOnSignals("checkout events")
        // Each event is written as it is emitted, in emission order; nothing is woken to print it.
        let output = StandardOutput.shared
        manager.events { event in
            output.append { json in
                event.write(to: &json)
                json.endLine()
            }
        }
        await feed(manager, options: options)
        ledger.closeBeforeExit("checkout events")
        return 0
    }

    /// Hands each input line to the engine, on the engine's actor: a line is a call, not a hop
    /// between threads. The engine's own work (timers, lookups and payments ending) takes its turn
    /// whenever the loop waits, and between batches of lines read (see ``StandardInputLines``).
    ///
    /// Output waits in a bounded buffer: before each line the loop waits for room, so a reader of
    /// standard output that stops reading stops the input too, and nothing is dropped.
    private static func feed(_ manager: isolated RawDataManager, options: CommandLineOptions) async {
        let output = StandardOutput.shared
        var lineNumber = 0
        for await input in StandardInputLines.stream() {
            await output.waitForRoom()
            lineNumber += 1
            guard case let .text(line) = input else {
                FileHandleOutput.error("checkout events: line \(lineNumber): \(input.problem ?? "unreadable")")
                continue
            }
            switch EventsInput.parse(line, defaults: options) {
            case .none: continue
            case .rawData(let data): manager.setRawData(data)
            case .submit(let idempotencyKey): manager.submit(idempotencyKey: idempotencyKey)
            case .sleep(let duration):
                output.beginWaiting()
                try? await Task.sleep(for: duration)
                output.endWaiting()
            case .invalid(let reason): FileHandleOutput.error("checkout events: line \(lineNumber): \(reason)")
            }
        }
        // From here the run only waits for work in flight: every event is written as it comes.
        output.beginWaiting()
        await manager.finish()
    }
}

/// One input line of `checkout events`.
enum EventsInput: Equatable {
    case none
    case rawData(CardData)
    /// `{"submit":{}}`, or `{"submit":{"idempotencyKey":"…"}}` with the merchant's key for the payment.
    case submit(idempotencyKey: String?)
    case sleep(Duration)
    case invalid(String)

    /// The fields of `{"rawData":{…}}`, as the headless SDK names them.
    static let rawDataFields = ["cardNumber", "expiryDate", "cvv", "cardholderName", "cardNetwork"]

    /// A key or network id for an error message: quoted when short and digit-free, since either could
    /// be a card number.
    static func quotedKey(_ key: String) -> String {
        key.count <= 40 && !key.contains(where: \.isNumber) ? "\"\(key)\"" : "(not shown: it is long or holds digits)"
    }

    static func parse(_ line: String, defaults: CommandLineOptions) -> EventsInput {
        if line.allSatisfy(\.isWhitespace) { return .none }
        let value: JSONValue
        do { value = try JSONValue(parsing: line) } catch {
            // The parser's message names a byte offset, never the text, which may hold a card number.
            return .invalid("not JSON (\(error)); expected {\"rawData\":{…}}, {\"submit\":{}} or {\"sleep\":MS}")
        }
        guard let members = value.objectValue, members.count == 1, let (key, body) = members.first else {
            return .invalid("expected an object with one key: rawData, submit or sleep")
        }
        switch key {
        case "submit":
            guard let options = body.objectValue, options.allSatisfy({ $0.0 == "idempotencyKey" }) else {
                return .invalid("submit takes {} or {\"idempotencyKey\":\"…\"}")
            }
            guard let key = body["idempotencyKey"] else { return .submit(idempotencyKey: nil) }
            guard let text = key.stringValue, (1...64).contains(text.utf8.count), text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
                return .invalid("idempotencyKey must be 1 to 64 printable ASCII characters")
            }
            return .submit(idempotencyKey: text)
        case "sleep":
            guard let milliseconds = body.doubleValue, milliseconds >= 0, milliseconds <= 3_600_000 else {
                return .invalid("sleep takes a number of milliseconds (0 to 3600000)")
            }
            return .sleep(.milliseconds(Int(milliseconds)))
        case "rawData":
            guard let fields = body.objectValue else { return .invalid("rawData must be an object") }
            // A misspelt field would otherwise read as an empty one and validate silently.
            if let unknown = fields.first(where: { !rawDataFields.contains($0.0) }) {
                return .invalid("rawData has an unknown field \(quotedKey(unknown.0)); expected \(rawDataFields.joined(separator: ", "))")
            }
            // nil for a field that holds something other than a string or null.
            func text(_ field: String, _ fallback: String?) -> String? {
                switch body[field] {
                case nil, .null?: return fallback ?? ""
                case .string(let value)?: return value
                default: return nil
                }
            }
            guard let number = text("cardNumber", nil), let expiry = text("expiryDate", defaults.expiry),
                  let cvv = text("cvv", defaults.cvv), let name = text("cardholderName", defaults.name) else {
                return .invalid("rawData fields cardNumber, expiryDate, cvv and cardholderName must be strings")
            }
            var network: CardNetwork?
            switch body["cardNetwork"] {
            case nil, .null?: network = nil
            case .string(let id)?:
                guard let parsed = CardNetwork(identifier: id) else { return .invalid("unknown cardNetwork \(quotedKey(id))") }
                network = parsed
            default: return .invalid("cardNetwork must be a network id or null")
            }
            return .rawData(CardData(cardNumber: number, expiryDate: expiry, cvv: cvv,
                                     cardholderName: name, cardNetwork: network))
        default:
            return .invalid("unknown key \(quotedKey(key)); expected rawData, submit or sleep")
        }
    }
}
