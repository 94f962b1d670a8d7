import CheckoutCore
import Testing

/// Issue 18 ⑤: card-like digit runs are masked in what leaves the program.
@Suite struct CardLikeDigitsTests {
    @Test func aRunOfTwelveDigitsOrMoreKeepsOnlyItsLastFour() {
        #expect(CardLikeDigits.masked("There is no choice \"4000002500001001\"") == "There is no choice \"••••••••••••1001\"")
        #expect(CardLikeDigits.masked("4000 0025 0000 1001.") == "•••• •••• •••• 1001.", "grouped, separators kept")
        #expect(CardLikeDigits.masked("3782-822463-10005") == "••••-••••••-•0005")
        #expect(CardLikeDigits.masked("678901234567") == "••••••••4567", "twelve digits: a Maestro number")
        #expect(CardLikeDigits.masked("٤٠٠٠٠٠٢٥٠٠٠٠١٠٠١") == "••••••••••••١٠٠١", "Arabic-Indic digits are digits")
        #expect(CardLikeDigits.masked("4242424242424242", mask: "*") == "************4242")
    }

    @Test func shorterRunsIdsPhoneNumbersAndCodesAreLeftAlone() {
        for text in ["30841001 25", "12345678901", "pay_123456789012345", "ref123456789012", "+971 50 123 4567", "+971501234567",
                     "4000 0025", "code 271828", "12/30 4242", "1 2 3 4 5 6 7 8 9 0 1"] {
            #expect(CardLikeDigits.masked(text) == text, "\(text)")
        }
        #expect(CardLikeDigits.masked("1 2 3 4 5 6 7 8 9 0 1 2") == "• • • • • • • • 9 0 1 2", "single separators join digits")
        #expect(CardLikeDigits.masked("4000  0025 000 1001") == "4000  0025 000 1001", "a double space ends a run")
    }

    /// Issue 30 ⑦: a large amount is money, not a card number.
    @Test func formattedAmountsAreLeftAloneAndACardNumberAfterOneIsNot() {
        #expect(CardLikeDigits.masked("Amount due €9999999999.99") == "Amount due €9999999999.99")
        #expect(CardLikeDigits.masked("Amount due EUR 9999999999.99") == "Amount due EUR 9999999999.99")
        #expect(CardLikeDigits.masked("BHD 999999999.999") == "BHD 999999999.999")
        #expect(CardLikeDigits.masked("€49.99 4000 0025 0000 1001") == "€49.99 •••• •••• •••• 1001")
        #expect(CardLikeDigits.masked("\"€4000002500001001\"") == "\"€••••••••••••1001\"", "no decimal part: not an amount")
        #expect(CardLikeDigits.masked("CARD 4000002500001001") == "CARD ••••••••••••1001", "a word is no currency code")
    }

    @Test func inTerminalOutputARunRightAfterAnEscapeSequenceIsMasked() {
        #expect(CardLikeDigits.masked("\u{1b}[1m4000002500001001\u{1b}[0m", mask: "*", terminalOutput: true)
                == "\u{1b}[1m************1001\u{1b}[0m")
        #expect(CardLikeDigits.masked("\u{1b}[1m4000002500001001\u{1b}[0m") == "\u{1b}[1m4000002500001001\u{1b}[0m", "in text, a word")
        #expect(CardLikeDigits.masked("\u{1b}[12;40H+971501234567", terminalOutput: true) == "\u{1b}[12;40H+971501234567")
    }

    @Test func anOpenRunAtTheEndOfABlockIsFound() {
        #expect(CardLikeDigits.openRunStart(in: Array("\u{1b}[5;3H4000 0025".utf8)) == 6)
        #expect(CardLikeDigits.openRunStart(in: Array("abc".utf8)) == nil)
        #expect(CardLikeDigits.openRunStart(in: Array("x   ".utf8)) == nil, "spaces alone are no number")
        #expect(CardLikeDigits.openRunStart(in: Array(String(repeating: "1", count: 60).utf8)) == nil, "longer than any card")
    }
}
