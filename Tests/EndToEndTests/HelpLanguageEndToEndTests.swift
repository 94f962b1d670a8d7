import CheckoutTestSupport
import Foundation
import Testing

/// `--help` speaks the language the screens would: `--lang` (before or after `--help`), else
/// LC_ALL, LC_MESSAGES or LANG; English otherwise. Arabic on an ASCII terminal is English with the
/// screens' one-line note on standard error, French there is transliterated.
@Suite struct HelpLanguageEndToEndTests {
    static func help(_ arguments: [String], _ variables: [String: String]) throws -> ChildProcess.Result {
        var environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        environment.merge(variables) { $1 }
        return try ChildProcess.run(ChildProcess.checkoutBinary, arguments, environment: environment, timeout: 30)
    }

    @Test func theLocaleAndLangChooseTheLanguage() throws {
        let english = try Self.help(["--help"], ["LANG": "C.UTF-8"])
        #expect(english.status == 0 && english.stdout.hasPrefix("checkout: a terminal checkout with co-badged cards and Nol Pay\n"))

        let french = try Self.help(["--help"], ["LANG": "fr_FR.UTF-8"])
        #expect(french.status == 0 && french.stderr.isEmpty)
        #expect(french.stdout.hasPrefix("checkout\u{A0}: une caisse en terminal, avec les cartes cobadgées et Nol Pay\n"))
        // C in LC_ALL wins over LANG, as for the screens.
        #expect(try Self.help(["--help"], ["LANG": "fr_FR.UTF-8", "LC_ALL": "C.UTF-8"]).stdout == english.stdout)

        for arguments in [["--lang", "ar", "--help"], ["--help", "--lang", "ar"]] {
            let arabic = try Self.help(arguments, ["LANG": "fr_FR.UTF-8"])
            #expect(arabic.status == 0 && arabic.stdout.hasPrefix("checkout: صندوق دفع في الطرفية"), "\(arguments)")
        }
        let demo = try Self.help(["demo", "--lang", "fr", "--help"], ["LANG": "C.UTF-8"])
        #expect(demo.stdout.hasPrefix("utilisation\u{A0}: checkout demo "))
        let detect = try Self.help(["detect", "--help"], ["LC_MESSAGES": "fr_FR.UTF-8", "LC_CTYPE": "C.UTF-8"])
        #expect(detect.stdout.contains("\nÉcrit un objet JSON par numéro\u{A0}:\n"))
    }

    @Test func anASCIITerminalGetsEnglishForArabicAndFrenchWithoutAccents() throws {
        let english = try Self.help(["--help"], ["LANG": "C"])
        let arabic = try Self.help(["--lang", "ar", "--help"], ["LANG": "C"])
        #expect(arabic.status == 0 && arabic.stdout == english.stdout)
        #expect(arabic.stderr == "checkout: Arabic needs a UTF-8 terminal (LANG=ar_AE.UTF-8, for one): English instead\n")

        let french = try Self.help(["--lang", "fr", "--help"], ["LANG": "C"])
        #expect(french.stdout.hasPrefix("checkout : une caisse en terminal, avec les cartes cobadgees et Nol Pay\n"))
        #expect(french.stdout.contains("(par defaut : 3000)"))
    }
}
