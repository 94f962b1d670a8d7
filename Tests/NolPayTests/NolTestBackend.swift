import CheckoutStore
import CheckoutTestSupport
import Foundation
import Synchronization
@testable import NolPay

/// A wall clock a test moves by hand.
final class TestWallClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_780_000_000)) // 2026-05-28
    var now: Date { current.withLock { $0 } }
    func advance(seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// One-time codes from a fixed list, so tests know the SMS text in advance.
final class ScriptedCodes: Sendable {
    private let codes: Mutex<[String]>
    init(_ codes: [String]) { self.codes = Mutex(codes) }
    func next() -> String { codes.withLock { $0.isEmpty ? "000000" : $0.removeFirst() } }
}

/// An in-memory simulated Nol system over the shipped demo cards.
struct NolTestBackend {
    static let silver = "3084100125"   // active, AED 150.00
    static let gold = "3084100233"     // active, AED 42.50
    static let lowBalance = "3084100341" // active, AED 2.50
    static let blocked = "3084100567"
    static let expired = "3084100675"
    static let phone = MobileNumber(countryCode: "971", nationalNumber: "501234567")
    static let otherPhone = MobileNumber(countryCode: "971", nationalNumber: "559876543")

    let database: Database
    let store: NolBackendStore
    let transit: SimulatedTransit
    let clock = ManualClock()
    let wall = TestWallClock()

    init(codes: [String] = ["111111", "222222", "333333", "444444", "555555", "666666"]) throws {
        database = try Database(path: ":memory:")
        store = try NolBackendStore(database: database)
        let scripted = ScriptedCodes(codes)
        let wall = self.wall
        transit = try SimulatedTransit(store: store, demoCards: try NolDemoCards.bundled(), clock: clock,
                                       now: { wall.now }, makeCode: { scripted.next() })
    }

    func balance(_ card: String) throws -> Int? { try store.card(card)?.balance }
    func ledger() throws -> [LedgerEntry] { try Ledger(database: database).entries() }
    func link(_ card: String) throws -> NolLinkRecord? { try store.links().first { $0.cardNumber == card } }

    /// Links `card` to `phone` through the simulator, reading the code from the outbox.
    func linkDirectly(_ card: String, to phone: MobileNumber = NolTestBackend.phone) async throws {
        let token = try await transit.makeLinkingToken(cardNumber: card)
        try await transit.sendLinkOTP(mobileNumber: phone, linkToken: token)
        let code = try store.messages().last!.code
        _ = try await transit.linkCard(otpCode: code, linkToken: token)
    }
}

/// Everything a component publishes from the moment the log is made; read it once, at the end.
struct EventLog<Machine: NolPayStateMachine> {
    let component: NolPayComponent<Machine>
    let stream: AsyncStream<NolPayComponent<Machine>.Event>

    init(_ component: NolPayComponent<Machine>) {
        self.component = component
        stream = component.events()
    }

    /// Waits for Transit calls to answer, ends the streams and returns every event in order.
    func all() async -> [NolPayComponent<Machine>.Event] {
        await component.waitUntilIdle()
        await component.finish()
        var events: [NolPayComponent<Machine>.Event] = []
        for await event in stream { events.append(event) }
        return events
    }
}
