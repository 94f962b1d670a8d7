import CheckoutCore
import CheckoutEngine

/// A card network as the headless SDK names it: its sixteen cases and their wire values.
///
/// Primer iOS SDK 2.51.1, `Modules/PrimerFoundation/Sources/PrimerFoundation/Model/CardNetwork.swift`:
/// `enum CardNetwork: String, Codable, CaseIterable`, cases `amex` … `unionpay`, `unknown = "OTHER"`;
/// `init(cardNumber:)` and `displayName` in `Sources/PrimerSDK/Classes/Data Models/CardNetwork.swift`,
/// as is `init(cardNetworkStr:)` (`DINERS`, `DINERSCLUB` and `CARTESBANCAIRES` accepted, anything
/// else unknown).
///
/// The engine knows more networks than the SDK has cases for (Dankort, Interac, RuPay…): like the
/// SDK, this type calls them `.unknown`, while the ``PrimerCardNetwork`` that carries one keeps its
/// own `displayName` ("Dankort"). Choosing one of those needs the engine's own `CardData`.
public enum CardNetwork: String, Codable, CaseIterable, Sendable {
    case amex = "AMEX"
    case bancontact = "BANCONTACT"
    case cartesBancaires = "CARTES_BANCAIRES"
    case diners = "DINERS_CLUB"
    case discover = "DISCOVER"
    case eftpos = "EFTPOS"
    case elo = "ELO"
    case hiper = "HIPER"
    case hipercard = "HIPERCARD"
    case jcb = "JCB"
    case maestro = "MAESTRO"
    case masterCard = "MASTERCARD"
    case mir = "MIR"
    case visa = "VISA"
    case unionpay = "UNIONPAY"
    case unknown = "OTHER"

    /// The network local rules give the first digits of `cardNumber` (the most specific one);
    /// `.unknown` when none does.
    public init(cardNumber: String) {
        let digits = CardNumberNormalizer.normalize(cardNumber).digits
        let first = (try? Bundled.catalogue())?.candidates(forDigits: digits).first
        self = first.map(CardNetwork.init(engine:)) ?? .unknown
    }

    /// Reads a network id as the SDK does: upper-cased, `DINERS`/`DINERSCLUB` and `CARTESBANCAIRES`
    /// accepted; anything else is `.unknown`.
    public init(cardNetworkStr: String) {
        let value = cardNetworkStr.uppercased()
        switch value {
        case "DINERS", "DINERSCLUB": self = .diners
        case "CARTESBANCAIRES": self = .cartesBancaires
        default: self = CardNetwork(rawValue: value) ?? .unknown
        }
    }

    /// The network's name as the shipped catalogue has it ("Visa", "Diners Club", "eftpos"),
    /// "Unknown" for `.unknown`. (The SDK's own list says "Diners", "EFTPOS", and "Hiper" for
    /// Hipercard; names shown to cardholders follow the catalogue here, as in the terminal program.)
    public var displayName: String {
        guard let engine, let catalogue = try? Bundled.catalogue() else { return "Unknown" }
        return catalogue.info(engine).displayName
    }

    init(engine network: CheckoutCore.CardNetwork) {
        self = CardNetwork(rawValue: network.rawValue) ?? .unknown
    }

    /// The engine's network of the same wire value; nil for `.unknown`.
    var engine: CheckoutCore.CardNetwork? {
        self == .unknown ? nil : CheckoutCore.CardNetwork(rawValue: rawValue)
    }
}
