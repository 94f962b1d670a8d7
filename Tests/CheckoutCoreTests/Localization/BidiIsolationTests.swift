import CheckoutCore
import Testing

/// Plain mode's right-to-left sentences: logical order, with LRI … PDI around every number so
/// that a reader applying the bidi algorithm keeps each number's groups in place.
@Suite struct BidiIsolationTests {
    static let lri = "\u{2066}", pdi = "\u{2069}"
    func isolated(_ text: String) -> String { Self.lri + text + Self.pdi }

    @Test func cardNumbersMaskedNumbersAndCodesAreIsolated() {
        #expect(BidiIsolation.isolatingNumbers("البطاقة 4000 0025 0000 1001") == "البطاقة " + isolated("4000 0025 0000 1001"))
        #expect(BidiIsolation.isolatingNumbers("البطاقة •••• 1001.") == "البطاقة " + isolated("•••• 1001") + ".", "a full stop ends the sentence, not the number")
        #expect(BidiIsolation.isolatingNumbers("4000 00•• •••• 1001") == isolated("4000 00•• •••• 1001"))
        #expect(BidiIsolation.isolatingNumbers("رمز التحقق 123456") == "رمز التحقق " + isolated("123456"))
        #expect(BidiIsolation.isolatingNumbers("الهاتف +971 50 123 4567") == "الهاتف " + isolated("+971 50 123 4567"))
    }

    @Test func amountsDatesAndTimesAreIsolatedWithTheirSymbols() {
        #expect(BidiIsolation.isolatingNumbers("ادفع €49.99 الآن") == "ادفع " + isolated("€49.99") + " الآن")
        #expect(BidiIsolation.isolatingNumbers("ادفع 49.99€") == "ادفع " + isolated("49.99€"))
        #expect(BidiIsolation.isolatingNumbers("المبلغ 1,234.50 د.إ.") == "المبلغ " + isolated("1,234.50") + " د.إ.", "an Arabic symbol stays right to left")
        #expect(BidiIsolation.isolatingNumbers("تنتهي 12/30") == "تنتهي " + isolated("12/30"))
        #expect(BidiIsolation.isolatingNumbers("الساعة 14:05، 2/1/2030") == "الساعة " + isolated("14:05") + "، " + isolated("2/1/2030"))
        #expect(BidiIsolation.isolatingNumbers("خصم 10%") == "خصم " + isolated("10%"))
    }

    @Test func arabicIndicDigitsAndTheirSeparatorsAreNumbersToo() {
        #expect(BidiIsolation.isolatingNumbers("المبلغ ١٬٢٣٤٫٥٠") == "المبلغ " + isolated("١٬٢٣٤٫٥٠"))
        #expect(BidiIsolation.isolatingNumbers("٤٠٠٠ ٠٠٢٥") == isolated("٤٠٠٠ ٠٠٢٥"))
    }

    @Test func separatorsEndANumberUnlessADigitFollows() {
        #expect(BidiIsolation.isolatingNumbers("3 محاولات") == isolated("3") + " محاولات")
        #expect(BidiIsolation.isolatingNumbers("1 - 2") == isolated("1") + " - " + isolated("2"), "two separators are two numbers")
        #expect(BidiIsolation.isolatingNumbers("12,") == isolated("12") + ",")
        #expect(BidiIsolation.isolatingNumbers("+ 5") == "+ " + isolated("5"))
    }

    @Test func wordsThatHoldDigitsAndTextWithoutNumbersAreLeftAsTheyAre() {
        for text in ["3DS", "تحقق 3DS", "v2", "ISO4217", "mp3 file", "••••", "بطاقة نول", "", "€", "+"] {
            #expect(BidiIsolation.isolatingNumbers(text) == text, "\(text)")
        }
    }

    @Test func applyingItTwiceChangesNothing() {
        let sentences = ["البطاقة •••• 1001", "ادفع €49.99 الآن", "الهاتف +971 50 123 4567", "\u{2068}4000 0025\u{2069} ثم 12/30"]
        for sentence in sentences {
            let once = BidiIsolation.isolatingNumbers(sentence)
            #expect(BidiIsolation.isolatingNumbers(once) == once, "\(sentence)")
        }
        #expect(BidiIsolation.isolatingNumbers("\u{2068}4000 0025\u{2069} ثم 12/30") == "\u{2068}4000 0025\u{2069} ثم " + isolated("12/30"),
                "a number already inside the localizer's isolate is left alone")
    }

    @Test func theLocalizerIsolatesArgumentsOnlyInArabic() {
        let arabic = LocalizationTestData.localizer(.arabic)
        #expect(arabic.text(.homeAmountDue, "€49.99") == "المبلغ المستحق: \u{2068}€49.99\u{2069}")
        #expect(LocalizationTestData.localizer(.french).text(.homeAmountDue, "49,99\u{A0}€") == "Montant à payer\u{A0}: 49,99\u{A0}€")
        #expect(LocalizationTestData.localizer(.english).text(.homeAmountDue, "€49.99") == "Amount due €49.99")
    }

    /// Plain mode's paragraph-direction hint (issue 31): a line whose first strong character outside
    /// isolates is not right to left starts with RLM, so a terminal that picks each line's direction
    /// from it (UAX #9 P2–P3) lays the Arabic sentence out from the right.
    @Test func linesThatWouldReadLeftToRightStartWithARightToLeftMark() {
        let rlm = "\u{200F}"
        #expect(BidiIsolation.startingRightToLeft("Visa غير مقبولة هنا") == rlm + "Visa غير مقبولة هنا")
        #expect(BidiIsolation.startingRightToLeft("\u{2066}4242\u{2069} البطاقة") == "\u{2066}4242\u{2069} البطاقة",
                "an isolate is skipped: the Arabic after it decides")
        #expect(BidiIsolation.startingRightToLeft("\u{2066}Visa\u{2069}") == rlm + "\u{2066}Visa\u{2069}", "nothing strong outside the isolate")
        #expect(BidiIsolation.startingRightToLeft("١) الدفع بالبطاقة") == "١) الدفع بالبطاقة", "digits are not strong; the Arabic word is")
        #expect(BidiIsolation.startingRightToLeft("  1) Visa") == rlm + "  1) Visa")
        #expect(BidiIsolation.startingRightToLeft("البطاقة مقبولة") == "البطاقة مقبولة")
        #expect(BidiIsolation.startingRightToLeft(rlm + "Visa") == rlm + "Visa", "applying it twice changes nothing")
        #expect(BidiIsolation.startingRightToLeft("") == "")
    }
}
