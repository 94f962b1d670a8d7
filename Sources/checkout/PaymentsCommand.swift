import CheckoutCore
import CheckoutStore
import Foundation

/// `checkout payments [--data-dir DIR] [--json]`: the payment ledger, oldest first.
///
/// A table by default (time, id, method, network, masked number, amount, status, reason); with
/// `--json`, one JSON object per payment. Neither ever holds more than the first 6–8 and last 4 digits.
enum PaymentsCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        var json = false
        var filtered: [String] = []
        for argument in arguments {
            if argument == "--json" { json = true } else { filtered.append(argument) }
        }
        let options: CommandLineOptions
        switch CommandLineOptions.parse(filtered, command: "payments", accepting: [.dataDir]) {
        case .success(let parsed): options = parsed
        case .failure(let error):
            FileHandleOutput.error(error.message.replacingOccurrences(of: "(see checkout --help)", with: "(usage: checkout payments [--data-dir DIR] [--json])"))
            return 2
        }
        if options.wantsHelp {
            FileHandleOutput.line("usage: checkout payments [--data-dir DIR] [--json]\nLists the payment ledger, oldest first.")
            return 0
        }
        guard options.positionals.isEmpty else {
            FileHandleOutput.error("checkout payments: takes no arguments (usage: checkout payments [--data-dir DIR] [--json])")
            return 2
        }
        let entries: [LedgerEntry]
        do {
            entries = try DataDirectory.open(options.dataDirectory) { try Ledger(database: $0).entries() }
        } catch {
            FileHandleOutput.error("checkout payments: \(error)")
            return 2
        }
        if json {
            for entry in entries { FileHandleOutput.line(entry.toJSON().serialized()) }
            return 0
        }
        if entries.isEmpty {
            FileHandleOutput.line("No payments yet.")
            return 0
        }
        FileHandleOutput.line(LedgerTable.render(entries))
        return 0
    }
}

/// The ledger as a plain-text table with aligned columns.
enum LedgerTable {
    static func render(_ entries: [LedgerEntry]) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let header = ["TIME", "ID", "METHOD", "NETWORK", "CARD", "AMOUNT", "STATUS", "REASON"]
        let rows = entries.map { entry in
            [formatter.string(from: entry.createdAt), entry.id, entry.method, entry.network, masked(entry),
             amount(entry), entry.status, entry.declineReason ?? ""]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { column, cell in
                column == 5 ? String(repeating: " ", count: widths[column] - cell.count) + cell
                    : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }

    /// `40000025…1001`: the kept first digits, then the last four (`•••• 1234` when none were kept).
    static func masked(_ entry: LedgerEntry) -> String {
        entry.firstDigits.isEmpty ? "•••• " + entry.last4 : entry.firstDigits + "…" + entry.last4
    }

    static func amount(_ entry: LedgerEntry) -> String {
        let major = entry.amount / 100, minor = entry.amount % 100
        return "\(major).\(minor < 10 ? "0" : "")\(minor) \(entry.currency)"
    }
}

extension LedgerEntry {
    func toJSON() -> JSONValue {
        .object([("id", .string(id)), ("createdAt", .string(ISO8601DateFormatter().string(from: createdAt))),
                 ("method", .string(method)), ("amount", .integer(amount)), ("currency", .string(currency)),
                 ("network", .string(network)), ("firstDigits", .string(firstDigits)), ("last4Digits", .string(last4)),
                 ("status", .string(status)), ("declineReason", .string(orNull: declineReason))])
    }
}
