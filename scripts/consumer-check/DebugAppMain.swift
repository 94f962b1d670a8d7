// The main.swift that scripts/consumer-check.sh builds with the ports of Primer's Debug App screens
// (Tests/PrimerHeadlessCompatTests/DebugApp/*.swift, copied as they are) in a package outside the
// repository: a person at the card screen taps each network of a co-badged card and pays, then
// links, lists, pays with and unlinks a Nol card on the Nol Pay screen. What it prints is compared
// with Docs/library.md ("Primer's Debug App, ported").
import CheckoutEngine
import PrimerHeadlessCompat

/// Polls `condition` every 10 ms, for up to 10 s.
@MainActor func waitUntil(_ what: String, _ condition: () -> Bool) async {
    for _ in 0..<1000 {
        if condition() { return }
        try? await Task.sleep(for: .milliseconds(10))
    }
    fatalError("timed out waiting for \(what)")
}

/// The checkout delegate: how each checkout ended, printed by the driver when it has waited for it.
@MainActor final class Results: PrimerHeadlessUniversalCheckoutDelegate {
    var lines: [String] = []
    var ended: Int { lines.count }
    func primerHeadlessUniversalCheckoutDidCompleteCheckoutWithData(_ data: PrimerCheckoutData) {
        lines.append("  checkout completed: \(data.payment?.status ?? "-")")
    }
    func primerHeadlessUniversalCheckoutDidFail(withError err: Error, checkoutData: PrimerCheckoutData?) {
        lines.append("  checkout failed: \(err)")
    }
}

let results = Results()
PrimerHeadlessUniversalCheckout.current.delegate = results

print("card screen, a Cartes Bancaires / Visa co-badged card:")
for badge in ["Cartes Bancaires", "Visa"] {
    let screen = MerchantHeadlessCheckoutRawDataViewController.instantiate(paymentMethodType: "PAYMENT_CARD")
    screen.viewDidLoad()
    let events = screen.primerRawDataManager!.engine.events()
    screen.cardnumberTextField!.typeEachCharacter(of: "4000002500001001")
    let badges = { screen.cardsStackView.arrangedSubviews.compactMap { $0 as? UIImageView } }
    await waitUntil("the badges") { badges().count == 2 && screen.cardBadgesInteractive }
    screen.expiryDateTextField!.typeEachCharacter(of: "12/30")
    screen.cvvTextField!.typeEachCharacter(of: "123")
    screen.cardholderNameTextField!.typeEachCharacter(of: "Jane Doe")
    await waitUntil("the Pay button") { screen.payButton.isEnabled }
    print("  badges:", badges().compactMap(\.accessibilityIdentifier).sorted().joined(separator: ", "), "- tapped:", badge)
    badges().first { $0.accessibilityIdentifier == badge }!.tap()
    let before = results.ended
    screen.payButton.tap()
    for await event in events {
        if case let .checkoutCompleted(payment) = event {
            print("  charged:", payment.network.rawValue, payment.status.rawValue)
            break
        }
        if case let .checkoutFailed(error) = event {
            print("  not charged:", error)
            break
        }
    }
    await waitUntil("the checkout delegate") { results.ended > before }
    print(results.lines.last!)
}

print("Nol Pay screen:")
let nol = MerchantHeadlessCheckoutNolPayViewController()
nol.viewDidLoad()
var shown = 0
/// Waits for an alert titled `title` after those already printed, then prints the new ones.
@MainActor func alert(_ title: String) async {
    await waitUntil("the alert \(title)") { nol.presented.dropFirst(shown).contains { $0.title == title } }
    for alert in nol.presented.dropFirst(shown) { print("  [\(alert.title)] \(alert.message)") }
    shown = nol.presented.count
}
let phone = "050 123 4567"
nol.startLinkingFlowButtonTapped()
await alert("Linking started")
await NolPaySimulator.putCardOnReader("3084100233")
nol.scanCardButtonTapped()
await alert("Next step")
nol.linkMobileNumberTextField.text = phone
nol.submitPhoneNumberTapped()
await alert("OTP Sent")
nol.otpTextField.text = NolPaySimulator.lastCode(sentTo: phone)
nol.submitLinkOTPTapped()
await alert("Success")
nol.listCardsPhoneNumberTextField.text = phone
nol.getLinkedCards()
await alert("Success")
nol.startPaymentFlowButtonTapped()
nol.didSelectRow(at: 0)
nol.startPaymentPhoneNumberTextField.text = phone
let before = results.ended
nol.submitPaymentPhoneNumberButtonTapped()
await alert("Payment requested")
await waitUntil("the Nol payment's end") { results.ended > before }
print(results.lines.last!)
nol.startUnlinkingFlowButtonTapped()
nol.didSelectRow(at: 0)
nol.unlinkPhoneNumberTextField.text = phone
nol.submitUnlinkPhoneNumberTapped()
await alert("OTP Sent")
nol.unlinkOtpTextField.text = NolPaySimulator.lastCode(sentTo: phone)
nol.submitUnlinkOTPTapped()
await alert("Success")
