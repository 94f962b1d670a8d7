// `PrimerSDK.`-qualified names: SDK code names its types through its module now and then
// (`PrimerSDK.PrimerValidationStatus`, `PrimerSDK.PrimerCollectableData` in the Debug App's Nol Pay
// screen, to tell them from another module's). Here the module is PrimerHeadlessCompat, so this
// namespace gives each SDK name this module has the same meaning under `PrimerSDK.`. Only the SDK's
// names: this module's own additions (`NolPaySimulator`, `PrimerImage`, `start(withEngine:)`…) are not in it.

/// The SDK's module name, as a namespace of the SDK names this module has.
public enum PrimerSDK {
    /// The SDK version whose names and signatures these are (primer-sdk-ios `Sources/PrimerSDK/Classes/version.swift`).
    public static let version = "2.51.1"

    public typealias CardNetwork = PrimerHeadlessCompat.CardNetwork
    public typealias NolPayLinkCardComponent = PrimerHeadlessCompat.NolPayLinkCardComponent
    public typealias NolPayLinkCardStep = PrimerHeadlessCompat.NolPayLinkCardStep
    public typealias NolPayLinkCollectableData = PrimerHeadlessCompat.NolPayLinkCollectableData
    public typealias NolPayLinkedCardsComponent = PrimerHeadlessCompat.NolPayLinkedCardsComponent
    public typealias NolPayPaymentCollectableData = PrimerHeadlessCompat.NolPayPaymentCollectableData
    public typealias NolPayPaymentComponent = PrimerHeadlessCompat.NolPayPaymentComponent
    public typealias NolPayPaymentStep = PrimerHeadlessCompat.NolPayPaymentStep
    public typealias NolPayUnlinkCardComponent = PrimerHeadlessCompat.NolPayUnlinkCardComponent
    public typealias NolPayUnlinkCollectableData = PrimerHeadlessCompat.NolPayUnlinkCollectableData
    public typealias NolPayUnlinkDataStep = PrimerHeadlessCompat.NolPayUnlinkDataStep
    public typealias PaymentInstrumentType = PrimerHeadlessCompat.PaymentInstrumentType
    public typealias PrimerApiVersion = PrimerHeadlessCompat.PrimerApiVersion
    public typealias PrimerBancontactCardData = PrimerHeadlessCompat.PrimerBancontactCardData
    public typealias PrimerBinData = PrimerHeadlessCompat.PrimerBinData
    public typealias PrimerBinDataStatus = PrimerHeadlessCompat.PrimerBinDataStatus
    public typealias PrimerCardData = PrimerHeadlessCompat.PrimerCardData
    public typealias PrimerCardNetwork = PrimerHeadlessCompat.PrimerCardNetwork
    public typealias PrimerCardNetworkAsset = PrimerHeadlessCompat.PrimerCardNetworkAsset
    public typealias PrimerCardNetworksMetadata = PrimerHeadlessCompat.PrimerCardNetworksMetadata
    public typealias PrimerCardNumberEntryMetadata = PrimerHeadlessCompat.PrimerCardNumberEntryMetadata
    public typealias PrimerCardNumberEntryState = PrimerHeadlessCompat.PrimerCardNumberEntryState
    public typealias PrimerCardValidationSource = PrimerHeadlessCompat.PrimerCardValidationSource
    public typealias PrimerCheckoutAdditionalInfo = PrimerHeadlessCompat.PrimerCheckoutAdditionalInfo
    public typealias PrimerCheckoutData = PrimerHeadlessCompat.PrimerCheckoutData
    public typealias PrimerCheckoutDataPayment = PrimerHeadlessCompat.PrimerCheckoutDataPayment
    public typealias PrimerCheckoutPaymentMethodData = PrimerHeadlessCompat.PrimerCheckoutPaymentMethodData
    public typealias PrimerCheckoutPaymentMethodType = PrimerHeadlessCompat.PrimerCheckoutPaymentMethodType
    public typealias PrimerClientSession = PrimerHeadlessCompat.PrimerClientSession
    public typealias PrimerCollectableData = PrimerHeadlessCompat.PrimerCollectableData
    public typealias PrimerError = PrimerHeadlessCompat.PrimerError
    public typealias PrimerHeadlessErrorableDelegate = PrimerHeadlessCompat.PrimerHeadlessErrorableDelegate
    public typealias PrimerHeadlessSteppableDelegate = PrimerHeadlessCompat.PrimerHeadlessSteppableDelegate
    public typealias PrimerHeadlessStep = PrimerHeadlessCompat.PrimerHeadlessStep
    public typealias PrimerHeadlessUniversalCheckout = PrimerHeadlessCompat.PrimerHeadlessUniversalCheckout
    public typealias PrimerHeadlessUniversalCheckoutDelegate = PrimerHeadlessCompat.PrimerHeadlessUniversalCheckoutDelegate
    public typealias PrimerHeadlessUniversalCheckoutRawDataManagerDelegate = PrimerHeadlessCompat.PrimerHeadlessUniversalCheckoutRawDataManagerDelegate
    public typealias PrimerHeadlessUniversalCheckoutResumeDecision = PrimerHeadlessCompat.PrimerHeadlessUniversalCheckoutResumeDecision
    public typealias PrimerHeadlessUniversalCheckoutUIDelegate = PrimerHeadlessCompat.PrimerHeadlessUniversalCheckoutUIDelegate
    public typealias PrimerHeadlessValidatableDelegate = PrimerHeadlessCompat.PrimerHeadlessValidatableDelegate
    public typealias PrimerInputElementType = PrimerHeadlessCompat.PrimerInputElementType
    public typealias PrimerNolPaymentCard = PrimerHeadlessCompat.PrimerNolPaymentCard
    public typealias PrimerPaymentCreationDecision = PrimerHeadlessCompat.PrimerPaymentCreationDecision
    public typealias PrimerPaymentErrorCode = PrimerHeadlessCompat.PrimerPaymentErrorCode
    public typealias PrimerPaymentHandling = PrimerHeadlessCompat.PrimerPaymentHandling
    public typealias PrimerPaymentMethodAsset = PrimerHeadlessCompat.PrimerPaymentMethodAsset
    public typealias PrimerPaymentMethodBackgroundColor = PrimerHeadlessCompat.PrimerPaymentMethodBackgroundColor
    public typealias PrimerPaymentMethodLogo = PrimerHeadlessCompat.PrimerPaymentMethodLogo
    public typealias PrimerPaymentMethodMetadata = PrimerHeadlessCompat.PrimerPaymentMethodMetadata
    public typealias PrimerPaymentMethodTokenData = PrimerHeadlessCompat.PrimerPaymentMethodTokenData
    public typealias PrimerRawData = PrimerHeadlessCompat.PrimerRawData
    public typealias PrimerSessionIntent = PrimerHeadlessCompat.PrimerSessionIntent
    public typealias PrimerSettings = PrimerHeadlessCompat.PrimerSettings
    public typealias PrimerValidationError = PrimerHeadlessCompat.PrimerValidationError
    public typealias PrimerValidationState = PrimerHeadlessCompat.PrimerValidationState
    public typealias PrimerValidationStatus = PrimerHeadlessCompat.PrimerValidationStatus
    public typealias TokenType = PrimerHeadlessCompat.TokenType
}
