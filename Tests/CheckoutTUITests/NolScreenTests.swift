import CheckoutStore
import CheckoutTestSupport
import Foundation
import NolPay
import Testing
@testable import CheckoutTUI

/// The Nol Pay wizard screens, driven by keys through the app model over an in-memory simulated
/// Transit system whose SMS always carries 123456.
@Suite struct NolScreenTests {
    let registry: ScreenRegistry
    let store: NolBackendStore

    init() throws {
        let database = try Database(path: ":memory:")
        store = try NolBackendStore(database: database)
        let transit = try SimulatedTransit(store: store, demoCards: NolDemoCards.bundled(), makeCode: { "123456" })
        var registry = ScreenRegistry.standard
        for (route, flow) in [(Route.nolLink, NolFlowScreen.Flow.link), (.nolCards, .cards), (.nolPay, .pay), (.nolUnlink, .unlink)] {
            registry.register(route) { _ in NolFlowScreen(flow: flow, worker: NolWorker(transit: transit, amount: 750)) }
        }
        self.registry = registry
    }

    func model(_ route: Route) -> AppModel {
        AppModel(route: route, catalogue: Fixtures.catalogue, settings: Fixtures.settings, registry: registry)
    }

    /// Lets the Transit call of the top screen answer and hands the answer over on a tick.
    func settle(_ model: inout AppModel) async {
        if let screen = model.top as? NolFlowScreen { await screen.worker.waitUntilAnswered() }
        _ = model.tick()
    }

    func type(_ text: String, into model: inout AppModel) {
        for character in text { _ = model.press(character == " " ? .space : .character(character)) }
    }

    @Test func linksACardReadingTheCodeFromTheSMSPanel() async throws {
        var model = model(.nolLink)
        assertSnapshot(model.render(width: 80, height: 24).text, named: "nol-link-scan-80x24")
        _ = model.press(.down)
        _ = model.press(.enter)
        await settle(&model)
        #expect(model.render(width: 80, height: 24).text.contains("② Phone"))
        type("050 123", into: &model)
        _ = model.press(.enter)
        let invalid = model.render(width: 80, height: 24).text
        #expect(invalid.contains("Phone number is not valid."))
        type(" 4567", into: &model)
        #expect(!model.render(width: 80, height: 24).text.contains("Phone number is not valid."))
        _ = model.press(.enter)
        await settle(&model)
        let codeScreen = model.render(width: 80, height: 24).text
        assertSnapshot(codeScreen, named: "nol-link-code-80x24")
        #expect(codeScreen.contains("Code  123456"))
        type("123456", into: &model)
        _ = model.press(.enter)
        await settle(&model)
        let linked = model.render(width: 80, height: 24).text
        assertSnapshot(linked, named: "nol-link-linked-80x24")
        #expect(linked.contains("✓ Card linked"))
        #expect(try store.links().map(\.cardNumber) == ["3084100233"])
    }

    @Test func aLongCardLabelStaysClearOfTheSMSPanel() async throws {
        var model = model(.nolLink)
        _ = model.press(.enter)
        await settle(&model)
        type("050 123 4567", into: &model)
        _ = model.press(.enter)
        await settle(&model)
        type("123456", into: &model)
        _ = model.press(.enter)
        await settle(&model)
        let lines = model.render(width: 80, height: 24).lines
        let cardLine = try #require(lines.first { $0.contains("Silver card") })
        #expect(cardLine.contains("•••• 0125 │"), "the last four stay visible and the panel border intact: \(cardLine)")
    }

    @Test func aBlockedCardShowsWhatToDoNext() async throws {
        var model = model(.nolLink)
        for _ in 0..<4 { _ = model.press(.down) }
        _ = model.press(.enter)
        await settle(&model)
        let screen = model.render(width: 80, height: 24).text
        #expect(screen.contains("✗ This Nol card is blocked."))
        #expect(screen.contains("→ Use another card"))
        #expect(screen.contains("① Scan card"))
    }

    @Test func listsPaysAndUnlinks() async throws {
        var link = model(.nolLink)
        _ = link.press(.enter)
        await settle(&link)
        type("0501234567", into: &link)
        _ = link.press(.enter)
        await settle(&link)
        type("123456", into: &link)
        _ = link.press(.enter)
        await settle(&link)

        var cards = model(.nolCards)
        type("+971 50 123 4567", into: &cards)
        _ = cards.press(.enter)
        await settle(&cards)
        let list = cards.render(width: 80, height: 24).text
        assertSnapshot(list, named: "nol-cards-80x24")
        #expect(list.contains("•••• 0125"))
        #expect(!list.contains("3084100125"))

        var pay = model(.nolPay)
        type("3084100125", into: &pay)
        _ = pay.press(.tab)
        type("0501234567", into: &pay)
        _ = pay.press(.enter)
        await settle(&pay)
        let paid = pay.render(width: 80, height: 24).text
        assertSnapshot(paid.replacingOccurrences(of: #"nol_[0-9a-f]+"#, with: "nol_…", options: .regularExpression), named: "nol-pay-result-80x24")
        #expect(paid.contains("AED 142.50"))

        var unlink = model(.nolUnlink)
        type("3084100125", into: &unlink)
        _ = unlink.press(.tab)
        type("0501234567", into: &unlink)
        _ = unlink.press(.enter)
        await settle(&unlink)
        type("123456", into: &unlink)
        _ = unlink.press(.enter)
        await settle(&unlink)
        #expect(unlink.render(width: 80, height: 24).text.contains("✓ Card unlinked"))
        #expect(try store.links().isEmpty)
    }
}
