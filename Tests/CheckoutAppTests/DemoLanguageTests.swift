import CheckoutCore
import CheckoutEngine
import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutApp

/// One demo script for every language: its captions are catalogue sentences, its checks name what
/// the screens say by key (`{cardPayButton {money 4999}}`), so the shipped scripts play and hold
/// in French and in Arabic as in English; a key that does not exist is the script's problem.
@MainActor @Suite struct DemoLanguageTests {
    func run(_ name: String, _ language: Language, width: Int = 80, height: Int = 24,
             onMove: ((DemoPilot.Move, AppModel) -> Void)? = nil) async throws {
        let run = HeadlessDemo(world: try DemoWorld.bundled(language: language), size: TerminalSize(width: width, height: height))
        run.onMove = onMove
        try await run.play(try DemoScript.shipped(name))
    }

    @Test(arguments: DemoScript.shipped.filter { $0 != "tour" }, [Language.french, .arabic])
    func everyShippedScriptPassesItsChecksInFrenchAndArabic(_ name: String, _ language: Language) async throws {
        for (width, height) in [(80, 24), (120, 40)] {
            do {
                try await run(name, language, width: width, height: height)
            } catch {
                Issue.record("\(name) in \(language.code) at \(width)x\(height): \(error)")
            }
        }
    }

    @Test(arguments: [Language.french, .arabic])
    func theTourPlaysEveryScriptInFrenchAndArabic(_ language: Language) async throws {
        try await run("tour", language, width: 120, height: 40)
    }

    @Test(arguments: Language.allCases)
    func theCaptionsAreTheCataloguesSentencesInTheDemosLanguage(_ language: Language) async throws {
        let localizer = try Bundled.localizer(language)
        var shown: [String] = [], statuses: [String] = []
        try await run("cobadge", language) { move, model in
            guard case .caption = move.action, let demo = model.demo else { return }
            shown.append(demo.caption)
            statuses.append(demo.status)
            #expect(demo.keys?.first?.help == localizer.text(.demoKeyPause))
        }
        let keys = try DemoScript.shipped("cobadge").steps.compactMap { step -> TextKey? in
            guard case .caption(let text) = step.kind, case .sentence(let key, _)? = text.parts.first else { return nil }
            return key
        }
        #expect(keys.count == 13, "every caption of cobadge names its sentence")
        #expect(shown == keys.map { localizer.text($0.rawValue, []) })
        #expect(statuses.first == "cobadge 1/13")
        if language == .english {
            // Today's captions, word for word.
            #expect(shown.first == "A co-badged test card: 4000 0025 0000 1001 is both a Visa and a Cartes Bancaires card")
            #expect(shown[6] == "This merchant adds €0.30 to payments through Visa: the surcharge is why the choice matters")
        }
        if language == .french { #expect(shown[2] == "8e chiffre\u{A0}: le service BIN est interrogé pour 40000025") }
    }

    /// The frame the audience sees once the BIN service has answered, in French and in Arabic
    /// (mirrored: the caption from the right, the chooser's order reversed, numbers left to right).
    @Test func theChooserFrameInFrenchAndArabicAt80x24() async throws {
        for language in [Language.french, .arabic] {
            var frame: AppModel?
            var afterAnswer = false
            try await run("cobadge", language) { move, model in
                if case .caption(let text) = move.action { afterAnswer = text.description == "{demoCobadgeAnswer}" }
                else if afterAnswer, frame == nil, case .expect = move.action { frame = model }
            }
            let model = try #require(frame)
            assertSnapshot(model.render().text, named: "demo-cobadge-the-answer-\(language.code)-80x24")
        }
    }

    // MARK: The text of a caption or a check

    func context(_ language: Language) throws -> ScreenContext {
        let world = try DemoWorld.bundled(language: language)
        return world.makeModel(route: .pay, settings: world.baseSettings, size: TerminalSize(width: 80, height: 24), glyphs: .unicode).context
    }

    @Test func aTextIsWordsSentencesByKeyAndAmountsInTheLanguage() throws {
        let button = try DemoText("{cardPayButton {money 4999}}")
        #expect(button.parts == [.sentence(.cardPayButton, [DemoText(parts: [.money(4999)], description: "{money 4999}")])])
        #expect(button.pieces(in: try context(.english)) == ["[ Pay €49.99 ]"])
        #expect(button.pieces(in: try context(.french)) == ["[ Payer 49,99\u{A0}€ ]"])
        // Arabic's isolates and marks take no cell: a check does not look for them.
        #expect(button.pieces(in: try context(.arabic)) == ["[ ادفع 49.99\u{A0}€ ]"])
        #expect(try DemoText("○ Visa +{money 30}").pieces(in: try context(.french)) == ["○ Visa +0,30\u{A0}€"])
        #expect(try DemoText("{cardSurchargeMayApply Visa +{money 30}}").pieces(in: try context(.english)) == ["A surcharge may apply: Visa +€0.30"])
        #expect(try DemoText("{cardTotalChanged Visa | {money 5029} | {money 4999}}").pieces(in: try context(.english))
            == [Bundled.english.text(.cardTotalChanged, "Visa", "€50.29", "€49.99")])
        // An argument left out (the check mark) matches anything.
        #expect(try DemoText("{resultAuthorized}").pieces(in: try context(.english)) == [" Payment authorized"])
        #expect(try DemoText("{resultAuthorized}").quoted(in: try context(.english)) == "… Payment authorized")
        #expect(try DemoText("Cartes Bancaires · ").parts == [.words("Cartes Bancaires · ")])
    }

    /// A counted sentence takes its count first and the form the language gives it (the Nol code's tries left, say).
    @Test func aCountedSentenceTakesTheFormOfItsCount() throws {
        var context = try context(.english)
        let catalogue = try StringCatalogue(tsv: "key\tcount\ttext\ncardPayWith\tone\t{0} try left\ncardPayWith\tother\t{0} tries left\n")
        context.localizer = Localizer(language: .english, catalogue: catalogue, fallback: nil, format: Bundled.english.format)
        #expect(try DemoText("{cardPayWith 1}").pieces(in: context) == ["1 try left"])
        #expect(try DemoText("{cardPayWith 2}").pieces(in: context) == ["2 tries left"])
        #expect(try DemoText("{cardPayWith}").pieces(in: context) == [" tries left"])
    }

    @Test func aCheckFindsItsPiecesInOrderOnOneRowOrWrappedUnderItself() throws {
        let english = try context(.english)
        let result = try DemoText("eftpos · {resultAutomatic}")
        let wrapped = ["  Network       eftpos · chosen automatically: eftpos cards are",
                       "                routed by the merchant"]
        #expect(result.isShown(on: wrapped, in: english))
        #expect(!result.isShown(on: ["  Network       eftpos · chosen automatically: eftpos cards are", "      routed by the merchant"], in: english),
                "the rest of a wrapped value is under its start")
        #expect(result.isShown(on: ["  Network       eftpos · chosen automatically: eftpos cards are  │ Events", "                routed by the merchant"],
                               in: english), "a row whose cells go on after a blank (the event panel) still wraps")
        #expect(!result.isShown(on: ["  Network       eftpos · chosen automatically: eftpos cards areX", "                routed by the merchant"], in: english))
        #expect(try DemoText("{resultAuthorized}").isShown(on: ["", "  ✓ Payment authorized"], in: english))
        #expect(!(try DemoText("{resultAuthorized}").isShown(on: ["  ✓ Payment declined"], in: english)))
        let chooser = try DemoText("{cardPayWith}◉ Cartes Bancaires  ○ Visa +{money 30}")
        #expect(chooser.isShown(on: ["┃ Pay with ◉ Cartes Bancaires  ○ Visa +€0.30"], in: english))
        #expect(!chooser.isShown(on: ["┃ Pay with ○ Cartes Bancaires  ◉ Visa +€0.30"], in: english))
    }

    @Test func aScriptNamingNoSentenceOrAWrongAmountIsRefusedWithItsLine() {
        let text = """
            start pay
            caption {demoCobadgeIntroduction}
            expect {cardPayButton {money 49.99}}
            expect {cardPayWith
            expect-not { space}
            caption {demoCobadgeTestCard}
            """
        #expect(throws: DemoScript.Problems(messages: [
            "mine.demo:2: no sentence named `demoCobadgeIntroduction` in the catalogues (Resources/data/strings/en.tsv's keys)",
            "mine.demo:3: `{money …}` takes an amount in minor units, e.g. `{money 4999}` for 49.99",
            "mine.demo:4: `{cardPayWith` has no `}`",
            "mine.demo:5: `{` begins a sentence's key, `{key}`, or an amount, `{money 4999}`",
        ])) {
            try DemoScript(name: "mine", text: text)
        }
    }

    /// A script's → is what it does on a left-to-right screen: on the mirrored Arabic screens the
    /// demo presses ←, which moves as → does left to right (the next BIN source in Settings).
    @Test func aScriptsArrowsMeanTheSameOnAMirroredScreen() async throws {
        let script = try DemoScript(name: "arrows", text: "start settings\npress right\nwait 100\npress right\nwait 100\n")
        var sources: [Language: BinSource] = [:]
        for language in Language.allCases {
            let run = HeadlessDemo(world: try DemoWorld.bundled(language: language), size: TerminalSize(width: 80, height: 24))
            try await run.play(script)
            let settings = try #require(run.model.top as? SettingsScreen)
            #expect(settings.focusedText == nil, "the BIN source row, whose arrows mirror")
            sources[language] = settings.draft.binSource
        }
        #expect(try sources[.english] != DemoWorld.bundled().baseSettings.binSource, "the arrows moved the source on")
        #expect(sources[.french] == sources[.english])
        #expect(sources[.arabic] == sources[.english])
    }
}
