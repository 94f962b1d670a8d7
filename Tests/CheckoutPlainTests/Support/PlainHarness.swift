import CheckoutCore
import CheckoutEngine
import CheckoutPlain
import CheckoutStore
import CheckoutTestSupport
import CheckoutApp
import Foundation
import NolPay
import Synchronization

/// The plain front end over a real engine, ledger and simulated Nol system in a fresh temporary
/// database, with time from a ``ManualClock`` and a fixed calendar day.
final class PlainHarness: Sendable {
    static let catalogue: NetworkCatalogue = try! Bundled.catalogue()
    /// 15 June 2026, noon UTC: cards expiring 12/30 are valid, 05/26 has expired.
    static let today = Date(timeIntervalSince1970: 1_781_524_800)
    static let settings = CheckoutSettings(allowedNetworks: [.visa, .cartesBancaires, .mastercard], debounceMilliseconds: 0,
                                           amount: 4999, currency: "EUR")

    let clock = ManualClock()
    let directory: URL
    let ledger: Ledger
    let nol: NolSystem
    /// The simulated system's tables, to look at what a flow did.
    let store: NolBackendStore
    /// What the BIN service does with a lookup: the settings' source, or hang (a service that never answers).
    let hangingService: Bool
    /// Surcharges the engine's session adds per network (the settings carry none).
    let surcharges: [CardNetwork: Int]

    init(hangingService: Bool = false, surcharges: [CardNetwork: Int] = [:]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-plain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = try Database(path: directory.appendingPathComponent("checkout.sqlite").path)
        ledger = try Ledger(database: database)
        let codes = Counter()
        nol = try NolSystem.simulated(database: database, clock: clock, now: { PlainHarness.today },
                                      makeCode: { String(format: "%06d", 271_828 + codes.next()) })
        store = try NolBackendStore(database: database)
        self.hangingService = hangingService
        self.surcharges = surcharges
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Builds engines as `checkout` does, on the manual clock and the fixed day.
    var makeEngine: EngineFactory {
        let clock = self.clock, ledger = self.ledger, hanging = hangingService, surcharges = self.surcharges
        return { settings in
            let service: any BinDataService
            switch settings.binSource {
            case _ where hanging: service = HangingBinService()
            case .off: service = OfflineBinDataService()
            case .embedded: service = TableBinDataService(table: try! Bundled.binTable(), clock: clock)
            case let .table(path): throw BadSettings(message: "--bin-table: cannot read \(path)")
            case .url: throw BadSettings(message: "no network in tests")
            }
            var session = settings.session
            session.surcharges = surcharges
            let configuration = EngineConfiguration(session: session, debounce: .milliseconds(settings.debounceMilliseconds),
                                                    binLookupTimeout: .seconds(3))
            return RawDataManager(configuration: configuration, catalogue: PlainHarness.catalogue, binService: service,
                                  paymentService: SandboxPaymentService(ledger: ledger, now: { PlainHarness.today }),
                                  clock: clock, now: { PlainHarness.today })
        }
    }

    func frontEnd(settings: CheckoutSettings = PlainHarness.settings, storage: SettingsStorage? = nil) -> PlainFrontEnd {
        var frontEnd = PlainFrontEnd(catalogue: Self.catalogue, settings: settings, makeEngine: makeEngine, nol: nol,
                                     storage: storage, ledger: ledger)
        // The app's countdowns on the manual clock too: a test says exactly how long is left.
        frontEnd.clock = EventClock { [clock] in clock.now.offset }
        return frontEnd
    }

    /// Runs `route` to the end of `answers`; the exit status and the console.
    func run(_ route: Route, _ answers: [ScriptedConsole.Answer], settings: CheckoutSettings = PlainHarness.settings,
             storage: SettingsStorage? = nil, asciiOnly: Bool = false, canHideInput: Bool = false,
             echoesInput: Bool = false, canRewriteLine: Bool = false) async -> (status: Int32, console: ScriptedConsole) {
        let console = ScriptedConsole(answers, asciiOnly: asciiOnly, canHideInput: canHideInput, echoesInput: echoesInput,
                                      canRewriteLine: canRewriteLine)
        let status = await frontEnd(settings: settings, storage: storage).run(route: route, console: console)
        return (status, console)
    }

    /// The settings file of the harness's data directory.
    var settingsFile: URL { SettingsFile.url(in: directory) }

    /// Storage in the harness's data directory, as `checkout` makes it, with `defaults` for Reset
    /// and `note` said at start.
    func storage(defaults: CheckoutSettings = PlainHarness.settings, note: StatusNote? = nil) -> SettingsStorage {
        .saving(in: directory, defaults: defaults, note: note)
    }

    /// What the settings file holds, read as the next start reads it.
    func savedSettings() throws -> SavedSettings? {
        guard let data = try SettingsFile.read(in: directory, limit: SavedSettings.maximumSize) else { return nil }
        return try SavedSettings(json: String(decoding: data, as: UTF8.self))
    }

    /// The payments in the ledger.
    var payments: [LedgerEntry] { (try? ledger.entries()) ?? [] }
}

struct BadSettings: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// A BIN service that never answers: only the engine's lookup timeout ends the wait.
struct HangingBinService: BinDataService {
    func lookup(bin: String) async throws -> BinAnswer? {
        try await Task.sleep(for: .seconds(86_400))
        return nil
    }
}

/// Every byte is printable text: printable ASCII, a newline, or UTF-8 of a printable character;
/// never ESC, CR, backspace, another control character, a format character (bidi overrides) or
/// invalid UTF-8. Returns the first offending position and why, or nil.
func firstUnprintable(_ text: String, asciiOnly: Bool = false) -> String? {
    let bytes = Array(text.utf8)
    guard let decoded = String(validating: bytes, as: UTF8.self) else { return "not valid UTF-8" }
    for (offset, scalar) in decoded.unicodeScalars.enumerated() {
        if scalar == "\n" { continue }
        if scalar.value < 0x20 || scalar.value == 0x7F { return "control U+\(String(scalar.value, radix: 16)) at scalar \(offset)" }
        if asciiOnly, !scalar.isASCII { return "non-ASCII U+\(String(scalar.value, radix: 16)) at scalar \(offset)" }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate, .privateUse:
            return "unprintable U+\(String(scalar.value, radix: 16)) at scalar \(offset)"
        default: continue
        }
    }
    return nil
}

/// Counts up from 1, from any thread.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func next() -> Int { value.add(1, ordering: .relaxed).newValue }
}
