import CheckoutCore
import Synchronization

// Primer iOS SDK 2.51.1, `Sources/PrimerSDK/Classes/PCI/Checkout Components/PrimerRawData.swift`
// (`public class PrimerRawData` with an internal `onDataDidChange`) and `PrimerCardData.swift`
// (`final class PrimerCardData: PrimerRawData`: `var cardNumber`, `expiryDate`, `cvv: String`,
// `cardholderName: String?`, each of whose changes calls `onDataDidChange`; `var cardNetwork: CardNetwork?`,
// which does not; `init(cardNumber:expiryDate:cvv:cardholderName:cardNetwork: = nil)`).

/// Data a ``PrimerHeadlessUniversalCheckout/RawDataManager`` takes as `rawData`; for cards, a
/// ``PrimerCardData``.
///
/// `@unchecked` because a non-final class cannot be checked for `Sendable`: its only state is
/// behind a lock.
public class PrimerRawData: @unchecked Sendable {
    /// Called after a field changes, by the manager this data was given to.
    let changeObserver = Mutex<(@Sendable () -> Void)?>(nil)

    init() {}

    func dataDidChange() {
        changeObserver.withLock { $0 }?()
    }

    /// The engine's raw data for this value.
    var engineData: CardData { CardData() }
}

/// The card as typed. Changing `cardNumber`, `expiryDate`, `cvv` or `cardholderName` of the data a
/// manager holds applies the change, as setting `rawData` again would; `cardNetwork` (the
/// cardholder's choice) triggers nothing by itself, as in the SDK, and is read by the next change,
/// set or `submit()`: a network chosen on the held data and then paid is the network charged.
///
/// Thread-safe: the fields are behind a lock, so the data may be changed from any thread (hence
/// `Sendable`, restated `@unchecked` as a subclass of ``PrimerRawData`` must).
public final class PrimerCardData: PrimerRawData, @unchecked Sendable, CustomStringConvertible {
    private struct Fields {
        var cardNumber: String
        var expiryDate: String
        var cvv: String
        var cardholderName: String?
        var cardNetwork: CardNetwork?
    }

    private let fields: Mutex<Fields>

    public init(cardNumber: String, expiryDate: String, cvv: String, cardholderName: String?, cardNetwork: CardNetwork? = nil) {
        fields = Mutex(Fields(cardNumber: cardNumber, expiryDate: expiryDate, cvv: cvv, cardholderName: cardholderName, cardNetwork: cardNetwork))
    }

    public var cardNumber: String {
        get { fields.withLock { $0.cardNumber } }
        set { fields.withLock { $0.cardNumber = newValue }; dataDidChange() }
    }

    public var expiryDate: String {
        get { fields.withLock { $0.expiryDate } }
        set { fields.withLock { $0.expiryDate = newValue }; dataDidChange() }
    }

    public var cvv: String {
        get { fields.withLock { $0.cvv } }
        set { fields.withLock { $0.cvv = newValue }; dataDidChange() }
    }

    public var cardholderName: String? {
        get { fields.withLock { $0.cardholderName } }
        set { fields.withLock { $0.cardholderName = newValue }; dataDidChange() }
    }

    public var cardNetwork: CardNetwork? {
        get { fields.withLock { $0.cardNetwork } }
        set { fields.withLock { $0.cardNetwork = newValue } }
    }

    override var engineData: CardData {
        fields.withLock { fields in
            CardData(cardNumber: fields.cardNumber, expiryDate: fields.expiryDate, cvv: fields.cvv,
                     cardholderName: fields.cardholderName ?? "", cardNetwork: fields.cardNetwork?.engine)
        }
    }

    /// The number masked and the CVV as dots, so printing card data never logs them.
    public var description: String { "PrimerCardData(\(engineData))" }
}

// Primer iOS SDK 2.51.1, `Sources/PrimerSDK/Classes/PCI/Checkout Components/PrimerCardRedirectData.swift`:
// `final class PrimerBancontactCardData: PrimerRawData` with `var cardNumber`, `expiryDate`,
// `cardholderName: String` (each change calls `onDataDidChange`) and
// `init(cardNumber:expiryDate:cardholderName:)`; no CVV.

/// A Bancontact card as typed (no CVV), for the SDK's `ADYEN_BANCONTACT_CARD`, which this engine
/// does not offer: a manager is made for `PAYMENT_CARD` only. Given to a card manager, it is card
/// data without a CVV (so not valid).
public final class PrimerBancontactCardData: PrimerRawData, @unchecked Sendable {
    private struct Fields {
        var cardNumber: String
        var expiryDate: String
        var cardholderName: String
    }

    private let fields: Mutex<Fields>

    public init(cardNumber: String, expiryDate: String, cardholderName: String) {
        fields = Mutex(Fields(cardNumber: cardNumber, expiryDate: expiryDate, cardholderName: cardholderName))
    }

    public var cardNumber: String {
        get { fields.withLock { $0.cardNumber } }
        set { fields.withLock { $0.cardNumber = newValue }; dataDidChange() }
    }

    public var expiryDate: String {
        get { fields.withLock { $0.expiryDate } }
        set { fields.withLock { $0.expiryDate = newValue }; dataDidChange() }
    }

    public var cardholderName: String {
        get { fields.withLock { $0.cardholderName } }
        set { fields.withLock { $0.cardholderName = newValue }; dataDidChange() }
    }

    override var engineData: CardData {
        fields.withLock { CardData(cardNumber: $0.cardNumber, expiryDate: $0.expiryDate, cvv: "", cardholderName: $0.cardholderName) }
    }
}
