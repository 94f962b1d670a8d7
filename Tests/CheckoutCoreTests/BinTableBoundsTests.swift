import CheckoutCore
import Testing

/// Issue 18 ③: a BIN table is read with bounds. NUL bytes end the load at once, a record longer
/// than 64 KiB is refused with its line, a field is quoted at most 40 characters in an error, and a
/// byte-order mark before the header is no part of it.
@Suite struct BinTableBoundsTests {
    static func error(_ csv: String) -> BinTableError? {
        do { _ = try BinTable(csv: csv); return nil } catch let error as BinTableError { return error } catch { return nil }
    }

    @Test func aHeaderAndAMegabyteOfNULBytesIsRefusedInOneShortLine() {
        let error = Self.error("iin_start,scheme\n" + String(repeating: "\0", count: 1 << 20))
        #expect(error?.description == "it holds NUL bytes, so it is not a CSV text file")
    }

    @Test func aRecordLongerThan64KiBIsRefusedWithItsLineInEveryChunking() throws {
        let long = String(repeating: "7", count: 100_000)
        #expect(Self.error("iin_start,scheme\n" + long + ",VISA\n")?.description == "line 2: a record longer than 64 KiB, so not a BIN table row")
        let unclosed = "iin_start,scheme\n4000,VISA\n\"" + String(repeating: "a", count: 200_000)
        #expect(Self.error(unclosed)?.description.hasPrefix("line 3: a record longer than 64 KiB") == true, "\(String(describing: Self.error(unclosed)))")
        // Fed in small chunks, the open record is refused as soon as it passes the bound.
        var loader = BinTableLoader()
        let bytes = Array(unclosed.utf8)
        var thrown: BinTableError?
        var offset = 0
        while offset < bytes.count, thrown == nil {
            let end = min(offset + 4096, bytes.count)
            do { try bytes[offset..<end].withUnsafeBytes { try loader.load($0) } } catch let error as BinTableError { thrown = error }
            offset = end
        }
        #expect(thrown?.line == 3)
        #expect(offset < 80_000, "refused shortly after 64 KiB of the record, not at the end")
        // A long record within the bound still loads.
        let bank = String(repeating: "B", count: 60_000)
        let table = try BinTable(csv: "iin_start,scheme,bank_name\n4000,VISA,\(bank)\n")
        #expect(table.lookup("40001234")?.networks.first?.issuer.issuerName == bank)
    }

    @Test func aFieldIsQuotedAtMostFortyCharactersAndSanitised() {
        let field = String(repeating: "9", count: 50_000)
        let error = Self.error("iin_start,scheme\n\"\(field)\",VISA\n")
        #expect(error?.description == "line 2: iin_start \"\(String(repeating: "9", count: 40))…\" is not 1 to 8 digits")
        let escape = Self.error("iin_start,networks\n4000,VISA \u{1b}[2Jfoo\n")
        #expect(escape?.description == "line 2: unknown network \"\\u001b[2Jfoo\" in networks (use ids such as VISA, CARTES_BANCAIRES)")
    }

    @Test func aByteOrderMarkBeforeTheHeaderIsDropped() throws {
        let table = try BinTable(csv: "\u{FEFF}iin_start,scheme\n4000,VISA\n")
        #expect(table.lookup("40001234")?.networks.map(\.network) == [.visa])
    }
}
