import CheckoutCore
import CheckoutEngine
import CheckoutStore
import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutApp

/// Issue 35 ③: a text a screen keeps (a saved receipt, an OSC 52 clipboard payload) leaves the
/// program with the escaping diagnostics have, whatever a session or a damaged ledger row put in it.
@Suite struct HostileExportTests {
    /// A merchant name with a title change, an OSC 52 of its own, a cursor report request, a C1
    /// control, a right-to-left override and a line separator.
    static let hostile = "Shop\u{1b}]0;owned\u{07}\u{1b}]52;c;ZXZpbA==\u{07}\u{1b}[6n\u{9b}31m\u{202e}gnp.exe\u{2028}x\u{2066}y"

    @Test func aSavedReceiptHoldsNoRawControl() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("receipt.txt").path
        let note = TextExport.perform("Merchant  \(Self.hostile)\nTotal  €49.99\n", to: .file(path), localizer: Bundled.english) { _ in
            Issue.record("nothing goes to the terminal for a file")
        }
        #expect(note.tone == .success)
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved.unicodeScalars.allSatisfy { $0 == "\n" || !DiagnosticText.mustEscape($0) }, "\(saved.debugDescription)")
        #expect(saved.contains("Shop\\u001b]0;owned\\u0007\\u001b]52;c;ZXZpbA==\\u0007\\u001b[6n\\u009b31m\\u202egnp.exe\\u2028x\\u2066y"))
        #expect(saved.hasSuffix("\nTotal  €49.99\n"), "the receipt's own lines stay lines")
    }

    @Test func theClipboardPayloadHoldsNoRawControl() throws {
        var written: [String] = []
        _ = TextExport.perform("Merchant  \(Self.hostile)\n", to: .clipboard, localizer: Bundled.english) { written.append($0) }
        let sequence = try #require(written.first)
        #expect(written.count == 1 && sequence.hasPrefix("\u{1b}]52;c;") && sequence.hasSuffix("\u{07}"))
        let base64 = String(sequence.dropFirst("\u{1b}]52;c;".count).dropLast())
        let payload = String(decoding: try #require(Data(base64Encoded: base64)), as: UTF8.self)
        #expect(payload.unicodeScalars.allSatisfy { $0 == "\n" || !DiagnosticText.mustEscape($0) }, "\(payload.debugDescription)")
        #expect(payload.contains("\\u001b]52;c;ZXZpbA=="), "the inner OSC 52 is text, not a sequence")
    }

    @Test func sanitizedLinesKeepsLineFeedsAndPlainTextAsItIs() {
        #expect(DiagnosticText.sanitizedLines("Reçu\nكاشير\n") == "Reçu\nكاشير\n")
        #expect(DiagnosticText.sanitizedLines("a\r\nb\u{85}c") == "a\\u000d\nb\\u0085c")
    }

    @Test func itemsThatAddUpToAnotherAmountAreShownBesideIt() throws {
        let json = #"{"order":{"merchantAmount":10000,"currencyCode":"EUR","lineItems":[{"description":"Pen","amount":100}]}}"#
        let session = try ClientSession.read(json: json).session
        #expect(session.itemsTotal == 100 && session.itemsDifferFromAmount)
        let context = ScreenContext(catalogue: Fixtures.catalogue, settings: Fixtures.settings)
        let summary = OrderSummary(session, context: context)
        #expect(summary.headline(context: context) == "1 × Pen · items €1.00, order total €100.00")
        #expect(summary.rows(Bundled.english).last?.value == "items €1.00, order total €100.00")
        let matching = try ClientSession.read(json: json.replacingOccurrences(of: "\"amount\":100}", with: "\"amount\":10000}")).session
        #expect(!matching.itemsDifferFromAmount && OrderSummary(matching, context: context).itemsTotal == nil)
    }
}

/// Issue 35 ④: the order's total is never cut or pushed off the line above the form by a
/// merchant's text, however long and whatever it says, at any size from 50x17 up.
@MainActor @Suite struct OrderTotalKeptTests {
    @Test(arguments: [(50, 17), (60, 20), (80, 24), (120, 40)])
    func aMerchantNameThatReadsLikeAnAmountNeverTakesTheTotalsPlace(_ size: (Int, Int)) throws {
        let json = #"{"merchantName":"€1.00 €1.00 €1.00 €1.00 €1.00 €1.00 €1.00 €1.00 €1.00 €1.00 €1.00 €1.00","order":{"merchantAmount":10000,"currencyCode":"EUR"}}"#
        let model = Fixtures.model(settings: CheckoutSettings(session: try ClientSession.read(json: json).session))
        let screen = model.render(width: size.0, height: size.1).text
        let orderLine = try #require(screen.split(separator: "\n").first { $0.contains("€1.00 €1.00") }, "\(screen)")
        #expect(orderLine.contains("€100.00"), "\(size): the total stays on its line: \(orderLine)")
        #expect(screen.contains("Pay €100.00"), "\(size)")
    }
}
