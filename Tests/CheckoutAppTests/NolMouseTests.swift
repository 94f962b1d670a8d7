import CheckoutStore
import Testing
@testable import CheckoutApp

/// Clicks and the wheel on the Nol screens, fed as the terminal decoder hands them on: a click
/// chooses a card and a click on the chosen card acts, My cards' actions are buttons, a click in a
/// field puts the caret there, the wheel moves through a list.
extension NolScreenTests {
    @Test func aClickChoosesAReaderCardAndASecondClickTapsIt() async throws {
        var model = model(.nolLink)
        model.click("Blue card - almost empty")
        #expect(model.screen.contains("┃ ▸ Blue card - almost empty"), "the first click chooses")
        #expect(model.transitCallsMade == 0, "and taps nothing")
        model.click("Blue card - almost empty", offset: 30)
        await settle(&model)
        #expect(model.screen.contains("▸② Phone"), "a click on the chosen card taps it")
        #expect(model.screen.contains("Card            Blue card - almost empty •••• 0341"))
    }

    @Test func theWheelMovesThroughTheReaderList() {
        var model = model(.nolLink)
        _ = model.mouse(MouseEvent(.wheelDown, row: 8, column: 10))
        _ = model.mouse(MouseEvent(.wheelDown, row: 8, column: 10))
        #expect(model.screen.contains("┃ ▸ Blue card - almost empty"))
        for _ in 0..<10 { _ = model.mouse(MouseEvent(.wheelDown, row: 8, column: 10)) }
        #expect(model.screen.contains("┃ ▸ Gold card - family"), "the wheel stops at the last card")
        _ = model.mouse(MouseEvent(.wheelUp, row: 8, column: 10))
        #expect(model.screen.contains("┃ ▸ Blue card - expired 2024"))
    }

    @Test func aClickOnALinkedCardChoosesItAndASecondPays() async throws {
        await link(readerIndex: 0)
        await link(readerIndex: 1)
        var pay = await model(.nolPay, phone: "0501234567")
        pay.click("Gold card - first class")
        #expect(pay.screen.contains("┃ ▸ Gold card - first class"))
        #expect(!pay.screen.contains("Payment authorized"), "one click never pays")
        pay.click("Gold card - first class")
        await settle(&pay)
        #expect(pay.screen.contains("✓ Payment authorized"))
        #expect(pay.screen.contains("Card          Nol •••• 0233"))
    }

    @Test func typeACardNumberIsAClickAwayAndTheFieldTakesTheCaretWhereClicked() async throws {
        await link(readerIndex: 0)
        var pay = await model(.nolPay, phone: "0501234567")
        pay.click("Type a card number")
        pay.click("Type a card number")
        #expect(pay.screen.contains("▸② Card") && pay.screen.contains("┃ Nol card"))
        pay.type("3084100125")
        // The value starts 18 columns right of the focus bar: the click lands on its fifth digit.
        pay.click("┃ Nol card", offset: 18 + 4)
        pay.type("9")
        #expect((pay.top as? NolFlowScreen)?.values[.card]?.text == "30849100125", "the 9 went in where the click was")
        pay.click("┃ Nol card", offset: 2)
        pay.type("0")
        #expect((pay.top as? NolFlowScreen)?.values[.card]?.text == "308491001250", "a click on the label puts the caret at the end")
    }

    @Test func myCardsActionsAreButtons() async throws {
        await link(readerIndex: 0)
        await link(readerIndex: 1)
        var cards = await model(.nolCards, phone: "0501234567")
        cards.click("Gold card - first class")
        cards.click("Gold card - first class")
        #expect(cards.screen.contains("Pay AED 7.50 with this card"), "a click on the chosen card opens its actions")
        cards.click("Silver card - daily commute")
        #expect(!cards.screen.contains("Unlink this card"), "a click on another card closes them")
        #expect(cards.screen.contains("┃ ▸ Silver card - daily commute"), "and chooses that card")
        cards.click("Silver card - daily commute")
        cards.click("Unlink this card")
        await settle(&cards)
        #expect(cards.top?.title == "Nol Pay · Unlink a card")
        #expect(cards.screen.contains("▸③ Code"))
        // Five digits: the sixth would send the code.
        cards.type("12345")
        cards.click("┃ Code", offset: 18 + 2)
        _ = cards.press(.backspace)
        #expect((cards.top as? NolFlowScreen)?.values[.code]?.text == "1345", "the caret went where the code was clicked")
        // The footer's hints are buttons too: F5 asks for a new code (too soon here, and said so
        // without asking the Nol system).
        let calls = cards.transitCallsMade
        cards.resize(width: 120, height: 40)
        cards.click("F5/ctrl+r resend in 30 s")
        #expect(cards.render(width: 120, height: 40).text.contains("Wait 30 s for a new code"))
        #expect(cards.transitCallsMade == calls)
    }

    @Test func clicksWaitWhileTheNolSystemIsAsked() async throws {
        var model = model(.nolLink)
        _ = model.press(.enter)
        model.click("Gold card - first class")
        model.click("Gold card - first class")
        #expect(model.transitCallsMade == 1, "no second tap while the first is out")
        await settle(&model)
        #expect(model.screen.contains("Card            Silver card - daily commute •••• 0125"))
    }
}
