import CheckoutStore
import FoundationEssentials

/// Where the one-time codes a Transit system sends arrive: the SMS a person reads on their phone.
/// Front ends show them from here, not from the simulator's tables.
public protocol NolSMSInbox: Sendable {
    /// The messages after the one with `id`, oldest first (all of them after 0).
    func messages(after id: Int) throws -> [NolSMSRecord]
}

extension NolSMSInbox {
    /// The newest message, if any.
    public func newest() -> NolSMSRecord? { (try? messages(after: 0))?.last }
}

extension NolBackendStore: NolSMSInbox {}

/// What a front end sees of the card reader and of the cards a Transit system knows: the cards
/// near the reader, the number each is linked to, and a card held to the reader.
public protocol NolCardReader: Sendable {
    /// The cards the reader can see, with their balances.
    func cardsInRange() throws -> [NolCardRecord]
    /// The mobile number each linked card is linked to, by card number.
    func linkedNumbers() throws -> [String: String]
    /// Holds the card to the reader: the next scan reads it.
    func tap(_ cardNumber: String) async
}

extension SimulatedTransit: NolCardReader {
    public func linkedNumbers() throws -> [String: String] {
        var numbers: [String: String] = [:]
        for link in try store.links() { numbers[link.cardNumber] = link.mobileNumber }
        return numbers
    }

    public func tap(_ cardNumber: String) async { await reader.tap(cardNumber) }
}

/// The Nol system every front end works with: a Transit system, its reader, the SMS inbox its
/// codes arrive in, and the fare. The screens, plain mode, the demo and `checkout nol events` hold
/// this, never the simulator's store; ``simulated(database:clock:now:makeCode:rules:)`` is the one
/// way it is made.
public struct NolSystem: Sendable {
    public let transit: any Transit
    public let reader: any NolCardReader
    public let sms: any NolSMSInbox
    /// How long after a code the system takes a request for another.
    public let resendCooldown: TimeInterval
    /// What a Nol payment takes (``NolFare``).
    public let fare: Int
    public let currency: String
    /// The simulator's NFC reader, when the system is the simulator: `checkout nol events` makes
    /// its reads fail on request and waits for its taps.
    public let simulatedReader: SimulatedNolReader?

    public init(transit: any Transit, reader: any NolCardReader, sms: any NolSMSInbox, resendCooldown: TimeInterval,
                fare: Int = NolFare.amount, currency: String = NolFare.currency, simulatedReader: SimulatedNolReader? = nil) {
        self.transit = transit
        self.reader = reader
        self.sms = sms
        self.resendCooldown = resendCooldown
        self.fare = fare
        self.currency = currency
        self.simulatedReader = simulatedReader
    }

    /// The simulated Nol system kept in `database`: its tables, seeded with the demo cards, the
    /// reader on `clock`, codes from `makeCode` (a random ``OneTimeCode`` unless a test or a demo gives its own).
    public static func simulated(database: Database, clock: any Clock<Duration> = ContinuousClock(),
                                 now: @escaping @Sendable () -> Date = { Date() },
                                 makeCode: @escaping @Sendable () -> String = SimulatedTransit.randomCode,
                                 rules: SimulatedTransit.Rules = SimulatedTransit.Rules()) throws -> NolSystem {
        let store = try NolBackendStore(database: database)
        let transit = try SimulatedTransit(store: store, demoCards: NolDemoCards.bundled(), clock: clock, now: now,
                                           makeCode: makeCode, rules: rules)
        return NolSystem(transit: transit, reader: transit, sms: store, resendCooldown: rules.code.resendCooldown,
                         simulatedReader: transit.reader)
    }
}

/// What a Nol flow knows of the system without asking it anything: the fare, its currency and the
/// wait between codes. Values only: a screen holds these, never the system (which does I/O).
public struct NolTerms: Sendable, Equatable {
    /// What a Nol payment takes (``NolFare``).
    public var fare: Int
    public var currency: String
    /// How long after a code the system takes a request for another.
    public var resendCooldown: TimeInterval

    public init(fare: Int = NolFare.amount, currency: String = NolFare.currency, resendCooldown: TimeInterval) {
        self.fare = fare
        self.currency = currency
        self.resendCooldown = resendCooldown
    }
}

/// A read a Nol screen asks of the Nol system as it comes on; the app makes it
/// (``NolSystem/read(_:)``) and hands the ``NolReadAnswer`` back to the screen that asked.
public enum NolRead: Sendable, Equatable {
    /// The cards near the reader, and the number each linked one is linked to.
    case reader
    /// The newest SMS so far: only the ones after it are the asking flow's.
    case newestSMS
}

/// What a ``NolRead`` found; a read that fails finds nothing (no cards, no SMS).
public enum NolReadAnswer: Sendable, Equatable {
    case reader(cards: [NolCardRecord], linkedNumbers: [String: String])
    /// The id of the newest SMS, 0 when there is none.
    case newestSMS(id: Int)
}

extension NolSystem {
    /// The values a screen holds instead of the system.
    public var terms: NolTerms { NolTerms(fare: fare, currency: currency, resendCooldown: resendCooldown) }

    /// Makes `request` on the reader or the SMS inbox.
    public func read(_ request: NolRead) -> NolReadAnswer {
        switch request {
        case .reader: .reader(cards: (try? reader.cardsInRange()) ?? [], linkedNumbers: (try? reader.linkedNumbers()) ?? [:])
        case .newestSMS: .newestSMS(id: sms.newest()?.id ?? 0)
        }
    }
}

/// A Transit call a Nol flow asks for, typed: what the flow's state machine wants done, or a
/// lookup of the cards linked to a number. A screen returns it as an effect; the loop runs it and
/// hands back a ``NolTransitAnswer``.
public enum NolTransitCall: Sendable, Equatable {
    case link(NolPayLinkCardStateMachine.Effect)
    /// Holds the card to the reader, then reads it (the link flow's tap).
    case tapAndScan(cardNumber: String)
    case unlink(NolPayUnlinkCardStateMachine.Effect)
    case pay(NolPayPaymentStateMachine.Effect)
    case linkedCards(mobileNumber: String)
}

/// What a Transit call answered, typed as the machine that asked takes it.
public enum NolTransitResult: Sendable {
    case link(NolPayLinkCardStateMachine.Completion)
    case unlink(NolPayUnlinkCardStateMachine.Completion)
    case pay(NolPayPaymentStateMachine.Completion)
    case linkedCards(mobileNumber: String, Result<[NolPaymentCard], NolPayError>)
}

/// A Transit call's answer, with the newest SMS once it had answered (a code it sent).
public struct NolTransitAnswer: Sendable {
    public var result: NolTransitResult
    public var sms: NolSMSRecord?

    public init(result: NolTransitResult, sms: NolSMSRecord?) {
        self.result = result
        self.sms = sms
    }
}

extension NolSystem {
    /// Makes the call, as the headless components do (their performers), and reads the SMS inbox after it.
    public func perform(_ call: NolTransitCall) async -> NolTransitAnswer {
        let result: NolTransitResult
        switch call {
        case let .link(effect):
            result = .link(await NolPayLinkCardStateMachine.performer(transit: transit)(effect))
        case let .tapAndScan(cardNumber):
            await reader.tap(cardNumber)
            result = .link(await NolPayLinkCardStateMachine.performer(transit: transit)(.scanCard))
        case let .unlink(effect):
            result = .unlink(await NolPayUnlinkCardStateMachine.performer(transit: transit)(effect))
        case let .pay(effect):
            result = .pay(await NolPayPaymentStateMachine.performer(transit: transit)(effect))
        case let .linkedCards(mobileNumber):
            result = .linkedCards(mobileNumber: mobileNumber,
                                  await NolPayLinkedCardsComponent(transit: transit).getLinkedCardsFor(mobileNumber: mobileNumber))
        }
        return NolTransitAnswer(result: result, sms: sms.newest())
    }
}
