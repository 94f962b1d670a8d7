import CheckoutCore
import CheckoutTestSupport
import Foundation
import Testing

@Suite("The one expiry parser")
struct ExpiryDateTests {
    let validator = TestData.validator()
    let now = TestData.fixtureNow

    @Test("every accepted spelling means its month and year, and is a valid expiry", arguments: ExpirySpellings.accepted)
    func accepted(_ spelling: ExpirySpellings.Accepted) {
        let parsed = ExpiryDate(parsing: spelling.text, currentYear: 2026)
        #expect(parsed == ExpiryDate(month: spelling.month, year: spelling.year))
        #expect(ExpiryDate.canonicalText(spelling.text) == spelling.canonical)
        #expect(validator.validateExpiryDate(spelling.text, now: now, calendar: TestData.calendar) == nil)
    }

    @Test("text of no accepted shape is refused, with the formats in the message", arguments: ExpirySpellings.refused)
    func refused(_ text: String) {
        #expect(ExpiryDate(parsing: text, currentYear: 2026) == nil)
        #expect(ExpiryDate.canonicalText(text) == nil)
        let error = validator.validateExpiryDate(text, now: now, calendar: TestData.calendar)
        #expect(error?.errorId == "invalid-expiry-date")
        #expect(error?.description.contains("MM/YY or MM/YYYY") == true)
    }

    @Test("a past month in any spelling is expired, not misread")
    func expiredInEverySpelling() {
        for text in ["10/26", "1026", "10 / 26", "10-2026", "10 / 2026"] {
            #expect(validator.validateExpiryDate(text, now: now, calendar: TestData.calendar)?.description
                    == "This card has expired: check the expiry date on the card.", "\(text)")
        }
    }
}
