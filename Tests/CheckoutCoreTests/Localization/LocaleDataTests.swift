import CheckoutCore
import Foundation
import Testing

/// The program's formatting (`LocaleFormat` over the generated `locales.json`) against what Babel
/// itself writes with the same CLDR data (`Fixtures/cldr-expected.tsv`, written by the same
/// `scripts/gen-locales` run): every ISO 4217 currency in every shipped locale, dates, times,
/// numbers, lists and plural categories. A formatting rule that drifts from CLDR's, or a
/// `locales.json` edited by hand, fails here.
@Suite struct LocaleDataTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var locale: String
        var what: String
        var input: String
        var expected: String
        var testDescription: String { "\(locale) \(what) \(input)" }
    }

    static let rows: [Row] = TestData.fixtureRows("cldr-expected").dropFirst().map { fields in
        Row(locale: fields[0], what: fields[1], input: fields[2], expected: unescaped(fields[3]))
    }

    /// `\uXXXX` escapes (invisible characters) as the characters.
    static func unescaped(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let slash = rest.range(of: "\\u") {
            result += rest[..<slash.lowerBound]
            let hex = rest[slash.upperBound...].prefix(4)
            result.unicodeScalars.append(Unicode.Scalar(UInt32(hex, radix: 16)!)!)
            rest = rest[slash.upperBound...].dropFirst(4)
        }
        return result + rest
    }

    func format(_ row: Row) throws -> LocaleFormat {
        try #require(LocalizationTestData.formats[row.locale], "locales.json has \(row.locale)")
    }

    @Test func theFixtureCoversEveryShippedLocaleAndEveryCurrency() {
        let shipped = Set(LocalizationTestData.formats.keys).subtracting(["en"])
        let money = Self.rows.filter { $0.what.hasPrefix("money:") && $0.input == "1234567" }
        #expect(Set(money.map(\.locale)) == shipped)
        for locale in shipped {
            let codes = Set(money.filter { $0.locale == locale }.map { String($0.what.dropFirst(6)) })
            #expect(codes.count == ISO4217.count, "\(locale): \(codes.count) of \(ISO4217.count) currencies")
            #expect(codes.allSatisfy(ISO4217.isCurrency), "\(locale)")
        }
        for variant in ["fr-CA", "fr-CH", "fr-BE", "ar-SA", "ar-EG", "ar-MA"] { #expect(shipped.contains(variant), "\(variant)") }
    }

    @Test(arguments: rows.filter { $0.what.hasPrefix("money:") })
    func money(_ row: Row) throws {
        let code = String(row.what.dropFirst(6))
        let written = try format(row).money(minorUnits: Int(row.input)!, currency: code, fractionDigits: MoneyText.fractionDigits(code))
        #expect(written == row.expected, "\(written.debugDescription) ≠ \(row.expected.debugDescription)")
    }

    @Test func datesTimesNumbersAndListsAreWhatBabelWrites() throws {
        var checked = 0
        for row in Self.rows where !row.what.hasPrefix("money:") && row.what != "plural" {
            let format = try format(row)
            let written: String
            switch row.what {
            case "date": written = format.shortDate(year: 2030, month: 12, day: 25)
            case "time":
                let parts = row.input.split(separator: ":").map { Int($0)! }
                written = format.shortTime(hour: parts[0], minute: parts[1])
            case "datetime": written = format.shortDateTime(year: 2030, month: 12, day: 25, hour: 14, minute: 5)
            case "number": written = format.number(Int(row.input)!)
            case "list": written = format.list(row.input.split(separator: "|").map(String.init))
            default: Issue.record("unknown row kind \(row.what)"); continue
            }
            #expect(written == row.expected, "\(row.testDescription): \(written.debugDescription) ≠ \(row.expected.debugDescription)")
            checked += 1
        }
        #expect(checked > 300, "\(checked) rows")
    }

    @Test func pluralCategoriesAreWhatBabelChooses() throws {
        let rows = Self.rows.filter { $0.what == "plural" }
        #expect(Set(rows.map(\.locale)) == ["en", "fr", "ar"])
        for row in rows {
            #expect(try format(row).plurals.category(Int(row.input)!).rawValue == row.expected, "\(row.testDescription)")
        }
    }

    /// The done-when of issue 31: Saudi Arabic writes riyals with Arabic-Indic digits, as CLDR's
    /// `ar-SA` does (default numbering system `arab`).
    @Test func saudiArabicWritesArabicIndicDigits() throws {
        let saudi = try #require(LocalizationTestData.formats["ar-SA"])
        #expect(saudi.numberingSystem == "arab")
        #expect(saudi.money(minorUnits: 4999, currency: "SAR", fractionDigits: 2) == "\u{200F}٤٩٫٩٩\u{A0}ر.س.\u{200F}")
        #expect(LocalizationTestData.formats["ar-MA"]?.numberingSystem == "latn")
        #expect(LocalizationTestData.formats["fr-CH"]?.number(1234) == "1'234", "Switzerland's grouping")
    }
}
