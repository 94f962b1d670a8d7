import CheckoutCore
import CheckoutEngine
import CheckoutTestSupport
import Testing
@testable import CheckoutApp

/// The screens of issue 22 at the four sizes people use, 50x17 to 120x40, in Unicode and in ASCII:
/// the form with a long network name, the result and its receipt, the event panel, and the new
/// screens (Payments in PaymentsScreenTests). `RECORD_SNAPSHOTS=1` re-records.
@MainActor @Suite struct SizeSnapshotTests {
    static let sizes = [(50, 17), (60, 20), (80, 24), (120, 40)]

    /// `make` built with each glyph set and snapshotted at each size; the ASCII ones hold nothing else.
    func check(_ name: String, sourceLocation: SourceLocation = #_sourceLocation, _ make: (GlyphSet) -> AppModel) {
        for glyphs in [GlyphSet.unicode, .ascii] {
            let model = make(glyphs)
            for (width, height) in Self.sizes {
                let text = model.render(width: width, height: height).text
                let prefix = glyphs == .ascii ? "ascii-" : ""
                assertSnapshot(text, named: "\(prefix)\(name)-\(width)x\(height)", sourceLocation: sourceLocation)
                if glyphs == .ascii {
                    let foreign = text.unicodeScalars.filter { !$0.isASCII }
                    #expect(foreign.isEmpty, "\(name) \(width)x\(height) in ASCII", sourceLocation: sourceLocation)
                }
            }
        }
    }

    /// A Forbrugsforeningen card (the longest name in the catalogue), not accepted by the session.
    @Test func formWithALongNetworkName() {
        check("sizes-form-long-network") { glyphs in
            var model = Fixtures.model(glyphs: glyphs)
            model.type("60072200")
            return model
        }
    }

    /// The co-badged card with Cartes Bancaires chosen, and a network not accepted beside it.
    @Test func formCoBadgedWithANetworkNotAccepted() {
        check("sizes-form-not-accepted") { glyphs in
            var model = Fixtures.model(glyphs: glyphs)
            model.type("4000002500001001")
            let visa = Fixtures.network(.visa), cb = Fixtures.network(.cartesBancaires), amex = Fixtures.network(.amex, allowed: false)
            let metadata = CardNumberEntryMetadata(source: .remote, detectedCardNetworks: CardNetworksMetadata(items: [cb, visa, amex], preferred: cb),
                                                   selectableCardNetworks: CardNetworksMetadata(items: [cb, visa], preferred: cb))
            _ = model.receive(.didReceiveMetadata(metadata, CardNumberEntryState(cardNumber: "4000002500001001")))
            return model
        }
    }

    /// Paid with Visa chosen over Cartes Bancaires, a surcharge, the basket's order on the receipt.
    @Test func resultWithItsReceipt() {
        check("sizes-result") { glyphs in
            var settings = OrderTests.basket
            settings.clientSession.surcharges = [.visa: 30]
            var model = Fixtures.model(settings: settings, glyphs: glyphs)
            model.type("4000002500001001")
            _ = model.receive(SurchargeTests.answer("4000002500001001", [.visa, .cartesBancaires], settings: settings))
            _ = model.press(.tab)
            _ = model.press(.right)
            model.fillTheRestOfTheCard()
            _ = model.press(.enter)
            // Pay waits for the client session's total with Visa (issue 21's hold): it answers the one shown.
            _ = model.receive(.didUpdateClientSession(AmountDue(network: .visa, amount: 1760, surcharge: 30, currency: "EUR")))
            _ = model.receive(.checkoutCompleted(Payment(id: "pay_0042", status: .authorized, amount: 1760, surcharge: 30, currency: "EUR",
                                                        network: .visa, firstDigits: "40000025", last4Digits: "1001")))
            return model
        }
    }

    /// An eftpos co-badged card paid: the network line, which is long, read whole.
    @Test func resultOfAnEftposCard() {
        check("sizes-result-eftpos") { glyphs in
            var eftpos = SurchargeTests.settings
            eftpos.allowedNetworks = [.eftpos, .visa]
            var model = Fixtures.model(settings: eftpos, glyphs: glyphs)
            model.type("4000050360000001")
            _ = model.receive(SurchargeTests.answer("4000050360000001", [.eftpos, .visa], settings: eftpos))
            model.fillTheRestOfTheCard()
            _ = model.press(.enter)
            _ = model.receive(.didUpdateClientSession(AmountDue(network: .eftpos, amount: 4999, surcharge: 0, currency: "EUR")))
            _ = model.receive(.checkoutCompleted(Payment(id: "pay_0043", status: .authorized, amount: 4999, currency: "EUR", network: .eftpos,
                                                        firstDigits: "40000503", last4Digits: "0001")))
            return model
        }
    }

    /// A payment that failed at the processor: the card, network and amount it was for.
    @Test func failedResultNamesTheCard() {
        check("sizes-result-failed") { glyphs in
            var model = Fixtures.model(glyphs: glyphs)
            model.type("4242424242424242")
            _ = model.receive(CardFormTruthTests.fallback("4242424242424242", .noBinData))
            model.fillTheRestOfTheCard()
            _ = model.press(.enter)
            _ = model.receive(.checkoutFailed(CheckoutError(errorId: "payment-failed", description: "The processor is unavailable.")))
            return model
        }
    }

    /// The receipt's file name asked for.
    @Test func savingTheReceipt() {
        check("sizes-result-save") { glyphs in
            var model = Fixtures.model(glyphs: glyphs)
            model.type("4242424242424242")
            model.fillTheRestOfTheCard()
            _ = model.press(.enter)
            _ = model.receive(.checkoutCompleted(Payment(id: "pay_0044", status: .authorized, amount: 4999, currency: "EUR", network: .visa,
                                                        firstDigits: "42424242", last4Digits: "4242")))
            _ = model.press(.character("s"))
            return model
        }
    }

    /// The card form as the engine's events come: the panel beside it at 120 columns, the form alone below.
    @Test func eventPanel() {
        check("sizes-event-panel") { glyphs in
            let time = TestTime()
            var model = AppModel(route: .pay, catalogue: Fixtures.catalogue, settings: Fixtures.settings, glyphs: glyphs,
                                 size: TerminalSize(width: 120, height: 40), clock: time.clock, wallClock: Fixtures.wallClock)
            _ = model.takeCommands()
            for (index, digit) in "4000002500001001".enumerated() {
                time.advance(125)
                _ = model.press(.character(digit))
                if index == 9 { _ = model.receive(.willFetchMetadata(CardNumberEntryState(cardNumber: "4000002500"))) }
                if index == 10 { _ = model.receive(Fixtures.coBadgedMetadata(number: "40000025000")) }
            }
            return model
        }
    }

    /// The order above the form, and F1 listing it whole.
    @Test func orderAndItsHelp() {
        check("sizes-form-order") { glyphs in Fixtures.model(settings: OrderTests.basket, glyphs: glyphs) }
        check("sizes-help-order") { glyphs in
            var model = Fixtures.model(settings: OrderTests.basket, glyphs: glyphs)
            _ = model.press(.function(1))
            return model
        }
    }
}
