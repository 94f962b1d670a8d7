import CheckoutResources
import CheckoutStore
import FoundationEssentials

/// The demo Nol cards the simulated reader lists, read from `Resources/data/nol-cards.csv`.
///
/// The file's header names the columns: `card_number,expiry,balance_minor_aed,status,label`.
public enum NolDemoCards {
    /// The shipped demo cards.
    public static func bundled() throws -> [NolCardRecord] {
        try ResourceFiles.load("nol-cards.csv") { try parse(String(decoding: $0, as: UTF8.self)) }
    }

    /// Cards from CSV text with the header line above; blank lines are skipped.
    public static func parse(_ csv: String) throws -> [NolCardRecord] {
        var lines = csv.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.trimmingSpaces.isEmpty }
        guard !lines.isEmpty else { return [] }
        let header = lines.removeFirst().split(separator: ",").map { String($0).trimmingWhitespace() }
        func column(_ name: String) throws -> Int {
            guard let index = header.firstIndex(of: name) else { throw NolDemoCardsError(message: "nol-cards.csv has no \(name) column") }
            return index
        }
        let number = try column("card_number"), expiry = try column("expiry"), balance = try column("balance_minor_aed")
        let status = try column("status"), label = try column("label")
        return try lines.enumerated().map { offset, line in
            // The label is the last column and may itself contain commas.
            let fields = line.split(separator: ",", maxSplits: header.count - 1, omittingEmptySubsequences: false)
                .map { String($0).trimmingWhitespace() }
            guard fields.count == header.count, let amount = Int(fields[balance]) else {
                throw NolDemoCardsError(message: "nol-cards.csv line \(offset + 2) is not valid: \(line)")
            }
            return NolCardRecord(cardNumber: fields[number], expiry: fields[expiry], balance: amount,
                                 status: fields[status], label: fields[label])
        }
    }
}

/// A demo-card file that cannot be read.
public struct NolDemoCardsError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
