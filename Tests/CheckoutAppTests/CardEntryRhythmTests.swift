import CheckoutCore
import CheckoutEngine
import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutApp

/// Every digit lands where the person meant it (issue 29): the number knows when it is complete,
/// a Tab habit never shifts the form, a whole card line pasted fills its fields, and a field's
/// note stays with that field.
@MainActor @Suite struct CardEntryRhythmTests {
    func form(_ model: AppModel) -> CardFormScreen { model.top as! CardFormScreen }

    nonisolated static let binTable = try! Bundled.binTable()
    static let everyNetwork = CheckoutSettings(amount: 4999, currency: "EUR")

    /// What the engine says once the embedded table answered for the first 8 digits on the form.
    func answer(_ model: inout AppModel) {
        guard let digits = (model.top as? CardFormScreen)?.digits, digits.count >= 8 else { return }
        let metadata = model.context.resolver.metadata(forDigits: digits, answer: Self.binTable.lookup(digits))
        _ = model.receive(.didReceiveMetadata(metadata, CardNumberEntryState(cardNumber: digits)))
    }

    /// The four field values.
    func fields(_ model: AppModel) -> [String] {
        let form = form(model)
        return [form.digits, form.expiryText, form.cvv, form.cardholderName]
    }

    @Test("the sandbox's declined Visa typed key by key, then 09/30: 16 digits and the expiry 09/30 (the issue's reproduction)")
    func declinedVisaThenExpiry() {
        for answered in [false, true] {
            var model = Fixtures.model(settings: Self.everyNetwork)
            model.type("40000000")
            if answered { answer(&model) }
            model.type("00000002")
            model.type("09/30")
            model.type("123")
            model.type("Jane Doe")
            #expect(fields(model) == ["4000000000000002", "09/30", "123", "Jane Doe"], "answered: \(answered)")
        }
    }

    @Test("a Tab after every field, for Visa, Mastercard, Amex, a co-badged card and one the table does not list, answered or not")
    func tabAfterEveryField() {
        let cards = [("4242424242424242", "123"), ("5555555555554444", "123"), ("378282246310005", "1234"),
                     ("4000002500001001", "123"), ("4000000000000002", "123")]
        for (number, cvv) in cards {
            for answered in [false, true] {
                for tab in [false, true] {
                    var model = Fixtures.model(settings: Self.everyNetwork)
                    model.type(String(number.prefix(8)))
                    if answered { answer(&model) }
                    model.type(String(number.dropFirst(8)))
                    for text in ["", "09/30", cvv, "Jane Doe"] {
                        model.type(text)
                        if tab { _ = model.press(.tab) }
                    }
                    #expect(fields(model) == [number, "09/30", cvv, "Jane Doe"], "\(number) answered \(answered) tab \(tab)")
                    if tab { #expect(form(model).focus == .pay, "\(number) answered \(answered)") }
                }
            }
        }
    }

    @Test func aTabOrEnterRightAfterTheFocusMovedOnByItselfIsAbsorbedShiftTabIsNot() {
        var model = Fixtures.model()
        model.type("4242424242424242")
        answer(&model)
        #expect(form(model).focus == .expiry)
        _ = model.press(.tab)
        #expect(form(model).focus == .expiry, "absorbed: the person meant next, and is there")
        _ = model.press(.tab)
        #expect(form(model).focus == .cvv, "a second Tab moves")
        var enter = Fixtures.model()
        enter.type("4242424242424242")
        answer(&enter)
        _ = enter.press(.enter)
        #expect(form(enter).focus == .expiry)
        var back = Fixtures.model()
        back.type("4242424242424242")
        answer(&back)
        _ = back.press(.backTab)
        #expect(form(back).focus == .number, "Shift-Tab still goes back")
        // Only the first key after the move: a digit typed first makes the next Tab a real one.
        var typed = Fixtures.model()
        typed.type("4242424242424242")
        answer(&typed)
        typed.type("1")
        _ = typed.press(.tab)
        #expect(form(typed).focus == .cvv)
    }

    @Test func digitsTypedOnTheChooserGoToTheExpiry() {
        var model = Fixtures.model()
        model.type("4000002500001001")
        answer(&model)
        _ = model.press(.tab)
        #expect(form(model).focus == .network)
        model.type("0930")
        #expect(form(model).expiryText == "09/30")
        #expect(form(model).focus == .cvv)
        #expect(form(model).digits == "4000002500001001")
    }

    @Test("a whole card line pasted into the number fills the number, the expiry and the CVV")
    func cardLinePasted() {
        for answeredFirst in [false, true] {
            var model = Fixtures.model()
            if answeredFirst {
                _ = model.paste("4242 4242")
                answer(&model)
                _ = model.paste(" 4242 4242 12/30 123")
            } else {
                _ = model.paste("4242 4242 4242 4242 12/30 123")
            }
            #expect(fields(model) == ["4242424242424242", "12/30", "123", ""], "answered first: \(answeredFirst)")
        }
        // A Maestro, whose network issues 12 to 19 digits, ends where the expiry begins.
        var maestro = Fixtures.model(settings: Self.everyNetwork)
        _ = maestro.paste("5018 0000 0009 12/30 123 Jane Doe")
        #expect(fields(maestro) == ["501800000009", "12/30", "123", "Jane Doe"])
    }

    @Test("a 12-digit Maestro that passes Luhn is complete and valid; the form does not move on and says so once")
    func maestroMayBeWhole() {
        var model = Fixtures.model(settings: Self.everyNetwork)
        model.type("501800000009")
        #expect(form(model).focus == .number)
        #expect(form(model).notice == "12 digits: Tab if that is the whole number")
        #expect(model.screen.contains("12 digits: Tab if that is the whole number"))
        #expect(model.context.validator.validateCardNumber("501800000009", metadata: form(model).metadata(context: model.context)) == nil)
        _ = model.press(.tab)
        #expect(form(model).focus == .expiry)
        #expect(form(model).notice == nil)
        #expect(!model.screen.contains("Tab if that is the whole number"), "the note goes with its field")
    }

    @Test("a 19-digit paste of a 16-digit Visa: the rest goes to the expiry, one note at most, never two that contradict")
    func nineteenDigitPaste() {
        var model = Fixtures.model()
        _ = model.paste("4000000000000002093")
        #expect(form(model).digits == "4000000000000002")
        #expect(form(model).focus == .expiry)
        #expect(form(model).expiryText == "09/3")
        #expect(!model.screen.contains("digits at most"))
        // A mistyped 16-digit Visa takes no 17th digit, and says so under the number only.
        var mistyped = Fixtures.model()
        mistyped.type("40000000000000030")
        #expect(form(mistyped).digits == "4000000000000003")
        #expect(form(mistyped).notice == "Visa numbers have 16 digits: check them (17th digit not taken)")
        #expect(form(mistyped).expiryText == "")
    }

    @Test func aFieldsNoteGoesWhenTheFocusMovesOnByItself() {
        var model = Fixtures.model()
        model.type("4242424242424242")
        _ = model.press(.tab)
        model.type("12/3x")
        #expect(form(model).notice == "digits only")
        model.type("0")
        #expect(form(model).focus == .cvv)
        #expect(form(model).notice == nil)
        _ = model.press(.character("x"))
        #expect(form(model).notice == "digits only")
        _ = model.press(.backTab)
        #expect(form(model).notice == nil, "left: the CVV's note is not the expiry's")
    }

    // MARK: The fuzzer's inputs, kept

    @Test("model fuzz seed 5eed0008 step 291: a digit typed after a complete co-badged number, before its BIN answer, is the expiry's")
    func digitAfterCoBadgedNumberBeforeItsAnswer() {
        var model = Fixtures.model()
        model.type("40000025000010014")
        #expect(form(model).digits == "4000002500001001")
        #expect(form(model).focus == .expiry)
        #expect(form(model).expiryText == "04")
        answer(&model)
        #expect(form(model).focus == .expiry, "the chooser's answer leaves the person where they are")
        #expect(form(model).coBadgeNotice, "and says the chooser appeared")
    }

    @Test("model fuzz seed 5eed0008 step 364: a digit typed on the chooser with the expiry full goes there and is refused with its note")
    func digitOnTheChooserWithTheExpiryFull() {
        var model = Fixtures.model()
        model.type("4000002500001001")
        answer(&model)
        model.focus(.expiry)
        model.type("040000")
        _ = model.press(.backTab)
        #expect(form(model).focus == .network)
        model.type("3")
        #expect(form(model).focus == .expiry)
        #expect(form(model).expiryDigits == "040000")
        #expect(form(model).notice == "the expiry has at most MM/YYYY")
    }

    // MARK: Property: typed, typed with Tabs, pasted

    /// A random number of `network` with its Luhn digit, at the length the rule completes it (or a
    /// length it issues, where nothing says which); nil when the digits turn out another's.
    static func randomNumber(_ info: NetworkInfo, catalogue: NetworkCatalogue, using random: inout SplitMix64) -> String? {
        guard let range = info.ranges.randomElement(using: &random) else { return nil }
        let value = UInt64.random(in: range.low...range.high, using: &random)
        var digits = String(value)
        digits = String(repeating: "0", count: max(0, range.digits - digits.count)) + digits
        while digits.count < 8 { digits.append(String(Int.random(in: 0...9, using: &random))) }
        let length = catalogue.usualLength(of: info.network, digits: digits) ?? info.lengths.filter { $0 >= 12 }.randomElement(using: &random) ?? 16
        guard digits.count < length else { return nil }
        while digits.count < length - 1 { digits.append(String(Int.random(in: 0...9, using: &random))) }
        for check in 0...9 where Luhn.isValid(digits + String(check)) { return digits + String(check) }
        return nil
    }

    @Test("every network, random numbers: typed key by key, with or without a Tab after each field, and pasted as one line, give the same four fields")
    func typedTabbedPasted() {
        var random = SplitMix64(seed: 0x29)
        let catalogue = Fixtures.catalogue
        var tried = 0
        for info in catalogue.networks where !info.ranges.isEmpty {
            for _ in 0..<6 {
                guard let number = Self.randomNumber(info, catalogue: catalogue, using: &random) else { continue }
                for answered in [false, true] {
                    guard let expected = expectedFields(number, answered: answered) else { continue }
                    tried += 1
                    #expect(run(number, answered: answered, tabs: true, needsTab: expected.needsTab) == expected.fields, "\(number) tabs, answered \(answered)")
                    #expect(run(number, answered: answered, tabs: false, needsTab: expected.needsTab) == expected.fields, "\(number) no tabs, answered \(answered)")
                    #expect(pasted(number, expected.fields, answered: answered) == expected.fields, "\(number) pasted, answered \(answered)")
                }
            }
        }
        #expect(tried > 100)
    }

    /// What the four fields must be, and whether the number needs the person's Tab (its network
    /// issues longer numbers too); nil where the rule does not take the number whole (BIN data
    /// gives it another length the local rules do not know before the answer).
    func expectedFields(_ number: String, answered: Bool) -> (fields: [String], needsTab: Bool)? {
        var model = Fixtures.model(settings: Self.everyNetwork)
        model.type(String(number.prefix(8)))
        if answered { answer(&model) }
        model.type(String(number.dropFirst(8)))
        let state = form(model).completeness(context: model.context)
        guard form(model).digits == number, state.state != .incomplete else { return nil }
        if !answered, let length = Self.binTable.lookup(number)?.numberLength, length != number.count { return nil }
        let cvvLength = form(model).maximumCVVLength(context: model.context)
        return ([number, "12/30", String("1234".prefix(cvvLength)), "Jane Doe"], state.state == .mayBeWhole)
    }

    func run(_ number: String, answered: Bool, tabs: Bool, needsTab: Bool) -> [String] {
        var model = Fixtures.model(settings: Self.everyNetwork)
        model.type(String(number.prefix(8)))
        if answered { answer(&model) }
        model.type(String(number.dropFirst(8)))
        if tabs || needsTab { _ = model.press(.tab) }
        let cvv = String("1234".prefix(form(model).maximumCVVLength(context: model.context)))
        for text in ["12/30", cvv, "Jane Doe"] {
            model.type(text)
            if tabs { _ = model.press(.tab) }
        }
        return fields(model)
    }

    func pasted(_ number: String, _ expected: [String], answered: Bool) -> [String] {
        var model = Fixtures.model(settings: Self.everyNetwork)
        let line = number + " " + expected.dropFirst().joined(separator: " ")
        if answered {
            _ = model.paste(String(number.prefix(8)))
            answer(&model)
            _ = model.paste(String(line.dropFirst(8)))
        } else {
            _ = model.paste(line)
        }
        return fields(model)
    }
}
