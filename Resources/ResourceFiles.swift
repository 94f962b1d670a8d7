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

    /// The URL of one shipped data file, such as `networks.json`.
    public static func url(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    /// The bytes of one shipped data file.
    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }
}
