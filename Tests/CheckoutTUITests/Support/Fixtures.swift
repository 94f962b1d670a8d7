import CheckoutCore
import CheckoutEngine
import CheckoutTUI
import Foundation
import Synchronization

/// Shared test data: the shipped catalogue, settings, and the engine events a co-badged card brings.
enum Fixtures {
    /// The network catalogue shipped in `Resources/data/networks.json`.
    static let catalogue: NetworkCatalogue = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let data = try! Data(contentsOf: root.appendingPathComponent("Resources/data/networks.json"))
        return try! NetworkCatalogue(json: data)
    }()

    static let settings = CheckoutSettings(allowedNetworks: [.visa, .cartesBancaires, .mastercard], amount: 4999, currency: "EUR")

    /// 15 June 2026, noon UTC: the time on every receipt a test makes.
    static let wallClock: @Sendable () -> Double = { 1_781_524_800 }

    static func model(_ route: Route = .pay, settings: CheckoutSettings = settings, glyphs: GlyphSet = .unicode) -> AppModel {
        var model = AppModel(route: route, catalogue: catalogue, settings: settings, glyphs: glyphs, wallClock: wallClock)
        _ = model.takeCommands()
        return model
    }

    static func network(_ network: CardNetwork, allowed: Bool = true) -> DetectedCardNetwork {
        DetectedCardNetwork(network: network, displayName: catalogue.info(network).displayName, allowed: allowed)
    }

    /// What the engine says about 4000 0025 0000 1001 (Visa + Cartes Bancaires) with Visa preferred.
    static func coBadgedMetadata(number: String = "4000002500001001") -> CheckoutEvent {
        let visa = network(.visa), cb = network(.cartesBancaires)
        let metadata = CardNumberEntryMetadata(
            source: .remote,
            detectedCardNetworks: CardNetworksMetadata(items: [visa, cb], preferred: visa),
            selectableCardNetworks: CardNetworksMetadata(items: [visa, cb], preferred: visa))
        return .didReceiveMetadata(metadata, CardNumberEntryState(cardNumber: number))
    }

    /// `model` (on the card form) with 4000 0025 0000 1001 typed and its chooser shown, in each
    /// focus from the number to Pay, then paid and on the result of `payment`, as named states.
    static func coBadgedCardInEveryFocus(_ model: AppModel, paid payment: Payment, result name: String) -> [(String, AppModel)] {
        var model = model
        var states: [(String, AppModel)] = []
        model.type("4000002500001001")
        _ = model.receive(coBadgedMetadata())
        for field in ["number", "chooser", "expiry", "cvv", "name", "pay"] {
            states.append(("card form on \(field)", model))
            _ = model.press(.tab)
        }
        _ = model.press(.enter)
        _ = model.receive(.checkoutCompleted(payment))
        states.append((name, model))
        return states
    }

    static func payment(network: CardNetwork = .cartesBancaires, status: Payment.Status = .authorized) -> Payment {
        Payment(id: "pay_0001", status: status, amount: 4999, currency: "EUR", network: network,
                firstDigits: "40000025", last4Digits: "1001", declineReason: status == .declined ? "Insufficient funds" : nil)
    }
}

extension AppModel {
    /// Types text one key at a time, collecting the commands.
    @discardableResult
    mutating func type(_ text: String) -> [AppCommand] {
        text.flatMap { character in press(character == " " ? .space : .character(character)) }
    }

    /// The screen at 80x24 as text.
    var screen: String { render(width: 80, height: 24).text }

    /// From the field before the expiry: tabs on and fills the expiry (12/30), the CVV (123) and
    /// the name (Jane Doe), ending with the focus on Pay.
    mutating func fillTheRestOfTheCard() {
        for text in ["1230", "123", "Jane Doe"] {
            _ = press(.tab)
            type(text)
        }
        _ = press(.tab)
    }
}

/// An event clock a test moves by hand, in milliseconds.
final class TestTime: Sendable {
    private let ms = Mutex(0)
    func advance(_ milliseconds: Int) { ms.withLock { $0 += milliseconds } }
    var clock: EventClock { EventClock { [self] in .milliseconds(ms.withLock { $0 }) } }
}
