import CheckoutCore
import CheckoutTestSupport
import Foundation
import Testing

/// Surcharges on the networks a resolver presents, and the eftpos selection shapes of PRODUCT.md
/// for the eftpos cards of `vectors/cards.tsv`, answered by the embedded BIN table.
@Suite("Surcharges and eftpos")
struct SurchargeAndEftposTests {
    static let surcharged = ClientSession(orderedAllowedCardNetworks: [.cartesBancaires, .visa, .mastercard], amount: 4999,
                                          currency: "EUR", surcharges: [.visa: 30, .amex: 99])
    let cbVisa = BinAnswer(firstDigits: "40000025", networks: [BinNetwork(network: .cartesBancaires), BinNetwork(network: .visa)])

    func resolver(_ session: ClientSession) -> CardNetworkResolver {
        CardNetworkResolver(catalogue: TestData.catalogue, session: session)
    }

    @Test("every item carries its network's surcharge; the amount due is for the pre-selected network")
    func itemsCarrySurcharges() {
        let metadata = resolver(Self.surcharged).remoteMetadata(for: cbVisa)
        #expect(metadata.detectedCardNetworks.items.map(\.surcharge) == [0, 30])
        #expect(metadata.selectableCardNetworks?.items.map(\.surcharge) == [0, 30])
        #expect(metadata.amountDue == AmountDue(network: .cartesBancaires, amount: 4999, surcharge: 0, currency: "EUR"))
        let visaFirst = ClientSession(orderedAllowedCardNetworks: [.visa, .cartesBancaires], amount: 4999, currency: "EUR", surcharges: [.visa: 30])
        let visa = resolver(visaFirst).remoteMetadata(for: cbVisa)
        #expect(visa.amountDue?.network == .visa)
        #expect(visa.amountDue?.total == 5029)
        let binData = resolver(Self.surcharged).remoteBinData(for: cbVisa)
        #expect(binData.alternatives.first?.surcharge == 30, "BIN data items carry it too")
        let local = resolver(Self.surcharged).localMetadata(forDigits: "4", source: .local)
        #expect(local.amountDue?.network == .visa && local.amountDue?.surcharge == 30, "local detection already prices its preferred network")
    }

    @Test("a refused network's surcharge is still shown, but nothing is due for it")
    func refusedNetwork() {
        let amex = resolver(Self.surcharged).remoteMetadata(for: BinAnswer(firstDigits: "37828224", networks: [BinNetwork(network: .amex)]))
        #expect(amex.detectedCardNetworks.items.first?.surcharge == 99)
        #expect(amex.amountDue == AmountDue(network: nil, amount: 4999, surcharge: 0, currency: "EUR"))
    }

    @Test("JSON: surcharge in minor units after allowsUserSelection, only when above 0; amountDue always whole")
    func jsonShape() {
        let metadata = resolver(Self.surcharged).remoteMetadata(for: cbVisa)
        #expect(metadata.selectableCardNetworks?.serialized() == #"{"items":[{"network":"CARTES_BANCAIRES","displayName":"Cartes Bancaires","allowed":true,"allowsUserSelection":true},{"network":"VISA","displayName":"Visa","allowed":true,"allowsUserSelection":true,"surcharge":30}],"preferred":{"network":"CARTES_BANCAIRES","displayName":"Cartes Bancaires","allowed":true,"allowsUserSelection":true}}"#)
        #expect(metadata.parsedJSON["amountDue"]?.serialized() == #"{"network":"CARTES_BANCAIRES","amount":4999,"surcharge":0,"total":4999,"currency":"EUR"}"#)
        #expect(metadata.parsedJSON.objectValue?.map(\.0) == ["source", "detectedCardNetworks", "selectableCardNetworks", "autoSelectedCardNetwork", "amountDue"])
    }

    /// The eftpos co-badged cards of cards.tsv: number and networks.
    static let eftposCards: [(number: String, networks: Set<CardNetwork>)] = TestData.fixtureRows("cards")
        .filter { $0.count >= 3 && $0[1] == "cobadge" && $0[2].contains("EFTPOS") }
        .map { ($0[0], TestData.networkList($0[2])) }

    @Test("cards.tsv holds two eftpos cards, and the embedded table answers both with eftpos and one global network")
    func vectors() {
        #expect(Self.eftposCards.map(\.number) == ["4000050360000001", "5555050360000080"])
        for card in Self.eftposCards {
            let answer = TestData.binTable.lookup(String(card.number.prefix(8)))
            #expect(Set(answer?.networks.map(\.network) ?? []) == card.networks)
        }
    }

    @Test("eftpos cards with the shipped session: both networks selectable, the global one auto-selected, allowsUserSelection false only for eftpos",
          arguments: [("4000050360000001", CardNetwork.visa), ("5555050360000080", CardNetwork.mastercard)])
    func eftposWithShippedSession(number: String, global: CardNetwork) throws {
        let answer = try #require(TestData.binTable.lookup(String(number.prefix(8))))
        let resolver = resolver(TestData.sessionDefaults)
        let metadata = resolver.remoteMetadata(for: answer)
        #expect(metadata.detectedCardNetworks.items.map(\.network) == [global, .eftpos], "the merchant's order: the global network comes first")
        #expect(metadata.selectableCardNetworks?.items.map(\.network) == [global, .eftpos])
        #expect(metadata.selectableCardNetworks?.items.map(\.allowsUserSelection) == [true, false])
        #expect(metadata.selectableCardNetworks?.preferred?.network == global)
        #expect(metadata.autoSelectedCardNetwork?.network == global)
        #expect(metadata.chooserNetworks == nil)
        #expect(metadata.amountDue?.network == global)
        for choice in [nil, CardNetwork.eftpos, global] {
            #expect(resolver.networkForPayment(choice: choice, metadata: metadata) == .success(global), "paid with the auto-selection whatever the choice")
        }
        let json = metadata.parsedJSON
        #expect(json["autoSelectedCardNetwork"]?["network"]?.stringValue == global.rawValue)
        #expect(json["selectableCardNetworks"]?["items"]?[1]?.serialized().contains(#""network":"EFTPOS","displayName":"eftpos","allowed":true,"allowsUserSelection":false"#) == true)
    }

    @Test("eftpos preferred by the merchant: eftpos is auto-selected and paid with; not accepted: no selection at all",
          arguments: ["4000050360000001", "5555050360000080"])
    func eftposMerchantOrders(number: String) throws {
        let answer = try #require(TestData.binTable.lookup(String(number.prefix(8))))
        let global: CardNetwork = number.hasPrefix("4") ? .visa : .mastercard
        let eftposFirst = resolver(ClientSession(orderedAllowedCardNetworks: [.eftpos, .visa, .mastercard]))
        let preferred = eftposFirst.remoteMetadata(for: answer)
        #expect(preferred.selectableCardNetworks?.items.map(\.network) == [.eftpos, global])
        #expect(preferred.autoSelectedCardNetwork?.network == .eftpos)
        #expect(eftposFirst.networkForPayment(choice: global, metadata: preferred) == .success(.eftpos))

        let notAccepted = resolver(ClientSession(orderedAllowedCardNetworks: [.visa, .mastercard]))
        let refused = notAccepted.remoteMetadata(for: answer)
        #expect(refused.detectedCardNetworks.items.map(\.network) == [global, .eftpos])
        #expect(refused.detectedCardNetworks.items.map(\.allowed) == [true, false])
        #expect(refused.selectableCardNetworks == nil)
        #expect(refused.autoSelectedCardNetwork == nil)
        #expect(notAccepted.networkForPayment(choice: .eftpos, metadata: refused) == .success(global))
    }
}
