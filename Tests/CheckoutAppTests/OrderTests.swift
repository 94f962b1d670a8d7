import CheckoutCore
import CheckoutEngine
import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutApp

/// The order around the card: the session's merchant and line items above the form where there
/// is room, whole on F1, and on the receipt.
@MainActor @Suite struct OrderTests {
    /// `examples/session-basket.json`: Corner Bakery, three lines, €17.60.
    static let basket: CheckoutSettings = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try! String(contentsOf: root.appendingPathComponent("examples/session-basket.json"), encoding: .utf8)
        return CheckoutSettings(session: try! ClientSession.read(json: text).session)
    }()

    @Test("the summary: who, what and how much, in one line or item by item")
    func summary() {
        let unicode = Fixtures.model(settings: Self.basket).context
        let summary = OrderSummary(Self.basket.session, context: unicode)
        #expect(summary.headline(context: unicode) == "Corner Bakery · 3 items · €17.60")
        #expect(summary.itemLines == ["2 × Sourdough loaf  €9.00", "1 × Apricot jam  €5.00", "3 × Croissant  €3.60"])
        let ascii = Fixtures.model(settings: SurchargeTests.settings, glyphs: .ascii).context
        let one = OrderSummary(SurchargeTests.settings.session, context: ascii)
        #expect(one.headline(context: ascii) == "Boulangerie Demo | 1 × Weekly bread basket | EUR 49.99")
        #expect(OrderSummary(Fixtures.settings.session, context: unicode).headline(context: unicode) == nil, "a session without them shows what it has")
    }

    @Test("the summary's money is the screen language's: French writes 9,00 €, never English's €9.00")
    func summaryInFrench() {
        var settings = Self.basket
        settings.language = .french
        let french = Fixtures.model(settings: settings).context
        let summary = OrderSummary(settings.session, context: french)
        #expect(summary.itemLines == ["2 × Sourdough loaf  9,00\u{A0}€", "1 × Apricot jam  5,00\u{A0}€", "3 × Croissant  3,60\u{A0}€"])
        #expect(summary.total == "17,60\u{A0}€")
        #expect(summary.headline(context: french) == "Corner Bakery · 3 articles · 17,60\u{A0}€")
    }

    @Test("at 120x40 every item with its amount and the total above the form; at 80x24 and smaller one line")
    func aboveTheForm() {
        let model = Fixtures.model(settings: Self.basket)
        let tall = model.render(width: 120, height: 40).text
        #expect(tall.contains("Corner Bakery · order order-0042"))
        for line in ["2 × Sourdough loaf", "1 × Apricot jam", "3 × Croissant", "Order total"] { #expect(tall.contains(line), "\(line)") }
        #expect(tall.contains("€17.60"))
        for (width, height) in [(80, 24), (60, 20), (50, 17)] {
            let screen = model.render(width: width, height: height).text
            #expect(screen.contains("Corner Bakery · 3 items · €17.60"), "\(width)x\(height)")
            #expect(!screen.contains("Sourdough"), "\(width)x\(height): no room for the items")
            #expect(screen.contains("[ Pay €17.60 ]"), "\(width)x\(height): the form is all there")
            #expect(screen.contains("We accept"), "\(width)x\(height)")
        }
        #expect(!Fixtures.model().screen.contains("items"), "no order, no line")
    }

    @Test("F1 lists the whole order before the keys, with the surcharges")
    func helpListsTheOrder() {
        var model = Fixtures.model(settings: SurchargeTests.settings)
        _ = model.press(.function(1))
        let help = model.screen
        #expect(help.contains("The order"))
        #expect(help.contains("Merchant"))
        #expect(help.contains("Boulangerie Demo"))
        #expect(help.contains("1 × Weekly bread basket €49.99"))
        #expect(help.contains("Order total"))
        #expect(help.contains("Visa +€0.30"))
        #expect(help.contains("Keys on Pay by card"))
    }

    @Test("the receipt of an authorized payment names the merchant, the items, the network and who chose it, the total, the id and the time")
    func receipt() throws {
        var model = Fixtures.model(settings: Self.basket)
        model.type("4000002500001001")
        _ = model.receive(SurchargeTests.answer("4000002500001001", [.visa, .cartesBancaires], settings: Self.basket))
        _ = model.press(.tab)
        _ = model.press(.right)
        model.fillTheRestOfTheCard()
        _ = model.press(.enter)
        let payment = Payment(id: "pay_0042", status: .authorized, amount: 1760, currency: "EUR", network: .visa, firstDigits: "40000025",
                              last4Digits: "1001", networkChosenBy: .cardholder)
        _ = model.receive(.checkoutCompleted(payment))
        let result = try #require(model.top as? ResultScreen)
        let text = try #require(result.receipt(context: model.context)).text(context: model.context)
        #expect(text == """
            Receipt
            Merchant    Corner Bakery
            Order       order-0042
            Items       2 × Sourdough loaf  €9.00
                        1 × Apricot jam  €5.00
                        3 × Croissant  €3.60
            Payment id  pay_0042
            Time        2026-06-15T12:00:00Z
            Status      AUTHORIZED
            Amount      €17.60
            Total       €17.60
            Network     Visa · chosen by you
            Card        •••• 1001

            """)
        #expect(!text.contains("4000002500001001"))
    }
}

/// Keeping the receipt: `s` asks for a file name and saves, `c` copies; the screen says how it went.
@MainActor @Suite struct ReceiptKeyTests {
    func paid() -> AppModel {
        var model = Fixtures.model(settings: OrderTests.basket)
        model.type("4242424242424242")
        model.fillTheRestOfTheCard()
        _ = model.press(.enter)
        _ = model.receive(.checkoutCompleted(Payment(id: "pay_0042", status: .authorized, amount: 1760, currency: "EUR", network: .visa,
                                                    firstDigits: "42424242", last4Digits: "4242")))
        return model
    }

    @Test("s offers a file name, Enter hands the receipt's text to be saved there, and the result says where it went")
    func save() throws {
        var model = paid()
        #expect(model.screen.contains("s save receipt"))
        #expect(model.press(.character("s")).isEmpty)
        #expect(model.screen.contains("Save to receipt-pay_0042.txt"))
        #expect(model.screen.contains("esc cancel"))
        for _ in 0..<"receipt-pay_0042.txt".count { _ = model.press(.backspace) }
        model.type("/tmp/r.txt")
        let commands = model.press(.enter)
        let receipt = try #require((model.top as? ResultScreen)?.receipt(context: model.context))
        #expect(commands == [.export(receipt.text(context: model.context), .file("/tmp/r.txt"))])
        model.exported(StatusNote("Saved to /tmp/r.txt", tone: .success))
        #expect(model.screen.contains("✓ Saved to /tmp/r.txt"))
        _ = model.press(.right)
        #expect(!model.screen.contains("Saved to"), "the note goes with the next key")
    }

    @Test("Esc while naming the file cancels the save, and the next Esc leaves")
    func cancel() {
        var model = paid()
        _ = model.press(.character("s"))
        _ = model.press(.escape)
        #expect(!model.screen.contains("Save to"))
        #expect(model.top is ResultScreen)
        #expect(model.press(.escape) == [.quit(0)])
    }

    @Test("c copies the receipt through the terminal; a refused payment has no receipt to keep")
    func copy() throws {
        var model = paid()
        let receipt = try #require((model.top as? ResultScreen)?.receipt(context: model.context))
        #expect(model.press(.character("c")) == [.export(receipt.text(context: model.context), .clipboard)])
        var refused = Fixtures.model()
        for _ in 0..<4 { _ = refused.press(.tab) }
        _ = refused.press(.enter)
        _ = refused.receive(.checkoutFailed(CheckoutError(errorId: "unsupported-card-type", description: "American Express is not accepted here")))
        #expect(refused.press(.character("c")).isEmpty)
        #expect(!refused.screen.contains("save receipt"))
    }

    @Test("OSC 52 carries the text base64-encoded, to the clipboard selection")
    func osc52() {
        #expect(TextExport.osc52("Receipt\n") == "\u{1b}]52;c;UmVjZWlwdAo=\u{07}")
    }
}
