import CheckoutCore
import Foundation
import Testing

@Suite("Network resolution")
struct ResolverTests {
    let cbVisa = BinAnswer(firstDigits: "40000025", networks: [BinNetwork(network: .cartesBancaires), BinNetwork(network: .visa)])
    let cbMastercard = BinAnswer(firstDigits: "55555525", networks: [BinNetwork(network: .cartesBancaires), BinNetwork(network: .mastercard)])
    let visaOnly = BinAnswer(firstDigits: "42424242", networks: [BinNetwork(network: .visa)])
    let amex = BinAnswer(firstDigits: "37828224", networks: [BinNetwork(network: .amex)])
    let eftposVisa = BinAnswer(firstDigits: "40000503", networks: [BinNetwork(network: .eftpos), BinNetwork(network: .visa)])

    func ids(_ items: [DetectedCardNetwork]?) -> [CardNetwork]? { items?.map(\.network) }

    @Test("seed: allowed [CB, VISA, MC] with a CB + Visa card prefers Cartes Bancaires")
    func seedCartesBancairesFirst() {
        let metadata = TestData.resolver([.cartesBancaires, .visa, .mastercard]).remoteMetadata(for: cbVisa)
        #expect(metadata.source == .remote)
        #expect(ids(metadata.detectedCardNetworks.items) == [.cartesBancaires, .visa])
        #expect(metadata.detectedCardNetworks.preferred?.network == .cartesBancaires)
        #expect(ids(metadata.selectableCardNetworks?.items) == [.cartesBancaires, .visa])
        #expect(metadata.selectableCardNetworks?.preferred?.network == .cartesBancaires)
    }

    @Test("seed: allowed [VISA, CB, MC] prefers Visa on CB + Visa and CB on CB + Mastercard")
    func seedVisaFirst() {
        let resolver = TestData.resolver([.visa, .cartesBancaires, .mastercard])
        let visa = resolver.remoteMetadata(for: cbVisa)
        #expect(ids(visa.detectedCardNetworks.items) == [.visa, .cartesBancaires])
        #expect(visa.selectableCardNetworks?.preferred?.network == .visa)
        let mastercard = resolver.remoteMetadata(for: cbMastercard)
        #expect(mastercard.selectableCardNetworks?.preferred?.network == .cartesBancaires)
    }

    @Test("seed: a Visa-only card has no choice")
    func visaOnlyCard() {
        let metadata = TestData.resolver([.cartesBancaires, .visa, .mastercard]).remoteMetadata(for: visaOnly)
        #expect(ids(metadata.detectedCardNetworks.items) == [.visa])
        #expect(metadata.detectedCardNetworks.preferred?.network == .visa)
        #expect(metadata.selectableCardNetworks == nil)
    }

    @Test("seed: an Amex card the session refuses: preferred null, no choice, unsupported-card-type, never paid")
    func amexRefused() {
        let resolver = TestData.resolver([.cartesBancaires, .visa, .mastercard])
        let metadata = resolver.remoteMetadata(for: amex)
        #expect(ids(metadata.detectedCardNetworks.items) == [.amex])
        #expect(metadata.detectedCardNetworks.items.first?.allowed == false)
        #expect(metadata.detectedCardNetworks.preferred == nil)
        #expect(metadata.selectableCardNetworks == nil)
        let error = TestData.validator([.cartesBancaires, .visa, .mastercard]).validateCardNumber("378282246310005", metadata: metadata)
        #expect(error?.errorId == "unsupported-card-type")
        #expect(resolver.networkForPayment(choice: .amex, metadata: metadata) == .failure(error!))
    }

    @Test("a co-badged card with only one allowed network offers no choice; refused networks come last")
    func oneAllowed() {
        let metadata = TestData.resolver([.visa, .mastercard]).remoteMetadata(for: cbVisa)
        #expect(ids(metadata.detectedCardNetworks.items) == [.visa, .cartesBancaires])
        #expect(metadata.detectedCardNetworks.items.map(\.allowed) == [true, false])
        #expect(metadata.selectableCardNetworks == nil)
        #expect(metadata.detectedCardNetworks.preferred?.network == .visa)
    }

    @Test("eftpos: listed as selectable, never chosen by the user; the first selectable one is auto-selected and paid with")
    func eftposAutoSelect() {
        let resolver = TestData.resolver([.eftpos, .visa])
        let metadata = resolver.remoteMetadata(for: eftposVisa)
        #expect(ids(metadata.selectableCardNetworks?.items) == [.eftpos, .visa])
        #expect(metadata.selectableCardNetworks?.items.map(\.allowsUserSelection) == [false, true])
        #expect(metadata.autoSelectedCardNetwork?.network == .eftpos)
        #expect(metadata.chooserNetworks == nil, "no chooser: the network is auto-selected")
        #expect(metadata.detectedCardNetworks.preferred?.network == .eftpos)
        #expect(resolver.networkForPayment(choice: .visa, metadata: metadata) == .success(.eftpos))
        let visaFirst = TestData.resolver([.visa, .eftpos])
        let visaMetadata = visaFirst.remoteMetadata(for: eftposVisa)
        #expect(visaMetadata.autoSelectedCardNetwork?.network == .visa)
        #expect(visaFirst.networkForPayment(choice: nil, metadata: visaMetadata) == .success(.visa))
        #expect(visaFirst.networkForPayment(choice: .eftpos, metadata: visaMetadata) == .success(.visa))
        let onlyVisa = TestData.resolver([.visa])
        let single = onlyVisa.remoteMetadata(for: eftposVisa)
        #expect(single.selectableCardNetworks == nil && single.autoSelectedCardNetwork == nil, "one allowed network: no choice to make")
        let cobadge = TestData.resolver([.visa, .cartesBancaires]).remoteMetadata(for: cbVisa)
        #expect(cobadge.autoSelectedCardNetwork == nil)
        #expect(ids(cobadge.chooserNetworks?.items) == [.visa, .cartesBancaires])
    }

    @Test("an absent allowed list accepts every network in catalogue order")
    func absentList() {
        let resolver = TestData.resolver(nil)
        let metadata = resolver.remoteMetadata(for: cbVisa)
        #expect(ids(metadata.detectedCardNetworks.items) == [.visa, .cartesBancaires])
        #expect(metadata.detectedCardNetworks.items.allSatisfy { $0.allowed })
        #expect(metadata.selectableCardNetworks?.preferred?.network == .visa)
    }

    @Test("payment network: the cardholder's allowed choice, else the preferred one")
    func paymentNetwork() {
        let resolver = TestData.resolver([.visa, .cartesBancaires, .mastercard])
        let metadata = resolver.remoteMetadata(for: cbVisa)
        #expect(resolver.networkForPayment(choice: .cartesBancaires, metadata: metadata) == .success(.cartesBancaires))
        #expect(resolver.networkForPayment(choice: nil, metadata: metadata) == .success(.visa))
        #expect(resolver.networkForPayment(choice: .mastercard, metadata: metadata) == .success(.visa))
        let narrow = TestData.resolver([.visa])
        #expect(narrow.networkForPayment(choice: .cartesBancaires, metadata: narrow.remoteMetadata(for: cbVisa)) == .success(.visa))
    }

    @Test("fewer than 8 digits: LOCAL; 8+ without an answer: LOCAL_FALLBACK; with one: REMOTE")
    func sources() {
        let resolver = TestData.resolver(nil)
        #expect(resolver.metadata(forDigits: "4000002", answer: cbVisa).source == .local)
        #expect(resolver.metadata(forDigits: "40000025", answer: nil).source == .localFallback)
        #expect(resolver.metadata(forDigits: "40000025", answer: BinAnswer(firstDigits: "40000025", networks: [])).source == .localFallback)
        #expect(resolver.metadata(forDigits: "40000025", answer: cbVisa).source == .remote)
        let local = resolver.localMetadata(forDigits: "40117", source: .local)
        #expect(ids(local.detectedCardNetworks.items) == [.visa, .elo])
        #expect(local.selectableCardNetworks == nil)
    }

    @Test("BIN data: complete with first digits and issuer fields for an answer, partial without")
    func binData() {
        let issuer = IssuerDetails(issuerCountryCode: "FR", accountFundingType: "DEBIT")
        let answer = BinAnswer(firstDigits: "40000025", networks: [BinNetwork(network: .cartesBancaires, issuer: issuer), BinNetwork(network: .visa, issuer: issuer)])
        let resolver = TestData.resolver([.mastercard, .cartesBancaires])
        let remote = resolver.remoteBinData(for: answer)
        #expect(remote.status == .complete)
        #expect(remote.firstDigits == "40000025")
        #expect(remote.preferred?.network == .cartesBancaires)
        #expect(remote.preferred?.issuer.issuerCountryCode == "FR")
        #expect(ids(remote.alternatives) == [.visa])
        let local = resolver.localBinData(forDigits: "40117")
        #expect(local.status == .partial)
        #expect(local.firstDigits == nil)
        #expect(local.preferred == nil)
        #expect(ids(local.alternatives) == [.visa, .elo])
    }

    @Test("the session defaults put the seed's order first and accept every network")
    func sessionDefaults() {
        let session = TestData.sessionDefaults
        #expect(session.orderedAllowedCardNetworks?.prefix(3) == [.visa, .cartesBancaires, .mastercard])
        #expect(Set(session.allowedNetworks) == Set(CardNetwork.allCases.filter { $0 != .other }))
        #expect(session.amount == 4999)
        #expect(session.currency == "EUR")
    }

    @Test("strict session JSON and --allowed lists: aliases accepted, unknown ids refused by name")
    func sessionParsing() throws {
        let session = try ClientSession(json: Data(#"{"paymentMethod":{"orderedAllowedCardNetworks":["CB","visa"]},"order":{"totalOrderAmount":100,"currencyCode":"usd"}}"#.utf8))
        #expect(session.orderedAllowedCardNetworks == [.cartesBancaires, .visa])
        #expect(session.amount == 100)
        #expect(session.currency == "USD")
        #expect(try ClientSession(json: Data("{}".utf8)).orderedAllowedCardNetworks == nil)
        #expect(throws: CatalogueError.self) { try ClientSession(json: Data(#"{"paymentMethod":{"orderedAllowedCardNetworks":["VISA","NOPE"]}}"#.utf8)) }
        #expect(try ClientSession.parseNetworkList("VISA,CARTES_BANCAIRES,MASTERCARD") == [.visa, .cartesBancaires, .mastercard])
        #expect(throws: CatalogueError.self) { try ClientSession.parseNetworkList("VISA,,MASTERCARD") }
    }
}
