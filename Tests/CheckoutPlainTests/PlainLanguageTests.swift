import CheckoutCore
import CheckoutTestSupport
import CheckoutApp
import Foundation
import Testing
@testable import CheckoutPlain

/// Plain mode in French and Arabic: its own words (prompts, the choice's range, yes and no, the
/// opening and closing lines) from the catalogues, each language's yes and no taken as well as
/// English's y and n, and Arabic in logical order with its numbers in left-to-right isolates.
@Suite struct PlainLanguageTests {
    static func settings(_ language: Language) -> CheckoutSettings {
        var settings = PlainHarness.settings
        settings.language = language
        return settings
    }

    @Test func frenchPaysACoBadgedCardWithTheNetworkChosen() async throws {
        let harness = try PlainHarness()
        let (status, console) = await harness.run(.pay, ["4000 0025 0000 1001", "2", "1230", "123", "Jane Doe", "oui", "2"],
                                                  settings: Self.settings(.french))
        #expect(status == 0)
        assertSnapshot(CardFlowTests.stable(console.transcript), named: "card-cobadged-fr")
        #expect(harness.payments.map(\.network) == ["CARTES_BANCAIRES"])
    }

    @Test func arabicPaysACoBadgedCardWithTheNetworkChosenInLogicalOrder() async throws {
        let harness = try PlainHarness()
        let (status, console) = await harness.run(.pay, ["4000 0025 0000 1001", "2", "1230", "123", "Jane Doe", "نعم", "2"],
                                                  settings: Self.settings(.arabic))
        let transcript = console.transcript
        #expect(status == 0)
        assertSnapshot(CardFlowTests.stable(transcript), named: "card-cobadged-ar")
        // The second option is the second network, though the full-screen chooser runs right to left.
        #expect(harness.payments.map(\.network) == ["CARTES_BANCAIRES"])
        // Logical order: no shaped presentation forms, the card's last four kept whole in an isolate.
        #expect(!transcript.unicodeScalars.contains { (0xFB50...0xFEFF).contains($0.value) })
        #expect(transcript.contains("\u{2066}•••• 1001\u{2069}"))
    }

    @Test func eachLanguageTakesItsOwnYesAndNoAndEnglishs() async throws {
        for (language, yes, no) in [(Language.french, "o", "non"), (.arabic, "y", "لا"), (.french, "y", "n"), (.arabic, "نعم", "no")] {
            let conversation = await Conversation.scripted([yes, no, "peut-être"], language: language)
            #expect(await conversation.confirm("?", defaultYes: true, help: []) == .yes, "\(language) \(yes)")
            #expect(await conversation.confirm("?", defaultYes: true, help: []) == .no, "\(language) \(no)")
        }
    }

    @Test func theFrameSpeaksTheLanguage() async throws {
        let harness = try PlainHarness()
        let (_, french) = await harness.run(.home, ["9", "?", "10"], settings: Self.settings(.french))
        let text = french.transcript
        #expect(text.hasPrefix("TerminalCheckout, mode texte. Montant à payer\u{A0}: 49,99\u{A0}€\u{202F}; source BIN\u{A0}: embedded.\n"))
        #expect(text.contains("Choisissez 1 à 8 [1]\u{A0}: 9\nIl n’y a pas de choix «\u{A0}9\u{A0}»\u{A0}: choisissez 1 à 8"))
        #expect(text.contains("Tapez retour (ou back) pour la question précédente"))
        #expect(text.hasSuffix("Fin de saisie\u{A0}: au revoir.\n"))
        let (_, arabic) = await harness.run(.home, ["retour"], settings: Self.settings(.arabic))
        // Arabic takes its own word for back (and English's), not French's: "retour" is refused.
        #expect(arabic.transcript.contains("اختر \u{2068}من 1 إلى \u{2068}8\u{2069}\u{2069} [\u{2066}1\u{2069}]: retour\n"
            + "لا يوجد اختيار «\u{2068}retour\u{2069}»: اختر \u{2068}من 1 إلى \u{2068}8\u{2069}\u{2069}، أو اكتب ? لسماع الاختيارات مرة أخرى.\n"))
    }

    @Test func aChoiceIsTakenInAnyScriptsDigits() {
        let options = ["Visa", "Cartes Bancaires", "Mastercard"]
        #expect(Conversation.option("٢", in: options) == 1)
        #expect(Conversation.option("۳", in: options) == 2)
        #expect(Conversation.option("2", in: options) == 1)
        #expect(Conversation.option("٤", in: options) == nil)
        #expect(Conversation.option("2x", in: options) == nil)
    }

    @Test func backIsUnderstoodInTheLanguageAndInEnglish() async throws {
        for (language, word) in [(Language.french, "retour"), (.arabic, "رجوع"), (.french, "back"), (.english, "back")] {
            let conversation = await Conversation.scripted([word], language: language)
            #expect(await conversation.ask(.init(prompt: "?", help: [])) == .back, "\(language) \(word)")
        }
        let english = await Conversation.scripted(["retour"], language: .english)
        #expect(await english.ask(.init(prompt: "?", help: [])) == .answer("retour"))
    }

    @Test func frenchSettingsRefuseBadAnswersInFrench() async throws {
        let harness = try PlainHarness()
        let (_, console) = await harness.run(.settings, ["1", "VISA,NOPE", "all", "4", "3000", "100", "2", "3", "ftp://x", "http://bins.example", "5"],
                                             settings: Self.settings(.french))
        let transcript = console.transcript
        #expect(transcript.contains("Paramètres, pour cette exécution de checkout.\nChanger quel paramètre\u{202F}?\n"))
        #expect(transcript.contains("identifiant de réseau inconnu «\u{A0}NOPE\u{A0}»\u{202F}; identifiants connus\u{A0}: VISA "))
        #expect(transcript.contains("Anti-rebond en millisecondes, de 0 à 2000 [0]\u{A0}: 3000\n"
            + "Tapez un nombre entier de millisecondes de 0 à 2000.\n"))
        #expect(transcript.contains("L’URL du service BIN doit commencer par http:// ou https://."))
        #expect(transcript.contains("  1) Réseaux acceptés\u{A0}: tous les réseaux\n  2) Source BIN\u{A0}: http://bins.example\n"))
    }

    /// An answer's keys are logical: in Arabic, where the full-screen steppers are mirrored, the
    /// second language listed is still the one chosen (three options, so a mirrored arrow would land
    /// on another).
    @Test func arabicSettingsChoosesTheLanguageNamed() async throws {
        let harness = try PlainHarness()
        let (_, console) = await harness.run(.settings, ["7", "2", "5"], settings: Self.settings(.arabic))
        let transcript = console.transcript
        #expect(transcript.contains("  \u{2066}7\u{2069}) اللغة: \u{2068}العربية\u{2069}\n"))
        #expect(transcript.contains("  7) Langue\u{A0}: Français\nChoisissez 1 à 7 [5]\u{A0}: "), "\(transcript)")
    }

    @Test func settingsChoosesTheLanguageAsItsLastEntry() async throws {
        let harness = try PlainHarness()
        let (status, console) = await harness.run(.settings, ["7", "2", "5"])
        let transcript = console.transcript
        #expect(status == 0)
        #expect(transcript.contains("  6) Reset to defaults\n  7) Language: English\nChoose 1 to 7 [5]: 7\n"))
        #expect(transcript.contains("Language:\n  1) English\n  2) Français\n  3) العربية\nChoose 1 to 3 [1]: 2\n"))
        // Done applies it: what Done did and the questions after it are French.
        #expect(transcript.contains("Choose 1 to 3 [1]: 2\nChange which setting?"), "chosen, not yet applied")
        #expect(transcript.contains("Paramètres appliqués pour cette exécution.\n"))
        #expect(transcript.contains("  7) Langue\u{A0}: Français\nChoisissez 1 à 7 [5]\u{A0}: "))
        #expect(transcript.hasSuffix("Fin de saisie\u{A0}: au revoir.\n"))
    }
}

extension Conversation {
    /// A conversation over `answers`, speaking `language`.
    @MainActor static func scripted(_ answers: [String], language: Language) -> Conversation {
        let conversation = Conversation(console: ScriptedConsole(answers.map { .line($0) }))
        conversation.localizer = ScreenContext.localizer(for: language, ascii: false).localizer
        return conversation
    }
}
