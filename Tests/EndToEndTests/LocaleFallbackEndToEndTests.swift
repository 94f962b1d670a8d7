import CheckoutTestSupport
import Foundation
import Testing

/// A UTF-8 locale this machine never generated (`fr_FR.UTF-8` where `locale -a` lists only C and
/// C.UTF-8, as on a fresh Debian or in a container) still draws UTF-8: the character type falls
/// back to C.UTF-8, and the language is the one the name gives. A name that asks for no UTF-8
/// still gets ASCII.
@Suite struct LocaleFallbackEndToEndTests {
    /// The environment of a user whose only locale variable is `LANG`.
    static func environment(lang: String) -> [String: String] {
        var environment = PlainModeEndToEndTests.environment()
        environment["LC_ALL"] = nil
        environment["LC_CTYPE"] = nil
        environment["LC_MESSAGES"] = nil
        for category in ["LANGUAGE", "LC_MONETARY", "LC_NUMERIC", "LC_TIME"] { environment[category] = nil }
        environment["LANG"] = lang
        environment["CHECKOUT_PLAIN"] = "1"
        return environment
    }

    @Test(arguments: ["fr_FR.UTF-8", "ar_AE.UTF-8", "fr_FR.utf8"])
    func plainModeDrawsUTF8ForAnUngeneratedUTF8Locale(lang: String) throws {
        let result = try PlainModeEndToEndTests.run([], ["7"], environment: Self.environment(lang: lang))
        #expect(result.status == 0)
        // The opening line's amount is drawn with its euro sign, as the language writes it (isolated in Arabic).
        #expect(result.stdout.contains(lang.hasPrefix("ar") ? "\u{2068}\u{200F}49.99\u{A0}€\u{2069}" : "Montant à payer\u{A0}: 49,99\u{A0}€"),
                "\(lang): \(result.stdout)")
        #expect(result.stdout.contains(lang.hasPrefix("ar") ? "الدفع بالبطاقة" : "Payer par carte"), "\(lang): \(result.stdout)")
    }

    @Test func aLocaleThatAsksForNoCharacterSetStaysASCII() throws {
        let result = try PlainModeEndToEndTests.run([], ["7"], environment: Self.environment(lang: "fr_FR"))
        // The program's French without its accents, money in letters.
        #expect(result.stdout.contains("Montant a payer : 49,99 EUR ; source BIN : embedded."), "\(result.stdout)")
    }

    @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux (the README's set-up line installs it)")) func theTerminalUIDrawsUTF8ForAnUngeneratedUTF8Locale() throws {
        // LC_ALL= (empty) counts as unset: LANG names the locale.
        let (tmux, _) = try TUIHarness.start([], environment: ["LANG": "fr_FR.UTF-8", "LC_ALL": ""])
        defer { tmux.close() }
        let screen = try tmux.waitFor("Montant à payer", timeout: 20)
        #expect(screen.contains("┃  Payer par carte"), "the Unicode focus bar, in French: \(screen)")
        #expect(screen.contains("49,99\u{A0}€ · Source des BIN"), "French money in UTF-8: \(screen)")
        tmux.send("q")
        try TUIHarness.waitForExit(tmux)
    }
}
