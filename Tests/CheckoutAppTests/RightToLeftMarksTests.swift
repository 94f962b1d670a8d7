import CheckoutCore
import CheckoutEngine
import CheckoutTestSupport
import Testing
@testable import CheckoutApp

/// Issue 31 ④: on a mirrored (Arabic) screen each radio mark of the network chooser sits on the
/// side its name starts from, its right, so a right-to-left reader takes each mark for the name
/// it belongs to; English keeps the mark before the name.
@MainActor @Suite struct RightToLeftMarksTests {
    static func chooser(_ language: Language) -> AppModel {
        var settings = Fixtures.settings
        settings.language = language
        var model = Fixtures.model(settings: settings)
        model.type("4000002500001001")
        _ = model.receive(.willFetchMetadata(CardNumberEntryState(cardNumber: "4000002500001001")))
        _ = model.receive(Fixtures.coBadgedMetadata())
        return model
    }

    @Test func theArabicChooserHasEachMarkOnTheRightOfItsName() throws {
        let row = try #require(Self.chooser(.arabic).screen.split(separator: "\n").first { $0.contains("Cartes Bancaires") && $0.contains("◉") })
        for name in ["Cartes Bancaires", "Visa"] {
            #expect(row.contains(name + " ◉") || row.contains(name + " ○"), "\(name)'s mark on its right: \(row)")
            #expect(!row.contains("◉ " + name) && !row.contains("○ " + name), "\(row)")
        }
    }

    @Test func theEnglishChooserKeepsTheMarkBeforeTheName() throws {
        let row = try #require(Self.chooser(.english).screen.split(separator: "\n").first { $0.contains("Pay with") })
        for name in ["Cartes Bancaires", "Visa"] {
            #expect(row.contains("◉ " + name) || row.contains("○ " + name), "\(row)")
        }
    }

    @Test func theAdviceArrowPointsTheWayTheTextReads() {
        #expect(GlyphSet.unicode.advice(rightToLeft: true) == "←" && GlyphSet.ascii.advice(rightToLeft: true) == "<-")
        #expect(GlyphSet.unicode.advice(rightToLeft: false) == GlyphSet.unicode.advice)
    }
}
