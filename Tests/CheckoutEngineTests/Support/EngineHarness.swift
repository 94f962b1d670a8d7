import CheckoutCore
import CheckoutResources
import CheckoutStore
import CheckoutTestSupport
import Foundation
import Synchronization
import Testing
@testable import CheckoutEngine

/// A BIN service for tests: scripted answers, delays on a ``ManualClock``, faults, and a record of
/// every request (started, ended, cancelled) to check that no BIN is asked twice.
final class StubBinService: BinDataService {
    enum Behaviour: Sendable {
        case answer([CardNetwork], after: Duration)
        case fail(after: Duration)
        case empty(after: Duration)
        /// Never answers (until cancelled).
        case hang
    }

    struct Record: Sendable {
        var requests: [String] = []
        var active: [Int: String] = [:]
        var lastToken = 0
        var answered: Set<String> = []
        var overlapping: [String] = []
        var askedAfterAnswer: [String] = []
        var cancelled = 0
    }

    private let clock: ManualClock
    private let behaviour: @Sendable (String) -> Behaviour
    let record = Mutex(Record())

    init(clock: ManualClock, behaviour: @escaping @Sendable (String) -> Behaviour) {
        self.clock = clock
        self.behaviour = behaviour
    }

    var requests: [String] { record.withLock { $0.requests } }

    func lookup(bin: String) async throws -> BinAnswer? {
        let token = record.withLock { record -> Int in
            record.requests.append(bin)
            if !record.active.values.filter({ $0 == bin }).isEmpty { record.overlapping.append(bin) }
            if record.answered.contains(bin) { record.askedAfterAnswer.append(bin) }
            record.lastToken += 1
            record.active[record.lastToken] = bin
            return record.lastToken
        }
        // A request stops counting as active once it is cancelled: the engine may then ask again.
        let release: @Sendable () -> Void = { _ = self.record.withLock { $0.active.removeValue(forKey: token) } }
        defer { release() }
        return try await withTaskCancellationHandler {
            do {
                return try await answer(bin)
            } catch is CancellationError {
                record.withLock { $0.cancelled += 1 }
                throw CancellationError()
            }
        } onCancel: {
            release()
        }
    }

    private func answer(_ bin: String) async throws -> BinAnswer? {
        switch behaviour(bin) {
        case let .answer(networks, delay):
            try await clock.sleep(for: delay)
            record.withLock { _ = $0.answered.insert(bin) }
            return BinAnswer(firstDigits: bin, networks: networks.map { BinNetwork(network: $0) })
        case let .fail(delay):
            try await clock.sleep(for: delay)
            throw CheckoutError(errorId: "stub", description: "scripted failure")
        case let .empty(delay):
            try await clock.sleep(for: delay)
            return BinAnswer(firstDigits: bin, networks: [])
        case .hang:
            try await clock.sleep(for: .seconds(3600))
            return nil
        }
    }
}

/// A client session for tests: answers each selection as the sandbox does (the session's surcharge,
/// plus `extra` for the networks given), after a delay on a ``ManualClock``, or fails for the
/// networks told to; records every request.
final class ScriptedClientSessionService: ClientSessionService {
    private let clock: ManualClock
    private let session: ClientSession
    private let delay: Duration
    private let state = Mutex<(requests: [CardNetwork?], failing: Set<CardNetwork?>, extra: [CardNetwork: Int])>(([], [], [:]))

    init(clock: ManualClock, session: ClientSession, delay: Duration = .milliseconds(100)) {
        self.clock = clock
        self.session = session
        self.delay = delay
    }

    /// The networks asked for, in order (nil: an unselection).
    var requests: [CardNetwork?] { state.withLock { $0.requests } }

    func fail(_ networks: Set<CardNetwork?>) { state.withLock { $0.failing = networks } }
    func add(_ extra: [CardNetwork: Int]) { state.withLock { $0.extra = extra } }

    func selectCardNetwork(_ network: CardNetwork?) async throws -> AmountDue {
        let (failing, extra) = state.withLock { state -> (Bool, Int) in
            state.requests.append(network)
            return (state.failing.contains(network), network.flatMap { state.extra[$0] } ?? 0)
        }
        try await clock.sleep(for: delay)
        if failing { throw CheckoutError(errorId: "stub", description: "the scripted session failed") }
        var due = session.amountDue(for: network)
        due.surcharge += extra
        return due
    }
}

/// A manager on a manual clock with a stub BIN service, a recording payment service and a recorder.
struct EngineHarness {
    static let catalogue: NetworkCatalogue = {
        do { return try Bundled.catalogue() } catch { fatalError("\(error)") }
    }()
    /// 1 January 2026, so that `12/30` is a valid expiry date.
    static let now = Date(timeIntervalSince1970: 1_767_225_600)

    let clock = ManualClock()
    let service: StubBinService
    let payments: RecordingPaymentService
    let sessionService: ScriptedClientSessionService
    let manager: RawDataManager
    let recorder = EventRecorder()
    let resolver: CardNetworkResolver
    let session: ClientSession

    init(session: ClientSession = ClientSession(orderedAllowedCardNetworks: [.cartesBancaires, .visa, .mastercard]),
         debounce: Duration = .milliseconds(200), timeout: Duration = .seconds(1), heldPayments: Bool = false,
         reannouncesMetadata: Bool = false, sessionDelay: Duration = .zero,
         behaviour: @escaping @Sendable (String) -> StubBinService.Behaviour = EngineHarness.defaultBehaviour) async {
        self.session = session
        service = StubBinService(clock: clock, behaviour: behaviour)
        payments = RecordingPaymentService(held: heldPayments)
        sessionService = ScriptedClientSessionService(clock: clock, session: session, delay: sessionDelay)
        resolver = CardNetworkResolver(catalogue: Self.catalogue, session: session)
        manager = RawDataManager(configuration: EngineConfiguration(session: session, debounce: debounce, binLookupTimeout: timeout,
                                                                    reannouncesMetadata: reannouncesMetadata),
                                 catalogue: Self.catalogue, binService: service, paymentService: payments,
                                 clientSessionService: sessionService, clock: clock, now: { EngineHarness.now })
        let recorder = self.recorder
        await manager.observeEmissions { recorder.record($0, $1) }
    }

    /// The embedded table's answers for the test BINs: 40000025 is Cartes Bancaires + Visa.
    static let defaultBehaviour: @Sendable (String) -> StubBinService.Behaviour = { bin in
        switch bin {
        case "40000025": return .answer([.cartesBancaires, .visa], after: .milliseconds(100))
        case "55555555": return .answer([.mastercard], after: .milliseconds(100))
        default: return .answer([.visa], after: .milliseconds(100))
        }
    }

    func type(_ number: String, expiry: String = "12/30", cvv: String = "123", name: String = "Jane Doe",
              network: CardNetwork? = nil) async {
        await manager.setRawData(CardData(cardNumber: number, expiryDate: expiry, cvv: cvv, cardholderName: name, cardNetwork: network))
    }

    /// Moves the clock on, one deadline at a time, the engine idle after each (so what a timer
    /// starts is under way before the next deadline comes), and waits until it is idle at the end.
    func advance(_ milliseconds: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        await settle(sourceLocation: sourceLocation)
        let target = clock.now.advanced(by: .milliseconds(milliseconds))
        while let next = clock.nextDeadline, next <= target {
            await clock.advance(by: clock.now.duration(to: next))
            await settle(sourceLocation: sourceLocation)
        }
        await clock.advance(by: clock.now.duration(to: target))
        await settle(sourceLocation: sourceLocation)
    }

    /// Waits until the engine is idle (``RawDataManager/idle(parkedTurns:)``): every event of every
    /// turn it started emitted, each turn still under way asleep on the clock (a timer, a service's
    /// delay) or in a held payment. So a service delay is measured from the moment its lookup began.
    /// A hang guard (``waitUntil(_:isolation:_:sourceLocation:)``'s ten minutes) records an issue.
    func settle(sourceLocation: SourceLocation = #_sourceLocation) async {
        let clock = clock, payments = payments
        let guardDeadline = ContinuousClock.now + .seconds(600)
        while await !manager.isIdle(parkedTurns: { clock.sleeperCount + payments.heldCount }) {
            if ContinuousClock.now > guardDeadline {
                Issue.record("the engine did not become idle in ten minutes", sourceLocation: sourceLocation)
                return
            }
            await Task.yield()
        }
    }

    func local(_ digits: String, _ source: CardValidationSource = .local,
               fallbackReason: CardNumberEntryMetadata.FallbackReason? = nil) -> [CheckoutEvent] {
        [.didReceiveMetadata(resolver.localMetadata(candidates: resolver.catalogue.candidates(forDigits: digits), source: source,
                                                    fallbackReason: fallbackReason),
                             CardNumberEntryState(cardNumber: digits)),
         .didReceiveBinData(resolver.localBinData(forDigits: digits))]
    }

    func remote(_ digits: String, _ networks: [CardNetwork]) -> [CheckoutEvent] {
        let answer = BinAnswer(firstDigits: String(digits.prefix(8)), networks: networks.map { BinNetwork(network: $0) })
        return [.didReceiveMetadata(resolver.remoteMetadata(for: answer), CardNumberEntryState(cardNumber: digits)),
                .didReceiveBinData(resolver.remoteBinData(for: answer))]
    }
}

extension CheckoutEvent {
    var isMetadata: Bool { if case .didReceiveMetadata = self { return true }; return false }
    var isValidity: Bool { if case .dataIsValid = self { return true }; return false }
    var metadataSource: CardValidationSource? {
        if case let .didReceiveMetadata(metadata, _) = self { return metadata.source }
        return nil
    }
}
