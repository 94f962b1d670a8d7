import CheckoutCore
import CheckoutEngine
import CheckoutApp
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

    /// Whether a footer line ends with the global keys: F1 and F2 with their plain alternatives
    /// (`F1/?` where no field has the caret, `F2/alt+e`), F2 by its function key only where that
    /// makes room for all the screen's keys, both by their function keys only where the footer is
    /// short, or F1 alone where the screen's own keys need the room.
    static func endsWithGlobalKeys(_ line: String) -> Bool {
        line.hasSuffix(" help  F2/alt+e events") || line.hasSuffix("F1/? help  F2 events") || line.hasSuffix("F1 help  F2 events")
            || line.hasSuffix(" F1 help")
    }

    static let settings = CheckoutSettings(allowedNetworks: [.visa, .cartesBancaires, .mastercard], amount: 4999, currency: "EUR")

    /// The client session of `examples/session-visa-surcharge.json`: Cartes Bancaires first, Visa +€0.30.
    static let surchargedSession: ClientSession = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let text = try! String(contentsOf: root.appendingPathComponent("examples/session-visa-surcharge.json"), encoding: .utf8)
        return try! ClientSession.read(json: text).session
    }()

    /// The day the card-form tests are on: an expiry of 12/30 is valid, 10/26 has passed.
    static let today = Date(timeIntervalSince1970: 1_794_744_000) // 2026-11-15

    /// 15 June 2026, noon UTC: the time on every receipt a test makes.
    static let wallClock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_781_524_800) }

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

    /// From anywhere before the expiry: answers the number's BIN lookup if it is out (Pay waits
    /// for it), fills the expiry (12/30), the CVV (123) and the name (Jane Doe), and ends with the
    /// focus on Pay. Complete fields move the focus on by themselves; Tab does the rest.
    mutating func fillTheRestOfTheCard() {
        answerLookup()
        for (field, text) in [(CardFormScreen.Field.expiry, "1230"), (.cvv, "123"), (.name, "Jane Doe")] {
            focus(field)
            type(text)
        }
        focus(.pay)
    }

    /// Presses Tab until `field` of the card form has focus.
    mutating func focus(_ field: CardFormScreen.Field) {
        for _ in 0..<CardFormScreen.Field.allCases.count {
            guard let form = top as? CardFormScreen, form.focus != field else { return }
            _ = press(.tab)
        }
    }

    /// What an engine says once the BIN lookup of the number on the form is over and the BIN
    /// service knew nothing: the local rules' networks (LOCAL_FALLBACK). Pay waits for an answer
    /// for the number's first 8 digits (``PayHoldReason/networksUnknown(bin:)``); nothing is sent
    /// when one is in.
    @discardableResult
    mutating func answerLookup() -> [AppCommand] {
        guard let form = top as? CardFormScreen,
              form.holdReasons(context: context).contains(where: { if case .networksUnknown = $0 { true } else { false } }) else { return [] }
        let metadata = context.resolver.localMetadata(forDigits: form.digits, source: .localFallback)
        return receive(.didReceiveMetadata(metadata, CardNumberEntryState(cardNumber: form.digits)))
    }
}

extension AppCommand {
    /// Whether this asks the engine to pay, whatever total it names.
    var isSubmit: Bool { if case .submit = self { true } else { false } }
}

/// An event clock a test moves by hand, in milliseconds.
final class TestTime: Sendable {
    private let ms = Mutex(0)
    func advance(_ milliseconds: Int) { ms.withLock { $0 += milliseconds } }
    var clock: EventClock { EventClock { [self] in .milliseconds(ms.withLock { $0 }) } }
}
