import CheckoutCore
import Foundation
import Testing

/// Money, digits and dates as CLDR says each locale writes them (`Resources/data/locales.json`,
/// generated from Babel's CLDR data): the expected strings are spelt with their invisible characters.
/// What Babel itself writes for every currency is `LocaleDataTests`'; these are the cases Babel
/// does not write as TR35 says (negatives, the explicit plus sign, English's currency spacing).
@Suite struct LocaleFormatTests {
    let english = LocalizationTestData.format(.english)
    let french = LocalizationTestData.format(.french)
    let emirati = LocalizationTestData.format(.arabic)

    @Test func frenchMoneyHasADecimalCommaNarrowSpacesAndTheSymbolAfter() {
        #expect(french.money(minorUnits: 4999, currency: "EUR", fractionDigits: 2) == "49,99\u{A0}€")
        #expect(french.money(minorUnits: 123_450, currency: "EUR", fractionDigits: 2) == "1\u{202F}234,50\u{A0}€")
        #expect(french.money(minorUnits: 100_000_000, currency: "EUR", fractionDigits: 2) == "1\u{202F}000\u{202F}000,00\u{A0}€")
        #expect(french.money(minorUnits: 5, currency: "EUR", fractionDigits: 2) == "0,05\u{A0}€")
        #expect(french.money(minorUnits: -4999, currency: "eur", fractionDigits: 2) == "-49,99\u{A0}€")
        #expect(french.money(minorUnits: 1250, currency: "AED", fractionDigits: 2) == "12,50\u{A0}AED", "no French symbol: the code")
        #expect(french.money(minorUnits: 1000, currency: "USD", fractionDigits: 2) == "10,00\u{A0}$US")
        #expect(french.money(minorUnits: 4999, currency: "JPY", fractionDigits: 0) == "4\u{202F}999\u{A0}JPY")
        #expect(french.money(minorUnits: 12345, currency: "BHD", fractionDigits: 3) == "12,345\u{A0}BHD")
    }

    @Test func asciiMoneyUsesTheCodeAndPlainSpaces() {
        #expect(french.money(minorUnits: 4999, currency: "EUR", fractionDigits: 2, ascii: true) == "49,99 EUR")
        #expect(french.money(minorUnits: 123_450, currency: "EUR", fractionDigits: 2, ascii: true) == "1 234,50 EUR")
        #expect(emirati.money(minorUnits: 4999, currency: "AED", fractionDigits: 2, ascii: true) == "49.99 AED")
        #expect(emirati.money(minorUnits: -4999, currency: "AED", fractionDigits: 2, ascii: true) == "-49.99 AED")
        for money in [french.money(minorUnits: 123_456_789, currency: "EUR", fractionDigits: 2, ascii: true),
                      emirati.money(minorUnits: 123_456_789, currency: "AED", fractionDigits: 2, ascii: true)] {
            #expect(money.unicodeScalars.allSatisfy { $0.isASCII }, "\(money)")
        }
    }

    /// English through CLDR writes what the screens write today (`MoneyText`) below a thousand: the
    /// same `€49.99`, and `EUR 49.99` in ASCII. Above, CLDR groups (`€1,234.50`).
    @Test func englishMoneyIsWhatTheScreensWriteToday() {
        #expect(english.money(minorUnits: 4999, currency: "EUR", fractionDigits: 2) == "€49.99")
        #expect(english.money(minorUnits: 1000, currency: "USD", fractionDigits: 2) == "$10.00")
        #expect(english.money(minorUnits: 999, currency: "GBP", fractionDigits: 2) == "£9.99")
        #expect(english.money(minorUnits: 500, currency: "JPY", fractionDigits: 0) == "¥500")
        #expect(english.money(minorUnits: -4999, currency: "EUR", fractionDigits: 2) == "-€49.99")
        #expect(english.money(minorUnits: 123_450, currency: "EUR", fractionDigits: 2) == "€1,234.50")
        #expect(english.money(minorUnits: 1250, currency: "AED", fractionDigits: 2) == "AED\u{A0}12.50", "a letter next to the number: CLDR's currency spacing")
        for code in ["EUR", "USD", "GBP", "AED", "CHF"] {
            #expect(english.money(minorUnits: 4999, currency: code, fractionDigits: 2, ascii: true) == "\(code) 49.99")
        }
    }

    @Test func emiratiArabicWritesLatinDigitsAsCLDRsDefaultForArAESays() {
        // CLDR (Babel's data): ar-AE's defaultNumberingSystem is latn, its native one arab.
        #expect(emirati.identifier == "ar-AE")
        #expect(emirati.numberingSystem == "latn")
        #expect(emirati.money(minorUnits: 4999, currency: "AED", fractionDigits: 2) == "\u{200F}49.99\u{A0}د.إ.\u{200F}")
        #expect(emirati.money(minorUnits: 123_450, currency: "AED", fractionDigits: 2) == "\u{200F}1,234.50\u{A0}د.إ.\u{200F}")
        #expect(emirati.money(minorUnits: -250, currency: "AED", fractionDigits: 2) == "\u{200F}\u{200E}-2.50\u{A0}د.إ.\u{200F}")
        #expect(emirati.money(minorUnits: 4999, currency: "EUR", fractionDigits: 2) == "\u{200F}49.99\u{A0}€")
        #expect(emirati.number(1234) == "1,234")
    }

    @Test func theArabicIndicAlternativeWritesArabicDigitsAndSeparators() throws {
        let native = try #require(emirati.using(numberingSystem: "arab"))
        #expect(native.digits == Array("٠١٢٣٤٥٦٧٨٩"))
        #expect(native.money(minorUnits: 4999, currency: "AED", fractionDigits: 2) == "\u{200F}٤٩٫٩٩\u{A0}د.إ.\u{200F}")
        #expect(native.money(minorUnits: 123_450, currency: "AED", fractionDigits: 2) == "\u{200F}١٬٢٣٤٫٥٠\u{A0}د.إ.\u{200F}")
        #expect(native.money(minorUnits: -250, currency: "AED", fractionDigits: 2) == "\u{200F}\u{61C}-٢٫٥٠\u{A0}د.إ.\u{200F}",
                "the negative subpattern with the arab minus sign")
        #expect(native.number(-1234) == "\u{61C}-١٬٢٣٤")
        #expect(native.localizedDigits("4242 4242 / 12") == "٤٢٤٢ ٤٢٤٢ / ١٢")
        #expect(native.money(minorUnits: 4999, currency: "AED", fractionDigits: 2, ascii: true) == "49.99 AED", "ASCII keeps Latin digits")
        #expect(french.using(numberingSystem: "arab") == nil)
    }

    /// A surcharge's plus sign is CLDR's, where a negative's minus goes (TR35 Part 3, explicit plus signs).
    @Test func anAddedAmountCarriesTheLocalesPlusSign() throws {
        #expect(french.money(minorUnits: 30, currency: "EUR", fractionDigits: 2, explicitPlus: true) == "+0,30\u{A0}€")
        #expect(emirati.money(minorUnits: 30, currency: "EUR", fractionDigits: 2, explicitPlus: true) == "\u{200F}\u{200E}+0.30\u{A0}€")
        let saudi = try #require(LocalizationTestData.formats["ar-SA"])
        #expect(saudi.money(minorUnits: 30, currency: "SAR", fractionDigits: 2, explicitPlus: true) == "\u{200F}\u{61C}+٠٫٣٠\u{A0}ر.س.\u{200F}")
        #expect(french.money(minorUnits: 30, currency: "EUR", fractionDigits: 2, ascii: true, explicitPlus: true) == "+0,30 EUR")
    }

    @Test func listsAreJoinedAsEachLocaleJoinsThem() {
        #expect(french.list(["Visa", "Mastercard", "Amex"]) == "Visa, Mastercard et Amex")
        #expect(emirati.list(["Visa", "Mastercard", "Amex"]) == "Visa وMastercard وAmex")
        #expect(english.list(["Visa", "Mastercard"]) == "Visa and Mastercard")
        #expect(english.list(["Visa"]) == "Visa")
        #expect(english.list([]) == "")
    }

    @Test func numbersAreGroupedOnlyFromFourDigits() {
        #expect(french.number(999) == "999")
        #expect(french.number(1234) == "1\u{202F}234")
        #expect(french.number(-1_234_567) == "-1\u{202F}234\u{202F}567")
        #expect(english.number(1_000_000) == "1,000,000")
        #expect(english.number(0) == "0")
    }

    @Test func datesAndTimesFollowEachLocalesShortPatterns() {
        #expect(english.shortDate(year: 2030, month: 12, day: 25) == "12/25/30")
        #expect(english.shortTime(hour: 14, minute: 5) == "2:05\u{202F}PM")
        #expect(english.shortTime(hour: 0, minute: 30) == "12:30\u{202F}AM")
        #expect(english.shortDateTime(year: 2030, month: 1, day: 2, hour: 9, minute: 0) == "1/2/30, 9:00\u{202F}AM")
        #expect(french.shortDate(year: 2030, month: 1, day: 2) == "02/01/2030")
        #expect(french.shortTime(hour: 14, minute: 5) == "14:05")
        #expect(french.shortDateTime(year: 2030, month: 12, day: 25, hour: 9, minute: 7) == "25/12/2030 09:07")
        #expect(emirati.shortDate(year: 2030, month: 1, day: 2) == "2\u{200F}/1\u{200F}/2030")
        #expect(emirati.shortTime(hour: 14, minute: 5) == "2:05 م")
        #expect(emirati.shortTime(hour: 9, minute: 5) == "9:05 ص")
        #expect(emirati.shortDateTime(year: 2030, month: 1, day: 2, hour: 14, minute: 5) == "2\u{200F}/1\u{200F}/2030، 2:05 م")
        #expect(emirati.using(numberingSystem: "arab")!.shortDate(year: 2030, month: 12, day: 25) == "٢٥\u{200F}/١٢\u{200F}/٢٠٣٠")
        #expect(LocaleFormat.root.shortDateTime(year: 2030, month: 1, day: 2, hour: 9, minute: 5) == "2030-01-02 09:05")
    }

    @Test func theExpiryPlaceholderIsTheLanguagesOwn() {
        #expect(french.expiryPlaceholder == "MM/AA")
        #expect(english.expiryPlaceholder == "MM/YY")
        #expect(emirati.expiryPlaceholder == "MM/YY")
    }

    /// Every digit a locale writes is read back by the card field: the normaliser takes any decimal digit.
    @Test func inputReadsBackEveryDigitTheLocalesWrite() throws {
        let native = try #require(emirati.using(numberingSystem: "arab"))
        for format in [english, french, emirati, native] {
            let typed = format.localizedDigits("4000 0025 0000 1001")
            #expect(CardNumberNormalizer.normalize(typed) == .digits("4000002500001001"), "\(format.identifier) \(format.numberingSystem): \(typed)")
        }
        #expect(CardNumberNormalizer.normalize("۴۰۰۰ ۰۰۲۵ ۰۰۰۰ ۱۰۰۱") == .digits("4000002500001001"), "Persian (Extended Arabic-Indic) digits too")
    }

    @Test func aFileMissingAFactIsRefusedWithItsPath() {
        let missing: [(String, String)] = [
            (#"{"locales":{}}"#, "$.numberingSystems"),
            (#"{"numberingSystems":{"latn":"0123"},"locales":{}}"#, "$.numberingSystems.latn"),
            (#"{"numberingSystems":{"latn":"0123456789"},"locales":{"xx":{"numbers":{"defaultNumberingSystem":"latn","symbols":{}}}}}"#,
             "$.locales.xx.numbers.symbols: no symbols for the default numbering system 'latn'"),
            (#"{"numberingSystems":{"latn":"0123456789"},"locales":{"xx":{"numbers":{"defaultNumberingSystem":"latn","symbols":{"latn":{"decimal":"."}}}}}}"#,
             "$.locales.xx.numbers.symbols.latn.group"),
            ("not json", "at byte"),
        ]
        for (json, message) in missing {
            #expect {
                try LocaleFormat.all(json: Data(json.utf8))
            } throws: { error in
                (error as? LocaleDataError)?.description.contains(message) == true
            }
        }
    }
}
