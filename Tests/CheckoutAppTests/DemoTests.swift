import CheckoutCore
import CheckoutEngine
import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutApp

/// `checkout demo`: every shipped script plays through the real screens and engine on a manual
/// clock with its expectations met; scripts are checked with line numbers; the frames the
/// audience sees.
@MainActor @Suite struct DemoTests {
    func play(_ name: String, width: Int = 80, height: Int = 24,
              onMove: ((DemoPilot.Move, AppModel) -> Void)? = nil) async throws {
        let run = HeadlessDemo(world: try DemoWorld.bundled(), size: TerminalSize(width: width, height: height))
        run.onMove = onMove
        try await run.play(try DemoScript.shipped(name))
    }

    @Test(arguments: DemoScript.shipped.filter { $0 != "tour" })
    func everyShippedScriptPassesItsChecks(_ name: String) async throws {
        for (width, height) in [(80, 24), (120, 40)] {
            do {
                try await play(name, width: width, height: height)
            } catch {
                Issue.record("\(name) at \(width)x\(height): \(error)")
            }
        }
    }

    @Test func theTourPlaysEveryScript() async throws {
        let tour = try DemoScript.shipped("tour")
        for name in ["cobadge", "eftpos", "fallback", "nol"] {
            #expect(tour.steps.contains { $0.file == name + ".demo" })
        }
        try await play("tour", width: 160, height: 48)
    }

    @Test func aWrongExpectationStopsTheDemoNamingTheStep() async throws {
        let text = """
            start pay
            type 4000002500001001
            wait 1000
            expect Pay with ◉ Mastercard
            """
        let run = HeadlessDemo(world: try DemoWorld.bundled(), size: TerminalSize(width: 80, height: 24))
        let script = try DemoScript(name: "mine", text: text)
        do {
            try await run.play(script)
            Issue.record("the demo went on past a wrong expectation")
        } catch {
            #expect(error.step.location == "mine.demo:4")
            #expect(error.description == "demo stopped at mine.demo:4 (expect): the screen does not show \"Pay with ◉ Mastercard\"")
        }
    }

    @Test func scriptsAreCheckedWholeWithLineNumbers() {
        let text = """
            # a comment
            type 123
            start nowhere
            press enter sideways
            wait soon
            set bin-latency fast
            dance
            include mine
            include nothing
            expect
            """
        #expect(throws: DemoScript.Problems(messages: [
            "mine.demo:3: unknown screen \"nowhere\": home, pay, settings, nol link, nol cards, nol pay or nol unlink",
            "mine.demo:4: unknown key \"sideways\": backspace delete down end enter esc f1 f2 f5 home left pgdn pgup right shift-tab space tab up",
            "mine.demo:5: `wait` takes milliseconds (`wait 800`) or seconds (`wait 1.5s`), at most an hour, not \"soon\"",
            "mine.demo:6: unknown setting `bin-latency fast`: bin-service embedded|off, bin-latency MS, bin-timeout MS, debounce MS, allowed NETWORK,NETWORK…, session FILE",
            "mine.demo:7: unknown step \"dance\": start, set, caption, highlight, type, press, wait, expect, expect-not or include",
            "mine.demo:8: `include mine` would play mine inside itself",
            "mine.demo:9: no script named \"nothing\" to include",
            "mine.demo:10: `expect` needs a text",
            "mine.demo:2: `type` before any `start`: open a screen first (e.g. `start pay`)",
        ])) {
            try DemoScript(name: "mine", text: text)
        }
        #expect(throws: DemoScript.Problems.self) { try DemoScript.shipped("nonesuch") }
    }

    @Test func aSessionFileIsReadWhenTheScriptIsLoadedRelativeToTheScriptsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ name: String, _ text: String) throws { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        try write("surcharge.json", """
            {"order": {"totalOrderAmount": 1200, "currencyCode": "GBP"},
             "paymentMethod": {"orderedAllowedCardNetworks": ["MASTERCARD", "VISA"],
                               "options": [{"type": "PAYMENT_CARD", "networks": [{"type": "VISA", "surcharge": 25}]}]}}
            """)
        try write("not-json.json", "{\n  \"order\": {\n")
        try write("wrong-type.json", #"{"order": {"totalOrderAmount": "twelve"}}"#)
        try write("unknown.json", #"{"paymentMethod": {"orderedAllowedCardNetworks": ["VISA", "NOPE"]}}"#)

        let script = try DemoScript(name: "mine", text: "set session surcharge.json\nstart pay", directory: folder)
        let session = ClientSession(orderedAllowedCardNetworks: [.mastercard, .visa], amount: 1200, currency: "GBP", surcharges: [.visa: 25])
        #expect(script.steps.first?.kind == .set(.session(session)))
        do {
            _ = try DemoScript(name: "mine", text: "set session not-json.json\nset session wrong-type.json\nset session unknown.json\nset session missing.json\nstart pay",
                               directory: folder)
            Issue.record("broken session files were taken")
        } catch {
            #expect(error.messages.count == 4)
            #expect(error.messages.prefix(3) == [
                "mine.demo:1: session not-json.json: line 3, column 1: expected a key",
                "mine.demo:2: session wrong-type.json: $.order.totalOrderAmount: expected a whole number of minor units from 1 to 999999999999999 (4999 for 49.99), found a string",
                "mine.demo:3: session unknown.json: unknown network \"NOPE\" at $.paymentMethod.orderedAllowedCardNetworks[1]",
            ])
            #expect(error.messages.last?.hasPrefix("mine.demo:4: session missing.json: cannot read it (") == true)
        }
    }

    @Test func theSessionSetsTheNextStartsNetworksAmountAndSurchargesAndAllowedOverridesItsNetworks() throws {
        let base = try DemoWorld.bundled().baseSettings
        let session = ClientSession(orderedAllowedCardNetworks: [.cartesBancaires, .visa], amount: 1200, currency: "GBP", surcharges: [.visa: 25])
        var changes = DemoPilot.DemoSettings()
        changes.session = session
        let settings = changes.applied(to: base)
        #expect(settings.session == session)
        #expect(settings.session.total(for: .visa) == 1225)
        changes.allowedNetworks = [.visa]
        #expect(changes.applied(to: base).session.orderedAllowedCardNetworks == [.visa])
        #expect(changes.applied(to: base).session.surcharges == [.visa: 25])
        #expect(DemoPilot.DemoSettings().applied(to: base) == base, "a start without `set` steps begins from the shipped session")
    }

    @Test func theCobadgeDemoShowsTheSurchargeOnTheChooserAndThePayButton() async throws {
        var buttons: [String] = []
        try await play("cobadge") { move, model in
            guard case .expect(let check, true) = move.action, check.description.hasPrefix("{cardPayButton") else { return }
            let text = check.pieces(in: model.context).joined()
            let screen = model.render().text
            #expect(screen.contains(text))
            // Before the BIN answer local rules say Visa; after it the chooser says what each network adds.
            #expect(screen.contains("Pay with ") == (buttons.count > 0))
            if buttons.count > 0 { #expect(screen.contains("Visa +€0.30")) }
            buttons.append(text)
        }
        #expect(buttons == ["[ Pay €49.99 ]", "[ Pay €49.99 ]", "[ Pay €50.29 ]", "[ Pay €49.99 ]"], "the total follows the network, once it is known")
    }

    @Test func thePilotTypesAtAPersonsPaceWithASeededJitter() throws {
        let script = try DemoScript(name: "pace", text: "start pay\ntype 4000002500001001\npress tab\nwait 1.5s")
        var pilot = DemoPilot(script: script, seed: 7)
        var again = DemoPilot(script: script, seed: 7)
        var delays: [Duration] = []
        while let move = pilot.next() {
            #expect(again.next() == move, "the same seed gives the same moves")
            if case .key(.character) = move.action { delays.append(move.delay) }
            if case .key(.tab) = move.action { #expect((240...400).contains(move.delay.milliseconds)) }
            if case .wait = move.action { #expect(move.delay == .milliseconds(1500)) }
        }
        #expect(delays.count == 16)
        #expect(delays.allSatisfy { (80...170).contains($0.milliseconds) })
        let mean = delays.map(\.milliseconds).reduce(0, +) / delays.count
        #expect((105...145).contains(mean), "about 8 keys a second: \(mean) ms a key")
        #expect(Set(delays).count > 4, "the pace varies")
        #expect(pilot.isFinished)
    }

    // MARK: What the audience sees

    /// The app when the first check after a caption containing `text` is made.
    func frame(_ name: String, caption text: String, width: Int, height: Int) async throws -> AppModel {
        var shown: AppModel?
        var afterCaption = false
        try await play(name, width: width, height: height) { move, model in
            if case .caption = move.action { afterCaption = model.demo?.caption.contains(text) ?? false }
            // The frame the caption's first check sees.
            else if afterCaption, shown == nil, case .expect = move.action { shown = model }
        }
        return try #require(shown, "no caption \"\(text)\" followed by a check in \(name)")
    }

    @Test func captionFramesAt80x24AndTheSideBySideViewAt120x40() async throws {
        for (name, caption) in [("cobadge", "8th digit"), ("cobadge", "The answer"), ("nol", "A one-time code")] {
            let small = try await frame(name, caption: caption, width: 80, height: 24)
            let slug = caption.lowercased().replacingOccurrences(of: " ", with: "-").filter { $0.isLetter || $0.isNumber || $0 == "-" }
            assertSnapshot(small.render().text, named: "demo-\(name)-\(slug)-80x24")
            let wide = try await frame(name, caption: caption, width: 120, height: 40)
            assertSnapshot(Self.maskingTimes(wide.render().text), named: "demo-\(name)-\(slug)-120x40")
        }
    }

    /// The panel's event times as `#`: the engine's tasks answer on their own threads, so an event
    /// can be stamped one 5 ms step of the demo's clock later from run to run. The times themselves
    /// are checked in EventPanelTests, on a clock the test holds.
    static func maskingTimes(_ screen: String) -> String {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard let rule = line.lastIndex(of: "│") else { return String(line) }
            let after = line[line.index(after: rule)...]
            guard after.hasPrefix(" "), after.dropFirst().prefix(7).allSatisfy({ $0 == " " || $0.isNumber }),
                  after.dropFirst().prefix(7).contains(where: \.isNumber) else { return String(line) }
            return String(line[...rule]) + " " + String(after.dropFirst().prefix(7).map { $0.isNumber ? "#" : $0 }) + after.dropFirst(8)
        }.joined(separator: "\n")
    }

    @Test func theCaptionSitsAboveTheFooterOrAtTheTopOfThePanelWithItsEventHighlighted() async throws {
        let small = try await frame("cobadge", caption: "8th digit", width: 80, height: 24).render()
        #expect(small.lines[22].contains("▸ 8th digit: the BIN service is asked for 40000025"))
        #expect(small.lines[23].contains("space pause"))
        let wide = try await frame("cobadge", caption: "8th digit", width: 120, height: 40)
        let canvas = wide.render()
        #expect(canvas.lines[2].contains("▸ 8th digit: the BIN service is asked"))
        let highlighted = try #require(wide.highlightedEvent.flatMap { wide.context.eventLog.entry($0) })
        #expect(highlighted.name == "willFetchMetadata")
        let row = try #require(canvas.lines.firstIndex { $0.contains("willFetchMetadata") })
        #expect(canvas.style(row: row, column: 90) == .selection)
    }
}

extension Duration {
    var milliseconds: Int { Int(components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000) }
}
