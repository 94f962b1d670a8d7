import CheckoutCore
import Foundation
import Testing
@testable import CheckoutApp

/// The Unicode Bidirectional Algorithm as FriBidi runs it, checked against Unicode's own conformance
/// file, and the visual lines a terminal with no bidi is given: shaped, mirrored, reordered.
@Suite struct BidiTextTests {
    /// Debian's `unicode-data` package (the README's set-up line installs it).
    static let conformanceFile = "/usr/share/unicode/BidiCharacterTest.txt"

    /// The Unicode version of FriBidi's own character data (`FRIBIDI_UNICODE_VERSION`, 10.0.0 in
    /// Debian's 1.0.8): a test line holding a character assigned later has no bidi class in
    /// FriBidi's tables, so it does not apply.
    static let fribidiUnicode = (major: 10, minor: 0)

    struct Case {
        var line: Int
        var codePoints: [UInt32]
        var paragraph: BidiText.Paragraph
        var paragraphLevel: Int
        /// nil where the character is removed by rule X9 ("x" in the file).
        var levels: [Int?]
        var order: [Int]
    }

    /// The cases of `BidiCharacterTest.txt` (field 0 code points, 1 direction, 2 paragraph level,
    /// 3 levels, 4 visual order) whose characters FriBidi's Unicode version has.
    static func cases() throws -> (applying: [Case], skipped: Int) {
        let text = try String(contentsOfFile: conformanceFile, encoding: .utf8)
        var cases: [Case] = []
        var skipped = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let fields = line.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5 else { continue }
            let codePoints = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
            let assignedInTime = codePoints.allSatisfy { value in
                guard let age = Unicode.Scalar(value)?.properties.age else { return false }
                return (age.major, age.minor) <= fribidiUnicode
            }
            guard assignedInTime else { skipped += 1; continue }
            let paragraph: BidiText.Paragraph = switch fields[1] { case "0": .leftToRight; case "1": .rightToLeft; default: .firstStrong }
            cases.append(Case(line: index + 1, codePoints: codePoints, paragraph: paragraph, paragraphLevel: Int(fields[2]) ?? -1,
                              levels: fields[3].split(separator: " ").map { Int($0) },
                              order: fields[4].split(separator: " ").compactMap { Int($0) }))
        }
        return (cases, skipped)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: conformanceFile),
                   "needs /usr/share/unicode/BidiCharacterTest.txt (Debian package unicode-data); it is absent here"))
    func levelsAndVisualOrderMatchUnicodesConformanceTest() async throws {
        let (cases, skipped) = try Self.cases()
        #expect(cases.count > 90_000, "the file was read: \(cases.count) cases apply, \(skipped) hold characters newer than Unicode 10")
        var failures: [String] = []
        for (index, test) in cases.enumerated() {
            // 90,000 cases on the test pool's two threads: the other tests get their turn.
            if index % 1000 == 0 { await Task.yield() }
            let resolved = BidiText.resolve(test.codePoints, paragraph: test.paragraph)
            let levels = zip(test.levels, resolved.levels).map { expected, actual in expected.map { $0 == actual } ?? true }
            // The visual order leaves out the characters rule X9 removes.
            let order = resolved.visualOrder.filter { test.levels[$0] != nil }
            if resolved.paragraphLevel != test.paragraphLevel || levels.contains(false) || order != test.order {
                failures.append("line \(test.line): levels \(resolved.levels) order \(order), expected \(test.levels.map { $0.map(String.init) ?? "x" }) \(test.order)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(cases.count) cases differ; the first: \(failures.prefix(5).joined(separator: "\n"))")
    }

    @Test func arabicIsShapedIntoItsJoiningForms() {
        // بطاقة: beh initial, tah medial, alef final, qaf initial, teh marbuta final; shown right to left.
        #expect(BidiText.visual("بطاقة", paragraph: .rightToLeft) == "\u{FE94}\u{FED7}\u{FE8E}\u{FEC4}\u{FE91}")
        #expect(BidiText.visual("ب", paragraph: .rightToLeft) == "\u{FE8F}", "a letter alone: its isolated form")
        #expect(BidiText.visual("لا", paragraph: .rightToLeft) == "\u{FEFB}", "lam and alef make their ligature")
        #expect(BidiText.visual("مَرْحَبًا", paragraph: .rightToLeft).unicodeScalars.map(\.value)
            == [0xFE8E, 0xFE92, 0x064B, 0xFEA3, 0x064E, 0xFEAE, 0x0652, 0xFEE3, 0x064E], "each mark stays after its letter")
    }

    @Test func aSentenceIsReorderedWithLatinAndBracketsInPlace() {
        #expect(BidiText.visual("رقم البطاقة", paragraph: .rightToLeft) == "\u{FE94}\u{FED7}\u{FE8E}\u{FEC4}\u{FE92}\u{FEDF}\u{FE8D} \u{FEE2}\u{FED7}\u{FEAD}")
        #expect(BidiText.visual("Nol Pay: ربط", paragraph: .rightToLeft) == "\u{FEC2}\u{FE91}\u{FEAD} :Nol Pay", "the Latin name stays left to right, at the line's end")
        #expect(BidiText.visual("(ربط)", paragraph: .rightToLeft) == "(\u{FEC2}\u{FE91}\u{FEAD})", "the brackets are mirrored")
    }

    /// Groups of digits in an Arabic line come out right to left unless isolated: why BidiIsolation exists.
    @Test func aCardNumberKeepsItsGroupsInOrderOnlyWhenIsolated() {
        let sentence = "البطاقة 4000 0025 0000 1001"
        #expect(BidiText.visual(sentence, paragraph: .rightToLeft).hasPrefix("1001 0000 0025 4000"), "UAX #9 rule N1 on its own")
        let isolated = BidiText.visual(BidiIsolation.isolatingNumbers(sentence), paragraph: .rightToLeft)
        #expect(isolated.hasPrefix("4000 0025 0000 1001 "), "\(isolated)")
        #expect(BidiText.visual(BidiIsolation.isolatingNumbers("البطاقة •••• 1001"), paragraph: .rightToLeft).hasPrefix("•••• 1001 "))
        #expect(BidiText.visual(BidiIsolation.isolatingNumbers("الهاتف +971 50 123 4567"), paragraph: .rightToLeft).hasPrefix("+971 50 123 4567 "))
        #expect(!isolated.unicodeScalars.contains { $0.properties.generalCategory == .format }, "the isolates themselves are not sent")
    }

    @Test func leftToRightTextIsLeftAsItIsButForFormatCharacters() {
        #expect(BidiText.visual("Pay €49.99 (Visa)", paragraph: .leftToRight) == "Pay €49.99 (Visa)")
        #expect(BidiText.visual("Pay €49.99", paragraph: .rightToLeft) == "Pay €49.99", "nothing right to left in it")
        #expect(BidiText.visual("Insufficient funds.", paragraph: .rightToLeft) == ".Insufficient funds",
                "in a right-to-left paragraph the full stop ends the line on the left")
        #expect(BidiText.visual("Insufficient funds.", paragraph: .firstStrong) == "Insufficient funds.")
        #expect(BidiText.visual("a\u{2068}b\u{2069}\u{200B}", paragraph: .leftToRight) == "ab")
        #expect(BidiText.visual("", paragraph: .rightToLeft) == "")
        #expect(BidiText.resolve([], paragraph: .firstStrong) == BidiText.Resolution(paragraphLevel: 0, levels: [], visualOrder: []))
    }

    @Test func theParagraphDirectionCanBeFoundFromTheFirstStrongCharacter() {
        #expect(BidiText.resolve(Array("abc ربط".unicodeScalars.map(\.value)), paragraph: .firstStrong).paragraphLevel == 0)
        #expect(BidiText.resolve(Array("ربط abc".unicodeScalars.map(\.value)), paragraph: .firstStrong).paragraphLevel == 1)
        #expect(BidiText.resolve(Array("123".unicodeScalars.map(\.value)), paragraph: .firstStrong).paragraphLevel == 0)
    }
}

/// Which terminals get visual order, which are told to stop their own bidi first, which do it.
@Suite struct TerminalBidiTests {
    @Test func eachTerminalIsRecognisedFromTheVariablesItSets() {
        #expect(TerminalBidi.of(environment: ["TERM": "xterm-256color"]) == .visualOrder)
        #expect(TerminalBidi.of(environment: ["TERM": "linux"]) == .visualOrder)
        #expect(TerminalBidi.of(environment: [:]) == .visualOrder)
        #expect(TerminalBidi.of(environment: ["TERM": "xterm-256color", "VTE_VERSION": "6003"]) == .visualOrderAfterExplicitMode, "GNOME Terminal, VTE 0.60.3")
        #expect(TerminalBidi.of(environment: ["VTE_VERSION": "5703"]) == .visualOrderAfterExplicitMode, "VTE 0.57.3, the first with bidi")
        #expect(TerminalBidi.of(environment: ["VTE_VERSION": "5603"]) == .visualOrder, "an older VTE does no bidi")
        #expect(TerminalBidi.of(environment: ["TERM_PROGRAM": "mintty"]) == .visualOrderAfterExplicitMode)
        #expect(TerminalBidi.of(environment: ["KONSOLE_VERSION": "230804"]) == .terminalOrders)
        #expect(TerminalBidi.of(environment: ["MLTERM": "3.9.3"]) == .terminalOrders)
        #expect(TerminalBidi.of(environment: ["TERM_PROGRAM": "Apple_Terminal"]) == .terminalOrders)
        #expect(TerminalBidi.of(environment: ["TERM_PROGRAM": "iTerm.app"]) == .visualOrder)
    }

    @Test func insideAMultiplexerTheMultiplexerIsTheTerminal() {
        #expect(TerminalBidi.of(environment: ["TMUX": "/tmp/tmux-1000/default,1,0", "VTE_VERSION": "6003"]) == .visualOrder)
        #expect(TerminalBidi.of(environment: ["TERM": "tmux-256color", "KONSOLE_VERSION": "230804"]) == .visualOrder)
        #expect(TerminalBidi.of(environment: ["STY": "1234.pts-0.host"]) == .visualOrder)
        #expect(TerminalBidi.of(environment: ["TERM": "screen.xterm-256color"]) == .visualOrder)
    }

    @Test func theModeSequencesAreECMA48sBDSM() {
        #expect(TerminalBidi.explicitMode == "\u{1B}[8l")
        #expect(TerminalBidi.implicitMode == "\u{1B}[8h")
    }

    /// FriBidi 1.0.8's issue #141 (github.com/fribidi/fribidi/issues/141, "Concatenated RTL-isolates
    /// give wrong levels"): in a right-to-left paragraph, `RLI PM PDI RLI 96 / 110 PDI` should resolve
    /// the spaces and the slash inside the second isolate to level 3 (UAX #9 N1: between two numbers
    /// they take R; I1 keeps R at the odd level 3), and Debian 12's FriBidi gives them 4. Kept as a
    /// known issue: it fails the day the system's FriBidi resolves it as UAX #9 does, so this note goes.
    /// The workaround is that nothing drawn here holds an RLI: numbers are isolated with LRI and the
    /// catalogues' arguments with FSI (`BidiIsolation`), and no Arabic sentence carries U+2067.
    @Test func fribidiIssue141ConcatenatedRightToLeftIsolates() throws {
        let line = Array("\u{2067}PM\u{2069}\u{2067}96 / 110\u{2069}".unicodeScalars.map(\.value))
        let uba = [1, 4, 4, 1, 1, 4, 4, 3, 3, 3, 4, 4, 4, 1]
        withKnownIssue("FriBidi 1.0.8 #141: the neutrals of the second isolate get level 4") {
            #expect(BidiText.resolve(line, paragraph: .rightToLeft).levels == uba)
        }
        let arabic = try String(contentsOfFile: #filePath.replacingOccurrences(of: "Tests/CheckoutAppTests/BidiTextTests.swift",
                                                                                 with: "Resources/data/strings/ar.tsv"), encoding: .utf8)
        #expect(!arabic.unicodeScalars.contains(BidiIsolation.rightToLeftIsolate), "no Arabic sentence carries an RLI")
        let isolated = BidiIsolation.isolatingNumbers("البطاقة •••• 1001، المبلغ €49.99، الرمز 123456")
        #expect(!isolated.unicodeScalars.contains(BidiIsolation.rightToLeftIsolate))
    }
}
