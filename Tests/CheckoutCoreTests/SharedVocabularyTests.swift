import CheckoutCore
import Testing

/// Money, masking, digits and escaping are each written one way, here in CheckoutCore: the screens,
/// plain mode, the Nol components, the events and the payments table all call these.
@Suite struct SharedVocabularyTests {
    @Test func moneyIsWrittenOneWayWithTheCurrencysDecimals() {
        #expect(MoneyText.format(minorUnits: 4999, currency: "EUR") == "€49.99")
        #expect(MoneyText.format(minorUnits: 4999, currency: "eur", ascii: true) == "EUR 49.99")
        #expect(MoneyText.format(minorUnits: 750, currency: "AED") == "AED 7.50", "the Nol fare, as the Nol screens show it")
        #expect(MoneyText.format(minorUnits: 5, currency: "AED") == "AED 0.05")
        #expect(MoneyText.format(minorUnits: 1234, currency: "JPY") == "¥1234")
        #expect(MoneyText.format(minorUnits: 12345, currency: "BHD") == "BHD 12.345")
        #expect(MoneyText.format(minorUnits: -5, currency: "USD") == "-$0.05")
        #expect(MoneyText.format(minorUnits: Int.min, currency: "EUR") == "-€92233720368547758.08")
        var bytes: [UInt8] = []
        MoneyText.appendDecimal(-4999, decimals: 2, to: &bytes)
        bytes.append(0x2B)
        MoneyText.appendDecimal(7, decimals: 3, to: &bytes)
        bytes.append(0x2F)
        MoneyText.appendDecimal(4999, decimals: 0, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "-49.99+0.007/4999")
    }

    @Test func aCardIsMaskedOneWay() {
        #expect(CardNumberMask.mask("4111 1111 1111 1111") == "4111 11•• •••• 1111")
        #expect(CardNumberMask.mask("٤١١١١١١١") == "4111 11••", "Arabic-Indic digits count as the digits they are")
        #expect(CardNumberMask.lastFour("1001") == "•••• 1001")
        #expect(CardNumberMask.lastFour("1001", ascii: true) == "**** 1001")
        #expect(CardNumberMask.lastFour("1001", separator: "\u{00A0}") == "••••\u{00A0}1001")
        #expect(CardNumberMask.hidden(3) == "•••")
        #expect(CardNumberMask.hidden(3, ascii: true) == "***")
        #expect(CardNumberMask.echo(digits: "4000002500001001") == "•••• 1001")
        #expect(CardNumberMask.echo(digits: "4242") == "••••")
        #expect(CardNumberMask.firstAndLast("40000025", "1001") == "40000025…1001")
        #expect(CardNumberMask.firstAndLast("40000025", "1001", ascii: true) == "40000025...1001")
        #expect(CardNumberMask.firstAndLast("", "0233") == "•••• 0233", "a row without first digits reads as a receipt does")
        #expect(CardNumberMask.named("Silver card", last4: "0125") == "Silver card ••••\u{00A0}0125")
        #expect(CardNumberMask.named("Nol", last4: "0125", ascii: true) == "Nol ****\u{00A0}0125")
    }

    @Test func aTotalIsOneCheckedSum() {
        #expect(MinorUnits.total(amount: 4999, surcharge: 30) == 5029)
        #expect(MinorUnits.total(amount: .max, surcharge: 1) == .max && MinorUnits.total(amount: .min, surcharge: -1) == .min)
        #expect(AmountDue(network: .visa, amount: 4999, surcharge: 30, currency: "EUR").total == 5029)
    }

    @Test func digitsAreFilteredOneWay() {
        #expect(CardNumberNormalizer.asciiDigits(in: "12 ab ٣٤") == "1234")
        #expect(CardNumberNormalizer.asciiDigits(in: "１２３４５６", limit: 4) == "1234", "full-width digits, cut at the limit")
        #expect(CardNumberNormalizer.asciiDigits(in: "½ Ⅳ x") == "", "numbers that are not decimal digits are no digits")
        #expect(CardNumberNormalizer.asciiDigits(in: "") == "")
    }

    @Test func textIsEscapedOneWay() {
        #expect(DiagnosticText.escaped("\u{1B}") == "\\u001b")
        #expect(DiagnosticText.escaped("\u{202E}") == "\\u202e")
        #expect(DiagnosticText.escaped("\u{1F600}") == "\\ud83d\\ude00", "above U+FFFF as its two UTF-16 halves, as JSON writes it")
        #expect(DiagnosticText.escaped("\u{10FFFF}") == "\\udbff\\udfff")
        #expect(DiagnosticText.sanitized("a\u{1B}[2Jb") == "a\\u001b[2Jb")
    }
}
