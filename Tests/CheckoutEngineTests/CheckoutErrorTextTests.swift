import CheckoutEngine
import Testing

@Suite struct CheckoutErrorTextTests {
    @Test("an error description quoting outside text is one sanitised line")
    func descriptionIsSanitised() {
        let error = CheckoutError(errorId: "payment-failed", description: "The payment could not be made: \u{1B}[2J\nforged\u{202E}")
        #expect(error.description == "The payment could not be made: \\u001b[2J\\u000aforged\\u202e")
    }
}
