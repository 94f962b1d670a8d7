import CheckoutCore
import CheckoutResources
import Foundation

/// The shipped data files, loaded once for every test.
enum TestData {
    static let catalogue: NetworkCatalogue = {
        do { return try ResourceFiles.load("networks.json") { try NetworkCatalogue(json: $0) } } catch { fatalError("\(error)") }
    }()

    static let binTable: BinTable = {
        do { return try ResourceFiles.load("bin-table.csv") { try BinTable(csv: String(decoding: $0, as: UTF8.self)) } } catch { fatalError("\(error)") }
    }()

    static let sessionDefaults: ClientSession = {
        do { return try ResourceFiles.load("session.json") { try ClientSession(json: $0) } } catch { fatalError("\(error)") }
    }()

    /// A UTC Gregorian calendar, so expiry checks do not depend on the machine's time zone.
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The reference "now" of fields.tsv: 2026-11-15.
    static let fixtureNow: Date = calendar.date(from: DateComponents(year: 2026, month: 11, day: 15, hour: 12))!

    /// The rows of a fixture file: tab-separated fields, comments and blank lines dropped.
    static func fixtureRows(_ name: String) -> [[String]] {
        guard let url = Bundle.module.url(forResource: name, withExtension: "tsv", subdirectory: "Fixtures"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("#") && !$0.isEmpty }
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    /// A file of the source tree, such as `examples/session-visa-surcharge.json`.
    static func repositoryFile(_ path: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(path)
    }

    static func resolver(_ allowed: [CardNetwork]?) -> CardNetworkResolver {
        CardNetworkResolver(catalogue: catalogue, session: ClientSession(orderedAllowedCardNetworks: allowed))
    }

    static func validator(_ allowed: [CardNetwork]? = nil) -> CardValidator {
        CardValidator(catalogue: catalogue, session: ClientSession(orderedAllowedCardNetworks: allowed))
    }

    static func networkList(_ text: String) -> Set<CardNetwork> {
        Set(text.split(separator: ",").compactMap { CardNetwork(rawValue: String($0)) })
    }
}
