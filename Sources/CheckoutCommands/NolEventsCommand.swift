import CheckoutCore
import CheckoutStore
import FoundationEssentials
import NolPay
import Synchronization

/// `checkout nol events`: the Nol Pay components driven by JSON Lines on stdin, their events as JSON
/// Lines on stdout.
///
/// Each input line is handled to the end (Transit answers included) before the next is read, so
/// the output order is fixed; only a scan waits for the `tap` that follows it. The simulated
/// backend lives in the SQLite database under `--data-dir`, so one run can link and the next pay.
enum NolEventsCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        let options: CommandLineOptions
        do { options = try CommandLineOptions.parseOrExit(arguments, command: .nolEvents).get() } catch {
            return error.status
        }
        guard options.positionals.isEmpty else {
            return options.usageError("takes no arguments; it reads JSON Lines from standard input")
        }
        if let code = options.otp, case .failure = NolPayValidator.otpCode(code) { return options.usageError("--otp needs \(OneTimeCode.length) digits") }
        let dataDir = options.dataDirectory
        let amount = options.amount ?? NolFare.amount
        let currency = options.currency ?? NolFare.currency
        let readTimeout = options.readTimeout ?? SimulatedTransit.Rules().readTimeout
        let fixedCode = options.otp

        let nol: NolSystem
        do {
            var rules = SimulatedTransit.Rules()
            rules.readTimeout = readTimeout
            let makeCode: @Sendable () -> String
            if let fixedCode { makeCode = { fixedCode } } else { makeCode = SimulatedTransit.randomCode }
            let database = try DataDirectory.open(dataDir) { $0 }
            nol = try NolSystem.simulated(database: database, makeCode: makeCode, rules: rules)
        } catch let error as DataDirectoryError {
            FileHandleOutput.error("checkout nol events: \(error)")
            return 2
        } catch {
            FileHandleOutput.error("checkout nol events: cannot start the simulated Nol backend: \(error)")
            return 2
        }

        let session = NolEventsSession(nol: nol, amount: amount, currency: currency)
        let output = StandardOutput.shared
        var lineNumber = 0
        for await input in StandardInputLines.stream() {
            // A reader of standard output that stops reading stops the input too (see StandardOutput).
            await output.waitForRoom()
            lineNumber += 1
            guard case let .text(line) = input else {
                session.unreadable(input, line: lineNumber)
                continue
            }
            if line.allSatisfy(\.isWhitespace) { continue }
            await session.handle(line: line, number: lineNumber)
            // Each line is a person's step (a tap, a code from the SMS the last line printed), so
            // its events go out as soon as its work is done, whether or not more input is waiting.
            output.flush()
        }
        output.beginWaiting()
        await session.finish()
        return 0
    }

}

/// One run of `checkout nol events`: the active component and the output it writes.
final class NolEventsSession: Sendable {
    enum Flow {
        case none
        case link(NolPayLinkCardComponent)
        case unlink(NolPayUnlinkCardComponent)
        case pay(NolPayPaymentComponent)
        case linkedCards(mobileNumber: String?)
    }

    private struct State {
        var flow = Flow.none
        /// The last step the active component emitted.
        var step = ""
        /// The id of the last SMS written out.
        var lastSMS = 0
    }

    private let nol: NolSystem
    private var transit: any Transit { nol.transit }
    /// The simulator's reader: the faults and taps the input asks for go to it.
    private let reader: SimulatedNolReader
    private let amount: Int
    private let currency: String
    private let state = Mutex(State())

    init(nol: NolSystem, amount: Int, currency: String) {
        self.nol = nol
        // `checkout nol events` drives the simulator: NolSystem.simulated always has its reader.
        reader = nol.simulatedReader ?? SimulatedNolReader(clock: ContinuousClock(), timeout: SimulatedTransit.Rules().readTimeout)
        self.amount = amount
        self.currency = currency
        let lastSMS = nol.sms.newest()?.id ?? 0
        state.withLock { $0.lastSMS = lastSMS }
    }

    private var flow: Flow { state.withLock { $0.flow } }
    private var step: String { state.withLock { $0.step } }

    // MARK: Input

    func handle(line: String, number: Int) async {
        let input: [(String, JSONValue)]
        do {
            guard let object = try JSONValue(parsing: line).objectValue, !object.isEmpty else {
                return inputError(number, "is not a JSON object with a command key")
            }
            input = object
        } catch {
            return inputError(number, "is not valid JSON (\(error))")
        }
        let (key, value) = input[0]
        switch key {
        case "start":
            guard let name = value.stringValue else { return inputError(number, "\"start\" takes \"link\", \"linkedCards\", \"pay\" or \"unlink\"") }
            await start(name, line: number, mobileNumber: input.first { $0.0 == "mobileNumber" }?.1.stringValue)
        case "tap":
            guard let card = value.stringValue else { return inputError(number, "\"tap\" takes a card number as a string") }
            await tap(card, line: number)
        case "collect":
            guard let fields = value.objectValue else { return inputError(number, "\"collect\" takes an object") }
            await collect(Dictionary(fields.compactMap { k, v in v.stringValue.map { (k, $0) } }, uniquingKeysWith: { $1 }), line: number)
        case "submit":
            await submit(line: number)
        case "resend":
            await resend(line: number)
        case "readerFault":
            switch value.stringValue {
            case "readError": await reader.failNextRead(.readError)
            case "noResponse": await reader.failNextRead(.noResponse)
            default: inputError(number, "\"readerFault\" takes \"readError\" or \"noResponse\"")
            }
        default:
            inputError(number, "has an unknown command \(EventsInput.quotedKey(key)); expected start, tap, collect, submit, resend or readerFault")
        }
    }

    /// Waits for work in flight; a scan still waiting for a tap is abandoned.
    func finish() async {
        switch flow {
        case let .link(component):
            if await reader.isWaitingForTap {
                await component.setEventHandler(nil)
                await component.start()
            }
            await component.waitUntilIdle()
        case let .unlink(component): await component.waitUntilIdle()
        case let .pay(component): await component.waitUntilIdle()
        case .none, .linkedCards: break
        }
    }

    private func start(_ name: String, line: Int, mobileNumber: String?) async {
        await finish()
        switch flow {
        case let .link(old): await old.setEventHandler(nil)
        case let .unlink(old): await old.setEventHandler(nil)
        case let .pay(old): await old.setEventHandler(nil)
        case .none, .linkedCards: break
        }
        switch name {
        case "link":
            let component = NolPayLinkCardComponent(transit: transit)
            await component.setEventHandler { [self] event in
                switch event {
                case let .step(step): stepOut("link", step.name, step.jsonMembers)
                case let .outcome(outcome): outcomeOut("link", outcome)
                case let .validation(status, data): validationOut(status, data?.name)
                case let .error(error): errorOut(error)
                }
            }
            setFlow(.link(component))
            await component.start()
        case "unlink":
            let component = NolPayUnlinkCardComponent(transit: transit)
            await component.setEventHandler { [self] event in
                switch event {
                case let .step(step): stepOut("unlink", step.name, step.jsonMembers)
                case let .outcome(outcome): outcomeOut("unlink", outcome)
                case let .validation(status, data): validationOut(status, data?.name)
                case let .error(error): errorOut(error)
                }
            }
            setFlow(.unlink(component))
            await component.start()
        case "pay":
            let component = NolPayPaymentComponent(transit: transit, amount: amount, currency: currency)
            await component.setEventHandler { [self] event in
                switch event {
                case let .step(step): stepOut("pay", step.name, step.jsonMembers)
                case let .outcome(outcome): outcomeOut("pay", outcome)
                case let .validation(status, data): validationOut(status, data?.name)
                case let .error(error): errorOut(error)
                }
            }
            setFlow(.pay(component))
            await component.start()
        case "linkedCards":
            setFlow(.linkedCards(mobileNumber: mobileNumber))
            if mobileNumber != nil { await submit(line: line) }
        default:
            setFlow(.none)
            inputError(line, "starts an unknown flow \"\(name)\"; expected link, linkedCards, pay or unlink")
        }
    }

    private func tap(_ cardNumber: String, line: Int) async {
        guard case let .link(component) = flow else {
            return inputError(line, "taps a card, but no link flow is scanning; send {\"start\":\"link\"} first")
        }
        await nol.reader.tap(cardNumber)
        if step == "collectTagData", await !component.isBusy {
            readerOut()
            await component.submit()
        }
        await component.waitUntilIdle()
    }

    private func collect(_ fields: [String: String], line: Int) async {
        switch flow {
        case .none:
            inputError(line, "collects data, but no flow is started; send {\"start\":\"link\"} (or linkedCards, pay, unlink) first")
        case let .link(component):
            if let code = fields["otpCode"] {
                await component.updateCollectedData(.otpData(otpCode: code))
            } else if let mobile = fields["mobileNumber"] {
                await component.updateCollectedData(.phoneData(mobileNumber: mobile))
            } else {
                inputError(line, "collects neither \"mobileNumber\" nor \"otpCode\"")
            }
        case let .unlink(component):
            if let code = fields["otpCode"] {
                await component.updateCollectedData(.otpData(otpCode: code))
            } else if fields["cardNumber"] != nil || fields["mobileNumber"] != nil {
                await component.updateCollectedData(.cardAndPhoneData(nolPaymentCard: NolPaymentCard(cardNumber: fields["cardNumber"] ?? ""),
                                                                       mobileNumber: fields["mobileNumber"] ?? ""))
            } else {
                inputError(line, "collects neither \"cardNumber\"/\"mobileNumber\" nor \"otpCode\"")
            }
        case let .pay(component):
            guard fields["cardNumber"] != nil || fields["mobileNumber"] != nil else {
                return inputError(line, "collects neither \"cardNumber\" nor \"mobileNumber\"")
            }
            await component.updateCollectedData(.paymentData(cardNumber: fields["cardNumber"] ?? "", mobileNumber: fields["mobileNumber"] ?? ""))
        case .linkedCards:
            guard let mobile = fields["mobileNumber"] else { return inputError(line, "collects no \"mobileNumber\"") }
            setFlow(.linkedCards(mobileNumber: mobile))
            validationOut(.validating, "mobileNumber")
            switch NolPayValidator.mobileNumber(mobile) {
            case .success: validationOut(.valid, "mobileNumber")
            case let .failure(error): validationOut(.invalid([error]), "mobileNumber")
            }
        }
    }

    private func submit(line: Int) async {
        switch flow {
        case .none:
            inputError(line, "submits, but no flow is started; send {\"start\":\"link\"} (or linkedCards, pay, unlink) first")
        case let .link(component):
            if step == "collectTagData", await !component.isBusy {
                readerOut()
                let answersAtOnce = await reader.answersWithoutTap
                await component.submit()
                // Otherwise the scan waits for a tap, which the next line brings.
                guard answersAtOnce else { return }
            } else {
                await component.submit()
            }
            await component.waitUntilIdle()
        case let .unlink(component):
            await component.submit()
            await component.waitUntilIdle()
        case let .pay(component):
            await component.submit()
            await component.waitUntilIdle()
        case let .linkedCards(mobileNumber):
            switch await NolPayLinkedCardsComponent(transit: transit).getLinkedCardsFor(mobileNumber: mobileNumber ?? "") {
            case let .success(cards):
                let e164 = (try? MobileNumber.parse(mobileNumber ?? "").get().e164) ?? ""
                out([("event", .string("linkedCards")), ("mobileNumber", .string(e164)), ("cards", .array(cards.map { $0.toJSON() }))])
            case let .failure(error):
                errorOut(error)
            }
        }
    }

    private func resend(line: Int) async {
        switch flow {
        case let .link(component):
            await component.resendCode()
            await component.waitUntilIdle()
        case let .unlink(component):
            await component.resendCode()
            await component.waitUntilIdle()
        default:
            inputError(line, "asks for a new code, but only link and unlink send codes")
        }
    }

    private func setFlow(_ flow: Flow) {
        state.withLock {
            $0.flow = flow
            $0.step = ""
        }
    }

    // MARK: Output

    private func out(_ members: [(String, JSONValue)]) {
        StandardOutput.shared.append { json in
            JSONValue.object(members).write(to: &json)
            json.endLine()
        }
    }

    private func stepOut(_ flow: String, _ name: String, _ members: [(String, JSONValue)]) {
        state.withLock { $0.step = name }
        if name == "collectOtpData" { smsOut() }
        out([("event", .string("step")), ("flow", .string(flow))] + members)
    }

    /// What a flow produced, after its last step: `{"event":"cardLinked","flow":"link","card":{…}}`,
    /// `{"event":"checkoutCompleted","flow":"pay","payment":{…}}`…
    private func outcomeOut(_ flow: String, _ outcome: NolPayOutcome) {
        let members = outcome.jsonMembers
        out(Array(members.prefix(1)) + [("flow", .string(flow))] + Array(members.dropFirst()))
    }

    private func validationOut(_ status: NolPayValidationStatus, _ data: String?) {
        out([("event", .string("validation"))] + status.jsonMembers + [("data", .string(orNull: data))])
    }

    private func errorOut(_ error: NolPayError) {
        out([("event", .string("error"))] + (error.toJSON().objectValue ?? []))
    }

    /// Reports a line that is not UTF-8 text or is too long, as an `invalid-input` error event.
    func unreadable(_ input: InputLine, line: Int) {
        inputError(line, "is \(input.problem ?? "unreadable")")
    }

    /// An `invalid-input` error event; its description is sanitised like every diagnostic line.
    private func inputError(_ line: Int, _ problem: String) {
        out([("event", .string("error")), ("errorId", .string("invalid-input")), ("line", .integer(line)),
             ("description", .string(DiagnosticText.sanitized("Input line \(line) \(problem)."))),
             ("recoverySuggestion", .string("Fix the line and send it again; see checkout nol events --help."))])
    }

    /// The cards in range, written when a scan starts.
    private func readerOut() {
        let cards = (try? nol.reader.cardsInRange()) ?? []
        out([("event", .string("reader")), ("cards", .array(cards.map { $0.toJSON() }))])
    }

    /// Messages that reached the outbox since the last one written.
    private func smsOut() {
        let after = state.withLock { $0.lastSMS }
        for message in (try? nol.sms.messages(after: after)) ?? [] {
            state.withLock { $0.lastSMS = message.id }
            out([("event", .string("sms")), ("to", .string(message.mobileNumber)), ("code", .string(message.code)),
                 ("text", .string(message.body))])
        }
    }
}
