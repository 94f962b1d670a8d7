import CheckoutStore
import CheckoutTestSupport
import Foundation
import NolPay
import Testing
@testable import CheckoutApp

/// My cards: a list to choose from, whose Enter offers Pay and Unlink for the chosen card; both go
/// on in the same screen with the number and the card already given, and come back to the list.
extension NolScreenTests {
    /// My cards listing the cards linked to 050 123 4567.
    func myCards(glyphs: GlyphSet = .unicode) async -> AppModel {
        await model(.nolCards, phone: "050 123 4567", glyphs: glyphs)
    }

    @Test func myCardsIsAListWhoseEnterOffersPayAndUnlink() async throws {
        await link(readerIndex: 0)
        await link(readerIndex: 2)
        var cards = await myCards()
        let list = cards.screen
        #expect(!list.contains("Enter a mobile number"), "the prompt moves on once cards are listed")
        #expect(list.contains("Choose a card, then press enter to pay or unlink it."))
        #expect(list.contains("┃ ▸ Silver card - daily commute"))
        #expect(list.contains("enter pay or unlink"))
        _ = cards.press(.down)
        #expect(cards.screen.contains("┃ ▸ Blue card - almost empty"), "↓ chooses the next card")
        _ = cards.press(.enter)
        let menu = cards.render(width: 80, height: 24).lines
        let row = try #require(menu.firstIndex { $0.contains("▸ Blue card - almost empty") })
        #expect(menu[row] == "    ▸ Blue card - almost empty     •••• 0341    AED 2.50 below fare", "the card stays in view, chosen")
        #expect(menu[row + 1] == "  ┃   ▸ Pay AED 7.50 with this card", "its actions open under it: \(menu.joined(separator: "\n"))")
        #expect(menu[row + 2] == "        Unlink this card")
        #expect(menu.last?.contains("enter pay · esc back") == true, "\(menu.last ?? "")")
        checkAllSizes(cards, "nol-cards-actions")
        _ = cards.press(.down)
        #expect(cards.screen.contains("┃   ▸ Unlink this card"))
        #expect(cards.render(width: 80, height: 24).lines.last?.contains("enter unlink") == true)
        _ = cards.press(.escape)
        #expect(cards.screen.contains("┃ ▸ Blue card - almost empty"), "esc closes the actions, the card still chosen")
        #expect(!cards.screen.contains("Unlink this card"))
        #expect(cards.transitCallsMade == 1, "choosing asks the Nol system nothing")
    }

    @Test func payFromMyCardsChargesThatCardAndComesBackWithTheNewBalance() async throws {
        await link(readerIndex: 0)
        await link(readerIndex: 1)
        var cards = await myCards()
        _ = cards.press(.down)
        _ = cards.press(.enter)
        _ = cards.press(.enter)
        await settle(&cards)
        let paid = cards.screen
        #expect(cards.top?.title == "Nol Pay · Pay")
        #expect(paid.contains("▸③ Payment"))
        #expect(!paid.contains("④"), "the pay flow has three steps and shows them all")
        #expect(paid.contains("✓ Payment authorized"))
        #expect(paid.contains("Card          Nol •••• 0233"), "the card chosen in My cards")
        #expect(paid.contains("New balance   AED 35.00"))
        #expect(cards.render(width: 80, height: 24).lines.last?.contains("esc back to Linked cards") == true)
        checkAllSizes(cards, "nol-cards-paid")

        _ = cards.press(.enter)
        let back = cards.screen
        #expect(cards.top?.title == "Nol Pay · My cards", "enter goes back to the list, as esc does")
        #expect(back.contains("┃ ▸ Gold card - first class      •••• 0233   AED 35.00"), "with the new balance: \(back)")
        #expect(back.contains("Silver card - daily commute  •••• 0125  AED 150.00"))
        #expect(cards.press(.escape).isEmpty)
        #expect(cards.screen.contains("▸① Phone"), "and from the list esc goes back to the number")
        #expect(cards.screen.contains("Mobile number   050 123 4567"))
    }

    @Test func unlinkFromMyCardsSendsTheCodeAndTheListLosesTheCard() async throws {
        await link(readerIndex: 0)
        await link(readerIndex: 1)
        var cards = await myCards()
        _ = cards.press(.enter)
        _ = cards.press(.down)
        _ = cards.press(.enter)
        await settle(&cards)
        let code = cards.render(width: 120, height: 40).text
        #expect(cards.top?.title == "Nol Pay · Unlink a card")
        #expect(code.contains("▸③ Code"))
        #expect(code.contains("Card            Silver card - daily commute •••• 0125"))
        #expect(code.contains("code to unlink your Nol"))
        checkAllSizes(cards, "nol-cards-unlink-code")
        #expect(cards.render(width: 80, height: 24).lines.last?.contains("esc back to Linked cards") == true)

        cards.type("123456")
        _ = cards.press(.enter)
        await settle(&cards)
        #expect(cards.screen.contains("✓ Card unlinked"))
        #expect(cards.render(width: 120, height: 40).text.contains("Card          Silver card - daily commute •••• 0125"))
        _ = cards.press(.escape)
        let left = cards.screen
        #expect(cards.top?.title == "Nol Pay · My cards")
        #expect(!left.contains("Silver card"), "the unlinked card has left the list")
        #expect(left.contains("┃ ▸ Gold card - first class"), "the SMS panel has gone with the unlink: \(left)")
        #expect(try store.links().map(\.cardNumber) == ["3084100233"])

        // Unlinking the last card leaves the number with none: the number is asked for again.
        _ = cards.press(.enter)
        _ = cards.press(.down)
        _ = cards.press(.enter)
        await settle(&cards)
        cards.type("123456")
        _ = cards.press(.enter)
        await settle(&cards)
        _ = cards.press(.enter)
        let none = cards.screen
        #expect(none.contains("▸① Phone"))
        #expect(none.contains("✗ No card is linked to +971 50 123 4567."))
        #expect(none.contains("Mobile number   050 123 4567"))
    }

    @Test func aRefusedPaymentFromMyCardsStaysWithItsCardAndEscGoesBackToTheList() async throws {
        await link(readerIndex: 0)
        await link(readerIndex: 1)
        var cards = await myCards()
        try store.transaction { try NolBackendStore.deleteLink(of: "3084100125", in: $0) }
        _ = cards.press(.enter)
        _ = cards.press(.enter)
        await settle(&cards)
        let refused = cards.screen
        #expect(cards.top?.title == "Nol Pay · Pay")
        #expect(refused.contains("▸② Card"), "the pay chooser, the card still chosen")
        #expect(refused.contains("┃ ▸ Silver card - daily commute"))
        #expect(refused.contains("✗ This card is not linked to +971 50 123 4567."))
        _ = cards.press(.escape)
        #expect(cards.top?.title == "Nol Pay · My cards")
        #expect(cards.screen.contains("✗ This card is not linked"), "the card's error is still its own in the list")
        _ = cards.press(.down)
        #expect(!cards.screen.contains("✗ This card is not linked"))
    }

    @Test func myCardsInASCII() async throws {
        await link(readerIndex: 1)
        var cards = await myCards(glyphs: .ascii)
        _ = cards.press(.enter)
        checkASCII(cards, "nol-cards-actions")
    }
}
