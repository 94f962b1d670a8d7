/// The expiry spellings people type and their password managers paste, for every front end's tests
/// to run through alike: `detect`, `events`, the card form and plain mode (issue 21).
///
/// `12 / 27` and `12 / 2027` are the display format of Stripe's and Braintree's own expiry fields;
/// `MM-YY` and `MMYYYY` are what autofill produces on forms that ask for them.
public enum ExpirySpellings {
    /// An accepted spelling, what the card form shows and sends for it, and the month it means.
    public struct Accepted: Sendable, CustomStringConvertible {
        public var text: String
        /// The card form's text: the month on two digits, a slash, the year as written.
        public var canonical: String
        public var month: Int
        public var year: Int
        public var description: String { text.debugDescription }
    }

    /// Every accepted spelling, read in 2026: all valid cards then.
    public static let accepted: [Accepted] = [
        Accepted(text: "1230", canonical: "12/30", month: 12, year: 2030),
        Accepted(text: "12/30", canonical: "12/30", month: 12, year: 2030),
        Accepted(text: "12/2030", canonical: "12/2030", month: 12, year: 2030),
        Accepted(text: "122030", canonical: "12/2030", month: 12, year: 2030),
        Accepted(text: "12 / 30", canonical: "12/30", month: 12, year: 2030),
        Accepted(text: "12 / 2030", canonical: "12/2030", month: 12, year: 2030),
        Accepted(text: "12 /30", canonical: "12/30", month: 12, year: 2030),
        Accepted(text: "12-30", canonical: "12/30", month: 12, year: 2030),
        Accepted(text: "12-2030", canonical: "12/2030", month: 12, year: 2030),
        Accepted(text: "12 30", canonical: "12/30", month: 12, year: 2030),
        Accepted(text: "3/31", canonical: "03/31", month: 3, year: 2031),
        Accepted(text: " 03/31 ", canonical: "03/31", month: 3, year: 2031),
        Accepted(text: "12 / 27", canonical: "12/27", month: 12, year: 2027),
        Accepted(text: "12 / 2027", canonical: "12/2027", month: 12, year: 2027),
        Accepted(text: "١٢/٣٠", canonical: "12/30", month: 12, year: 2030),
    ]

    /// Text that is no expiry date in any of the accepted spellings.
    public static let refused = ["12//30", "123", "12/3", "12/203", "12/", "/30", "ab/cd", "12/30x", "1230 5", "12/30/31", "1 2 30", "12345"]
}
