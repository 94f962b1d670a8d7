import CheckoutStore
import CheckoutTestSupport
import Foundation
import Testing

/// `checkout payments` on a ledger of many rows: order, filters, pages, both output forms, and a
/// reader that stops after the first line.
@Suite struct PaymentsCommandTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-payments-\(UUID().uuidString)")
    static let rows = 20_000

    /// A ledger of `rows` payments a minute apart from 2025-01-01, every 13th declined.
    func makeLedger() throws -> String {
        let ledger = try DataDirectory.open(root.path) { try Ledger(database: $0) }
        try ledger.database.transaction { tx in
            for index in 0..<Self.rows {
                try Ledger.insert(LedgerEntry(
                    id: "pay_\(String(format: "%020d", index))", createdAt: Date(timeIntervalSince1970: 1_735_689_600 + Double(index) * 60),
                    method: index % 10 == 0 ? "NOL_PAY" : "CARD", amount: 4999, surcharge: index % 4 == 0 ? 30 : 0,
                    currency: index % 10 == 0 ? "AED" : "EUR", network: index % 10 == 0 ? "NOL" : "CARTES_BANCAIRES",
                    firstDigits: index % 10 == 0 ? "" : "40000025", last4: "1001", status: index % 13 == 0 ? "DECLINED" : "AUTHORIZED",
                    declineReason: index % 13 == 0 ? "insufficient funds" : nil), in: tx)
            }
        }
        return root.path
    }

    func payments(_ arguments: [String]) throws -> ChildProcess.Result {
        try ChildProcess.run(ChildProcess.checkoutBinary, ["payments", "--data-dir", root.path] + arguments)
    }

    func ids(_ result: ChildProcess.Result) -> [String] {
        result.lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["id"] as? String }
    }

    static func id(_ index: Int) -> String { "pay_\(String(format: "%020d", index))" }

    @Test("newest first by default, every row once; --oldest-first reverses; --limit, --since and --status filter")
    func orderAndFilters() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try makeLedger()
        let all = try payments(["--json"])
        #expect(all.status == 0 && all.stderr.isEmpty)
        #expect(ids(all) == (0..<Self.rows).reversed().map(Self.id))
        #expect(ids(try payments(["--json", "--oldest-first", "--limit", "3"])) == [0, 1, 2].map(Self.id))
        // 2025-01-10T00:00:00Z is payment 12,960 (216 hours of one a minute).
        #expect(ids(try payments(["--json", "--since", "2025-01-10", "--oldest-first", "--limit=2"])) == [12_960, 12_961].map(Self.id))
        #expect(ids(try payments(["--json", "--since=2025-01-10T00:00:30Z", "--oldest-first", "--limit", "1"])) == [Self.id(12_961)])
        let declined = ids(try payments(["--json", "--status", "declined", "--limit", "2"]))
        #expect(declined == [19_994, 19_981].map(Self.id))

        let first = try #require(try payments(["--json", "--limit", "1"]).lines.first)
        #expect(first == #"{"id":"pay_00000000000000019999","createdAt":"2025-01-14T21:19:00Z","method":"CARD","amount":4999,"surcharge":0,"currency":"EUR","network":"CARTES_BANCAIRES","firstDigits":"40000025","last4Digits":"1001","status":"AUTHORIZED","declineReason":null,"networkChosenBy":null}"#)
    }

    @Test("the table: a header, aligned columns, the surcharge beside the amount, the reason last")
    func table() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try makeLedger()
        let result = try payments(["--oldest-first", "--limit", "2", "--since", "2025-01-01T03:14"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            TIME                  ID                        METHOD   NETWORK             CARD                   AMOUNT  STATUS      REASON
            2025-01-01T03:14:00Z  pay_00000000000000000194  CARD     CARTES_BANCAIRES    40000025…1001       49.99 EUR  AUTHORIZED
            2025-01-01T03:15:00Z  pay_00000000000000000195  CARD     CARTES_BANCAIRES    40000025…1001       49.99 EUR  DECLINED    insufficient funds

            """)
        let nol = try payments(["--status", "AUTHORIZED", "--since", "2025-01-01T00:20", "--oldest-first", "--limit", "1"])
        #expect(nol.lines.last == "2025-01-01T00:20:00Z  pay_00000000000000000020  NOL_PAY  NOL                 •••• 1001      49.99+0.30 AED  AUTHORIZED")
        #expect(try payments(["--since", "2030-01-01"]).stdout == "No payments match.\n")
    }

    @Test("a reader that stops after one line gets the newest payment, and the listing ends there")
    func headOne() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try makeLedger()
        for form in ["--json", ""] {
            let result = try ChildProcess.run("/bin/bash", ["-c", "\"$0\" payments \(form) --data-dir \"$1\" | head -1; echo \"status ${PIPESTATUS[0]}\"",
                                                            ChildProcess.checkoutBinary, root.path])
            let lines = result.lines
            #expect(lines.count == 2, "\(lines)")
            #expect(lines.first?.contains(Self.id(19_999)) == true || lines.first?.hasPrefix("TIME") == true)
            // 141: SIGPIPE, the listing stopped when the reader left (a 20,000-row listing is
            // larger than a pipe holds, so it cannot have finished first).
            #expect(lines.last == "status 141")
        }
    }

    @Test("bad options and values: one line naming the usage, exit 2", arguments: [
        ["--limit", "0"], ["--limit", "x"], ["--since", "yesterday"], ["--status", "SETTLED"], ["--limit"], ["extra"], ["--wat"],
    ])
    func badOptions(arguments: [String]) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try payments(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("checkout payments: "))
        #expect(result.stderr.hasSuffix("(usage: checkout payments [--data-dir DIR] [--json] [--limit N] [--since DATE] [--status STATUS] [--oldest-first])\n"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
