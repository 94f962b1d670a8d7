import Foundation

/// Locates the data files that ship with `checkout` (`Resources/data/`).
///
/// The files are copied next to the executable by SwiftPM; ``url(_:)`` finds them there, or in the
/// directory named by `CHECKOUT_RESOURCES` when that variable is set.
public enum ResourceFiles {
    /// The folder that holds `networks.json`, `bin-table.csv`, `nol-cards.csv` and `session.json`.
    public static var directory: URL {
        if let override = ProcessInfo.processInfo.environment["CHECKOUT_RESOURCES"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        return Bundle.module.url(forResource: "data", withExtension: nil)
            ?? URL(fileURLWithPath: "Resources/data", isDirectory: true)
    }

    /// The folder of the shipped demo scripts (`Resources/demo/`), beside the data folder.
    public static var demoDirectory: URL {
        if let override = ProcessInfo.processInfo.environment["CHECKOUT_RESOURCES"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true).deletingLastPathComponent().appendingPathComponent("demo")
        }
        return Bundle.module.url(forResource: "demo", withExtension: nil)
            ?? URL(fileURLWithPath: "Resources/demo", isDirectory: true)
    }

    /// The URL of one shipped data file, such as `networks.json`.
    public static func url(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    /// The bytes of one shipped data file.
    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }

    /// One shipped data file, parsed: the one way the program and its tests read `Resources/data`.
    ///
    /// A missing file or one `parse` rejects throws a ``BundledDataError`` naming the file, so a
    /// broken installation is reported in one line rather than crashing.
    ///
    ///     let cards = try ResourceFiles.load("nol-cards.csv") { try NolDemoCards.parse(String(decoding: $0, as: UTF8.self)) }
    public static func load<Value>(_ name: String, _ parse: (Data) throws -> Value) throws(BundledDataError) -> Value {
        let bytes: Data
        do { bytes = try data(name) } catch {
            throw BundledDataError(file: name, reason: "cannot be read from \(directory.path)")
        }
        do { return try parse(bytes) } catch {
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
