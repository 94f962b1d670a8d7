import CheckoutCore
import Testing

@Suite("Local detection")
struct DetectionTests {
    let catalogue = TestData.catalogue

    @Test("the catalogue lists every PRODUCT.md network with its display name, in enum order")
    func catalogueNames() {
        let expected: [CardNetwork: String] = [
            .visa: "Visa", .mastercard: "Mastercard", .amex: "American Express", .discover: "Discover",
            .dinersClub: "Diners Club", .jcb: "JCB", .unionPay: "UnionPay", .maestro: "Maestro", .mir: "Mir",
            .elo: "Elo", .hiper: "Hiper", .hipercard: "Hipercard", .cartesBancaires: "Cartes Bancaires",
            .dankort: "Dankort", .bancontact: "Bancontact", .eftpos: "eftpos", .interac: "Interac", .troy: "Troy",
            .rupay: "RuPay", .verve: "Verve", .uatp: "UATP", .naranja: "Naranja",
        ]
        for (network, name) in expected { #expect(catalogue.info(network).displayName == name) }
        #expect(catalogue.networks.map(\.network) == CardNetwork.allCases.filter { $0 != .other })
        #expect(catalogue.info(.amex).cvvLength == 4)
        #expect(catalogue.info(.amex).cvvLabel == "CID")
        #expect(catalogue.info(.mir).cvvLabel == "CVP2")
        #expect(catalogue.info(.unionPay).cvvLabel == "CVN")
        #expect(catalogue.info(.elo).cvvLabel == "CVE")
        #expect(catalogue.info(.mastercard).cvvLabel == "CVC")
        #expect(catalogue.info(.other).displayName == "Unknown")
    }

    @Test("longest fully matched range wins; partial matches of longer ranges stay candidates",
          arguments: [
              ("4", [CardNetwork.visa, .elo, .maestro]), ("40117", [.visa, .elo]), ("401178", [.elo]), ("4011780000000006", [.elo]),
              ("4011", [.visa, .elo]), ("220", [.mir]), ("2200", [.mir]), ("2221", [.mastercard]), ("2720", [.mastercard]),
              ("2721", []), ("5019", [.dankort]), ("501", [.maestro, .dankort]), ("504175", [.elo]), ("50417", [.maestro, .elo]),
              ("622126", [.unionPay]), ("622125", [.unionPay]), ("6011", [.discover]), ("600722", [.forbrugsforeningen]),
              ("9792", [.troy]), ("1", [.jcb, .uatp]), ("1354", [.uatp]), ("34", [.amex]), ("506099", [.verve]),
              ("509000", [.elo]), ("637095", [.hiper]), ("63737423", [.hiper]), ("6373742", [.maestro, .hiper]),
              ("606282", [.hipercard]), ("589562", [.naranja]), ("36", [.dinersClub]), ("3528", [.jcb]),
          ])
    func prefixes(_ digits: String, _ expected: [CardNetwork]) {
        #expect(Set(catalogue.candidates(forDigits: digits)) == Set(expected))
    }

    @Test("most specific first: the network already matched leads, the possible ones follow")
    func ordering() {
        #expect(catalogue.candidates(forDigits: "40117") == [.visa, .elo])
        #expect(catalogue.candidates(forDigits: "4").first == .visa)
        #expect(catalogue.candidates(forDigits: "50417") == [.maestro, .elo])
        let three = catalogue.candidates(forDigits: "3")
        #expect(Set(three).isSuperset(of: [.amex, .dinersClub, .jcb]))
    }

    @Test("empty input has no candidates; separators are skipped; detection reads only 19 digits")
    func edges() {
        #expect(catalogue.candidates(forDigits: "").isEmpty)
        #expect(catalogue.candidates(forDigits: "4011 78") == [.elo])
        #expect(catalogue.candidates(forDigits: String(repeating: "4", count: 10_000)) == [.visa])
        #expect(catalogue.detect(String(repeating: "4", count: 10_000)).digitCount == 19)
    }

    @Test("a network is dropped once the number is longer than any it issues")
    func lengthFilter() {
        #expect(catalogue.candidates(forDigits: "378282246310005") == [.amex])
        #expect(catalogue.candidates(forDigits: "3782822463100050").isEmpty)
        #expect(catalogue.candidates(forDigits: "135410014004955") == [.uatp])
        #expect(catalogue.candidates(forDigits: "1234567812345678").isEmpty)
        #expect(catalogue.candidates(forDigits: "42424242424242424242") == [.visa])
    }

    @Test("candidates only shrink as digits are typed", arguments: ["4011780000000006", "6221260000000000", "5019555544445555", "3056930009020004", "6373742300000000"])
    func monotonic(_ number: String) {
        var previous = Set(CardNetwork.allCases)
        for length in 1...number.count {
            let current = Set(catalogue.candidates(forDigits: String(number.prefix(length))))
            #expect(current.isSubset(of: previous), "\(number.prefix(length))")
            previous = current
        }
    }

    @Test("every 6-digit prefix: the fast path agrees with a brute-force reading of the ranges")
    func bruteForce() {
        let networks = catalogue.networks
        func covering(_ key: UInt64) -> Set<CardNetwork> {
            var best = 0
            var winners: Set<CardNetwork> = []
            for info in networks {
                let excluded = info.excludedRanges.contains { range in
                    let head = key / power(8 - range.digits)
                    return range.low <= head && head <= range.high
                }
                if excluded { continue }
                for range in info.ranges {
                    let head = key / power(8 - range.digits)
                    guard range.low <= head, head <= range.high else { continue }
                    if range.digits > best { best = range.digits; winners = [] }
                    if range.digits == best { winners.insert(info.network) }
                }
            }
            return winners
        }
        // Full 8-digit keys sampled across the key space, including every range bound.
        var keys: [UInt64] = stride(from: 0, to: 100_000_000, by: 9_973).map { UInt64($0) }
        for info in networks {
            for range in info.ranges + info.excludedRanges {
                let scale = power(8 - range.digits)
                keys += [range.low * scale, range.high * scale + scale - 1, (range.high + 1) * scale]
            }
        }
        for key in keys where key < 100_000_000 {
            let text = String(repeating: "0", count: 8 - String(key).count) + String(key)
            #expect(Set(catalogue.candidates(forDigits: text)) == covering(key), "\(text)")
        }
    }

    @Test("format groups digits as each network prescribes")
    func formatting() {
        #expect(catalogue.format(digits: "378282246310005", as: .amex) == "3782 822463 10005")
        #expect(catalogue.format(digits: "30569309025904", as: .dinersClub) == "3056 930902 5904")
        #expect(catalogue.format(digits: "3056930009020004", as: .dinersClub) == "3056 9300 0902 0004")
        #expect(catalogue.format(digits: "4242424242424242", as: .visa) == "4242 4242 4242 4242")
        #expect(catalogue.format(digits: "6205500000000000004", as: .unionPay) == "6205 5000 0000 0000 004")
        #expect(catalogue.format(digits: "42424", as: nil) == "4242 4")
        #expect(catalogue.format(digits: "", as: .visa) == "")
    }

    func power(_ exponent: Int) -> UInt64 {
        (0..<exponent).reduce(1) { value, _ in value * 10 }
    }
}

@Suite("Normalisation")
struct NormalizationTests {
    @Test("separators are dropped, Unicode decimal digits count, anything else is malformed")
    func rules() {
        #expect(CardNumberNormalizer.normalize("4242 4242-4242.4242") == .digits("4242424242424242"))
        #expect(CardNumberNormalizer.normalize("٤٢٤٢ ٤٢٤٢") == .digits("42424242"))
        #expect(CardNumberNormalizer.normalize("４２４２") == .digits("4242"))
        #expect(CardNumberNormalizer.normalize("४२४२") == .digits("4242"))
        #expect(CardNumberNormalizer.normalize("4242\u{00A0}4242\u{2013}42") == .digits("4242424242"))
        #expect(CardNumberNormalizer.normalize("4242x4242") == .malformed("4242"))
        #expect(CardNumberNormalizer.normalize("4242\t4242") == .malformed("4242"))
        #expect(CardNumberNormalizer.normalize("½") == .malformed(""))
        #expect(CardNumberNormalizer.normalize("") == .digits(""))
        #expect(CardNumberNormalizer.normalize("---") == .digits(""))
    }

    @Test("Luhn")
    func luhn() {
        #expect(Luhn.isValid("4242424242424242"))
        #expect(!Luhn.isValid("4242424242424241"))
        #expect(!Luhn.isValid(""))
        #expect(!Luhn.isValid("42a2"))
        #expect(Luhn.isValid("0"))
    }
}
