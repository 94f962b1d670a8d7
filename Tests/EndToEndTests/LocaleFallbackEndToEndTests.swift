import CheckoutTestSupport
import Foundation
import Testing

/// A UTF-8 locale this machine never generated (`fr_FR.UTF-8` where `locale -a` lists only C and
/// C.UTF-8, as on a fresh Debian or in a container) still draws UTF-8: the character type falls
/// back to C.UTF-8. A name that asks for no UTF-8 still gets ASCII.
@Suite struct LocaleFallbackEndToEndTests {
    /// The environment of a user whose only locale variable is `LANG`.
    static func environment(lang: String) -> [String: String] {
        var environment = PlainModeEndToEndTests.environment()
        environment["LC_ALL"] = nil
        environment["LC_CTYPE"] = nil
        environment["LC_MESSAGES"] = nil
        environment["LANG"] = lang
        environment["CHECKOUT_PLAIN"] = "1"
        return environment
    }

    @Test(arguments: ["fr_FR.UTF-8", "ar_AE.UTF-8", "fr_FR.utf8"])
    func plainModeDrawsUTF8ForAnUngeneratedUTF8Locale(lang: String) throws {
        let result = try PlainModeEndToEndTests.run([], ["7"], environment: Self.environment(lang: lang))
        #expect(result.status == 0)
        #expect(result.stdout.contains("Amount due €49.99"), "\(lang): \(result.stdout)")
    }

    @Test func aLocaleThatAsksForNoCharacterSetStaysASCII() throws {
        let result = try PlainModeEndToEndTests.run([], ["7"], environment: Self.environment(lang: "fr_FR"))
        #expect(result.stdout.contains("Amount due EUR 49.99"), "\(result.stdout)")
    }

    @Test func theTerminalUIDrawsUTF8ForAnUngeneratedUTF8Locale() throws {
        // LC_ALL= (empty) counts as unset: LANG names the locale.
        guard let (tmux, _) = try TUIHarness.start([], environment: ["LANG": "fr_FR.UTF-8", "LC_ALL": ""]) else { return }
        defer { tmux.close() }
        let screen = try tmux.waitFor("Amount due", timeout: 20)
        #expect(screen.contains("┃  Pay by card"), "the Unicode focus bar: \(screen)")
        #expect(screen.contains("Amount due €49.99 · BIN source embedded"))
        tmux.send("q")
        try TUIHarness.waitForExit(tmux)
    }
}
