import Testing
@testable import CheckoutApp

/// Esc in the Nol Pay wizards goes one step back, whether the flow was opened from the home menu
/// or from the command line, and leaves the flow only from its first step.
extension NolScreenTests {
    func stepLine(_ model: AppModel) -> String {
        model.render(width: 80, height: 24).lines.first { $0.contains("Scan card") || $0.contains("① Phone") } ?? ""
    }

    @Test func escInLinkGoesBackAStepAtATime() async throws {
        for opened in ["command line", "home menu"] {
            var model = opened == "home menu" ? model(.home) : model(.nolLink)
            if opened == "home menu" {
                _ = model.press(.down)
                _ = model.press(.enter)
            }
            let depth = model.stack.count
            _ = model.press(.enter)
            await settle(&model)
            #expect(stepLine(model).contains("▸② Phone"), "\(opened)")
            #expect(model.render(width: 80, height: 24).lines.last?.contains("esc back to Scan card") == true)
            model.type("0501234567")
            _ = model.press(.escape)
            #expect(stepLine(model).contains("▸① Scan card"), "\(opened): esc at step ② goes back to ①")
            #expect(model.stack.count == depth, "\(opened): the flow stays open")
            // Forward again: the number typed is still there.
            _ = model.press(.enter)
            await settle(&model)
            _ = model.press(.enter)
            await settle(&model)
            #expect(stepLine(model).contains("▸③ Code"), "\(opened)")
            _ = model.press(.escape)
            #expect(stepLine(model).contains("▸② Phone"), "\(opened): esc at step ③ goes back to ②")
            #expect(model.render(width: 80, height: 24).text.contains("Mobile number   0501234567"))
            _ = model.press(.escape)
            #expect(stepLine(model).contains("▸① Scan card"))
            let commands = model.press(.escape)
            if opened == "home menu" {
                #expect(model.top is HomeMenuScreen, "on the first step esc leaves the flow")
            } else {
                #expect(commands == [.quit(0)], "on the first step at the top level esc quits")
            }
        }
    }

    @Test func escInPayGoesFromTheTypedCardToTheListToThePhone() async throws {
        await link(readerIndex: 0)
        var pay = await model(.nolPay, phone: "0501234567")
        _ = pay.press(.up)
        _ = pay.press(.enter)
        pay.type("308")
        _ = pay.press(.escape)
        #expect(pay.render(width: 80, height: 24).text.contains("▸ Type a card number…"))
        _ = pay.press(.escape)
        #expect(pay.render(width: 80, height: 24).text.contains("Mobile number   0501234567"))
        #expect(stepLine(pay).contains("▸① Phone"))
        #expect(pay.press(.escape).isEmpty, "a typed number asks before it is thrown away")
        #expect(pay.confirmation?.question == "Discard what you typed?")
        #expect(pay.press(.character("y")) == [.quit(0)])
    }

    @Test func escAfterTheLastStepLeavesTheFlow() async throws {
        var model = await link(readerIndex: 0)
        #expect(model.render(width: 80, height: 24).text.contains("✓ Card linked"))
        #expect(model.press(.escape) == [.quit(0)], "a finished flow has no step to go back to")
    }

    @Test func escWaitsWhileATransitCallIsOut() async throws {
        var model = model(.nolLink)
        _ = model.press(.enter)
        #expect(model.press(.escape).isEmpty)
        #expect(model.top is NolFlowScreen)
        await settle(&model)
        #expect(stepLine(model).contains("▸② Phone"), "the answer is shown, not lost")
    }
}
