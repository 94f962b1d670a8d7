/// The raw card data an integrator hands to the engine (the seed's `PrimerCardData`), as typed.
///
/// `cardNumber` may hold separators (spaces, dashes, dots) and any Unicode decimal digits;
/// `cardNetwork` is the cardholder's choice on a co-badged card, if any.
public struct CardData: Sendable, Equatable, Hashable {
    public var cardNumber: String
    public var expiryDate: String
    public var cvv: String
    public var cardholderName: String
    public var cardNetwork: CardNetwork?

    public init(cardNumber: String = "", expiryDate: String = "", cvv: String = "",
                cardholderName: String = "", cardNetwork: CardNetwork? = nil) {
        self.cardNumber = cardNumber
        self.expiryDate = expiryDate
        self.cvv = cvv
        self.cardholderName = cardholderName
        self.cardNetwork = cardNetwork
    }
}
