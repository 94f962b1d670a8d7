import CheckoutCore
import CheckoutResources
import Foundation

/// The data `checkout` ships in `Resources/data`, read once and kept: the network catalogue, the
/// embedded BIN table and the session defaults.
///
/// Each accessor throws a ``BundledDataError`` naming the file when it is missing or broken, so the
/// executable can say so in one line rather than crash.
public enum Bundled {
    private static let loadedCatalogue = Result { () throws(BundledDataError) -> NetworkCatalogue in
        try load("networks.json") { try NetworkCatalogue(json: $0) }
    }
    private static let loadedBinTable = Result { () throws(BundledDataError) -> BinTable in
        try load("bin-table.csv") { try BinTable(csv: String(decoding: $0, as: UTF8.self)) }
    }
    private static let loadedSession = Result { () throws(BundledDataError) -> ClientSession in
        try load("session.json") { try ClientSession(json: $0) }
    }

    /// The network catalogue (`networks.json`).
    public static func catalogue() throws(BundledDataError) -> NetworkCatalogue { try loadedCatalogue.get() }

    /// The embedded BIN table (`bin-table.csv`).
    public static func binTable() throws(BundledDataError) -> BinTable { try loadedBinTable.get() }

    /// The session defaults (`session.json`): allowed networks in order, amount, currency.
    public static func sessionDefaults() throws(BundledDataError) -> ClientSession { try loadedSession.get() }

    private static func load<Value>(_ name: String, _ parse: (Data) throws -> Value) throws(BundledDataError) -> Value {
        let data: Data
        do { data = try ResourceFiles.data(name) } catch {
            throw BundledDataError(file: name, reason: "cannot be read from \(ResourceFiles.directory.path)")
        }
        do { return try parse(data) } catch {
            throw BundledDataError(file: name, reason: "\(error)")
        }
    }
}

/// A shipped data file that is missing or cannot be parsed.
public struct BundledDataError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var reason: String
    public var description: String { "\(file): \(reason)" }
    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }
}
