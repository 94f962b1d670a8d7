import CheckoutCore
import Foundation
import Testing

@Suite("Validation")
struct ValidationTests {
    let validator = TestData.validator()
    let now = TestData.fixtureNow
    let calendar = TestData.calendar

    func numberError(_ number: String, allowed: [CardNetwork]? = nil, metadata: CardNumberEntryMetadata? = nil) -> ValidationError? {
        TestData.validator(allowed).validateCardNumber(number, metadata: metadata)
    }

    @Test("card number rules, each with the headless SDK's error id")
    func cardNumbers() {
        #expect(numberError("")?.description == "Card number can not be blank.")
        #expect(numberError("  ")?.errorId == "invalid-card-number")
        #expect(numberError("4242 4242 4242 4242") == nil)
        #expect(numberError("4242-4242-4242-4242x")?.description == "Card number may contain only digits, spaces, dashes and dots.")
        #expect(numberError("424242")?.errorId == "invalid-card-number")
        #expect(numberError("4242424242424241")?.errorId == "invalid-card-number")
        #expect(numberError("42424242424242424242")?.errorId == "invalid-card-number")
        #expect(numberError("37828224631000")?.errorId == "invalid-card-number", "Amex has 15 digits")
        #expect(numberError("1234567812345678")?.errorId == "unsupported-card-type")
        #expect(numberError("9999999999999995")?.errorId == "unsupported-card-type", "no network, whatever the check digit")
        #expect(numberError("٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢") == nil)
    }

    @Test("typing a number keeps one error until it is valid, so dataIsValid does not change at every digit")
    func typingKeepsOneError() {
        let number = "4242424242424242"
        let descriptions = (13...15).map { numberError(String(number.prefix($0)))?.description }
        #expect(Set(descriptions).count == 1, "\(descriptions)")
        #expect(descriptions.first == "Card number is incomplete or mistyped: check the digits on the card.")
        #expect(numberError(number) == nil)
        #expect(numberError("4242424242424241")?.description == "Card number is incomplete or mistyped: check the digits on the card.",
                "16 of Visa's 19 digits with a wrong check digit")
        #expect(numberError("378282246310006")?.description == "Card number is not valid: check for a mistyped digit.",
                "a full-length Amex number with a wrong check digit")
    }

    @Test("a card whose networks are all refused is unsupported, including via BIN metadata")
    func refused() {
        #expect(numberError("378282246310005", allowed: [.visa])?.errorId == "unsupported-card-type")
        #expect(numberError("378282246310005", allowed: [.visa])?.description == "American Express is not accepted here: use another card.")
        let resolver = TestData.resolver([.cartesBancaires])
        let cbVisa = BinAnswer(firstDigits: "40000025", networks: [BinNetwork(network: .cartesBancaires), BinNetwork(network: .visa)])
        // Local rules see only Visa; the BIN answer says Cartes Bancaires too, which is allowed.
        #expect(numberError("4000002500001001", allowed: [.cartesBancaires], metadata: resolver.remoteMetadata(for: cbVisa)) == nil)
        #expect(numberError("4000002500001001", allowed: [.cartesBancaires])?.errorId == "unsupported-card-type")
        #expect(numberError("37828", allowed: [.visa])?.errorId == "invalid-card-number", "too early to refuse")
    }

    @Test("expiry: MM/YY, MM/YYYY and MMYY; to the end of the month; at most 20 years ahead")
    func expiry() {
        func error(_ text: String) -> String? { validator.validateExpiryDate(text, now: now, calendar: calendar)?.errorId }
        #expect(error("11/26") == nil)
        #expect(error("1126") == nil)
        #expect(error("11/2026") == nil)
        #expect(error("10/26") == "invalid-expiry-date")
        #expect(error("11/46") == nil)
        #expect(error("12/46") == "invalid-expiry-date")
        #expect(error("1/26") == "invalid-expiry-date")
        #expect(error("12/3") == "invalid-expiry-date")
        #expect(error("12//30") == "invalid-expiry-date")
        #expect(error(" 12/30 ") == nil)
        let lastMoment = calendar.date(from: DateComponents(year: 2026, month: 11, day: 30, hour: 23, minute: 59))!
        #expect(validator.validateExpiryDate("11/26", now: lastMoment, calendar: calendar) == nil)
        let nextMonth = calendar.date(from: DateComponents(year: 2026, month: 12, day: 1))!
        #expect(validator.validateExpiryDate("11/26", now: nextMonth, calendar: calendar) != nil)
    }

    @Test("CVV: the chosen network when it is the card's, else the metadata's preferred, else local detection")
    func cvvNetwork() {
        let amexData = CardData(cardNumber: "378282246310005", cvv: "123")
        #expect(validator.cvvNetwork(for: amexData, metadata: nil) == .amex)
        #expect(validator.validateCVV("123", network: .amex)?.description == "CID is not valid: American Express cards have a 4-digit CID.")
        // Issue 18 ⑧: a choice that is not one of the card's networks sets nothing, and is refused.
        var chosen = amexData
        chosen.cardNetwork = .visa
        #expect(validator.cvvNetwork(for: chosen, metadata: nil) == .amex)
        #expect(validator.validateChoice(chosen, metadata: nil)?.errorId == "unsupported-card-type")
        #expect(validator.cvvNetwork(for: CardData(cvv: "1234", cardNetwork: .amex), metadata: nil) == .amex, "no number yet: the choice")
        let metadata = TestData.resolver([.mastercard]).remoteMetadata(for: BinAnswer(firstDigits: "37828224", networks: [BinNetwork(network: .cartesBancaires), BinNetwork(network: .mastercard)]))
        #expect(validator.cvvNetwork(for: amexData, metadata: metadata) == .mastercard)
        #expect(validator.validateCVV("12345", network: nil)?.errorId == "invalid-cvv")
        #expect(validator.validateCVV("123", network: nil) == nil)
    }

    @Test("cardholder name: letters of any script, spaces, apostrophes, hyphens, periods; 2 to 45")
    func names() {
        #expect(validator.validateCardholderName("Jean-Luc O’Neill Jr.") == nil)
        #expect(validator.validateCardholderName("李小龍") == nil)
        #expect(validator.validateCardholderName("محمد علي") == nil)
        #expect(validator.validateCardholderName("Jane_Doe")?.errorId == "invalid-cardholder-name")
        #expect(validator.validateCardholderName("R2D2")?.description == "Cardholder name cannot contain digits.")
        #expect(validator.validateCardholderName("   ")?.description == "Cardholder name cannot be blank.")
    }

    @Test("errors come in field order: number, expiry, CVV, name")
    func order() {
        let data = CardData(cardNumber: "4242", expiryDate: "13/30", cvv: "1", cardholderName: "1")
        let errors = validator.validate(data, metadata: nil, now: now, calendar: calendar)
        #expect(errors.map(\.inputElementType) == [.cardNumber, .expiryDate, .cvv, .cardholderName])
        let valid = CardData(cardNumber: "4242 4242 4242 4242", expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe")
        #expect(validator.validate(valid, metadata: nil, now: now, calendar: calendar).isEmpty)
    }
}
