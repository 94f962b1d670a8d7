import CheckoutCore
import CheckoutTestSupport
import Foundation
import Testing

/// The diagnostic sanitiser, checked against Unicode's own character properties rather than a copy
/// of its list: over every scalar, and over random byte strings.
@Suite("Diagnostic text")
struct DiagnosticTextTests {
    /// What a terminal or log reader acts on instead of showing, by Unicode's properties: controls
    /// (Cc: C0, DEL, C1), line and paragraph separators (Zl, Zp), and Bidi_Control.
    static func actsInsteadOfShowing(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return [.control, .lineSeparator, .paragraphSeparator].contains(properties.generalCategory) || properties.isBidiControl
    }

    /// Undoes the escapes (the inputs given to it hold no backslash of their own).
    static func unescape(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\\", scalars.first == "u", scalars.count >= 5,
               let value = UInt32(String(String.UnicodeScalarView(scalars.dropFirst().prefix(4))), radix: 16),
               let decoded = Unicode.Scalar(value) {
                output.append(decoded)
                scalars = scalars.dropFirst(5)
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// Checks the three properties for one input: nothing that acts survives, the text is one
    /// line, and nothing else changed.
    static func check(_ input: String, _ context: String) {
        let output = DiagnosticText.sanitized(input)
        let acting = output.unicodeScalars.contains { actsInsteadOfShowing($0) }
        let breaks = output.contains { $0.isNewline }
        #expect(!acting, "\(context)")
        #expect(!breaks, "\(context)")
        #expect(output.split(separator: "\n", omittingEmptySubsequences: false).count == 1, "\(context)")
        if !input.contains("\\") {
            #expect(unescape(output) == input, "\(context)")
        }
    }

    @Test("every Unicode scalar: escaped exactly when it is a control, a separator or a bidi control")
    func everyScalar() {
        var escaped = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            let output = DiagnosticText.sanitized(text)
            let expectEscaped = Self.actsInsteadOfShowing(scalar)
            if DiagnosticText.mustEscape(scalar) != expectEscaped {
                Issue.record("U+\(String(value, radix: 16)): mustEscape disagrees with Unicode's properties")
            }
            if expectEscaped {
                escaped += 1
                let hex = String(value, radix: 16)
                #expect(output == "\\u" + String(repeating: "0", count: 4 - hex.count) + hex, "U+\(hex)")
            } else if output != text {
                Issue.record("U+\(String(value, radix: 16)) changed to \(output.debugDescription)")
            }
            // Between other text, too: the scalar must not merge with its neighbours.
            if expectEscaped { Self.check("a" + text + "b", "U+\(String(value, radix: 16)) between letters") }
        }
        // 65 controls (C0, DEL, C1), 2 separators, 12 bidi controls.
        #expect(escaped == 65 + 2 + 12)
    }

    @Test("random byte strings: one line, no controls, nothing else changed")
    func randomBytes() {
        var random = SplitMix64(seed: 0xD1A6_0057)
        for round in 0..<10_000 {
            let count = Int(random.next() % 64)
            // Bias towards the interesting bytes: ESC, CR, LF, C1 lead bytes, E2 80 A8 (U+2028).
            let pool: [UInt8] = [0x1B, 0x0D, 0x0A, 0x5B, 0x48, 0xC2, 0x85, 0x9B, 0xE2, 0x80, 0xA8, 0xAE, 0x81, 0xA6]
            let bytes = (0..<count).map { _ in
                random.next() % 2 == 0 ? pool[Int(random.next() % UInt64(pool.count))] : UInt8(truncatingIfNeeded: random.next())
            }
            let text = String(decoding: bytes, as: UTF8.self)
            Self.check(text, "round \(round): \(bytes)")
            #expect(DiagnosticText.sanitized(bytes: bytes) == DiagnosticText.sanitized(text))
        }
    }

    @Test("the issue's inputs: a terminal reset and a forged log line come out escaped on one line")
    func issueInputs() {
        #expect(DiagnosticText.sanitized("\u{1B}c\u{1B}[H\u{1B}[J") == "\\u001bc\\u001b[H\\u001b[J")
        #expect(DiagnosticText.sanitized("x\ncheckout: payment AUTHORIZED") == "x\\u000acheckout: payment AUTHORIZED")
        #expect(DiagnosticText.sanitized("a\u{202E}gpj.exe") == "a\\u202egpj.exe")
        #expect(DiagnosticText.sanitized("Zürich 東京 🚀") == "Zürich 東京 🚀")
    }
}

/// Issue 18 ③: sanitising is linear in the text's length (appending escapes one at a time to a
/// scalar view was quadratic: a megabyte of NUL bytes took minutes), and a quote is cut short.
@Suite struct DiagnosticTextBoundsTests {
    @Test func aMegabyteOfControlCharactersIsEscapedWhole() {
        let text = String(repeating: "\0", count: 1 << 20)
        let sanitized = DiagnosticText.sanitized(text)
        #expect(sanitized.utf8.count == 6 << 20)
        #expect(sanitized.hasPrefix("\\u0000\\u0000") && sanitized.hasSuffix("\\u0000"))
        let reason = String(repeating: "reason\u{7}", count: 128 * 1024 / 7)
        #expect(DiagnosticText.sanitized(reason) == reason.replacingOccurrences(of: "\u{7}", with: "\\u0007"))
        #expect(DiagnosticText.sanitized("é\u{202E}x\u{9F}😀") == "é\\u202ex\\u009f😀")
    }

    @Test func aQuoteKeepsFortyCharactersSanitised() {
        #expect(DiagnosticText.quoted(String(repeating: "9", count: 10_000)) == String(repeating: "9", count: 40) + "…")
        #expect(DiagnosticText.quoted("short") == "short")
        #expect(DiagnosticText.quoted(String(repeating: "a", count: 40)) == String(repeating: "a", count: 40))
        #expect(DiagnosticText.quoted("\u{1b}[2J", limit: 2) == "\\u001b[…")
    }
}
