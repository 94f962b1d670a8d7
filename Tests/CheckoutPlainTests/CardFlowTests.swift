import CheckoutCore
import CheckoutTestSupport
import CheckoutApp
import Foundation
import Testing
@testable import CheckoutPlain

/// Pay by card in plain mode, in process: scripted answers, the real engine and ledger, a manual clock.
@Suite struct CardFlowTests {
    /// A transcript with its random payment id replaced, to compare as a snapshot.
    static func stable(_ transcript: String) -> String {
        transcript.replacingOccurrences(of: #"pay_[0-9a-f]{20}"#, with: "pay_<id>", options: .regularExpression)
    }

    @Test func plainVisaPayment() async throws {
        let harness = try PlainHarness()
        let (status, console) = await harness.run(.pay, ["4242 4242 4242 4242", "12/30", "123", "Jane Doe", "", "2"])
        let transcript = console.transcript
        #expect(status == 0)
        #expect(transcript.contains("Card network: Visa; asking the BIN service...\nBIN service: Visa.\n"))
        #expect(!transcript.contains("co-badged"))
        #expect(transcript.contains("Card number: •••• 4242\n"))
        #expect(transcript.contains("CVV (3 digits): •••\n"))
        #expect(transcript.contains("Pay €49.99 with Visa, card •••• 4242? [Y/n]: y\n"))
        #expect(transcript.contains("Payment authorized: €49.99 with Visa, card •••• 4242.\nPayment id pay_"))
        #expect(!transcript.contains("4242 4242") && !transcript.contains("4242424242424242") && !transcript.contains("123"))
        let payments = harness.payments
        #expect(payments.count == 1)
        #expect(payments.first?.network == "VISA" && payments.first?.last4 == "4242" && payments.first?.status == "AUTHORIZED")
    }

    @Test func coBadgedCardPaysWithTheNetworkChosen() async throws {
        let harness = try PlainHarness()
        let (status, console) = await harness.run(.pay, ["4000 0025 0000 1001", "2", "1230", "123", "Jane Doe", "y", "2"])
        #expect(status == 0)
        assertSnapshot(Self.stable(console.transcript), named: "card-cobadged")
        #expect(harness.payments.map(\.network) == ["CARTES_BANCAIRES"])
    }

    @Test func aSurchargeIsSaidBesideItsNetworkAndInTheTotal() async throws {
        let harness = try PlainHarness(surcharges: [.visa: 30])
        var settings = PlainHarness.settings
        settings.allowedNetworks = [.cartesBancaires, .visa]
        let (_, console) = await harness.run(.pay, ["4000002500001001", "2", "12/30", "123", "Jane Doe", "y"], settings: settings)
        let transcript = console.transcript
        #expect(transcript.contains("  1) Cartes Bancaires (preferred)\n  2) Visa +€0.30\nChoose 1 or 2 [1]: 2\n"))
        #expect(transcript.contains("Pay €50.29 (€0.30 surcharge included) with Visa, card •••• 1001? [Y/n]: y\n"))
        #expect(transcript.contains("Payment authorized: €50.29 with Visa, card •••• 1001."))
        #expect(harness.payments.map(\.network) == ["VISA"])
    }

    @Test func theNetworkCanBeChosenByName() async throws {
        let harness = try PlainHarness()
        let (_, console) = await harness.run(.pay, ["5555552500001001", "master", "12/30", "123", "Jane Doe", "y"])
        // The merchant's order: Cartes Bancaires comes before Mastercard and is preferred.
        #expect(console.transcript.contains("  1) Cartes Bancaires (preferred)\n  2) Mastercard\nChoose 1 or 2 [1]: master\n"))
        #expect(harness.payments.map(\.network) == ["MASTERCARD"])
    }

    @Test func amexIsRefusedWhenOnlyVisaAndMastercardAreAccepted() async throws {
        let harness = try PlainHarness()
        var settings = PlainHarness.settings
        settings.allowedNetworks = [.visa, .mastercard]
        let (status, console) = await harness.run(.pay, ["378282246310005"], settings: settings)
        let transcript = console.transcript
        #expect(status == 0)
        #expect(transcript.contains("We accept Visa and Mastercard."))
        #expect(transcript.contains("American Express (not accepted)"))
        // The full-screen form's message, then the same question again.
        #expect(transcript.contains("American Express is not accepted here: use another card.\nCard number: \n"))
        #expect(transcript.hasSuffix("Nothing was paid.\nEnd of input: goodbye.\n"))
        #expect(harness.payments.isEmpty)
    }

    @Test func anInvalidExpiryIsAskedAgainAndCorrected() async throws {
        let harness = try PlainHarness()
        let (_, console) = await harness.run(.pay, ["4242424242424242", "13/30", "05/26", "12/30", "123", "Jane Doe", "y", "2"])
        let transcript = console.transcript
        #expect(transcript.contains("Expiry date (MM/YY): 13/30\nExpiry month must be between 01 and 12.\nExpiry date (MM/YY): 05/26\n"
            + "This card has expired: check the expiry date on the card.\nExpiry date (MM/YY): 12/30\nCVV"))
        #expect(harness.payments.count == 1)
    }

    @Test func withTheBinServiceOffLocalRulesDecide() async throws {
        let harness = try PlainHarness()
        var settings = PlainHarness.settings
        settings.binSource = .off
        let (_, console) = await harness.run(.pay, ["4000002500001001", "12/30", "123", "Jane Doe", "y", "2"], settings: settings)
        let transcript = console.transcript
        #expect(transcript.contains("Card number: •••• 1001\nBIN service off: using local rules. Card network: Visa.\nExpiry date"))
        #expect(!transcript.contains("asking the BIN service"))
        #expect(!transcript.contains("co-badged"), "local rules know nothing of Cartes Bancaires: no choice")
        #expect(harness.payments.map(\.network) == ["VISA"])
    }

    /// The session's order opens the conversation: who is paid, each line, the total.
    @Test func theOrderComesFirst() async throws {
        let harness = try PlainHarness()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("examples/session-basket.json"), encoding: .utf8)
        var settings = CheckoutSettings(session: try ClientSession.read(json: text).session)
        settings.debounceMilliseconds = 0
        let (_, console) = await harness.run(.pay, [], settings: settings)
        #expect(console.transcript.contains("""
            Ctrl-D to leave.
            Corner Bakery, order order-0042:
              2 × Sourdough loaf  €9.00
              1 × Apricot jam  €5.00
              3 × Croissant  €3.60
              Order total €17.60
            Pay by card: €17.60.
            """), "\(console.transcript)")
        let (_, plain) = await harness.run(.pay, [])
        #expect(plain.transcript.contains("Ctrl-D to leave.\nPay by card: €49.99."), "a session without an order says what it has")
    }

    /// In French the order's lines and total are written as French writes money, like the terminal.
    @Test func theOrderIsInTheLanguagesMoney() async throws {
        let harness = try PlainHarness()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("examples/session-basket.json"), encoding: .utf8)
        var settings = CheckoutSettings(session: try ClientSession.read(json: text).session)
        settings.debounceMilliseconds = 0
        settings.language = .french
        let transcript = await harness.run(.pay, [], settings: settings).1.transcript
        #expect(transcript.contains("  2 × Sourdough loaf  9,00\u{A0}€\n  1 × Apricot jam  5,00\u{A0}€\n  3 × Croissant  3,60\u{A0}€\n"), "\(transcript)")
        #expect(transcript.contains(" 17,60\u{A0}€\n"))
        #expect(!transcript.contains("€9.00") && !transcript.contains("€17.60"), "no English money in French")
    }

    /// The embedded table has no row for 4111 1111 1111 1111: the service answered, it knows nothing.
    @Test func aCardTheBinTableDoesNotKnowIsNotCalledAnOutage() async throws {
        let harness = try PlainHarness()
        let (_, console) = await harness.run(.pay, ["4111111111111111", "12/30", "123", "Jane Doe", "y", "2"])
        #expect(console.transcript.contains("No BIN data for this card: networks from local rules. Card network: Visa.\nExpiry date"),
                "\(console.transcript)")
        #expect(!console.transcript.contains("unavailable"))
    }

    @Test func aServiceThatNeverAnswersIsGivenUpAfterTheLookupTimeout() async throws {
        let harness = try PlainHarness(hangingService: true)
        let console = ScriptedConsole(["4000002500001001", "12/30", "123", "Jane Doe", "y", "2"])
        let frontEnd = harness.frontEnd()
        let run = Task { await frontEnd.run(route: .pay, console: console) }
        await console.waitFor("asking the BIN service...")
        // The engine's lookup timer is the only sleeper on the clock; nothing answers before it fires.
        while harness.clock.sleeperCount == 0 { await Task.yield() }
        await harness.clock.advance(by: .milliseconds(2999))
        #expect(!console.transcript.contains("BIN service unavailable"))
        await harness.clock.advance(by: .milliseconds(1))
        #expect(await run.value == 0)
        #expect(console.transcript.contains("asking the BIN service...\nBIN service unavailable: using local rules. Card network: Visa.\nExpiry date"))
        #expect(harness.payments.map(\.network) == ["VISA"])
    }

    @Test func questionMarkPrintsTheHelpOfThatQuestion() async throws {
        let harness = try PlainHarness()
        let (_, console) = await harness.run(.pay, ["?", "4242424242424242", "?"])
        let transcript = console.transcript
        #expect(transcript.contains("Card number: ?\nThe long number on the front of the card, 13 to 19 digits; spaces and dashes are fine.\n"))
        #expect(transcript.contains("Accepted networks, in order of preference: Visa, Cartes Bancaires, Mastercard.\n"
            + Conversation.commonHelp + "\nCard number: •••• 4242\n"))
        #expect(transcript.contains("Expiry date (MM/YY): ?\nThe month and year printed on the card: 12/30, 1230, 12/2030 or 12 / 30.\n"
            + Conversation.commonHelp + "\nExpiry date (MM/YY): \n"))
    }

    /// Plain mode takes every expiry spelling the card form takes: the one parser (issue 21).
    @Test(arguments: ExpirySpellings.accepted) func everyExpirySpellingIsTaken(_ spelling: ExpirySpellings.Accepted) async throws {
        let harness = try PlainHarness()
        let (status, console) = await harness.run(.pay, ["4242424242424242", .line(spelling.text), "123", "Jane Doe", "y"])
        let transcript = console.transcript
        #expect(status == 0)
        #expect(!transcript.contains("invalid-expiry-date") && !transcript.contains("Valid expiry date formats"), "\(spelling)")
        #expect(transcript.contains("Pay €49.99 with Visa, card •••• 4242? [Y/n]: y\n"), "\(spelling)")
        #expect(harness.payments.count == 1, "\(spelling)")
    }

    /// Every question of the card flow, input ending there: exit 0, a clean last line, nothing paid.
    @Test(arguments: 0...6) func endOfInputAtEveryQuestionRecordsNothing(answered: Int) async throws {
        let harness = try PlainHarness()
        let script: [ScriptedConsole.Answer] = ["1", "4000002500001001", "2", "12/30", "123", "Jane Doe", "y"]
        let (status, console) = await harness.run(.home, Array(script.prefix(answered)))
        #expect(status == 0)
        #expect(console.transcript.hasSuffix(answered == 0 ? "Choose 1 to 8 [1]: \nEnd of input: goodbye.\n" : ": \nNothing was paid.\nEnd of input: goodbye.\n"))
        #expect(harness.payments.isEmpty)
    }

    @Test func backGoesToThePreviousQuestionKeepingTheAnswers() async throws {
        let harness = try PlainHarness()
        let (_, console) = await harness.run(.pay, ["4000002500001001", "2", "back", "back", "", "", "12/30", "back", "", "123", "Jane Doe", "y"])
        let transcript = console.transcript
        // Back from the expiry to the network, then to the number; Enter keeps each answer.
        #expect(transcript.contains("Expiry date (MM/YY): back\nThis card is co-badged"))
        #expect(transcript.contains("Choose 1 or 2 [2]: back\nCard number [•••• 1001]: •••• 1001\n"))
        #expect(transcript.contains("Expiry date (MM/YY) [12/30]: 12/30\n"))
        #expect(harness.payments.map(\.network) == ["CARTES_BANCAIRES"])
    }

    @Test func backAtTheFirstQuestionAsksBeforeForgettingAnswers() async throws {
        let harness = try PlainHarness()
        let (status, console) = await harness.run(.home, ["1", "back", "1", "4242424242424242", "back", "back", "", "back", "y", "8"])
        let transcript = console.transcript
        #expect(status == 0)
        // Nothing typed yet: back leaves at once, to the home menu.
        #expect(transcript.contains("Card number: back\n\nWhat would you like to do?"))
        #expect(transcript.contains("Leave this payment? What you typed is forgotten. [y/N]: n\nCard number [•••• 4242]: back\n"
            + "Leave this payment? What you typed is forgotten. [y/N]: y\n\nWhat would you like to do?"))
        #expect(transcript.hasSuffix("Choose 1 to 8 [1]: 8\nGoodbye.\n"))
    }

    @Test func aDeclinedPaymentCanBeTriedAgain() async throws {
        let harness = try PlainHarness()
        var settings = PlainHarness.settings
        settings.amount = 10051
        let (_, console) = await harness.run(.pay, ["4242424242424242", "12/30", "123", "Jane Doe", "y", "1", "3"], settings: settings)
        let transcript = console.transcript
        #expect(transcript.contains("Payment declined (insufficient funds): €100.51 with Visa, card •••• 4242."))
        #expect(transcript.contains("What next?\n  1) Try again\n  2) Another card\n  3) Home\n"))
        #expect(harness.payments.map(\.status) == ["DECLINED", "DECLINED"])
    }

    @Test func eftposCoBadgedCardsSayTheNetworkIsChosenForThem() async throws {
        let harness = try PlainHarness()
        var settings = PlainHarness.settings
        settings.allowedNetworks = nil
        let (_, console) = await harness.run(.pay, ["4000050360000001", "12/30", "123", "Jane Doe", "y", "2"], settings: settings)
        #expect(console.transcript.contains("This card is co-badged with eftpos: its network is selected automatically, Visa.\nExpiry date"))
        #expect(harness.payments.map(\.network) == ["VISA"])
    }

    @Test func asciiLocaleGetsAsciiOnly() async throws {
        let harness = try PlainHarness()
        let (_, console) = await harness.run(.pay, ["4000002500001001", "2", "12/30", "123", "Jane Doe", "y", "2"], asciiOnly: true)
        let transcript = console.transcript
        #expect(firstUnprintable(transcript, asciiOnly: true) == nil)
        #expect(transcript.contains("Pay EUR 49.99 with Cartes Bancaires, card **** 1001? [Y/n]: y\n"))
        #expect(transcript.contains("Payment authorized: EUR 49.99 with Cartes Bancaires, card **** 1001."))
    }

    @Test func theSecurityCodeIsTypedHiddenWhereTheConsoleCan() async throws {
        let harness = try PlainHarness()
        var settings = PlainHarness.settings
        settings.allowedNetworks = nil
        let (_, console) = await harness.run(.pay, ["378282246310005", "12/30", "1234", "Jane Doe", "y"], settings: settings,
                                             canHideInput: true)
        #expect(console.hiddenPrompts == ["CID (4 digits; typing is not shown): "])
        #expect(harness.payments.map(\.network) == ["AMEX"])
    }
}

/// Issue 18 ⑤: a card number typed at a question that is not the card number's is neither
/// echoed nor quoted back in full.
@Suite struct PlainCardNumberEchoTests {
    @Test func aCardNumberTypedAtTheMenuIsMaskedInTheEchoAndTheRefusal() async throws {
        let harness = try PlainHarness()
        let (_, console) = await harness.run(.home, ["4000002500001001", "4000 0025 0000 1001", "8"])
        let transcript = console.transcript
        #expect(transcript.contains("There is no choice \"••••••••••••1001\""), "\(transcript)")
        #expect(transcript.contains("There is no choice \"•••• •••• •••• 1001\""), "\(transcript)")
        #expect(!transcript.contains("4000002500001001") && !transcript.contains("4000 0025 0000"), "\(transcript)")
    }
}
