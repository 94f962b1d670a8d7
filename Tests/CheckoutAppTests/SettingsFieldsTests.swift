import CheckoutCore
import CheckoutEngine
import Testing
@testable import CheckoutApp

/// Settings' URL and durations are text fields; the network order moves with Alt-↑/↓.
@MainActor @Suite struct SettingsFieldsTests {
    func settings(_ model: AppModel) -> SettingsScreen { model.top as! SettingsScreen }

    /// The settings screen with the focus on `row`.
    func model(on row: SettingsScreen.Row) -> AppModel {
        var model = Fixtures.model(.settings)
        while settings(model).current != row { _ = model.press(.down) }
        return model
    }

    @Test func typingALatencyOf1500TakesFourKeysAndSaves() {
        var model = model(on: .latency)
        _ = model.press(.ctrl(.character("u")))
        model.type("1500")
        #expect(model.screen.contains("BIN latency         - 1500 ms +"))
        let cursor = model.render().cursor
        #expect(cursor?.column == 26 + 4, "the caret stands after the digits")
        var expected = Fixtures.settings
        expected.binLatencyMilliseconds = 1500
        #expect(model.press(.enter) == [.rebuildEngine(expected, saving: SavedSettings(changesFrom: Fixtures.settings, to: expected))])
    }

    @Test func aValueOutOfRangeSaysSoAtOnceAndIsNotSaved() {
        var model = model(on: .debounce)
        model.type("1")
        #expect(settings(model).debounce.text == "2001")
        #expect(model.screen.contains("✗ Debounce takes a whole number of milliseconds from 0 to 2000"))
        #expect(model.press(.enter).isEmpty)
        #expect(settings(model).current == .debounce)
        #expect(model.top is SettingsScreen)
        _ = model.press(.backspace)
        #expect(!model.screen.contains("✗"))
        _ = model.press(.ctrl(.character("u")))
        #expect(model.press(.enter).isEmpty, "an empty duration is not saved either")
        #expect(model.screen.contains("✗ Debounce takes a whole number"))
    }

    @Test func lettersAreRefusedWithANote() {
        var model = model(on: .latency)
        model.type("1x")
        #expect(settings(model).latency.text == "01")
        #expect(model.screen.contains("· digits only"))
    }

    @Test func plusAndMinusStepToMultiplesOfFiftyWithinTheRange() {
        var model = model(on: .latency)
        _ = model.press(.ctrl(.character("u")))
        model.type("1234")
        _ = model.press(.character("+"))
        #expect(settings(model).latency.text == "1250")
        _ = model.press(.character("-"))
        _ = model.press(.character("-"))
        #expect(settings(model).latency.text == "1150")
        _ = model.press(.ctrl(.character("u")))
        model.type("99999")
        _ = model.press(.character("-"))
        #expect(settings(model).latency.text == "4950", "from out of range, the step starts at the top")
        for _ in 0..<5 { _ = model.press(.character("+")) }
        #expect(settings(model).latency.text == "5000")
        // ↑ and ↓ still move between rows.
        _ = model.press(.down)
        #expect(settings(model).current == .debounce)
    }

    @Test func clickingTheArrowsAndTheDigitsOfADuration() {
        var model = model(on: .latency)
        model.click("- 0 ms +", offset: 7)
        #expect(settings(model).latency.text == "50")
        model.click("Debounce")
        model.click("- 200 ms +", offset: 3)
        #expect(settings(model).current == .debounce)
        #expect(settings(model).debounce.caret == 1, "the caret lands before the clicked digit")
        model.type("5")
        #expect(settings(model).debounce.text == "2500")
    }

    @Test func altUpAndDownMoveANetworkThroughTheOrder() {
        var model = model(on: .network(.cartesBancaires))
        _ = model.press(.alt(.up))
        #expect(Array(settings(model).networkOrder.prefix(3)) == [.cartesBancaires, .visa, .mastercard])
        #expect(settings(model).current == .network(.cartesBancaires), "the focus moves with the network")
        _ = model.press(.alt(.down))
        _ = model.press(.alt(.down))
        #expect(Array(settings(model).networkOrder.prefix(3)) == [.visa, .mastercard, .cartesBancaires])
        // ← and → keep working.
        _ = model.press(.left)
        #expect(Array(settings(model).networkOrder.prefix(3)) == [.visa, .cartesBancaires, .mastercard])
        _ = model.press(.space)
        var expected = Fixtures.settings
        expected.allowedNetworks = [.visa, .mastercard]
        #expect(model.press(.enter) == [.rebuildEngine(expected, saving: SavedSettings(changesFrom: Fixtures.settings, to: expected))])
    }

    @Test func theMouseSwitchSavesWithTheRest() {
        var model = model(on: .mouse)
        _ = model.press(.space)
        #expect(model.screen.contains("Mouse               ◀ off ▶"))
        #expect(model.screen.contains("Off leaves the mouse to the terminal"))
        var expected = Fixtures.settings
        expected.mouse = false
        #expect(model.press(.enter) == [.rebuildEngine(expected, saving: SavedSettings(changesFrom: Fixtures.settings, to: expected))])
        #expect(model.context.settings.mouse == false)
    }

    @Test func theURLRowComesAndGoesWithTheURLSource() {
        var model = Fixtures.model(.settings)
        #expect(!model.screen.contains("Service URL"))
        _ = model.press(.right)
        _ = model.press(.right)
        #expect(model.screen.contains("BIN source          ◀ HTTP service ▶"))
        #expect(model.screen.contains("Service URL         http://host/…"))
        _ = model.press(.down)
        model.type("http://bins.example")
        _ = model.press(.up)
        _ = model.press(.right)
        #expect(!model.screen.contains("Service URL"))
        _ = model.press(.left)
        #expect(model.screen.contains("Service URL         http://bins.example"), "what was typed is kept")
    }
}
