import CheckoutCore
import CheckoutTestSupport
import Foundation
import Testing

/// The streaming loader against a plain model of the format: random tables with quoted fields,
/// CRLF, comments, co-badges, overlaps and repeated or distinct issuers, read in chunks split
/// anywhere.
@Suite("BIN table loader")
struct BinTableLoaderTests {
    /// One row of a random table, as the model reads it.
    struct Row {
        var low: UInt32
        var high: UInt32
        var networks: [CardNetwork]
        var issuer: IssuerDetails
    }

    static let banks = ["BANK OF EXAMPLE, N.A.", "Say \"hej\" Bank", " Banque Populaire ", "Crédit Agricole", "ÉLAN", "bank\tname", "", "Z"]
    static let countries = ["fr", "US", "dk", " gb ", "", "ß"]
    static let fundings = ["debit", "CREDIT", "", "charge"]

    /// A random table as CSV text, and its rows.
    static func randomTable(_ random: inout SplitMix64, rows count: Int) -> (String, [Row]) {
        var rows: [Row] = []
        var csv = "# a comment line, with \"quotes\"\n\nIIN_Start,iin_end,networks,bank_name,country,type,prepaid,brand\r\n"
        let networks: [CardNetwork] = [.visa, .mastercard, .cartesBancaires, .eftpos, .dankort]
        func pick<T>(_ list: [T]) -> T { list[Int(random.next() % UInt64(list.count))] }
        func quoted(_ text: String) -> String {
            text.contains(",") || text.contains("\"") || random.next() % 4 == 0
                ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
        }
        for _ in 0..<count {
            let digits = 1 + Int(random.next() % 8)
            var scale: UInt32 = 1
            for _ in digits..<8 { scale *= 10 }
            let start = UInt32(random.next() % UInt64(100_000_000 / scale))
            let end = start + UInt32(random.next() % 3)
            let startText = String(repeating: "0", count: digits - String(start).count) + String(start)
            let endText = end == start && random.next() % 2 == 0 ? "" : String(repeating: "0", count: max(0, digits - String(end).count)) + String(end)
            guard endText.count <= digits else { continue }
            var rowNetworks = [pick(networks)]
            if random.next() % 3 == 0 { rowNetworks.append(pick(networks)) }
            let bank = random.next() % 5 == 0 ? "Bank \(random.next() % 1000)" : pick(banks)
            let country = pick(countries), funding = pick(fundings)
            let prepaid = random.next() % 4 == 0 ? "Yes" : "false"
            let brand = random.next() % 2 == 0 ? "Classic" : ""
            csv += [startText, endText, rowNetworks.map(\.rawValue).joined(separator: random.next() % 2 == 0 ? " " : "|"),
                    quoted(bank), quoted(country), funding, prepaid, quoted(brand)].joined(separator: ",")
            csv += random.next() % 3 == 0 ? "\r\n" : "\n"
            if random.next() % 20 == 0 { csv += "# another comment\n" }
            func value(_ text: String) -> String? {
                let trimmed = text.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r"))
                return trimmed.isEmpty ? nil : trimmed
            }
            var fundingValue = value(funding)?.uppercased()
            if fundingValue == nil, prepaid == "Yes" { fundingValue = "PREPAID" }
            var unique: [CardNetwork] = []
            for network in rowNetworks where !unique.contains(network) { unique.append(network) }
            rows.append(Row(low: start * scale, high: (end + 1) * scale - 1, networks: unique, issuer: IssuerDetails(
                issuerCountryCode: value(country)?.uppercased(), issuerName: value(bank), accountFundingType: fundingValue,
                productName: value(brand))))
        }
        return (csv, rows)
    }

    /// The model's answer for a key: of the rows holding it, the one starting last, then the
    /// narrowest; rows with the same bounds merge their networks in order.
    static func modelAnswer(_ rows: [Row], key: UInt32) -> [BinNetwork]? {
        let holding = rows.filter { $0.low <= key && key <= $0.high }
        guard let best = holding.max(by: { ($0.low, UInt32.max - $0.high) < ($1.low, UInt32.max - $1.high) }) else { return nil }
        var answer: [BinNetwork] = []
        for row in rows where row.low == best.low && row.high == best.high {
            for network in row.networks where !answer.contains(where: { $0.network == network }) {
                answer.append(BinNetwork(network: network, issuer: row.issuer))
            }
        }
        return answer
    }

    /// Loads `csv` in chunks of random sizes.
    static func load(_ csv: String, _ random: inout SplitMix64) throws -> BinTable {
        let bytes = Array(csv.utf8)
        var loader = BinTableLoader()
        var offset = 0
        while offset < bytes.count {
            let size = min(bytes.count - offset, 1 + Int(random.next() % 97))
            try bytes[offset..<(offset + size)].withUnsafeBytes { try loader.load($0) }
            offset += size
        }
        return try loader.finish()
    }

    @Test("random tables, loaded whole and in random chunks, answer as the model says", arguments: 0..<6)
    func randomTables(seed: UInt64) throws {
        var random = SplitMix64(seed: 0xB1 &+ seed)
        let (csv, rows) = Self.randomTable(&random, rows: 300)
        let whole = try BinTable(csv: csv)
        let chunked = try Self.load(csv, &random)
        #expect(whole.ranges.map(\.low) == chunked.ranges.map(\.low))
        var keys = rows.flatMap { [$0.low, $0.high, $0.high &+ 1, $0.low &- 1] }
        for _ in 0..<500 { keys.append(UInt32(random.next() % 100_000_000)) }
        for key in keys where key < 100_000_000 {
            let expected = Self.modelAnswer(rows, key: key)
            for table in [whole, chunked] {
                let index = table.lookup(key: key)
                let got = index >= 0 ? table.networks(at: index) : nil
                #expect(got == expected, "key \(key)")
            }
        }
    }

    @Test("every split of a table with quotes, CRLF and comments loads the same")
    func everySplit() throws {
        let csv = "# c\r\n  \niin_start,iin_end,networks,bank_name\r\n40000025,,CARTES_BANCAIRES VISA,\"A, \"\"B\"\"\r\nC\"\r\n  # indented comment\n5,,MASTERCARD,  plain  \n6011,6012,DISCOVER,\"\"\n"
        let whole = try BinTable(csv: csv)
        #expect(whole.lookup("40000025")?.networks.first?.issuer.issuerName == "A, \"B\"\r\nC")
        #expect(whole.lookup("55555555")?.networks.first?.issuer.issuerName == "plain")
        let bytes = Array(csv.utf8)
        for first in 0...bytes.count {
            for second in first...bytes.count where second == first || second == bytes.count || (second - first) % 7 == 0 {
                var loader = BinTableLoader()
                try bytes[..<first].withUnsafeBytes { try loader.load($0) }
                try bytes[first..<second].withUnsafeBytes { try loader.load($0) }
                try bytes[second...].withUnsafeBytes { try loader.load($0) }
                let table = try loader.finish()
                #expect(table.ranges.map(\.low) == whole.ranges.map(\.low))
                #expect(table.ranges.map(\.networks) == whole.ranges.map(\.networks), "split at \(first), \(second)")
            }
        }
    }

    @Test("errors name the same line however the file is split")
    func errorsInChunks() throws {
        let csv = "iin_start,networks,bank_name\n4,VISA,a\n5,MASTERCARD,\"multi\nline\"\n6,VISA WAT,b\n"
        var random = SplitMix64(seed: 3)
        for _ in 0..<50 {
            #expect(throws: BinTableError(line: 5, message: "unknown network \"WAT\" in networks (use ids such as VISA, CARTES_BANCAIRES)")) {
                _ = try Self.load(csv, &random)
            }
        }
        #expect(throws: BinTableError(line: 2, message: "a quoted field is not closed")) {
            _ = try Self.load("iin_start,networks\n4,\"VISA\n", &random)
        }
    }

    @Test("repeated strings are kept once: many rows of a few issuers cost little more than their ranges")
    func interning() throws {
        var csv = "iin_start,iin_end,scheme,bank_name,country\n"
        for index in 0..<20_000 {
            let low = 10_000_000 + index * 100
            csv += "\(low),\(low + 49),\(index % 2 == 0 ? "visa" : "mastercard"),BANK NUMBER \(index % 50) OF SOMEWHERE,FR\n"
        }
        let table = try BinTable(csv: csv)
        #expect(table.count == 20_000)
        #expect(table.answerCount == 50)
        // 12 bytes a range, the 400 KB index, and the answers: a few kilobytes.
        #expect(table.byteCount < 20_000 * 12 + 100_001 * 4 + 16_000)
        #expect(table.lookup("10000100")?.networks == [BinNetwork(network: .mastercard, issuer: IssuerDetails(issuerCountryCode: "FR", issuerName: "BANK NUMBER 1 OF SOMEWHERE"))])
    }
}
