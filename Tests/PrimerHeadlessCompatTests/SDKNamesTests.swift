import PrimerHeadlessCompat
import Testing

/// The SDK names that have no screen of their own to test them: what they answer here.
@MainActor struct SDKNamesTests {
    @Test func primerSDKQualifiedNamesAreTheModulesOwn() {
        let status: PrimerSDK.PrimerValidationStatus = .valid
        let data: PrimerSDK.PrimerCollectableData = NolPayLinkCollectableData.otpData(otpCode: "123456")
        #expect(data is NolPayLinkCollectableData)
        if case .valid = status {} else { Issue.record("\(status)") }
        #expect(PrimerSDK.CardNetwork.cartesBancaires == CardNetwork.cartesBancaires)
        #expect(PrimerSDK.version == "2.51.1")
    }

    @Test func noPaymentMethodHasANativeUIHere() {
        #expect(throws: (any Error).self) { try PrimerHeadlessUniversalCheckout.NativeUIManager(paymentMethodType: "PAYPAL") }
    }

    @Test func assetsAreBadgesOfTheNetworksName() throws {
        #expect(PrimerHeadlessUniversalCheckout.AssetsManager.getCardNetworkAsset(for: .cartesBancaires)?.cardImage?.text == "Cartes Bancaires")
        #expect(PrimerHeadlessUniversalCheckout.AssetsManager.getCardNetworkAsset(cardNetworkString: "VISA")?.cardNetwork == .visa)
        #expect(PrimerHeadlessUniversalCheckout.AssetsManager.getCardNetworkAsset(for: .unknown) == nil)
        #expect(try PrimerHeadlessUniversalCheckout.AssetsManager.getPaymentMethodAsset(for: "PAYMENT_CARD")?.paymentMethodName == "Card")
        #expect(try PrimerHeadlessUniversalCheckout.AssetsManager.getPaymentMethodAsset(for: "PAYPAL") == nil)
    }

    @Test func settingsAndErrorsSpeakAsTheSDK() {
        #expect(PrimerSettings().apiVersion == .V2_4 && PrimerApiVersion.latest.rawValue == "2.4")
        #expect(PrimerSettings(paymentHandling: .manual).paymentHandling == .manual)
        let error = PrimerError.nolError(code: "card-blocked", message: "This Nol card is blocked.", diagnosticsId: "d-1")
        #expect(error.errorId == "nol-pay-sdk-error")
        #expect(error.errorDescription == "[nol-pay-sdk-error] Nol SDK encountered an error: card-blocked, This Nol card is blocked. (diagnosticsId: d-1)")
        #expect(PrimerValidationError.invalidOTPCode(message: "OTP is not valid.", diagnosticsId: "d").errorDescription == "[invalid-otp-code] OTP is not valid.")
        #expect(PrimerSessionIntent.vault.rawValue == "VAULT")
    }
}
