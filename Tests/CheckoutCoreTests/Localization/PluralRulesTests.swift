import CheckoutCore
import CheckoutResources
import Foundation
import Testing

/// CLDR's cardinal plural rules as `locales.json` keeps them (every category Babel chooses for
/// 0…229 and more is checked in `LocaleDataTests.pluralCategoriesAreWhatBabelChooses`).
@Suite struct PluralRulesTests {
    @Test func arabicHasSixFormsAndFrenchThree() {
        let arabic = LocalizationTestData.format(.arabic).plurals
        #expect(arabic.categories == [.zero, .one, .two, .few, .many, .other])
        let expected: [(Int, PluralCategory)] = [(0, .zero), (1, .one), (2, .two), (3, .few), (10, .few), (11, .many), (99, .many),
                                                 (100, .other), (102, .other), (103, .few), (111, .many), (1000, .other), (-3, .few)]
        for (number, category) in expected { #expect(arabic.category(number) == category, "ar \(number)") }

        let french = LocalizationTestData.format(.french).plurals
        #expect(french.categories == [.one, .many, .other])
        let frenchExpected: [(Int, PluralCategory)] = [(0, .one), (1, .one), (2, .other), (999_999, .other), (1_000_000, .many),
                                                       (2_000_000, .many), (1_000_001, .other)]
        for (number, category) in frenchExpected { #expect(french.category(number) == category, "fr \(number)") }

        let english = LocalizationTestData.format(.english).plurals
        #expect(english.categories == [.one, .other])
        #expect(english.category(1) == .one && english.category(0) == .other && english.category(2) == .other)
        #expect(PluralRules.onlyOther.category(1) == .other)
    }

    @Test func rulesCLDRsSyntaxDoesNotAllowAreRefused() {
        for bad in ["n = ", "x = 1", "n % 0 = 1", "n = 1 xor n = 2", "n == 1", "n = 5..3", "n = a", "= 1"] {
            #expect(throws: PluralRuleError.self, "\(bad)") { try PluralRules(["one": bad]) }
        }
        #expect(throws: PluralRuleError.self) { try PluralRules(["several": "n = 1"]) }
        #expect(throws: Never.self) { try PluralRules(["one": "n = 1,3..5 or n % 10 != 0..8 and i = 9 @integer 1"]) }
    }

    @Test func andBindsTighterThanOr() throws {
        // n = 1 or (n % 10 = 5 and n != 15)
        let rules = try PluralRules(["few": "n = 1 or n % 10 = 5 and n != 15"])
        #expect(rules.category(1) == .few)
        #expect(rules.category(25) == .few)
        #expect(rules.category(15) == .other)
        #expect(rules.category(2) == .other)
    }
}
