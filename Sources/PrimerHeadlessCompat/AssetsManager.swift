import CheckoutCore
import CheckoutEngine

// Primer iOS SDK 2.51.1, `Sources/PrimerSDK/Classes/Core/PrimerHeadlessUniversalCheckout/Managers/AssetsManager.swift`:
// `PrimerHeadlessUniversalCheckout.AssetsManager` with `static getCardNetworkImage(for:) throws -> UIImage?`,
// `getCardNetworkAsset(cardNetworkString:)` and `getCardNetworkAsset(for:) -> PrimerCardNetworkAsset?`,
// `getPaymentMethodAsset(for:) throws -> PrimerPaymentMethodAsset?`; `final class PrimerCardNetworkAsset`
// (`let cardNetwork: CardNetwork`, `let cardImage: UIImage?`). There is no UIKit here: where the SDK
// hands a `UIImage`, this hands a ``PrimerImage``, the badge a terminal draws (the network's name).

/// What stands for an image: a terminal draws a network's badge as its name.
public struct PrimerImage: Sendable, Equatable, CustomStringConvertible {
    /// The text of the badge: "Cartes Bancaires".
    public let text: String

    public init(text: String) {
        self.text = text
    }

    public var description: String { text }
}

extension PrimerHeadlessUniversalCheckout {
    /// The SDK's assets, as a terminal has them: each network's badge is its name.
    public enum AssetsManager {
        public static func getCardNetworkImage(for cardNetwork: CardNetwork) throws -> PrimerImage? {
            getCardNetworkAsset(for: cardNetwork)?.cardImage
        }

        public static func getCardNetworkAsset(cardNetworkString: String?) -> PrimerCardNetworkAsset? {
            guard let cardNetworkString else { return nil }
            return getCardNetworkAsset(for: CardNetwork(cardNetworkStr: cardNetworkString))
        }

        /// The network and its badge; nil for `.unknown`, which has neither (the SDK's asset has no
        /// image for it either).
        public static func getCardNetworkAsset(for cardNetwork: CardNetwork) -> PrimerCardNetworkAsset? {
            guard cardNetwork != .unknown else { return nil }
            return PrimerCardNetworkAsset(cardNetwork: cardNetwork, cardImage: PrimerImage(text: cardNetwork.displayName))
        }

        /// The asset of a payment method this engine offers (`PAYMENT_CARD`): its name, no logo or
        /// colours (a terminal draws neither); nil for any other type, as the SDK answers for a type
        /// the session does not have.
        public static func getPaymentMethodAsset(for paymentMethodType: String) throws -> PrimerPaymentMethodAsset? {
            guard paymentMethodType == PaymentMethod.paymentCard else { return nil }
            return PrimerPaymentMethodAsset(paymentMethodType: paymentMethodType, paymentMethodName: "Card")
        }
    }
}

/// A network and its badge.
public final class PrimerCardNetworkAsset: Sendable {
    public let cardNetwork: CardNetwork
    public let cardImage: PrimerImage?

    init(cardNetwork: CardNetwork, cardImage: PrimerImage?) {
        self.cardNetwork = cardNetwork
        self.cardImage = cardImage
    }
}

/// A payment method's name, logo and colours (SDK: `PrimerPaymentMethodAsset`, `PrimerAsset`,
/// `PrimerPaymentMethodBackgroundColor`); here the logo and colours are empty.
public final class PrimerPaymentMethodAsset: Sendable {
    public let paymentMethodType: String
    public let paymentMethodName: String
    public let paymentMethodLogo: PrimerPaymentMethodLogo
    public let paymentMethodBackgroundColor: PrimerPaymentMethodBackgroundColor

    init(paymentMethodType: String, paymentMethodName: String) {
        self.paymentMethodType = paymentMethodType
        self.paymentMethodName = paymentMethodName
        paymentMethodLogo = PrimerPaymentMethodLogo()
        paymentMethodBackgroundColor = PrimerPaymentMethodBackgroundColor()
    }
}

/// A logo in its three variants; none here.
public final class PrimerPaymentMethodLogo: Sendable {
    public let colored: PrimerImage? = nil
    public let light: PrimerImage? = nil
    public let dark: PrimerImage? = nil
}

/// A background colour in its three variants (as `#RRGGBB`); none here.
public final class PrimerPaymentMethodBackgroundColor: Sendable {
    public let colored: String? = nil
    public let light: String? = nil
    public let dark: String? = nil
}
