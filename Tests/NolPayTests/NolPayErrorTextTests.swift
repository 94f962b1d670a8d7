import NolPay
import Testing

@Suite struct NolPayErrorTextTests {
    @Test("every text of a Nol error is one sanitised line")
    func textsAreSanitised() {
        let error = NolPayError.invalidValue("k\u{1B}c", "bad\r\nvalue", next: "retry\u{2029}")
        #expect(error.code == "k\\u001bc")
        #expect(error.message == "bad\\u000d\\u000avalue")
        #expect(error.description == "Invalid value for 'k\\u001bc': bad\\u000d\\u000avalue")
        #expect(error.recoverySuggestion == "retry\\u2029")
    }
}
