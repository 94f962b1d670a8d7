import CheckoutCore
import CheckoutEngine
import CheckoutTestSupport
import Testing
@testable import CheckoutApp

/// The card form says only what is so: where the networks came from, what is not paid yet, and a
/// network's price only once the network is known.
@MainActor @Suite struct CardFormTruthTests {
    /// Local metadata for `number` as the engine sends it after a lookup that ended in local rules.
    static func fallback(_ number: String, _ reason: CardNumberEntryMetadata.FallbackReason, settings: CheckoutSettings = Fixtures.settings) -> CheckoutEvent {
        let resolver = CardNetworkResolver(catalogue: Fixtures.catalogue, session: settings.session)
        let metadata = resolver.localMetadata(candidates: Fixtures.catalogue.candidates(forDigits: number), source: .localFallback,
                                              fallbackReason: reason)
        return .didReceiveMetadata(metadata, CardNumberEntryState(cardNumber: number))
    }

    @Test("a BIN table without the card's row is not an outage: 'No BIN data for this card', not 'unavailable'")
    func noBinDataIsNotAnOutage() {
        var model = Fixtures.model()
        model.type("4111111111111111")
        _ = model.receive(Self.fallback("4111111111111111", .noBinData))
        #expect(model.screen.contains("No BIN data for this card: networks from local rules"))
        #expect(!model.screen.contains("unavailable"))
        _ = model.receive(Self.fallback("4111111111111111", .serviceUnavailable))
        #expect(model.screen.contains("BIN service unavailable: local rules (offline fallback)"))
    }

    @Test("a network's surcharge is quoted once the engine has answered for 8 digits, not from a guess on the first digit")
    func surchargeOnlyOnceTheNetworkIsKnown() {
        var model = Fixtures.model(settings: SurchargeTests.settings)
        model.type("4")
        #expect(model.screen.contains("[ Pay €49.99 ]"), "a 4 says Visa by local rules, which is a guess")
        #expect(model.screen.contains("A surcharge may apply: Visa +€0.30"))
        #expect(!model.screen.contains("Includes a"))
        model.type("0000025000010")
        #expect(model.screen.contains("[ Pay €49.99 ]"), "8 digits typed, the BIN service not heard yet")
        _ = model.receive(SurchargeTests.answer("4000002500001001", [.visa, .cartesBancaires]))
        #expect(model.screen.contains("[ Pay €49.99 ]"), "Cartes Bancaires preselected: no surcharge")
        #expect(!model.screen.contains("may apply"))
        var visa = Fixtures.model(settings: SurchargeTests.settings)
        visa.type("4242424242424242")
        _ = visa.receive(Self.fallback("4242424242424242", .noBinData, settings: SurchargeTests.settings))
        #expect(visa.screen.contains("[ Pay €50.29 ]"), "known from the answer: Visa, and its surcharge")
        #expect(visa.screen.contains("Includes a €0.30 surcharge for Visa (order €49.99)"))
    }

    @Test("before Pay nothing is 'paid': an eftpos card says the network it will be paid with")
    func nothingIsPaidBeforePay() {
        var eftpos = SurchargeTests.settings
        eftpos.allowedNetworks = [.eftpos, .visa]
        var model = Fixtures.model(settings: eftpos)
        model.type("4000050360000001")
        _ = model.receive(SurchargeTests.answer("4000050360000001", [.eftpos, .visa], settings: eftpos))
        #expect(model.screen.contains("To be paid with eftpos · chosen automatically"))
        #expect(!model.screen.contains("Paid with"))
    }

    @Test("below 62 columns a network's name still shows; 'not accepted' is said the same way along the row")
    func badgesAtNarrowWidths() {
        var model = Fixtures.model()
        model.type("4000002500001001")
        let cb = Fixtures.network(.cartesBancaires), visa = Fixtures.network(.visa)
        let metadata = CardNumberEntryMetadata(source: .remote, detectedCardNetworks: CardNetworksMetadata(items: [cb, visa], preferred: cb),
                                               selectableCardNetworks: nil)
        _ = model.receive(.didReceiveMetadata(metadata, CardNumberEntryState(cardNumber: "4000002500001001")))
        for (width, height) in [(50, 17), (55, 17), (60, 20)] {
            let number = model.render(width: width, height: height).lines.first { $0.contains("4000 0025 0000 1001") } ?? ""
            #expect(number.contains("Cartes Bancaires"), "\(width) columns, the badge beside the number: \(number)")
        }
        var local = Fixtures.model()
        local.type("4")
        let row = local.screen.split(separator: "\n").first { $0.contains("┃ 4 ") } ?? ""
        #expect(row.contains("Maestro ✗") && row.contains("Elo ✗"), "one way along the row: \(row)")
        #expect(!row.contains("(not accepted)"))
    }

    @Test("'can not' from Primer's wording reads 'cannot' on the screen, as every other field says it")
    func oneSpellingOfCannot() {
        let primer = ValidationError(errorId: "invalid-card-number", inputElementType: .cardNumber, description: "Card number can not be blank.")
        #expect(primer.shownDescription == "Card number cannot be blank.")
        var model = Fixtures.model()
        _ = model.receive(.dataIsValid(isValid: false, errors: [primer]))
        model.fillTheRestOfTheCard()
        _ = model.press(.enter)
        _ = model.receive(.checkoutFailed(CheckoutError(errorId: "invalid-card-number", description: "The card data is not valid.")))
        #expect(model.screen.contains("Card number cannot be blank."))
        #expect(!model.screen.contains("can not"))
    }
}
