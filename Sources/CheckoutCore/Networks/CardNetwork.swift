/// A card network, identified by the wire value the headless SDKs use (`VISA`, `CARTES_BANCAIRES`…).
///
/// `other` (`OTHER`) stands for a number no network claims. The order of the cases is the catalogue
/// order, which is also the allowed order when a session gives no `orderedAllowedCardNetworks`.
public enum CardNetwork: String, CaseIterable, Sendable, Hashable, Codable {
    case visa = "VISA"
    case mastercard = "MASTERCARD"
    case amex = "AMEX"
    case discover = "DISCOVER"
    case dinersClub = "DINERS_CLUB"
    case jcb = "JCB"
    case unionPay = "UNIONPAY"
    case maestro = "MAESTRO"
    case mir = "MIR"
    case elo = "ELO"
    case hiper = "HIPER"
    case hipercard = "HIPERCARD"
    case cartesBancaires = "CARTES_BANCAIRES"
    case dankort = "DANKORT"
    case bancontact = "BANCONTACT"
    case eftpos = "EFTPOS"
    case interac = "INTERAC"
    case troy = "TROY"
    case rupay = "RUPAY"
    case verve = "VERVE"
    case uatp = "UATP"
    case naranja = "NARANJA"
    case forbrugsforeningen = "FORBRUGSFORENINGEN"
    case other = "OTHER"

    /// Parses a network id leniently: case-insensitive, with the aliases BIN services send
    /// (`DINERS`, `DINERSCLUB`, `CARTESBANCAIRES`, `CB`, `MC`, `AMERICAN_EXPRESS`…). Unknown ids are `nil`.
    public init?(identifier: String) {
        let key: String
        let unseparated: String
        if identifier.utf8.allSatisfy({ $0 < 0x80 }) {
            // Every id a session or a service sends: byte by byte (a String built scalar by scalar
            // cost 14 k instructions an id, 0.4 M of the terminal UI's start for the session's list).
            let bytes = identifier.utf8.map { byte -> UInt8 in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - 0x20
                case UInt8(ascii: " "), UInt8(ascii: "-"): UInt8(ascii: "_")
                default: byte
                }
            }
            key = String(decoding: bytes, as: UTF8.self)
            if let exact = CardNetwork(rawValue: key) { self = exact; return }
            unseparated = String(decoding: bytes.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
        } else {
            // Scalar by scalar, as replacingOccurrences(of:with:) matched them.
            key = String(String.UnicodeScalarView(identifier.uppercased().unicodeScalars.map { $0 == " " || $0 == "-" ? "_" : $0 }))
            if let exact = CardNetwork(rawValue: key) { self = exact; return }
            unseparated = String(String.UnicodeScalarView(key.unicodeScalars.filter { $0 != "_" }))
        }
        switch unseparated {
        case "DINERS", "DINERSCLUB": self = .dinersClub
        case "CARTESBANCAIRES", "CB", "CARTEBANCAIRE": self = .cartesBancaires
        case "MC", "MASTER": self = .mastercard
        case "AMERICANEXPRESS": self = .amex
        case "BCMC": self = .bancontact
        case "CUP", "CHINAUNIONPAY": self = .unionPay
        case "VISAELECTRON", "ELECTRON": self = .visa
        default: return nil
        }
    }

    /// Whether the cardholder may pick this network on a co-badged card (false only for eftpos,
    /// whose routing the merchant decides).
    public var allowsUserSelection: Bool { self != .eftpos }
}

extension CardNetwork: CustomStringConvertible {
    /// The wire id (`CARTES_BANCAIRES`), as `checkout events` writes it.
    public var description: String { rawValue }
}
