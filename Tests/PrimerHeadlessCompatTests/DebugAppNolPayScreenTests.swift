import CheckoutTestSupport
import PrimerHeadlessCompat
import Testing

extension CheckoutSingletonTests {
/// The port of Primer's Debug App Nol Pay screen (DebugApp/MerchantHeadlessCheckoutNolPayViewController.swift)
/// driven as a person with a Nol card and a phone would: link the card (held to the simulated
/// reader, the code read from the simulated SMS), list it, pay with it, unlink it. Everything the
/// person sees is the screen's alerts, which the SDK's steps, validation and errors produced.
@Suite(.serialized) @MainActor struct DebugAppNolPayScreenTests {
    nonisolated static let goldCard = "3084100233"      // Resources/data: the Gold demo card
    nonisolated static let phone = "050 123 4567"

    func waitForAlert(_ screen: MerchantHeadlessCheckoutNolPayViewController, titled title: String, after count: Int,
                      sourceLocation: SourceLocation = #_sourceLocation) async -> UIAlertController? {
        await waitUntil("the alert \(title)", { screen.presented.dropFirst(count).contains { $0.title == title } }, sourceLocation: sourceLocation)
        return screen.presented.dropFirst(count).first { $0.title == title }
    }

    func linkGoldCard(_ screen: MerchantHeadlessCheckoutNolPayViewController) async throws {
        screen.startLinkingFlowButtonTapped()
        await NolPaySimulator.putCardOnReader(Self.goldCard)
        var seen = screen.presented.count
        screen.scanCardButtonTapped()
        let next = await waitForAlert(screen, titled: "Next step", after: seen)
        #expect(next?.message == "Enter phone number and country code, for card number: \(Self.goldCard)")

        seen = screen.presented.count
        screen.linkMobileNumberTextField.text = Self.phone
        screen.submitPhoneNumberTapped()                    // valid: the screen submits it
        let sent = await waitForAlert(screen, titled: "OTP Sent", after: seen)
        #expect(sent?.message.hasPrefix("Check ") == true && sent?.message.hasSuffix(" SMS inbox") == true, "\(String(describing: sent))")

        seen = screen.presented.count
        let code = try #require(NolPaySimulator.lastCode(sentTo: Self.phone))
        screen.otpTextField.text = code
        screen.submitLinkOTPTapped()
        let linked = await waitForAlert(screen, titled: "Success", after: seen)
        #expect(linked?.message == "Card linked successfully! To list it use LIST LINKED CARDS FLOW")
    }

    @Test func linkListPayAndUnlinkAsTheDebugAppDoes() async throws {
        NolPaySimulator.reset()
        let end = DebugAppCardScreenTests.CheckoutEnd()
        PrimerHeadlessUniversalCheckout.current.delegate = end
        let screen = MerchantHeadlessCheckoutNolPayViewController()
        screen.viewDidLoad()
        try await linkGoldCard(screen)

        var seen = screen.presented.count
        screen.listCardsPhoneNumberTextField.text = Self.phone
        screen.getLinkedCards()
        let listed = await waitForAlert(screen, titled: "Success", after: seen)
        #expect(listed?.message == "Fetching of the listed cards done, you have: 1 linked cards")
        #expect(screen.linkedCards.map(\.cardNumber) == [Self.goldCard])

        seen = screen.presented.count
        screen.startPaymentFlowButtonTapped()
        screen.didSelectRow(at: 0)
        screen.startPaymentPhoneNumberTextField.text = Self.phone
        screen.submitPaymentPhoneNumberButtonTapped()
        _ = await waitForAlert(screen, titled: "Payment requested", after: seen)
        await waitUntil { end.ended }
        #expect(end.completed?.payment?.status == "SUCCESS", "\(String(describing: end.failed))")

        seen = screen.presented.count
        screen.startUnlinkingFlowButtonTapped()
        screen.didSelectRow(at: 0)
        screen.unlinkPhoneNumberTextField.text = Self.phone
        screen.submitUnlinkPhoneNumberTapped()
        _ = await waitForAlert(screen, titled: "OTP Sent", after: seen)
        seen = screen.presented.count
        let code = try #require(NolPaySimulator.lastCode(sentTo: Self.phone))
        screen.unlinkOtpTextField.text = code
        screen.submitUnlinkOTPTapped()
        let unlinked = await waitForAlert(screen, titled: "Success", after: seen)
        #expect(unlinked?.message == "Card unlinked successfully!")
        #expect(!screen.presented.contains { $0.title == "Error" || $0.title == "Validation Error" }, "\(screen.presented)")
    }

    @Test func aWrongPhoneAndAWrongCodeAreReportedAsTheSDKReportsThem() async throws {
        NolPaySimulator.reset()
        let screen = MerchantHeadlessCheckoutNolPayViewController()
        screen.viewDidLoad()
        screen.startLinkingFlowButtonTapped()
        await NolPaySimulator.putCardOnReader(Self.goldCard)
        var seen = screen.presented.count
        screen.scanCardButtonTapped()
        _ = await waitForAlert(screen, titled: "Next step", after: seen)

        seen = screen.presented.count
        screen.linkMobileNumberTextField.text = "12"
        screen.submitPhoneNumberTapped()
        let invalid = await waitForAlert(screen, titled: "Validation Error", after: seen)
        #expect(invalid?.message.hasPrefix("[invalid-phone-number] Phone number is not valid.") == true, "\(String(describing: invalid))")

        seen = screen.presented.count
        screen.linkMobileNumberTextField.text = Self.phone
        screen.submitPhoneNumberTapped()
        _ = await waitForAlert(screen, titled: "OTP Sent", after: seen)
        let code = try #require(NolPaySimulator.lastCode(sentTo: Self.phone))
        seen = screen.presented.count
        screen.otpTextField.text = code == "000000" ? "111111" : "000000"
        screen.submitLinkOTPTapped()
        let wrong = await waitForAlert(screen, titled: "Error", after: seen)
        #expect(wrong?.message.hasPrefix("[nol-pay-sdk-error] Nol SDK encountered an error: ") == true, "\(String(describing: wrong))")
    }
}
}  // CheckoutSingletonTests
