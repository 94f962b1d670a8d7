import CheckoutStore
import CheckoutTestSupport
import Foundation
import NolPay
import Testing
@testable import CheckoutApp

/// The one-time code as the best forms take it (issue 21): it goes off at its sixth digit, the
/// wait for a new one counts down live on the app's clock, a code that no longer works is marked in
/// the SMS panel, and a new one is announced. F5 has a plain alternative, Ctrl-R.
extension NolScreenTests {
    @Test func theCodeSendsItselfAtItsSixthDigitTypedOrPasted() async throws {
        var typed = await linkOnTheCodeStep(readerIndex: 0)
        let calls = typed.transitCallsMade
        typed.type("12345")
        #expect(typed.transitCallsMade == calls, "five digits wait")
        typed.type("6")
        #expect(typed.transitCallsMade == calls + 1, "the sixth sends it, no Enter needed")
        await settle(&typed)
        #expect(typed.screen.contains("✓ Card linked"))

        var pasted = await linkOnTheCodeStep(readerIndex: 1)
        _ = pasted.paste("123456")
        await settle(&pasted)
        #expect(pasted.screen.contains("✓ Card linked"))
    }

    @Test func theWaitForANewCodeCountsDownLiveOnTheAppsClock() async throws {
        var model = await linkOnTheCodeStep()
        #expect(model.top?.isAnimating == true, "the countdown ticks")
        #expect(model.screen.contains("F5/ctrl+r resend in 30 s"))
        await clock.advance(by: .seconds(6))
        _ = model.tick()
        #expect(model.screen.contains("F5/ctrl+r resend in 24 s"), "\(model.screen)")
        // Asking now is refused by the screen, saying when, without asking the Nol system.
        let calls = model.transitCallsMade
        _ = model.press(.ctrl(.character("r")))
        #expect(model.screen.contains("Wait 24 s for a new code"))
        #expect(model.transitCallsMade == calls)
        await clock.advance(by: .seconds(24))
        _ = model.tick()
        #expect(model.top?.isAnimating == false, "no more ticks once a new code can be asked for")
        #expect(model.screen.contains("F5/ctrl+r new code") && !model.screen.contains("resend in"))
    }

    @Test func aDeadCodeIsMarkedInTheSMSPanelAndANewOneIsAnnounced() async throws {
        var model = await linkOnTheCodeStep()
        for _ in 0..<3 {
            model.type("000000")
            await settle(&model)
        }
        let voided = model.render(width: 120, height: 40).text
        #expect(voided.contains("Code  123456 ✗"))
        #expect(voided.contains("No longer works: used up"))
        await clock.advance(by: .seconds(31))
        _ = model.press(.ctrl(.character("r")))
        await settle(&model)
        let renewed = model.render(width: 120, height: 40).text
        #expect(renewed.contains("SMS · new code"))
        #expect(renewed.contains("New code sent by SMS: the earlier one no longer works."))
        #expect(!renewed.contains("No longer works"), "the new code works")
        #expect(renewed.contains("F5/ctrl+r resend in 30 s"), "and the wait starts again")
        model.type("1")
        #expect(!model.render(width: 120, height: 40).text.contains("New code sent by SMS"), "the announcement goes with the next key")
    }
}
