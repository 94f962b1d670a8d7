import CheckoutCore
import CheckoutTestSupport
import Testing

@Suite("BIN table")
struct BinTableTests {
    func networks(_ table: BinTable, _ digits: String) -> [CardNetwork]? {
        table.lookup(digits)?.networks.map(\.network)
    }

    @Test("the embedded table answers the sandbox co-badged cards with issuer fields")
    func embedded() {
        let table = TestData.binTable
        #expect(networks(table, "4000002500001001") == [.cartesBancaires, .visa])
        #expect(networks(table, "4035501000000008") == [.cartesBancaires, .visa])
        #expect(networks(table, "4571994000062336") == [.dankort, .visa])
        #expect(table.lookup("4000002500001001")?.firstDigits == "40000025")
        #expect(table.lookup("4000002500001001")?.networks.first?.issuer.issuerCountryCode == "FR")
        #expect(table.lookup("4111111111111111") == nil)
    }

    @Test("the public binlist layout loads: scheme names, empty iin_end, ranges of any length, quotes")
    func binlist() throws {
        let csv = """
        iin_start,iin_end,number_length,number_luhn,scheme,brand,type,prepaid,country,bank_name,bank_logo,bank_url,bank_city,bank_phone
        400000,,16,true,visa,Visa Classic,debit,false,US,"BANK OF EXAMPLE, N.A.",,,,
        222100,272099,16,true,mastercard,,credit,,GB,,,,,
        4571,,16,true,dankort,,debit,,DK,"Say ""hej"" Bank",,,,
        60110000,60119999,16,true,discover,,credit,,US,,,,,
        999999,,16,true,private label,,credit,,US,,,,,
        """
        let table = try BinTable(csv: csv)
        #expect(networks(table, "4000001234567899") == [.visa])
        let visa = try #require(table.lookup("40000012")?.networks.first)
        #expect(visa.issuer.issuerName == "BANK OF EXAMPLE, N.A.")
        #expect(visa.issuer.accountFundingType == "DEBIT")
        #expect(visa.issuer.productName == "Visa Classic")
        #expect(visa.issuer.issuerCountryCode == "US")
        #expect(networks(table, "22210000") == [.mastercard])
        #expect(networks(table, "27209999") == [.mastercard])
        #expect(networks(table, "27210000") == nil)
        #expect(table.lookup("45719940")?.networks.first?.issuer.issuerName == "Say \"hej\" Bank")
        #expect(networks(table, "60115555") == [.discover])
        #expect(networks(table, "99999912") == nil, "unknown schemes are skipped")
    }

    @Test("overlaps: the narrower range wins; identical ranges merge into a co-badge")
    func overlaps() throws {
        let csv = """
        iin_start,iin_end,networks
        4,,VISA
        457100,457199,DANKORT VISA
        45715000,,VISA
        5132,,MASTERCARD
        5132,,CARTES_BANCAIRES
        """
        let table = try BinTable(csv: csv)
        #expect(networks(table, "40000000") == [.visa])
        #expect(networks(table, "45710000") == [.dankort, .visa])
        #expect(networks(table, "45715000") == [.visa])
        #expect(networks(table, "45715001") == [.dankort, .visa])
        #expect(networks(table, "45720000") == [.visa])
        #expect(networks(table, "49999999") == [.visa])
        #expect(networks(table, "51320000") == [.mastercard, .cartesBancaires])
        #expect(networks(table, "30000000") == nil)
    }

    @Test("bad rows are refused with their line number", arguments: [
        ("iin_start,networks\n4x,VISA\n", "line 2: iin_start \"4x\" is not 1 to 8 digits"),
        ("# comment\niin_start,networks\n4,VISA\n123456789,VISA\n", "line 4: iin_start \"123456789\" is not 1 to 8 digits"),
        ("iin_start,iin_end,networks\n5000,4000,VISA\n", "line 2: iin_end \"4000\" comes before iin_start \"5000\""),
        ("iin_start,networks\n4,VISA WAT\n", "line 2: unknown network \"WAT\" in networks (use ids such as VISA, CARTES_BANCAIRES)"),
        ("bin_name,networks\n4,VISA\n", "line 1: the header names no iin_start (or bin) column"),
        ("iin_start,networks\n4,\"VISA\n", "line 2: a quoted field is not closed"),
        ("", "the BIN table is empty: it needs a header line naming its columns"),
    ])
    func badRows(_ csv: String, _ message: String) {
        #expect(throws: BinTableError.self) { try BinTable(csv: csv) }
        do {
            _ = try BinTable(csv: csv)
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test("CRLF line ends and comments are accepted")
    func lineEnds() throws {
        let table = try BinTable(csv: "# a comment, with \"quotes\r\niin_start,iin_end,networks\r\n40000025,,CARTES_BANCAIRES VISA\r\n")
        #expect(networks(table, "40000025") == [.cartesBancaires, .visa])
        #expect(table.count == 1)
    }

    @Test("lookups agree with a linear scan on a random table")
    func randomTable() throws {
        var random = SplitMix64(seed: 42)
        var rows: [(UInt32, UInt32, CardNetwork)] = []
        var csv = "iin_start,iin_end,networks\n"
        var low: UInt32 = 0
        let choices: [CardNetwork] = [.visa, .mastercard, .amex, .jcb]
        while rows.count < 2_000 {
            low += UInt32(random.next() % 90_000)
            let high = low + UInt32(random.next() % 40_000)
            guard high < 100_000_000 else { break }
            let network = choices[Int(random.next() % 4)]
            rows.append((low, high, network))
            csv += "\(pad(low)),\(pad(high)),\(network.rawValue)\n"
            low = high + 1
        }
        let table = try BinTable(csv: csv)
        for _ in 0..<5_000 {
            let key = UInt32(random.next() % 100_000_000)
            let expected = rows.first { $0.0 <= key && key <= $0.1 }?.2
            #expect(table.lookup(pad(key))?.networks.first?.network == expected)
        }
    }

    func pad(_ value: UInt32) -> String {
        let text = String(value)
        return String(repeating: "0", count: 8 - text.count) + text
    }
}
