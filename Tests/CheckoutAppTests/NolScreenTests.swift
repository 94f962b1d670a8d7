import CheckoutStore
import CheckoutTestSupport
import Foundation
import NolPay
import Testing
@testable import CheckoutApp

/// The Nol Pay wizard screens, driven by keys through the app model over an in-memory simulated
/// Transit system whose SMS always carries 123456, on a wall clock that moves only when `clock` does.
@Suite struct NolScreenTests {
    let registry: ScreenRegistry
    let store: NolBackendStore
    let clock = ManualClock()

    init() throws {
        let database = try Database(path: ":memory:")
        store = try NolBackendStore(database: database)
        let start = Date()
        let nol = try NolSystem.simulated(database: database,
                                          now: { [clock] in start.addingTimeInterval(Double(clock.now.offset.components.seconds)) },
                                          makeCode: { "123456" })
        registry = ScreenRegistry.standard.withNolScreens(nol)
    }

    func model(_ route: Route, glyphs: GlyphSet = .unicode) -> AppModel {
        // The app's clock is the Nol system's: the new-code countdown runs on it.
        var model = AppModel(route: route, catalogue: Fixtures.catalogue, settings: Fixtures.settings, registry: registry, glyphs: glyphs,
                             clock: EventClock { [clock] in clock.now.offset })
        // These tests are about the wizards' own layout at every width; the event panel beside
        // them at 120 columns is tested in EventPanelTests and in the demo's snapshots.
        model.eventPanelHidden = true
        return model
    }

    /// `route` opened with `phone` typed and submitted, once the Nol system has answered.
    func model(_ route: Route, phone: String, glyphs: GlyphSet = .unicode) async -> AppModel {
        var model = model(route, glyphs: glyphs)
        model.type(phone)
        _ = model.press(.enter)
        await settle(&model)
        return model
    }

    /// Lets the Transit calls the screens asked for answer, hands the answers over, and ticks once.
    func settle(_ model: inout AppModel) async {
        await model.settleTransit()
        _ = model.tick()
    }

    @Test func linksACardReadingTheCodeFromTheSMSPanel() async throws {
        var model = model(.nolLink)
        checkAllSizes(model, "nol-link-scan")
        _ = model.press(.down)
        _ = model.press(.enter)
        await settle(&model)
        #expect(model.render(width: 80, height: 24).text.contains("▸② Phone"), "the current step reads without colour")
        model.type("050 123")
        _ = model.press(.enter)
        let invalid = model.render(width: 80, height: 24).text
        #expect(invalid.contains("Phone number is not valid."))
        model.type(" 4567")
        #expect(!model.render(width: 80, height: 24).text.contains("Phone number is not valid."))
        _ = model.press(.enter)
        await settle(&model)
        let codeScreen = model.render(width: 80, height: 24).text
        assertSnapshot(codeScreen, named: "nol-link-code-80x24")
        checkAllSizes(model, "nol-link-code")
        #expect(codeScreen.contains("Code  123456"))
        model.type("123456")
        _ = model.press(.enter)
        await settle(&model)
        let linked = model.render(width: 80, height: 24).text
        checkAllSizes(model, "nol-link-linked")
        #expect(linked.contains("✓ Card linked"))
        #expect(try store.links().map(\.cardNumber) == ["3084100233"])
    }

    @Test func aLongCardLabelWrapsClearOfTheSMSPanel() async throws {
        let lines = await link(readerIndex: 0).render(width: 80, height: 24).lines
        let cardLine = try #require(lines.firstIndex { $0.contains("Silver card") })
        #expect(lines[cardLine].contains("Card          Silver card - daily commute"), "the label is whole: \(lines[cardLine])")
        #expect(lines[cardLine + 1].contains("              •••• 0125"), "the last four on the next line: \(lines[cardLine + 1])")
        for line in lines where line.contains("│") { #expect(line.filter { $0 == "│" }.count == 2, "panel border intact: \(line)") }
    }

    @Test func aBlockedCardShowsWhatToDoNext() async throws {
        var model = model(.nolLink)
        for _ in 0..<4 { _ = model.press(.down) }
        _ = model.press(.enter)
        await settle(&model)
        let screen = model.render(width: 80, height: 24).text
        #expect(screen.contains("✗ This Nol card is blocked."))
        #expect(screen.contains("→ Use another card"))
        #expect(screen.contains("▸① Scan card"))
    }

    /// A link flow on the code step: the demo card at `index` of the reader list (the Gold card
    /// by default) scanned, and 050 123 4567 given.
    func linkOnTheCodeStep(readerIndex index: Int = 1, glyphs: GlyphSet = .unicode) async -> AppModel {
        var link = model(.nolLink, glyphs: glyphs)
        for _ in 0..<index { _ = link.press(.down) }
        _ = link.press(.enter)
        await settle(&link)
        link.type("0501234567")
        _ = link.press(.enter)
        await settle(&link)
        return link
    }

    /// Links the demo card at `index` of the reader list to 050 123 4567; returns the screen it ends on.
    @discardableResult
    func link(readerIndex index: Int) async -> AppModel {
        var link = await linkOnTheCodeStep(readerIndex: index)
        link.type("123456")
        _ = link.press(.enter)
        await settle(&link)
        return link
    }

    /// Every size the snapshots cover, with a check that the body stays between the title bar and
    /// the footer and the SMS panel's right border is never overwritten.
    func checkAllSizes(_ model: AppModel, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for (width, height) in [(80, 24), (60, 20), (120, 40)] {
            let lines = model.render(width: width, height: height).lines
            assertSnapshot(lines.joined(separator: "\n").replacingOccurrences(of: #"nol_[0-9a-f]+"#, with: "nol_…", options: .regularExpression),
                           named: "\(name)-\(width)x\(height)", sourceLocation: sourceLocation)
            #expect(lines.first?.hasSuffix("TerminalCheckout") == true, sourceLocation: sourceLocation)
            #expect(Fixtures.endsWithGlobalKeys(lines.last ?? ""), "footer at \(width)x\(height)", sourceLocation: sourceLocation)
            for line in lines where line.contains("│") {
                #expect(line.filter { $0 == "│" }.count == 2, "SMS panel border intact at \(width)x\(height): \(line)",
                        sourceLocation: sourceLocation)
            }
        }
    }

    @Test func listsPaysAndUnlinks() async throws {
        await link(readerIndex: 0)

        let cards = await model(.nolCards, phone: "+971 50 123 4567")
        let list = cards.render(width: 80, height: 24).text
        checkAllSizes(cards, "nol-cards")
        #expect(list.contains("•••• 0125"))
        #expect(!list.contains("3084100125"))

        var pay = model(.nolPay)
        checkAllSizes(pay, "nol-pay-phone")
        pay.type("050 123 4567")
        _ = pay.press(.enter)
        await settle(&pay)
        let chooser = pay.render(width: 80, height: 24).text
        checkAllSizes(pay, "nol-pay-choose")
        #expect(chooser.contains("▸② Card"))
        #expect(chooser.contains("▸ Silver card - daily commute"))
        #expect(!chooser.contains("3084100125"), "the chooser shows the last four only")
        _ = pay.press(.enter)
        await settle(&pay)
        let paid = pay.render(width: 80, height: 24).text
        checkAllSizes(pay, "nol-pay-result")
        #expect(paid.contains("AED 142.50"))

        var unlink = await model(.nolUnlink, phone: "0501234567")
        _ = unlink.press(.enter)
        await settle(&unlink)
        checkAllSizes(unlink, "nol-unlink-code")
        #expect(unlink.render(width: 60, height: 20).text.contains("SMS: 123456 from Nol Pay"), "the code shows without the panel")
        unlink.type("123456")
        _ = unlink.press(.enter)
        await settle(&unlink)
        #expect(unlink.render(width: 80, height: 24).text.contains("✓ Card unlinked"))
        #expect(try store.links().isEmpty)
    }

    @Test func choosingWithArrowsPaysWithTheChosenCard() async throws {
        await link(readerIndex: 0)
        await link(readerIndex: 1)
        var pay = await model(.nolPay, phone: "0501234567")
        _ = pay.press(.down)
        let chooser = pay.render(width: 80, height: 24).text
        #expect(chooser.contains("▸ Gold card - first class"))
        _ = pay.press(.enter)
        await settle(&pay)
        let paid = pay.render(width: 80, height: 24).text
        #expect(paid.contains("Nol •••• 0233"), "\(paid)")
        #expect(paid.contains("AED 35.00"))
    }

    @Test func aCardNumberCanStillBeTyped() async throws {
        await link(readerIndex: 0)
        var pay = await model(.nolPay, phone: "0501234567")
        _ = pay.press(.up)
        #expect(pay.render(width: 80, height: 24).text.contains("▸ Type a card number…"))
        _ = pay.press(.enter)
        pay.type("30841x")
        #expect(pay.render(width: 80, height: 24).text.contains("· digits only"))
        pay.type("00125")
        #expect(pay.render(width: 80, height: 24).text.contains("Nol card        3084100125"))
        _ = pay.press(.escape)
        #expect(pay.render(width: 80, height: 24).text.contains("▸ Type a card number…"), "esc goes back to the list")
        _ = pay.press(.enter)
        _ = pay.press(.enter)
        await settle(&pay)
        #expect(pay.render(width: 80, height: 24).text.contains("✓ Payment authorized"))
    }

    @Test func aLongTransitErrorShowsWholeAt60Columns() async throws {
        await link(readerIndex: 0)
        var pay = await model(.nolPay, phone: "0501234567")
        _ = pay.press(.up)
        _ = pay.press(.enter)
        pay.type("3084100233")
        _ = pay.press(.enter)
        await settle(&pay)
        let lines = pay.render(width: 60, height: 20).lines
        let first = try #require(lines.firstIndex { $0.contains("→ ") }, "\(lines.joined(separator: "\n"))")
        let advice = lines[first...].prefix { !$0.isEmpty }.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(advice == "→ Check the card and the mobile number, or link the card first.")
        #expect(!lines.contains { $0.contains("…") && !$0.contains("Type a card number") }, "nothing is cut")
        #expect(lines.contains { $0.contains("✗ This card is not linked to +971 50 123 4567.") })
        #expect(Fixtures.endsWithGlobalKeys(lines.last ?? ""))
    }

    @Test func aNumberWithNoLinkedCardSaysWhereToLinkOne() async throws {
        let unlink = await model(.nolUnlink, phone: "050 765 4321")
        let screen = unlink.render(width: 80, height: 24).text
        #expect(screen.contains("✗ No card is linked to +971 50 765 4321."))
        #expect(screen.contains("→ Link one first, with checkout nol link."), "opened on its own, there is no home menu to send anyone to")
        #expect(!screen.contains("home menu"))
        #expect(screen.contains("▸① Phone"), "the flow stays on the phone step")
        checkAllSizes(unlink, "nol-unlink-no-card")
        // From the home menu, the advice names the menu's item.
        var home = model(.home)
        for _ in 0..<4 { _ = home.press(.down) }
        _ = home.press(.enter)
        #expect(home.top?.title == "Nol Pay · Unlink a card")
        home.type("050 765 4321")
        _ = home.press(.enter)
        await settle(&home)
        #expect(home.render(width: 80, height: 24).text.contains("→ Link one first: home menu › Nol Pay: link a card."))
    }

    @Test func theCodeTakesSixDigitsAndThePhoneOnlyPhoneCharacters() async throws {
        var model = model(.nolLink)
        _ = model.press(.enter)
        await settle(&model)
        model.type("+971 (50) 123-4567 ext")
        let phone = model.render(width: 80, height: 24).text
        #expect(phone.contains("Mobile number   +971 (50) 123-4567"))
        #expect(phone.contains("· digits, spaces, + - ( ) only"))
        _ = model.press(.enter)
        await settle(&model)
        model.type("12ab")
        #expect(model.render(width: 80, height: 24).text.contains("· digits only"))
        model.type("345678")
        let code = model.render(width: 80, height: 24).text
        #expect(code.contains("Code            123456"))
        #expect(!code.contains("digits only"), "the hint goes with the next key")
        _ = model.paste("٦٥٤")
        #expect(model.render(width: 80, height: 24).text.contains("Code            123456"), "a full code takes no more")
    }

    @Test func nolEventsGoToTheEventLogNewestLast() async throws {
        var model = model(.nolLink)
        _ = model.press(.enter)
        await settle(&model)
        model.type("050 123")
        _ = model.press(.enter)
        model.type(" 4567")
        _ = model.press(.enter)
        await settle(&model)
        let entries = model.context.eventLog.entries.map { "\($0.name) \($0.summary)" }
        #expect(entries == [
            "nolTap card •••• 0125 held to the reader",
            "nolStep collectPhoneData •••• 0125",
            "nolValidation invalid: invalid-phone-number",
            "nolValidation valid",
            "nolSMS to +971 50 123 4567 (code sent)",
            "nolStep collectOtpData +971 50 123 4567",
        ])
        _ = model.press(.function(2))
        let log = model.render(width: 80, height: 24).text
        #expect(log.contains("nolSMS to +971 50 123 4567 (code sent)"))
        #expect(log.range(of: #"\b123456\b"#, options: .regularExpression) == nil, "the code stays in the SMS panel")
    }
}
