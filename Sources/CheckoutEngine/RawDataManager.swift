import CheckoutCore
import FoundationEssentials

/// The headless card form: takes raw card data as it is typed and emits what the engine learns
/// about it as one ordered stream of ``CheckoutEvent``s.
///
/// Fewer than 8 digits: local metadata at once. From 8 digits the BIN (first 8 digits) is looked
/// up after the input has kept the same BIN for ``EngineConfiguration/debounce``, announced by
/// `willFetchMetadata` and answered by `didReceiveMetadata` then `didReceiveBinData` (REMOTE, or
/// LOCAL_FALLBACK when the service fails, knows nothing or exceeds
/// ``EngineConfiguration/binLookupTimeout``). Each BIN is asked once: successes are cached,
/// lookups in flight are joined, lookups for a BIN the user typed away from are cancelled, and an
/// answer for a number that is no longer current is never emitted. Metadata and BIN data events
/// are emitted when what they say changes; `dataIsValid` when validity or the error list changes.
///
/// For a session with surcharges the client session is kept told which network the card would be
/// paid with, as Primer's drop-in does (``ClientSessionService``): once the BIN is answered (or has
/// fallen back), on each change of the cardholder's choice, and to none when the number drops
/// under 8 digits. One action is in flight at a time, announced by `willUpdateClientSession` and
/// answered by `didUpdateClientSession` (what paying now costs) or `clientSessionUpdateFailed`. A
/// submit charges the amount the session answered for its network, asking first when it has not.
///
///     let manager = try RawDataManager(session: session)      // the shipped catalogue, BIN table and sandbox
///     let events = manager.events()
///     manager.rawData = CardData(cardNumber: "4000 0025 0000 1001")
///     for await event in events { print(event) }
///
/// Docs/library.md shows the rest: the ordered inbox (``rawData``, ``post(_:)``), ``pay()``,
/// ``reset()``, delegates, other BIN services and processors.
public actor RawDataManager {
    private let configuration: EngineConfiguration
    private let resolver: CardNetworkResolver
    private let validator: CardValidator
    private let binService: any BinDataService
    private let paymentService: any PaymentService
    private let clientSessionService: any ClientSessionService
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private var localCalendar = LocalCalendar()
    private let broadcaster = EventBroadcaster<CheckoutEvent>()
    /// The turn subscribers (``events(turns:)``), the events of the turn under way, and how deep
    /// the turn's entry points are nested (its events go out when the outermost one returns).
    private let turnBroadcaster = EventBroadcaster<[CheckoutEvent]>()
    private var turnEvents: [CheckoutEvent] = []
    private var turnDepth = 0

    private var data = CardData()
    private var digits = ""
    private var isMalformed = false
    private var debounce = DebounceStateMachine<String?>()
    private var debounceTask: Task<Void, Never>?
    private var lookups = BinLookupStateMachine()
    private var lookupTasks: [BinLookupStateMachine.LookupID: [Task<Void, Never>]] = [:]
    private var lastBinData: BinData?
    /// What the local metadata and BIN data last shown were made from (they depend on nothing
    /// else); nil while what is shown came from a BIN answer.
    private var shownLocal: (candidates: [CardNetwork], source: CardValidationSource)?
    /// How the last lookup that ended in local rules ended, for the screens to say.
    private var fallbackReason: CardNumberEntryMetadata.FallbackReason = .serviceUnavailable
    private var lastValidity: (isValid: Bool, errors: [ValidationError])?
    private var isPaying = false
    private var sessionSync = ClientSessionStateMachine()
    /// Whether the session is told the network at all: only when it has surcharges, as in the SDK.
    private let updatesClientSession: Bool
    /// A submitted payment waiting for the client session to confirm its amount, and the total the
    /// submit expects.
    private var pendingPayment: (request: PaymentRequest, expectedTotal: Int?)?
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// Inputs posted from outside the actor, applied in the order they were posted (RawDataManager+Inbox.swift).
    let inbox = Inbox()
    /// The checkout results emitted, for callers of ``pay()`` (RawDataManager+Pay.swift).
    var outcomes = Outcomes()
    /// How many lookups were started (tests wait for the service to have seen each of them).
    private(set) var lookupsStarted = 0
    /// The tasks the manager started (timers, lookups, session actions, payments) that have not
    /// ended yet: what ``idle(parkedTurns:)`` counts (RawDataManager+Idle.swift).
    private(set) var turnsUnderWay = 0
    /// Sees every event as it is emitted, with the digits current at that moment (tests check
    /// that no event is about a number other than the current one).
    private var emissionObserver: (@Sendable (CheckoutEvent, String) -> Void)?

    /// The metadata of the current number, as last emitted; nil before the first ``setRawData(_:)``.
    public private(set) var currentMetadata: CardNumberEntryMetadata?

    /// What the client session last confirmed paying costs (the last `didUpdateClientSession`), when
    /// nothing is in flight; nil before any answer, and while an action is out.
    public var clientSessionAmountDue: AmountDue? { sessionSync.inFlight == nil ? sessionSync.confirmed?.amount : nil }

    /// A manager for `configuration`'s session. `clientSessionService` is what the session's
    /// surcharges are asked of; nil takes the sandbox's (``SandboxClientSessionService``), which
    /// answers from the session itself.
    public init(configuration: EngineConfiguration, catalogue: NetworkCatalogue,
                binService: any BinDataService, paymentService: any PaymentService,
                clientSessionService: (any ClientSessionService)? = nil,
                clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.configuration = configuration
        self.resolver = CardNetworkResolver(catalogue: catalogue, session: configuration.session)
        self.validator = CardValidator(catalogue: catalogue, session: configuration.session)
        self.binService = binService
        self.paymentService = paymentService
        self.clientSessionService = clientSessionService ?? SandboxClientSessionService(session: configuration.session)
        self.updatesClientSession = configuration.session.hasSurcharges
        self.clock = clock
        self.now = now
    }

    /// A new subscription; every subscriber sees every event from the moment it subscribes.
    ///
    /// The stream ends after ``finish()`` has emitted the last event.
    public nonisolated func events() -> AsyncStream<CheckoutEvent> {
        broadcaster.subscribe()
    }

    /// Calls `handler` with every event from now on, as it is emitted: on the manager's actor, in
    /// order, before the call that emitted it returns. For a consumer that only copies events out
    /// (`checkout events` writes them to its output) and wants no task woken per event; the
    /// handler must be quick and cannot call the manager.
    public nonisolated func events(_ handler: @escaping @Sendable (CheckoutEvent) -> Void) {
        broadcaster.subscribe(handler)
    }

    /// Calls `handler` once per turn of the manager with every event that turn emitted, in order:
    /// a turn is one input (``setRawData(_:)``, ``submit(idempotencyKey:expectedTotal:)``, a posted
    /// input) or one thing the manager waited for (the debounce, a BIN answer or its timeout, the
    /// client session's answer, the payment's), run on the manager's actor without suspending. A
    /// consumer that reads batches whole never sees half a turn (a BIN answer without the validity
    /// it changes), so it needs no mark to know it has caught up. On the manager's actor, before
    /// the turn's call returns; a turn that emits nothing calls nothing.
    public nonisolated func events(turns handler: @escaping @Sendable ([CheckoutEvent]) -> Void) {
        turnBroadcaster.subscribe(handler)
    }

    /// Opens a turn (``events(turns:)``); every call is paired with ``endTurn()`` before the actor
    /// can suspend.
    private func beginTurn() { turnDepth += 1 }

    /// Closes a turn: the outermost hands its events to the turn subscribers.
    private func endTurn() {
        turnDepth -= 1
        guard turnDepth == 0, !turnEvents.isEmpty else { return }
        let events = turnEvents
        turnEvents = []
        turnBroadcaster.send(events)
    }

    /// Replaces the raw data, as typed; emits what changed. Inputs posted before (``rawData``,
    /// ``post(_:)``) are applied first.
    public func setRawData(_ newData: CardData) {
        beginTurn()
        defer { endTurn() }
        applyInbox()
        data = newData
        let normalized = CardNumberNormalizer.normalize(newData.cardNumber)
        if normalized.digits != digits || normalized.isMalformed != isMalformed || currentMetadata == nil {
            digits = normalized.digits
            isMalformed = normalized.isMalformed
            numberChanged()
        }
        emitValidityIfChanged()
        updateClientSession()
    }

    /// Validates the data and pays with the network ``CardNetworkResolver/networkForPayment(choice:metadata:)``
    /// picks, never waiting for a BIN lookup. A submit while a payment is in flight pays nothing
    /// and fails at once (`payment-in-progress`), so every submit has one result event.
    ///
    /// With a session that has surcharges, the payment charges what the client session answered for
    /// that network, and waits for its answer when one is due (`willUpdateClientSession` came
    /// without its `didUpdateClientSession`). `idempotencyKey`, when the merchant gives one, goes
    /// with the payment (Primer's `X-Idempotency-Key`; the SDK sends it only when the merchant's
    /// decision handler supplies one). `expectedTotal` is the total the cardholder was shown: when
    /// the amount to charge is another, nothing is charged and the checkout fails with
    /// `amount-changed` (the `didUpdateClientSession` before it has the new amount), so a front end
    /// can show the new total and have it confirmed. Inputs posted before (``rawData``, ``post(_:)``)
    /// are applied first.
    public func submit(idempotencyKey: String? = nil, expectedTotal: Int? = nil) {
        beginTurn()
        defer { endTurn() }
        applyInbox()
        guard !isPaying else {
            emit(.checkoutFailed(CheckoutError(errorId: "payment-in-progress",
                                               description: "A payment is already under way; this submit was not sent. Wait for its result.",
                                               shown: LocalizedText(.errorPaymentInProgress))))
            return
        }
        let metadata = currentMetadata ?? resolver.localMetadata(forDigits: digits, source: .local)
        let moment = now()
        let errors = validator.validate(data, metadata: metadata, now: moment, calendar: localCalendar.calendar(at: moment))
        guard errors.isEmpty else {
            // The contract emits dataIsValid only on a change; checkoutFailed carries the errors anyway.
            if lastValidity?.isValid != false || lastValidity?.errors != errors {
                lastValidity = (false, errors)
                emit(.dataIsValid(isValid: false, errors: errors))
            }
            let list = errors.map { "\($0.errorId): \($0.description)" }.joined(separator: "; ")
            emit(.checkoutFailed(CheckoutError(errorId: errors[0].errorId, description: "The card data is not valid. \(list)")))
            return
        }
        switch resolver.networkForPayment(choice: data.cardNetwork, metadata: metadata) {
        case let .failure(error):
            emit(.checkoutFailed(CheckoutError(errorId: error.errorId, description: error.description,
                                               shown: error.sentence)))
        case let .success(network):
            let session = configuration.session
            if let problem = session.amountProblem(for: network) {
                emit(.checkoutFailed(CheckoutError(errorId: "invalid-amount", description: problem)))
                return
            }
            isPaying = true
            let request = PaymentRequest(
                id: "req_" + UUID.random().lowercaseHex,
                amount: session.amount, surcharge: session.surcharge(for: network), currency: session.currency,
                network: network, selectedNetwork: data.cardNetwork == network && network.allowsUserSelection ? network : nil,
                cardNumber: digits,
                expiryDate: data.expiryDate, cvv: data.cvv, cardholderName: data.cardholderName, idempotencyKey: idempotencyKey,
                networkChosenBy: metadata.autoSelectedCardNetwork?.network == network ? .merchant : nil)
            guard updatesClientSession else { return pay(request, expectedTotal: expectedTotal) }
            // The amount charged is the one the session answered for this network: ask for it now
            // when the session does not hold it yet (a submit before the BIN answer, or after a failure).
            pendingPayment = (request, expectedTotal)
            if let next = sessionSync.want(network) ?? sessionSync.retry() { send(next) }
            payIfSessionSettled()
        }
    }

    /// Flushes a pending debounce at once, waits for the current number's lookup (up to its
    /// timeout) and any payment in flight, then ends every event stream. Inputs posted before are
    /// applied first.
    public func finish() async {
        beginTurn()
        applyInbox()
        debounceTask?.cancel()
        debounceTask = nil
        if debounce.flush() != nil { settle() }
        // Closed before waiting: the turns that end the wait hand out their own events.
        endTurn()
        if !isIdle {
            await withCheckedContinuation { idleWaiters.append($0) }
        }
        broadcaster.finish()
        turnBroadcaster.finish()
    }

    // MARK: - Number changes and lookups

    private var currentBin: String? {
        let length = CardNetworkResolver.binLength
        return !isMalformed && digits.count >= length ? String(digits.prefix(length)) : nil
    }

    private func numberChanged() {
        let bin = currentBin
        if bin != lookups.current.bin || currentMetadata == nil {
            let outcome = lookups.binChanged(to: bin)
            let generation = debounce.valueChanged(bin)
            restartDebounceTimer(generation: generation)
            show(outcome, force: false)
        } else {
            // Same BIN, other digits: a remote answer still holds; local rules may say something new.
            switch lookups.current {
            case .remote:
                if configuration.reannouncesMetadata, let currentMetadata {
                    emit(.didReceiveMetadata(currentMetadata, CardNumberEntryState(cardNumber: digits)))
                }
            case .fallback: show(.showFallback, force: false)
            case .short, .waiting, .fetching: show(.showLocal, force: false)
            }
        }
    }

    private func restartDebounceTimer(generation: Int) {
        debounceTask?.cancel()
        let sleep = clock.sleeper(for: configuration.debounce)
        turnsUnderWay += 1
        debounceTask = Task {
            defer { self.turnsUnderWay -= 1 }
            do { try await sleep() } catch { return }
            self.debounceFired(generation: generation)
        }
    }

    private func debounceFired(generation: Int) {
        beginTurn()
        defer { endTurn() }
        guard debounce.timerFired(generation: generation) != nil else { return }
        debounceTask = nil
        settle()
    }

    private func settle() {
        let settlement = lookups.settle()
        for id in settlement.cancel {
            lookupTasks.removeValue(forKey: id)?.forEach { $0.cancel() }
        }
        if settlement.announce {
            emit(.willFetchMetadata(CardNumberEntryState(cardNumber: digits)))
        }
        if let start = settlement.start {
            startLookup(bin: start.bin, id: start.id)
        }
        resumeIdleWaitersIfIdle()
    }

    private func startLookup(bin: String, id: BinLookupStateMachine.LookupID) {
        let service = binService
        let sleep = clock.sleeper(for: configuration.binLookupTimeout)
        turnsUnderWay += 2
        let work = Task {
            defer { self.turnsUnderWay -= 1 }
            let result: BinLookupStateMachine.LookupResult
            do { result = .answered(try await service.lookup(bin: bin)) } catch { result = .failed }
            self.lookupEnded(bin: bin, id: id, result: result)
        }
        let timer = Task {
            defer { self.turnsUnderWay -= 1 }
            do { try await sleep() } catch { return }
            self.lookupEnded(bin: bin, id: id, result: .timedOut)
        }
        lookupTasks[id] = [work, timer]
        lookupsStarted += 1
    }

    private func lookupEnded(bin: String, id: BinLookupStateMachine.LookupID, result: BinLookupStateMachine.LookupResult) {
        beginTurn()
        defer { endTurn() }
        lookupTasks.removeValue(forKey: id)?.forEach { $0.cancel() }
        let wasAnnounced = lookups.isFetchingCurrent
        let outcome = lookups.lookupEnded(bin: bin, id: id, result: result)
        if outcome == .showFallback { fallbackReason = result == .failed || result == .timedOut ? .serviceUnavailable : .noBinData }
        if outcome != .none {
            show(outcome, force: wasAnnounced)
            emitValidityIfChanged()
            updateClientSession()
        }
        resumeIdleWaitersIfIdle()
    }

    // MARK: - The client session

    /// The network the session should hold now: none under 8 digits, the one a payment would use
    /// once the BIN is answered or has fallen back, and unchanged while a lookup is pending (the
    /// answer will say). Frozen while a payment is out: it was made for one network.
    private var sessionTarget: CardNetwork? {
        guard currentBin != nil, let metadata = currentMetadata else { return nil }
        guard metadata.source != .local else { return sessionSync.wanted }
        return try? resolver.networkForPayment(choice: data.cardNetwork, metadata: metadata).get()
    }

    private func updateClientSession() {
        guard updatesClientSession, !isPaying, let next = sessionSync.want(sessionTarget) else { return }
        send(next)
    }

    private func send(_ request: ClientSessionStateMachine.Request) {
        emit(.willUpdateClientSession(network: request.network))
        let service = clientSessionService
        turnsUnderWay += 1
        Task {
            defer { self.turnsUnderWay -= 1 }
            let result: Result<AmountDue, CheckoutError>
            do { result = .success(try await service.selectCardNetwork(request.network)) } catch {
                let why = (error as? CheckoutError)?.description ?? "\(error)"
                result = .failure(CheckoutError(errorId: "client-session-update-failed",
                                                description: "The client session did not confirm the amount: \(why)",
                                                shown: LocalizedText(.errorSessionNotConfirmed, .of(error))))
            }
            self.sessionAnswered(request, result)
        }
    }

    private func sessionAnswered(_ request: ClientSessionStateMachine.Request, _ result: Result<AmountDue, CheckoutError>) {
        beginTurn()
        defer { endTurn() }
        let next = sessionSync.answered(request, with: result)
        switch result {
        case let .success(due): emit(.didUpdateClientSession(due))
        case let .failure(error): emit(.clientSessionUpdateFailed(error))
        }
        if let next { send(next) }
        payIfSessionSettled()
        resumeIdleWaitersIfIdle()
    }

    /// Pays the waiting payment once the session holds its network, with the session's amount; ends
    /// it when the session failed to answer for it.
    private func payIfSessionSettled() {
        guard let (pending, expectedTotal) = pendingPayment, sessionSync.wanted == pending.network else { return }
        if let due = sessionSync.settledAmount {
            pendingPayment = nil
            var request = pending
            request.amount = due.amount
            request.surcharge = due.surcharge
            request.currency = due.currency
            pay(request, expectedTotal: expectedTotal)
        } else if let failure = sessionSync.failure {
            pendingPayment = nil
            isPaying = false
            emit(.checkoutFailed(CheckoutError(errorId: "payment-failed", description: "Nothing was charged. \(failure.description)",
                                               shown: LocalizedText(.errorNothingCharged, .of(failure)))))
            updateClientSession()
        }
    }

    // MARK: - Emitting

    /// Emits metadata and BIN data for the current number when they changed (always after an
    /// announced lookup, so that every `willFetchMetadata` is answered).
    private func show(_ outcome: BinLookupStateMachine.Outcome, force: Bool) {
        let metadata: CardNumberEntryMetadata
        let binData: BinData
        switch outcome {
        case .none:
            return
        case .showLocal, .showFallback:
            let source: CardValidationSource = outcome == .showLocal ? .local : .localFallback
            let candidates = resolver.catalogue.candidates(forDigits: digits)
            // The same candidates and source make the metadata and BIN data already shown.
            if !force, let shownLocal, shownLocal.source == source, shownLocal.candidates == candidates { return }
            metadata = resolver.localMetadata(candidates: candidates, source: source, fallbackReason: fallbackReason)
            binData = resolver.localBinData(candidates: candidates)
            shownLocal = (candidates, source)
        case let .showRemote(answer):
            metadata = resolver.remoteMetadata(for: answer)
            binData = resolver.remoteBinData(for: answer)
            shownLocal = nil
        }
        if force || metadata != currentMetadata {
            currentMetadata = metadata
            emit(.didReceiveMetadata(metadata, CardNumberEntryState(cardNumber: digits)))
        }
        if force || binData != lastBinData {
            lastBinData = binData
            emit(.didReceiveBinData(binData))
        }
    }

    private func emitValidityIfChanged() {
        let moment = now()
        let errors = validator.validate(data, metadata: currentMetadata, now: moment, calendar: localCalendar.calendar(at: moment))
        let isValid = errors.isEmpty
        if let lastValidity, lastValidity.isValid == isValid, lastValidity.errors == errors { return }
        lastValidity = (isValid, errors)
        emit(.dataIsValid(isValid: isValid, errors: errors))
    }

    private func emit(_ event: CheckoutEvent) {
        outcomes.record(event)
        emissionObserver?(event, digits)
        broadcaster.send(event)
        // Outside every turn's entry point (none should be) an event is a turn of its own.
        if turnDepth == 0 { turnBroadcaster.send([event]) } else { turnEvents.append(event) }
    }

    /// Installs the observer that sees each event synchronously as it is emitted.
    func observeEmissions(_ observer: @escaping @Sendable (CheckoutEvent, String) -> Void) {
        emissionObserver = observer
    }

    // MARK: - Payments and idleness

    private func pay(_ request: PaymentRequest, expectedTotal: Int?) {
        if let expectedTotal, expectedTotal != request.total {
            isPaying = false
            emit(.checkoutFailed(CheckoutError(
                errorId: "amount-changed",
                description: "Nothing was charged: the total to pay is \(request.total) minor units of \(request.currency), "
                    + "not the \(expectedTotal) shown. Show the new total and submit again to pay it.")))
            updateClientSession()
            return
        }
        let service = paymentService
        turnsUnderWay += 1
        Task {
            defer { self.turnsUnderWay -= 1 }
            let result: Result<Payment, any Error>
            do { result = .success(try await service.pay(request)) } catch { result = .failure(error) }
            self.paymentEnded(result)
        }
    }

    private func paymentEnded(_ result: Result<Payment, any Error>) {
        beginTurn()
        defer { endTurn() }
        isPaying = false
        switch result {
        case let .success(payment):
            emit(.checkoutCompleted(payment))
        case let .failure(error):
            let failure = error as? CheckoutError
            let description = failure?.description ?? "The payment could not be made: \(error)"
            emit(.checkoutFailed(CheckoutError(errorId: "payment-failed", description: description, payment: failure?.payment,
                                               shown: failure.map { $0.shown } ?? LocalizedText(.errorPaymentNotMade, .of(error)))))
        }
        // What changed while the payment was out (another number, another choice) is told now.
        updateClientSession()
        resumeIdleWaitersIfIdle()
    }

    private var isIdle: Bool { !isPaying && !lookups.isFetchingCurrent && sessionSync.inFlight == nil }

    private func resumeIdleWaitersIfIdle() {
        guard isIdle, !idleWaiters.isEmpty else { return }
        let waiters = idleWaiters
        idleWaiters = []
        waiters.forEach { $0.resume() }
    }
}

extension Clock where Duration == Swift.Duration {
    /// A sleep whose deadline is fixed now, when the timer is set, not when its task first runs.
    func sleeper(for duration: Swift.Duration) -> @Sendable () async throws -> Void {
        let deadline = now.advanced(by: duration)
        return { try await self.sleep(until: deadline, tolerance: nil) }
    }
}
