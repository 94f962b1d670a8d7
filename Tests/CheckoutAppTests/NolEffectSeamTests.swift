import CheckoutStore
import NolPay
import Testing
@testable import CheckoutApp

/// The Nol screens ask the Nol system through the effect seam: a typed call out, a typed answer
/// back to the screen that asked, as the engine's events come back.
@Suite struct NolEffectSeamTests {
    let nol: NolSystem
    let registry: ScreenRegistry

    init() throws {
        nol = try NolSystem.simulated(database: Database(path: ":memory:"), makeCode: { "123456" })
        registry = ScreenRegistry.standard.withNolScreens(nol)
    }

    func model(_ route: Route) -> AppModel {
        AppModel(route: route, catalogue: Fixtures.catalogue, settings: Fixtures.settings, registry: registry)
    }

    @Test func aTapIsATypedCallAndItsAnswerGoesToTheScreenThatAsked() async throws {
        var model = model(.nolLink)
        _ = model.press(.down)
        // The call goes out with the app's other commands, the one way out of the app.
        let requests = model.press(.enter).compactMap(\.transitRequest)
        #expect(requests.map(\.call) == [.tapAndScan(cardNumber: "3084100233")])
        #expect(requests.first?.serial == model.serials.last)
        #expect(model.top?.isBusy == true, "busy until the answer comes")
        #expect(model.takeCommands().isEmpty, "handed out once")
        #expect(model.awaitedTransit == requests, "awaited until it answers")
        let answer = await nol.perform(try #require(requests.first).call)
        _ = model.receive(answer, for: try #require(requests.first).serial)
        #expect(model.top?.isBusy == false)
        #expect(model.awaitedTransit.isEmpty)
        #expect(model.render(width: 80, height: 24).text.contains("▸② Phone"))
        #expect(model.transitCallsMade == 1)
    }

    @Test func anAnswerForAScreenNoLongerShownIsDropped() async throws {
        var model = model(.nolPay)
        model.type("050 123 4567")
        let request = try #require(model.press(.enter).compactMap(\.transitRequest).first)
        #expect(request.call == .linkedCards(mobileNumber: "050 123 4567"))
        let answer = await nol.perform(request.call)
        let before = model.render(width: 80, height: 24).text
        _ = model.receive(answer, for: request.serial + 100)
        #expect(model.render(width: 80, height: 24).text == before, "no screen has that serial: nothing changes")
        #expect(model.top?.isBusy == true)
    }

    @Test func theCodeArrivesInTheSMSInboxAndWithTheAnswer() async throws {
        var model = model(.nolLink)
        _ = model.press(.enter)
        await model.settleTransit()
        model.type("050 123 4567")
        let request = try #require(model.press(.enter).compactMap(\.transitRequest).first)
        guard case .link(.sendCode) = request.call else { Issue.record("expected a sendCode call, got \(request.call)"); return }
        let answer = await nol.perform(request.call)
        #expect(answer.sms?.code == "123456")
        #expect(nol.sms.newest()?.code == "123456")
        _ = model.receive(answer, for: request.serial)
        #expect(model.render(width: 100, height: 30).text.contains("Code  123456"), "the SMS panel shows it")
    }

    /// The screen reads nothing itself: coming on, it asks for the reader's cards and the newest
    /// SMS, and shows what the app read for it.
    @Test func theReaderAndTheSMSInboxAreReadForTheScreen() async throws {
        var model = model(.nolLink)
        _ = model.press(.enter)
        await model.settleTransit()
        model.type("050 123 4567")
        _ = model.press(.enter)
        await model.settleTransit()
        // A second link flow opened now: the SMS already sent is not its own.
        var later = self.model(.nolLink)
        let screen = try #require(later.top as? NolFlowScreen)
        #expect(screen.readerCards.map(\.cardNumber) == (try nol.reader.cardsInRange()).map(\.cardNumber))
        #expect(screen.smsBaseline == nol.sms.newest()?.id)
        #expect(screen.smsBaseline > 0)
        _ = later.press(.enter)
        await later.settleTransit()
        #expect(!later.render(width: 100, height: 30).text.contains("Code  123456"), "the earlier SMS is not shown")

        // Without a Nol system to read, the reader shows no card.
        var unread = ScreenRegistry.standard
        unread.register(.nolLink) { _ in NolFlowScreen(flow: .link, nol: NolTerms(resendCooldown: 30)) }
        let empty = AppModel(route: .nolLink, catalogue: Fixtures.catalogue, settings: Fixtures.settings, registry: unread)
        #expect((empty.top as? NolFlowScreen)?.readerCards.isEmpty == true)
    }
}
