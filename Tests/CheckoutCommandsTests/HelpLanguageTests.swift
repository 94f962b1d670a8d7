import CheckoutCore
import CheckoutEngine
import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutCommands

/// `--help` in French and Arabic: every sentence the catalogues', the table's words (option names,
/// placeholders, network ids, JSON, examples) as they are, Arabic in logical order with its
/// numbers isolated. English is Docs/cli.md's, byte for byte (`CommandLineDocumentTests`).
@Suite struct HelpLanguageTests {
    static func words(_ language: Language, ascii: Bool = false) throws -> HelpWords {
        let localizer = try Bundled.localizer(language)
        return HelpWords(localizer: ascii ? Localizer(language: language, catalogue: localizer.catalogue.transliteratedToASCII(),
                                                      fallback: localizer.fallback, format: localizer.format) : localizer,
                         ascii: ascii)
    }

    /// `checkout --help`, then each command's, as one text.
    static func everyHelp(_ say: HelpWords) -> String {
        ([HelpText.usage(say)] + CommandSpec.all.filter { $0 != .tui }.map { $0.help(say) }).joined(separator: "\n\n----\n\n")
    }

    @Test func frenchAndArabicHelpSnapshots() throws {
        assertSnapshot(Self.everyHelp(try Self.words(.french)), named: "help-fr")
        assertSnapshot(Self.everyHelp(try Self.words(.arabic)), named: "help-ar")
        assertSnapshot(Self.everyHelp(try Self.words(.french, ascii: true)), named: "help-fr-ascii")
    }

    /// No sentence of the help is left in English: each help key's French and Arabic differ from
    /// English, but for the words that are the same in French.
    @Test func noHelpSentenceIsLeftInEnglish() throws {
        let english = Bundled.english
        let sameInFrench: Set<TextKey> = [.helpSynopsisOptions]
        for key in TextKey.allCases where key.rawValue.hasPrefix("help") {
            for language in [Language.french, .arabic] where !(language == .french && sameInFrench.contains(key)) {
                #expect(try Bundled.localizer(language).text(key.rawValue, []) != english.text(key.rawValue, []), "\(language.code): \(key) is English")
            }
        }
    }

    /// The help says in the language what the English says, with the same words of the table:
    /// every option name, placeholder and network id of the English help is in the French and
    /// Arabic ones, and each command's usage line names the same options.
    @Test func theTableWordsStayAsTheyAre() throws {
        let english = Self.everyHelp(.english)
        let tableWords = Set(english.split(whereSeparator: { " \n[](),;".contains($0) }).map { String($0.trimmingCharacters(in: [":", "."])) }
            .filter { word in word.hasPrefix("--") || (word.count > 2 && word.allSatisfy { $0.isUppercase || $0 == "_" || $0 == "|" }) })
        /// A usage line's words from the command's name on, however the heading wraps them.
        func synopsis(_ usage: String) -> [Substring] {
            let words = usage.split(whereSeparator: \.isWhitespace)
            return Array(words.drop { $0 != "checkout" })
        }
        for language in [Language.french, .arabic] {
            let say = try Self.words(language)
            let help = Self.everyHelp(say)
            for word in tableWords.sorted() { #expect(help.contains(word), "\(language.code) --help lacks \(word)") }
            for command in CommandSpec.all { #expect(synopsis(command.usage(say)) == synopsis(command.usage), "\(command.title)") }
        }
    }

    /// Arabic in logical order: a number in a sentence is in a left-to-right isolate, so
    /// `4999 لـ 49.99` keeps its order wherever it is laid out; the examples to copy have none.
    @Test func arabicNumbersAreIsolatedAndExamplesAreNot() throws {
        let arabic = try Self.words(.arabic)
        let help = HelpText.usage(arabic)
        #expect(help.contains("\u{2066}4999\u{2069} لـ \u{2066}49.99\u{2069}"))
        let example = try #require(help.split(separator: "\n").first { $0.contains("| checkout detect -") })
        #expect(!example.unicodeScalars.contains { (0x2066...0x2069).contains($0.value) }, "\(example)")
        #expect(String(example) == #"    printf '%s\n' '{"cardNumber":"4000 0025 0000 1001","expiryDate":"12/30","cvv":"123"}' | checkout detect -"#)
        // The French help has no isolates at all.
        #expect(!Self.everyHelp(try Self.words(.french)).unicodeScalars.contains { (0x2066...0x2069).contains($0.value) })
    }

    @Test func asciiFrenchIsASCII() throws {
        let help = Self.everyHelp(try Self.words(.french, ascii: true))
        let english = Self.everyHelp(.english)
        // Only what English has outside ASCII too (the JSON examples' ellipses, the demo keys' arrows) is left.
        let foreign = Set(help.unicodeScalars.filter { !$0.isASCII })
        #expect(foreign.isSubset(of: Set(english.unicodeScalars.filter { !$0.isASCII })), "\(foreign)")
        #expect(help.contains("(par defaut : 0)"))
    }
}
