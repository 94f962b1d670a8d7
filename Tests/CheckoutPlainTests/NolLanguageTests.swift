import CheckoutApp
import CheckoutCore
import CheckoutStore
import CheckoutTestSupport
import Foundation
import NolPay
import Testing
@testable import CheckoutPlain

/// The Nol link conversation in French and Arabic: the flow's own sentences and the Nol system's
/// errors in the language, Arabic in logical order (never shaped or reordered: a screen reader
/// does that) with its numbers and codes held in isolates.
@Suite struct NolLanguageTests {
    static func settings(_ language: Language) -> CheckoutSettings {
        var settings = PlainHarness.settings
        settings.language = language
        return settings
    }

    /// The code of the last SMS line the conversation said, whatever the language's words around it.
    static let codeFromSMS = ScriptedConsole.Answer.computed { transcript in
        let digits = transcript.split(separator: "\n").last { $0.contains("271") }.map { line in
            line.unicodeScalars.filter { $0.properties.numericType == .decimal }.map(String.init).joined()
        } ?? ""
        return String(digits.suffix(6))
    }

    /// Tap the Gold card, give the number, a wrong code, then the one in the SMS.
    static let answers: [ScriptedConsole.Answer] = ["2", "050 123 4567", "000000", codeFromSMS, "2"]

    @Test func theFrenchLinkConversationSpeaksFrench() async throws {
        let harness = try PlainHarness()
        let (status, console) = await harness.run(.nolLink, Self.answers, settings: Self.settings(.french))
        #expect(status == 0)
        let transcript = console.transcript
        for sentence in [
            "Nol Pay\u{A0}: associer une carte à un numéro de mobile en 3 étapes\u{A0}:",
            "Étape 1 sur 3\u{A0}: approchez une carte Nol du lecteur. Le lecteur voit\u{A0}:",
            "Carte lue\u{A0}: Gold card - first class, •••• 0233, 42,50\u{A0}AED.",
            "Étape 2 sur 3\u{A0}: numéro de mobile qui recevra le code",
            "SMS au +971 50 123 4567\u{A0}: votre code est 271829",
            "Code erroné\u{A0}: 2 essais restants.\nVérifiez les 6 chiffres du SMS et saisissez-les à nouveau.",
            "Étape 3 sur 3\u{A0}: le code à 6 chiffres du SMS (ou renvoyer)",
            "Carte associée\u{A0}: Gold card - first class, •••• 0233, 42,50\u{A0}AED.\nElle est prête pour payer.",
            "Et maintenant\u{202F}?",
        ] {
            #expect(transcript.contains(sentence), "missing: \(sentence)\n\(transcript)")
        }
        for english in ["Wrong code", "tries left", "Card read", "Step 1 of 3", "What next?", "your code is"] {
            #expect(!transcript.contains(english), "English left: \(english)")
        }
        #expect(try harness.store.links().map(\.cardNumber) == ["3084100233"])
    }

    @Test func theArabicLinkConversationIsInLogicalOrderWithIsolates() async throws {
        let harness = try PlainHarness()
        let (status, console) = await harness.run(.nolLink, Self.answers, settings: Self.settings(.arabic))
        #expect(status == 0)
        let transcript = console.transcript
        let lri = "\u{2066}", fsi = "\u{2068}", pdi = "\u{2069}"
        for sentence in [
            // The count that the two-form names ("بقيت محاولتان": two tries are left) is not written.
            "رمز خاطئ: بقيت محاولتان.\nتحقّق من الأرقام الستة في الرسالة النصية واكتبها مرة أخرى.",
            // An argument in an FSI (already isolated: its digits need no LRI of their own); a
            // number of the sentence's own in an LRI.
            "رسالة نصية إلى \(fsi)+971 50 123 4567\(pdi): رمزك هو \(fsi)271829\(pdi)",
            "الخطوة \(lri)1\(pdi) من \(lri)3\(pdi): قرّب بطاقة نول من القارئ. يرى القارئ:",
            "الخطوة \(lri)2\(pdi) من \(lri)3\(pdi): رقم الهاتف المحمول الذي يستلم الرمز",
            // The balance as ar-AE writes it (CLDR: RLM, the number, a no-break space, د.إ.‏).
            "تم ربط البطاقة: \(fsi)Gold card - first class, •••• 0233, \u{200F}42.50\u{A0}د.إ.\u{200F}\(pdi)\nأصبحت جاهزة للدفع.",
            "  \(lri)5\(pdi)) Silver card - reported lost, \(lri)•••• 0567\(pdi), محظورة",
            "ماذا بعد؟",
        ] {
            #expect(transcript.contains(sentence), "missing: \(sentence.debugDescription)\n\(transcript.debugDescription)")
        }
        // Logical order: the letters as typed, never the presentation forms a terminal without
        // shaping is sent, and no explicit embedding or override.
        let shaped = transcript.unicodeScalars.filter { (0xFB50...0xFDFF).contains($0.value) || (0xFE70...0xFEFF).contains($0.value) }
        #expect(shaped.isEmpty, "shaped letters: \(shaped.count)")
        #expect(!transcript.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
        for english in ["Wrong code", "tries left", "Card read", "Step 1 of 3", "What next?", "your code is", "Card linked"] {
            #expect(!transcript.contains(english), "English left: \(english)")
        }
        #expect(try harness.store.links().map(\.cardNumber) == ["3084100233"])
    }
}
