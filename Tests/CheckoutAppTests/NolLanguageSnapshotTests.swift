import CheckoutCore
import CheckoutEngine
import CheckoutStore
import CheckoutTestSupport
import Foundation
@testable import NolPay
import Testing
@testable import CheckoutApp

/// Every Nol Pay screen at 80x24 in French and Arabic (Unicode) and in French under an ASCII
/// locale: linking (scan, a number that is not valid, code and its F1 help, a wrong code, linked, a blocked card),
/// My cards (the list and a card's actions), paying (the list with a card below the fare, paid,
/// declined), unlinking (code, unlinked) and a number with no card. Each screen is read for the
/// English sentences of the Nol keys too: none may be left.
@Suite struct NolLanguageSnapshotTests {
    /// One language's run over its own simulated Nol system, whose SMS always carries 123456.
    struct Run {
        let registry: ScreenRegistry
        let clock = ManualClock()
        let language: Language
        let glyphs: GlyphSet

        init(_ language: Language, _ glyphs: GlyphSet) throws {
            let database = try Database(path: ":memory:")
            let start = Fixtures.wallClock()
            let nol = try NolSystem.simulated(database: database,
                                              now: { [clock] in start.addingTimeInterval(Double(clock.now.offset.components.seconds)) },
                                              makeCode: { "123456" })
            registry = ScreenRegistry.standard.withNolScreens(nol)
            self.language = language
            self.glyphs = glyphs
        }

        func model(_ route: Route) -> AppModel {
            var settings = Fixtures.settings
            settings.language = language
            var model = AppModel(route: route, catalogue: Fixtures.catalogue, settings: settings, registry: registry, glyphs: glyphs,
                                 clock: EventClock { [clock] in clock.now.offset }, wallClock: Fixtures.wallClock)
            model.eventPanelHidden = true
            return model
        }

        func settle(_ model: inout AppModel) async {
            await model.settleTransit()
            _ = model.tick()
        }

        /// `route` with `keys` pressed and `typed` typed in turn, the Nol system answering after each.
        func model(_ route: Route, _ steps: [Step]) async -> AppModel {
            var model = model(route)
            for step in steps {
                switch step {
                case .press(let key): _ = model.press(key)
                case .type(let text): model.type(text)
                }
                await settle(&model)
            }
            return model
        }
    }

    enum Step { case press(Key), type(String) }

    static let variants: [(Language, GlyphSet, String)] = [(.french, .unicode, "fr"), (.arabic, .unicode, "ar"), (.french, .ascii, "fr-ascii")]

    /// The Nol keys' English sentences, cut at their arguments, that say something (two words or
    /// more) and that `language`'s own sentence for the key does not also contain.
    static func englishLeft(in screen: String, language: Language) throws -> [String] {
        let english = Bundled.english, other = try Bundled.localizer(language)
        var found: [String] = []
        for key in TextKey.allCases where key.rawValue.hasPrefix("nol") {
            guard case .text(let template)? = english.catalogue.entries[key.rawValue] else { continue }
            let own: String = switch other.catalogue.entries[key.rawValue] {
            case .text(let text)?: text
            default: ""
            }
            for fragment in template.split(separator: /\{\d\}/).map({ $0.trimmingCharacters(in: .whitespaces) })
                where fragment.split(separator: " ").count >= 2 && !own.contains(fragment) && screen.contains(fragment) {
                found.append("\(key.rawValue): \(fragment)")
            }
        }
        return found
    }

    func check(_ model: AppModel, _ name: String, _ run: Run, _ suffix: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let lines = model.render(width: 80, height: 24).lines
        let text = lines.joined(separator: "\n").replacingOccurrences(of: #"nol_[0-9a-f]+"#, with: "nol_...", options: .regularExpression)
        assertSnapshot(text, named: "lang-nol-\(name)-\(suffix)-80x24", sourceLocation: sourceLocation)
        for (width, height) in [(80, 24), (60, 20), (120, 40)] {
            for (row, line) in model.render(width: width, height: height).lines.enumerated() {
                #expect(DisplayWidth.of(line) <= width, "\(name) \(suffix) \(width)x\(height) row \(row) is too wide: \(line)",
                        sourceLocation: sourceLocation)
            }
        }
        // The Arabic screen is in visual order: its Latin phrases still read left to right.
        let left = try Self.englishLeft(in: text, language: run.language)
        #expect(left.isEmpty, "\(name) \(suffix): English left: \(left)", sourceLocation: sourceLocation)
        if run.glyphs.isASCII {
            let foreign = text.unicodeScalars.filter { !$0.isASCII }
            #expect(foreign.isEmpty, "\(name) \(suffix) is not ASCII: \(String(String.UnicodeScalarView(foreign)))", sourceLocation: sourceLocation)
        }
    }

    @Test func everyNolScreenAt80x24() async throws {
        for (language, glyphs, suffix) in Self.variants {
            let run = try Run(language, glyphs)
            // The Gold card (0233) and the almost empty Blue card (0341) linked to 050 123 4567.
            let scan = run.model(.nolLink)
            try check(scan, "link-scan", run, suffix)
            let invalid = await run.model(.nolLink, [.press(.down), .press(.enter), .type("050 123"), .press(.enter)])
            try check(invalid, "link-phone-invalid", run, suffix)
            let code = await run.model(.nolLink, [.press(.down), .press(.enter), .type("0501234567"), .press(.enter)])
            try check(code, "link-code", run, suffix)
            var help = code
            _ = help.press(.function(1))
            try check(help, "link-code-help", run, suffix)
            var wrong = code
            wrong.type("000000")
            await run.settle(&wrong)
            try check(wrong, "link-wrong-code", run, suffix)
            wrong.type("123456")
            await run.settle(&wrong)
            try check(wrong, "link-done", run, suffix)
            _ = await run.model(.nolLink, [.press(.down), .press(.down), .press(.enter), .type("0501234567"), .press(.enter), .type("123456")])
            let blocked = await run.model(.nolLink, [.press(.down), .press(.down), .press(.down), .press(.down), .press(.enter)])
            try check(blocked, "link-blocked", run, suffix)

            let cards = await run.model(.nolCards, [.type("0501234567"), .press(.enter)])
            try check(cards, "cards", run, suffix)
            var actions = cards
            _ = actions.press(.enter)
            try check(actions, "cards-actions", run, suffix)

            let choose = await run.model(.nolPay, [.type("0501234567"), .press(.enter)])
            try check(choose, "pay-choose", run, suffix)
            var paid = choose
            _ = paid.press(.enter)
            await run.settle(&paid)
            try check(paid, "pay-paid", run, suffix)
            let declined = await run.model(.nolPay, [.type("0501234567"), .press(.enter), .press(.down), .press(.enter)])
            try check(declined, "pay-declined", run, suffix)

            let unlinkCode = await run.model(.nolUnlink, [.type("0501234567"), .press(.enter), .press(.enter)])
            try check(unlinkCode, "unlink-code", run, suffix)
            var unlinked = unlinkCode
            unlinked.type("123456")
            await run.settle(&unlinked)
            try check(unlinked, "unlink-done", run, suffix)
            let none = await run.model(.nolUnlink, [.type("0507654321"), .press(.enter)])
            try check(none, "unlink-no-card", run, suffix)
        }
    }
}

/// The Nol errors carry their sentences: in English the catalogue's sentence is, byte for byte,
/// the message and suggestion the wire (`checkout nol events`) carries; in French and Arabic a
/// screen shows the catalogue's, while the error, its equality and its texts stay the English ones.
@Suite struct NolErrorSentenceTests {
    static let transitErrors: [TransitError] = [
        .unknownCard, .cardBlocked, .cardExpired("2024-05-31"), .linkedElsewhere, .alreadyLinked,
        .notLinked(to: try? MobileNumber.parse("0501234567").get()), .notLinked(to: nil), .unknownToken, .codeUsed, .codeExpired,
        .codeVoided, .wrongCode(triesLeft: 0), .wrongCode(triesLeft: 1), .wrongCode(triesLeft: 2), .resendTooSoon(seconds: 1),
        .resendTooSoon(seconds: 30), .currencyNotSupported("EUR"), .invalidAmount, .cancelled, SimulatedNolReader.readFailed,
        SimulatedNolReader.timedOut,
    ]

    static var errors: [NolPayError] {
        transitErrors.map(NolPayError.sdk) + [
            NolPayError.from(CocoaError(.fileNoSuchFile)),
            NolFlowScreen.noLinkedCard(try! MobileNumber.parse("0507654321").get()),
        ]
    }

    @Test func everyNolErrorSaysInEnglishWhatTheWireSays() throws {
        let english = Bundled.english
        for error in Self.errors {
            let shown = try #require(error.shown, "\(error.code) has no sentence")
            #expect(shown.message.text(english) == error.message, "\(error.code)")
            #expect(shown.advice.text(english) == error.recoverySuggestion, "\(error.code)")
            #expect(error.shownMessage(english) == error.message && error.shownAdvice(english) == error.recoverySuggestion)
        }
        for error in [NolPayValidator.blankPhone, NolPayValidator.invalidPhone, NolPayValidator.invalidOtp, NolPayValidator.invalidCardNumber,
                      NolFlowScreen.onlyRefusedCharacters] {
            let shown = try #require(error.shown, "\(error.errorId) has no sentence")
            #expect(shown.description.text(english) == error.description)
            #expect(shown.advice.text(english) == error.recoverySuggestion)
        }
    }

    @Test func aScreenShowsTheLanguageTheErrorKeepsItsEnglish() throws {
        let french = try Bundled.localizer(.french), arabic = try Bundled.localizer(.arabic)
        let wrong = NolPayError.sdk(.wrongCode(triesLeft: 2))
        #expect(wrong.shownMessage(french) == "Code erroné\u{A0}: 2 essais restants.")
        #expect(wrong.shownMessage(arabic) == "رمز خاطئ: بقيت محاولتان.")
        #expect(NolPayError.sdk(.wrongCode(triesLeft: 1)).shownMessage(french) == "Code erroné\u{A0}: 1 essai restant.")
        #expect(NolPayError.sdk(.wrongCode(triesLeft: 5)).shownMessage(arabic) == "رمز خاطئ: بقيت \u{2068}5\u{2069} محاولات.")
        #expect(NolPayError.sdk(.wrongCode(triesLeft: 11)).shownMessage(arabic) == "رمز خاطئ: بقيت \u{2068}11\u{2069} محاولة.")
        #expect(NolPayError.sdk(.cardBlocked).shownAdvice(french) == "Utilisez une autre carte, ou demandez au service client Nol de débloquer celle-ci.")
        // The wire's texts and the error's identity do not change with what a screen shows.
        #expect(wrong.message == "Wrong code: 2 tries left." && wrong.description == "Nol SDK encountered an error: otp-incorrect, Wrong code: 2 tries left.")
        var bare = wrong
        bare.shown = nil
        #expect(bare == wrong)
    }
}
