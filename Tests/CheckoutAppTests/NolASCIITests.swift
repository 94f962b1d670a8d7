import CheckoutTestSupport
import Testing
@testable import CheckoutApp

/// The Nol Pay screens at 80x24 in the ASCII glyphs of a non-UTF-8 locale, every step of each flow.
extension NolScreenTests {
    func checkASCII(_ model: AppModel, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = model.render(width: 80, height: 24).text
            .replacingOccurrences(of: #"nol_[0-9a-f]+"#, with: "nol_...", options: .regularExpression)
        assertSnapshot(text, named: "ascii-\(name)-80x24", sourceLocation: sourceLocation)
        let foreign = text.unicodeScalars.filter { !$0.isASCII }
        #expect(foreign.isEmpty, "\(name): not ASCII: \(String(String.UnicodeScalarView(foreign)))", sourceLocation: sourceLocation)
    }

    @Test func everyNolStepInASCII() async throws {
        var link = model(.nolLink, glyphs: .ascii)
        checkASCII(link, "nol-link-scan")
        _ = link.press(.enter)
        await settle(&link)
        link.type("050 123 4567x")
        checkASCII(link, "nol-link-phone")
        _ = link.press(.enter)
        await settle(&link)
        checkASCII(link, "nol-link-code")
        link.type("123456")
        _ = link.press(.enter)
        await settle(&link)
        checkASCII(link, "nol-link-linked")

        var blocked = model(.nolLink, glyphs: .ascii)
        for _ in 0..<4 { _ = blocked.press(.down) }
        _ = blocked.press(.enter)
        await settle(&blocked)
        checkASCII(blocked, "nol-link-blocked")

        let cards = await model(.nolCards, phone: "0501234567", glyphs: .ascii)
        checkASCII(cards, "nol-cards")

        var pay = model(.nolPay, glyphs: .ascii)
        checkASCII(pay, "nol-pay-phone")
        pay.type("0501234567")
        _ = pay.press(.enter)
        await settle(&pay)
        checkASCII(pay, "nol-pay-choose")
        _ = pay.press(.enter)
        await settle(&pay)
        checkASCII(pay, "nol-pay-result")

        var unlink = await model(.nolUnlink, phone: "0501234567", glyphs: .ascii)
        _ = unlink.press(.enter)
        await settle(&unlink)
        checkASCII(unlink, "nol-unlink-code")

        let none = await model(.nolUnlink, phone: "0507654321", glyphs: .ascii)
        checkASCII(none, "nol-unlink-no-card")
    }
}
