import CheckoutStore
import CheckoutTestSupport
import Foundation
import Testing

/// The real `checkout --plain` over pipes in the language `LANG` names, on a machine that may
/// never have generated that locale: a co-badged card paid with the network chosen, the
/// conversation in logical order.
@Suite struct PlainLanguageEndToEndTests {
    /// A user whose only locale variable is `LANG`.
    static func environment(lang: String) -> [String: String] {
        var environment = PlainModeEndToEndTests.environment()
        environment["LC_ALL"] = nil
        environment["LC_MESSAGES"] = nil
        environment["LC_CTYPE"] = nil
        for category in ["LANGUAGE", "LC_MONETARY", "LC_NUMERIC", "LC_TIME"] { environment[category] = nil }
        environment["LANG"] = lang
        return environment
    }

    /// Issue 31's done-when: Saudi Arabic (`ar_SA`) writes riyals with CLDR's Arabic-Indic digits.
    @Test func saudiArabicWritesRiyalsInArabicIndicDigits() throws {
        let result = try PlainModeEndToEndTests.run(["--plain", "--currency", "SAR"], ["7"],
                                                    environment: Self.environment(lang: "ar_SA.UTF-8"))
        #expect(result.status == 0)
        #expect(result.stdout.contains("\u{200F}٤٩٫٩٩\u{A0}ر.س.\u{200F}"), "\(result.stdout)")
    }

    /// GNU's LANGUAGE list, as a desktop's language panel sets it beside an English LANG.
    @Test func theLanguageListSpeaksFrenchOverAnEnglishLocale() throws {
        var environment = Self.environment(lang: "en_US.UTF-8")
        environment["LANGUAGE"] = "fr"
        let result = try PlainModeEndToEndTests.run(["--plain"], ["7"], environment: environment)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Montant à payer\u{A0}: 49,99\u{A0}€"), "\(result.stdout)")
    }

    @Test func arabicPaysACoBadgedCard() throws {
        let dir = PlainModeEndToEndTests.dataDirectory()
        let result = try PlainModeEndToEndTests.run(["--plain", "--allowed", "VISA,CARTES_BANCAIRES,MASTERCARD"],
                                                    ["1", "4000002500001001", "2", "12/30", "123", "Jane Doe", "نعم", "2", "8"],
                                                    dataDir: dir, environment: Self.environment(lang: "ar_AE.UTF-8"))
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        // A line whose first strong character is not Arabic starts with RLM (the paragraph's direction).
        #expect(result.stdout.hasPrefix("\u{200F}TerminalCheckout، الوضع النصي. المبلغ المستحق: \u{2068}\u{200F}49.99\u{A0}€\u{2069}"))
        #expect(result.stdout.contains("  \u{2066}1\u{2069}) \u{2068}Visa\u{2069} (المفضّلة)\n\u{200F}  \u{2066}2\u{2069}) Cartes Bancaires\n"
            + "اختر \u{2068}1 أو 2\u{2069} [\u{2066}1\u{2069}]: \u{2066}2\u{2069}\n"))
        #expect(result.stdout.contains("؟ [نعم]: نعم\n"))
        #expect(result.stdout.contains("تمت الموافقة على الدفعة: "))
        #expect(result.stdout.hasSuffix("إلى اللقاء.\n"))
        #expect(try PlainModeEndToEndTests.payments(in: dir).map(\.network) == ["CARTES_BANCAIRES"])
    }

    @Test func frenchPaysACoBadgedCard() throws {
        let dir = PlainModeEndToEndTests.dataDirectory()
        let result = try PlainModeEndToEndTests.run(["--plain", "pay", "--allowed", "VISA,CARTES_BANCAIRES,MASTERCARD"],
                                                    ["4000002500001001", "2", "12/30", "123", "Jane Doe", "o", "2", "8"],
                                                    dataDir: dir, environment: Self.environment(lang: "fr_FR.UTF-8"))
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.contains("Choisissez 1 ou 2 [1]\u{A0}: 2\n"))
        #expect(result.stdout.contains("? [O/n]\u{A0}: o\n"))
        #expect(result.stdout.contains("Paiement autorisé\u{A0}: 49,99\u{A0}€ avec Cartes Bancaires, carte •••• 1001."))
        #expect(try PlainModeEndToEndTests.payments(in: dir).map(\.network) == ["CARTES_BANCAIRES"])
    }
}
