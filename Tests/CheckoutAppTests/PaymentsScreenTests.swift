import CheckoutCore
import CheckoutEngine
import CheckoutStore
import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutApp

/// Payments on the home menu: the ledger `checkout payments` lists, newest first, a page at a
/// time, filtered by status, with the chosen payment's receipt.
@MainActor @Suite struct PaymentsScreenTests {
    /// A ledger of `count` payments a minute apart from 15 June 2026, noon UTC: every third declined,
    /// every fifth failed, every fourth with a Visa surcharge, one a Nol payment.
    static func ledger(_ count: Int) throws -> Ledger {
        let ledger = try Ledger(database: Database(path: ":memory:"))
        for index in 0..<count {
            let status = index % 5 == 4 ? "FAILED" : index % 3 == 2 ? "DECLINED" : "AUTHORIZED"
            let nol = index == 1
            try ledger.record(LedgerEntry(
                id: String(format: "pay_%04d", index), createdAt: Date(timeIntervalSince1970: 1_781_524_800 + Double(index) * 60),
                method: nol ? "NOL_PAY" : "CARD", amount: nol ? 750 : 1000 + index, surcharge: index % 4 == 3 ? 30 : 0,
                currency: nol ? "AED" : "EUR", network: nol ? "NOL" : index % 2 == 0 ? "VISA" : "CARTES_BANCAIRES",
                firstDigits: nol ? "" : "40000025", last4: nol ? "0233" : "1001", status: status,
                declineReason: status == "DECLINED" ? "Insufficient funds" : nil, networkChosenBy: index == 28 ? "CARDHOLDER" : nil))
        }
        return ledger
    }

    static func model(_ ledger: Ledger, width: Int = 80, height: Int = 24, glyphs: GlyphSet = .unicode) -> AppModel {
        var model = AppModel(route: .home, catalogue: Fixtures.catalogue, settings: Fixtures.settings,
                             registry: ScreenRegistry.standard.withPaymentsScreen(ledger: ledger), glyphs: glyphs,
                             size: TerminalSize(width: width, height: height), wallClock: Fixtures.wallClock)
        _ = model.takeCommands()
        while (model.top as? HomeMenuScreen).map({ HomeMenuScreen.items[$0.selection] }) != .route(.payments) { _ = model.press(.down) }
        _ = model.press(.enter)
        return model
    }

    func screen(_ model: AppModel) -> PaymentsScreen { model.top as! PaymentsScreen }

    @Test("newest first, a page at a time: ↓ at the foot of a page turns to the next, PgUp back")
    func pages() throws {
        var model = Self.model(try Self.ledger(30))
        let payments = screen(model)
        #expect(payments.total == 30)
        #expect(payments.entries.first?.id == "pay_0029", "newest first")
        #expect(model.screen.contains("Status ◀ All ▶ · 30 payments · page 1 of \(payments.pageCount)"))
        for _ in 0..<payments.pageSize { _ = model.press(.down) }
        #expect(screen(model).page == 1)
        #expect(screen(model).chosen?.id == String(format: "pay_%04d", 29 - payments.pageSize))
        _ = model.press(.pageUp)
        #expect(screen(model).page == 0)
        let seen = try Self.allPages(&model)
        #expect(seen == (0..<30).reversed().map { String(format: "pay_%04d", $0) }, "every payment once, in order")
    }

    /// The ids of every page from the first, by PgDn.
    static func allPages(_ model: inout AppModel) throws -> [String] {
        var ids: [String] = []
        let count = (model.top as! PaymentsScreen).pageCount
        for _ in 0..<count {
            ids += (model.top as! PaymentsScreen).entries.map(\.id)
            _ = model.press(.pageDown)
        }
        return ids
    }

    @Test("← → filter by status; the same rows checkout payments --status gives, and an empty filter says so")
    func filters() throws {
        let ledger = try Self.ledger(30)
        var model = Self.model(ledger)
        _ = model.press(.right)
        #expect(screen(model).filter == .authorized)
        #expect(model.screen.contains("Status ◀ Authorized ▶"))
        let authorized = try Self.allPages(&model)
        #expect(authorized == (try ledger.entries(LedgerQuery(status: "AUTHORIZED")).map(\.id)))
        _ = model.press(.right)
        _ = model.press(.right)
        #expect(screen(model).filter == .failed)
        #expect(screen(model).entries.allSatisfy { $0.status == "FAILED" })
        var empty = Self.model(try Self.ledger(0))
        #expect(empty.screen.contains("No payments yet"))
        _ = empty.press(.left)
        #expect(empty.screen.contains("No payments with an unknown outcome."), "the last filter: asked, never answered")
        _ = empty.press(.left)
        #expect(empty.screen.contains("No failed payments."))
    }

    @Test("the chosen payment's receipt: what the ledger keeps, the card as the result shows it (last four), the decline's reason")
    func receipt() throws {
        var model = Self.model(try Self.ledger(30))
        // pay_0026 is declined, with Visa: the fourth from the top.
        for _ in 0..<3 { _ = model.press(.down) }
        let text = try #require(screen(model).receipt(context: model.context)).text(context: model.context)
        #expect(text == """
            Receipt
            Payment id  pay_0026
            Time        2026-06-15T12:26:00Z
            Status      DECLINED
            Amount      €10.26
            Total       €10.26
            Network     Visa
            Card        •••• 1001
            Reason      Insufficient funds

            """)
        #expect(model.screen.contains("Reason        Insufficient funds"))
        #expect(model.press(.character("c")) == [.export(text, .clipboard)])
        _ = model.press(.character("s"))
        #expect(model.screen.contains("Save to receipt-pay_0026.txt"))
    }

    @Test("who chose the network, where the ledger says someone did")
    func whoChose() throws {
        var model = Self.model(try Self.ledger(30))
        _ = model.press(.down)
        #expect(screen(model).chosen?.id == "pay_0028")
        #expect(try #require(screen(model).receipt(context: model.context)).choice == .chosenByCardholder)
        #expect(model.screen.contains("Network       Visa · chosen by you"), "in the words of the result screen")
    }

    @Test("a Nol payment reads as Nol, in AED, with its last four")
    func nolPayment() throws {
        let model = Self.model(try Self.ledger(2))
        let receipt = try #require(screen(model).receipt(context: model.context))
        let lines = receipt.lines(context: model.context)
        #expect(lines.first { $0.label == .resultNetwork }?.value == "Nol")
        #expect(lines.first { $0.label == .resultCard }?.value == "•••• 0233")
        #expect(model.screen.contains("AED 7.50"))
    }

    @Test("at 50x17, 60x20, 80x24 and 120x40, in Unicode and ASCII")
    func snapshots() throws {
        let ledger = try Self.ledger(30)
        for glyphs in [GlyphSet.unicode, .ascii] {
            for (width, height) in [(50, 17), (60, 20), (80, 24), (120, 40)] {
                var model = Self.model(ledger, width: width, height: height, glyphs: glyphs)
                _ = model.press(.down)
                let prefix = glyphs == .ascii ? "ascii-" : ""
                assertSnapshot(model.render().text, named: "\(prefix)payments-\(width)x\(height)")
            }
        }
    }

    @Test("Esc goes back to the home menu; the home menu lists Payments before Settings")
    func fromTheHomeMenu() throws {
        var model = Self.model(try Self.ledger(3))
        #expect(model.top?.title == "Payments")
        _ = model.press(.escape)
        #expect(model.top is HomeMenuScreen)
        #expect(Fixtures.model(.home).screen.contains("Payments"))
    }
}
